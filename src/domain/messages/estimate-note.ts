// The note under prices shown in another currency than pounds: on the product, listing and cart
// pages. All ours. Apart from cart-page.ts, so the product and listing pages download these alone.
// Spec texts are typed once, in src/domain/messages/ (one module per feature: see messages/README.md).

export const estimateNotes = {
  // ours: the checkout says what is charged in GBP; the cart said nothing.
  estimateInDisplayCurrency: (currency: string, pounds: string): string =>
    `Amounts in ${currency} are estimates at today's rate. You pay in pounds sterling (GBP): ${pounds} for these items.`,
  // ours: the same words on the product and category pages, without an amount.
  estimateNote: (currency: string): string => `Amounts in ${currency} are estimates at today's rate. You pay in pounds sterling (GBP).`,
} as const;
