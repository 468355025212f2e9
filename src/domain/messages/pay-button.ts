// The Pay button's words, on the checkout page and the payment page alike: apart from the payment
// page's other texts, which the checkout page does not download.

export const payButton = {
  pay: (amount: string): string => `Pay ${amount}`,
  // A no-cost order (a 100% discount with free shipping): confirmed without a card, as on Stripe.
  placeFreeOrder: "Complete order",
} as const;
