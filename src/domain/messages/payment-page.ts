// Texts of the payment page (storefront.md sections 5 and 8); apart from the checkout's so each page
// downloads only its own.
// Spec texts are typed once, in src/domain/messages/ (one module per feature: see messages/README.md).

import { payButton } from "./pay-button.ts";

/** The built-in test payment page /pay/{sessionId} (README "Payments"). All ours. */
export const paymentPage = {
  testBadge: "Test payment",
  sessionNotFound: "Payment session not found",
  sessionNotFoundBody: "This payment link is not valid. If you were checking out, please start again from your cart.",
  sessionExpired: "This payment session has expired",
  sessionExpiredBody: "You have not been charged. Your items can be bought again from your cart.",
  // ours: a newer checkout of the same cart closed this page, so a cart is never paid twice.
  sessionReplaced: "This payment page was replaced",
  sessionReplacedBody: "You started a newer checkout for the same cart, and only the newest can be paid. You have not been charged here: please pay on the newer page, or start again from your cart.",
  cartAlreadyPaid: "These items are already paid for",
  cartAlreadyPaidBody: (orderNumber: string): string => `You paid for this cart in order ${orderNumber}, from a newer checkout, so this page is closed. You have not been charged again.`,
  backToCart: "Back to cart",
  ...payButton,
  processing: "Processing...",
  cancel: "Cancel and return to the shop",
  problemTitle: "Your payment could not be made",
  // ours: delivery fields left out are not a failed payment.
  detailsProblemTitle: "Please check the delivery details below",
  testCardsHint: "This is a test payment page: no real card is charged. Use 4242 4242 4242 4242 for a payment that succeeds, or 4000 0000 0000 0002 for one that is declined, with any future expiry date and any 3-digit CVC.",
  countryNotOffered: "Please choose a country from the list",
  recipientNameRequired: "Please enter the recipient's full name", // ours (issue 15, item 11)
  deliveringTo: "Delivering to", // ours
  // A no-cost order (a 100% discount with free shipping): confirmed without a card, as on Stripe.
  freeTitle: "Complete your order",
  freeHeading: "Nothing to pay",
  freeHint: "Your discount covers the whole order, so no card is needed.",
  /** The form's fields by their names, as labelled; the form's checks name a field by these words too. */
  fields: {
    cardNumber: "Card number",
    expiry: "Expiry (MM/YY)",
    cvc: "CVC",
    cardName: "Name on card",
    email: "Email",
    name: "Recipient's full name",
    phone: "Phone",
    line1: "Street address",
    line2: "Apartment, suite, etc.",
    city: "City",
    state: "State / County",
    postalCode: "Postal code",
    country: "Country",
  },
} as const;
