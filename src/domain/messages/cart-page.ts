// Texts only the cart page (/cart) shows, downloaded with it alone: cart.ts holds those the header's
// cart and the product page's Add to Cart need on every page, estimate-note.ts the note under
// prices in another currency. All ours.
// Spec texts are typed once, in src/domain/messages/ (one module per feature: see messages/README.md).

export const cartPage = {
  // ours: the spec's bare 'Free' misled a shopper abroad who then paid for postage at checkout.
  freeShippingZones: "Free standard shipping to the UK, the EU and the USA. Other destinations are calculated at checkout.",
  loadFailed: "Could not load your cart. Please try again.",
  nothingAvailable: "None of these items can be bought right now. Remove them to continue.",
} as const;
