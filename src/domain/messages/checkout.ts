// Texts of checkout and shipping (storefront.md sections 2, 5, 8, 9); the payment page's are in payment-page.ts, the order pages' in orders.ts.
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
  // ours: a guest with an account signs in and comes back here (else sign-in is only in the header).
  haveAccount: "Already have an account?",
  signIn: "Sign in",
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
  // ours: the account's cart was asked for, but the session ended (signed out in another tab).
  signedOut: "You have been signed out, so your cart cannot be read. Please sign in again to check out.",
  failed: "Failed to process checkout. Please try again.",
  processing: "Processing...",
  discountCodeRequired: "Please enter a discount code.", // ours
  fixCartFirst: "Some items in your cart cannot be bought as they are. Please update your cart first.", // ours
  goToCart: "Go to your cart", // ours: beside fixCartFirst
  paymentCancelledTitle: "Payment cancelled", // ours
  paymentCancelled: "Your order was not placed and you have not been charged.", // ours
  cartRestored: "Your cart is just as you left it.", // ours
  discountApplied: (code: string): string => `Discount code ${code} applied.`, // ours
  removeDiscount: "Remove", // ours: an applied code can be taken off without reloading the page
  discountRemoved: (code: string): string => `Discount code ${code} removed.`, // ours
  expressNotOffered: (country: string): string => `Express shipping is not offered to ${country}; standard shipping there is free.`, // ours
  shippingNotice: shipping.notice,
  chargedInGbp: "Payments are charged in pounds sterling (GBP).", // ours
  importCharges: "Outside the UK, the destination's customs may charge import duty and taxes when the parcel arrives; they are not part of this total.", // ours
  chargedInGbpEstimate: (pounds: string, estimate: string): string =>
    `You will be charged ${pounds} in pounds sterling (GBP); ${estimate} is an estimate at today's rate.`, // ours
  postalCodeInvalid: (country: string): string => `Please enter a valid postal code for ${country}.`, // ours
  fieldRequired: "This field is required.", // ours: beside each empty field; the spec's single message stays above
} as const;

/**
 * Refusals only the server gives (ours): POST /api/checkout and /api/checkout/discount refusing a
 * body the checkout page never sends, and the per-address limit. An object of their own, so the
 * checkout page's JavaScript does not carry them.
 */
export const checkoutRequestErrors = {
  // past the number of checkouts one connection may start (CHECKOUT_LIMIT, in 10 minutes)
  tooManyCheckouts: "Too many checkouts from your connection. Please wait 10 minutes and try again.",
  requestUnreadable: "The checkout details could not be read",
  sourceInvalid: 'Checkout source must be "cart" or "buy-now"',
  buyNowOneItem: "Buy Now takes exactly one item", // a buy-now request with no line or several
  shippingMethodInvalid: "Please choose standard or express shipping",
  orderTooLarge: (most: string): string => `This order comes to more than ${most}, the most one card payment can take. Please split it into smaller orders, or contact us.`,
  // The order priced now is not what the page showed when Pay was pressed (checkout-shown.ts):
  // nothing is charged, and the page shows the new figures for a second press.
  cartChanged: (total: string): string => `Your cart changed since this page showed it: the total is now ${total}. Check it and press Pay again.`,
  pricesChanged: (total: string): string => `Prices in your cart changed: the total is now ${total}. Check it and press Pay again.`,
  totalChanged: (total: string): string => `Your order's total changed: it is now ${total}. Check it and press Pay again.`,
  buyNowPriceChanged: (total: string): string => `The price changed: the total is now ${total}. Check it and press Buy Now again.`,
  expectedTotalInvalid: "The total shown must be a whole number of pence",
  linesFingerprintInvalid: "The lines' fingerprint must be 16 hexadecimal digits",
} as const;

/** POST /api/shipping/quote's refusals (docs/api.md; all ours). */
export const shippingQuoteErrors = {
  requestUnreadable: "The shipping quote request could not be read",
  itemsInvalid: "Items must be a list of products, each with a productId and a quantity",
  itemsRequired: "Add at least one item",
  productIdRequired: "Each item needs a productId",
  unknownProduct: (productId: string): string => `Unknown product: ${productId}`,
} as const;
