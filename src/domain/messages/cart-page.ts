// Texts the cart page (/cart) shows (its estimate note also on the product and listing pages). Apart from cart.ts, whose texts the header's cart and
// the product page's Add to Cart need on every page: these are downloaded with the cart page alone.
// Spec texts are typed once, in src/domain/messages/ (one module per feature: see messages/README.md).

export const cartPage = {
  // ours (review 2, item 11): the checkout says what is charged in GBP; the cart said nothing.
  estimateInDisplayCurrency: (currency: string, pounds: string): string =>
    `Amounts in ${currency} are estimates at today's rate. You pay in pounds sterling (GBP): ${pounds} for these items.`,
  // ours (review 3, item 4): the same words on the product and category pages, without an amount.
  estimateNote: (currency: string): string => `Amounts in ${currency} are estimates at today's rate. You pay in pounds sterling (GBP).`,
} as const;
