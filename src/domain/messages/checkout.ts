// Texts of checkout, shipping, payment, confirmation and finding orders again (storefront.md sections 2, 5, 8, 9).
// Spec texts are typed once, in src/domain/messages/ (one module per feature: see messages/README.md).
import { cart } from "./cart.ts";

/** Shipping texts (storefront.md section 9 "Shipping"). */
export const shipping = {
  free: cart.free,
  // ours: the spec asks for "a note [that] says final shipping is calculated by the payment
  // provider".
  notice:
    "Shipping shown here is an estimate. The final shipping cost is calculated by our payment provider when you pay.",
  notAvailable: "Not available", // ours: cost text of a restricted destination
  supplierPolicyRestriction: "Supplier policy restriction",
  logisticsLimitations: "Logistics limitations",
  freeStandardTo: (destination: string): string => `Free standard shipping to ${destination}`, // ours
  fixedRate: (country: string): string => `Fixed-rate shipping to ${country}`, // ours
  byWeight: (weightText: string): string => `Based on an estimated parcel weight of ${weightText}`, // ours
  businessDays: (from: number, to: number): string => `${from}-${to} business days`,
} as const;

/** storefront.md section 5 "Checkout" and section 8 "Checkout page". */
export const checkout = {
  customerInfoRequired: "Please fill in all required customer information",
  shippingInfoRequired: "Please fill in all required shipping information",
  cartEmpty: cart.empty,
  streetRequired: "Street address is required",
  cityRequired: "City is required",
  postalCodeRequired: "Postal/ZIP code is required",
  countryRequired: "Country is required",
  shippingNotAvailable: (country: string, reason: string): string =>
    `Shipping not available to ${country}: ${reason}`,
  cannotShipTo: (country: string): string =>
    `Cannot ship to ${country}. Please select a different shipping address.`,
  // ours: a destination that is not in the shop's country list ("Korea, North", "AFG").
  countryNotInList: (country: string): string => `We do not ship to "${country}". Please choose a country from the list.`,
  failed: "Failed to process checkout. Please try again.",
  processing: "Processing...",
  discountCodeRequired: "Please enter a discount code.", // ours
  fixCartFirst: "Some items in your cart cannot be bought as they are. Please update your cart first.", // ours
  paymentCancelledTitle: "Payment cancelled", // ours
  paymentCancelled: "Your order was not placed and you have not been charged.", // ours
  cartRestored: "Your cart is just as you left it.", // ours
  discountApplied: (code: string): string => `Discount code ${code} applied.`, // ours
  expressNotOffered: (country: string): string => `Express shipping is not offered to ${country}; standard shipping there is free.`, // ours
  shippingNotice: shipping.notice,
  chargedInGbp: "Payments are charged in pounds sterling (GBP).", // ours
  chargedInGbpEstimate: (pounds: string, estimate: string): string =>
    `You will be charged ${pounds} in pounds sterling (GBP); ${estimate} is an estimate at today's rate.`, // ours
  postalCodeInvalid: (country: string): string => `Please enter a valid postal code for ${country}.`, // ours
  fieldRequired: "This field is required.", // ours: beside each empty field; the spec's single message stays above
} as const;

/** storefront.md section 2 "Order confirmation" and section 8 "Confirmation". */
export const confirmation = {
  processingOrder: "Processing your order...",
  verificationFailed: "Payment verification failed. Please contact support.",
  unableToVerify: "Unable to verify payment. Please contact support if you were charged.",
  issueConfirming: "There was an issue confirming your order. Please contact support.",
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
  orderNumber: (number: string): string => `Order ${number}`, // ours
  redirecting: "Taking you back to the shop...", // ours
} as const;

/** The built-in test payment page /pay/{sessionId} (README "Payments"). All ours. */
export const paymentPage = {
  testBadge: "Test payment",
  sessionNotFound: "Payment session not found",
  sessionNotFoundBody: "This payment link is not valid. If you were checking out, please start again from your cart.",
  sessionExpired: "This payment session has expired",
  sessionExpiredBody: "You have not been charged. Your items can be bought again from your cart.",
  backToCart: "Back to cart",
  pay: (amount: string): string => `Pay ${amount}`,
  processing: "Processing...",
  cancel: "Cancel and return to the shop",
  problemTitle: "Your payment could not be made",
  testCardsHint: "This is a test payment page: no real card is charged. Use 4242 4242 4242 4242 for a payment that succeeds, or 4000 0000 0000 0002 for one that is declined, with any future expiry date and any 3-digit CVC.",
  countryNotOffered: "Please choose a country from the list",
  recipientNameRequired: "Please enter the recipient's full name", // ours (issue 15, item 11)
  deliveringTo: "Delivering to", // ours
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
} as const;
