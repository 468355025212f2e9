// Texts of the order confirmation, finding an order again and the account's orders (storefront.md
// sections 2 and 8); apart from the checkout's so each page downloads only its own.
// Spec texts are typed once, in src/domain/messages/ (one module per feature: see messages/README.md).
import { requestErrors } from "./requests.ts";

/** storefront.md section 2 "Order confirmation" and section 8 "Confirmation". */
export const confirmation = {
  processingOrder: "Processing your order...",
  verificationFailed: "Payment verification failed. Please contact support.",
  unableToVerify: "Unable to verify payment. Please contact support if you were charged.",
  issueConfirming: "There was an issue confirming your order. Please contact support.",
  // ours: past the payment checks one connection may ask for (3 per checkout it may start, in 10 minutes)
  tooManyChecks: "Too many payment checks came from your connection. Please wait 10 minutes and open this page again; if you paid, an e-mail about your order is on its way.",
  paymentProcessing: "Payment is being processed...",
  paymentConfirmed: "Payment confirmed! Your order is being processed.",
  /** `amount` is pounds without the symbol, e.g. "123.45" (penceToPounds). */
  orderConfirmed: (orderRef: string, itemCount: number, amount: string): string =>
    `Order ${orderRef} confirmed! ${itemCount} item(s) totaling £${amount}`,
  orderEmail: "A confirmation email with your order details is on its way.", // ours
  // ours: the last unit went to another shopper while this one paid (apply-payment "oversold").
  soldOutRefunded: "Sorry, an item in your order sold out while you were paying. Your order was not placed and your payment is being refunded in full.",
  // ours: the order's discount code reached its usage limit before the payment arrived (decision 013).
  discountUsedUpRefunded: "Sorry, the discount code on your order reached its usage limit while you were paying. Your order was not placed and your payment is being refunded in full.",
  // ours: the payment arrived after the order had been cancelled (decision 013).
  cancelledOrderRefunded: "This order had already been cancelled when your payment arrived. It was not placed and your payment is being refunded in full.",
  // ours: the payment provider took another amount than the order's total (never the shop's own doing).
  amountMismatchRefunded: "The amount taken did not match your order's total, so your order was not placed and your payment is being refunded in full. Please place the order again.",
  orderNumber: (number: string): string => `Order ${number}`, // ours
  redirecting: "Taking you back to the shop...", // ours
  // ours: an order with nothing to pay took no payment.
  orderConfirmedNothingPaid: "Order confirmed! Your order is being processed.",
  // ours: where to find the order again once the page has moved on.
  findItInMyOrders: "You can find this order in My orders",
  trackItLater: "Track this order later",
  /** Stops the 3-second redirect for a shopper who needs longer (WCAG 2.2.1 "Timing Adjustable"). */
  stayOnPage: "Stay on this page",
  staying: "You are staying on this page.", // ours: in the redirect's place, so nothing below moves
} as const;

/** One order as a shopper sees it (components/orders/order-card.tsx). All ours. */
export const orderCard = {
  deliveringTo: "Delivering to",
  refunded: "Refunded",
  paidAfterRefunds: "Paid after refunds",
  sentWith: "Sent with",
  trackingNumber: "Tracking number",
  /** Read after a tracking number that links to the carrier (src/domain/carrier-tracking.ts), here and on the admin order page. */
  opensCarrierSite: "(the carrier's tracking page, opens in a new tab)",
} as const;

/** Looking up an order by its number and e-mail (/orders/lookup). All ours. */
export const orderLookup = {
  title: "Track your order",
  intro: "Enter your order number (from your confirmation email) and the email address you used at checkout.",
  numberRequired: "Please enter your order number",
  notFound: "We could not find an order with that number and e-mail address.",
  submit: "Find my order",
  searching: "Searching...",
} as const;

/** A signed-in shopper's orders (/account/orders). All ours. */
export const accountOrders = {
  title: "My orders",
  empty: "You have not placed any orders yet",
  emptyBody: "When you buy something, your order and its progress will appear here.",
  trackLink: "Track your order",
  sessionsTitle: "Signed in elsewhere?",
  sessionsBody: "Sign out on every device where you are signed in, this one included.",
  signOutEverywhere: "Sign out everywhere",
  unknownAction: requestErrors.unknownForm,
  // Ours: guest orders join the account once its address is confirmed (orders.server.ts).
  guestOrdersOnceConfirmed: (email: string): string =>
    `Orders placed with ${email} without signing in will show here too once you confirm that address with the link we e-mailed you.`,
} as const;
