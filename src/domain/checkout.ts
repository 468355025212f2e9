// The checkout request and the order's totals (storefront.md section 5 "Checkout", section 7
// "create-checkout", section 9 "Shipping"; admin.md section 3 discount codes). Pure.
import { z } from "zod";
import { guestLinesSchema } from "./cart.ts";
import { normaliseCountry } from "./country-spellings.ts";
import { checkDiscountApplicable, discountAmount, type DiscountRule } from "./discounts.ts";
import { discounts as discountMessages } from "./messages/discounts.ts";
import { checkout as messages, checkoutRequestErrors as requestErrors } from "./messages/checkout.ts";
import { validation } from "./messages/forms.ts";
import { FIELD_LIMITS } from "./field-limits.ts";
import { customerInfoSchema, shippingAddressSchema } from "./schemas.ts";
import { withoutControlCharacters } from "./text-rules.ts";
import { quoteShipping, type ShippingInput, type ShippingMethod, type ShippingResult } from "./shipping.ts";

/**
 * POST /api/checkout. `items` are the browser's guest lines (or Buy Now's one line); a signed-in
 * shopper checking out their cart sends none: the server reads their cart. Prices and totals are
 * never accepted from the browser (the total and lines its page showed are only compared). Every field carries its own message: checkout.server.ts shows
 * the first issue's as it is, so a check without one would answer in zod's words.
 */
export const checkoutRequestSchema = z.object(
  {
    source: z.enum(["cart", "buy-now"], { error: requestErrors.sourceInvalid }).default("cart"),
    // Sent by a signed-in page: the cart is the account's, so a request that arrives signed out
    // (the shopper signed out in another tab) is told so, not that the cart is empty.
    account: z.boolean().optional(),
    items: guestLinesSchema.default([]),
    customerInfo: customerInfoSchema.nullish(),
    shippingAddress: shippingAddressSchema.nullish(),
    shippingMethod: z.enum(["standard", "express"], { error: requestErrors.shippingMethodInvalid }).default("standard"),
    // A code that is not text is no code the shop has.
    discountCode: z
      .string({ error: discountMessages.notFound })
      .trim()
      .max(FIELD_LIMITS.discountCode, { error: validation.tooLong("Discount code", FIELD_LIMITS.discountCode) })
      .pipe(withoutControlCharacters("Discount code"))
      .nullish(),
    // What the page showed when Pay was pressed (checkout-shown.ts): compared, never charged. Left
    // out (a page opened before these were sent, a script), the order is priced as before.
    expectedTotalPence: z.number({ error: requestErrors.expectedTotalInvalid }).int({ error: requestErrors.expectedTotalInvalid }).min(0, { error: requestErrors.expectedTotalInvalid }).nullish(),
    linesFingerprint: z.string({ error: requestErrors.linesFingerprintInvalid }).regex(/^[0-9a-f]{16}$/, { error: requestErrors.linesFingerprintInvalid }).nullish(),
  },
  { error: requestErrors.requestUnreadable },
).refine((request) => request.source !== "buy-now" || request.items.length === 1, { error: requestErrors.buyNowOneItem, path: ["items"] });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;


/**
 * Checkouts started from one address (decision 051). A shopper starts a few, a household or an
 * office some more; a script starting one after another would fill the Orders screen with unpaid
 * orders and spend the payment provider's request allowance on sessions nobody pays. The owner
 * sets the number with CHECKOUT_LIMIT.
 */
export const DEFAULT_CHECKOUT_LIMIT = 30;
export const CHECKOUT_LIMIT_WINDOW_MINUTES = 10;

/**
 * Payment checks (verify-payment) an address may ask for each checkout it may start, in the same
 * window. The confirmation page asks once when it opens (it does not poll), and a shopper whose
 * payment is still processing may reload it a time or two; an address sharing checkouts between
 * many shoppers (CHECKOUT_LIMIT raised or off) gets its checks raised or unlimited with them.
 */
export const VERIFICATIONS_PER_CHECKOUT = 3;

export type PricedDiscount = { ok: true; amount: number } | { ok: false; message: string };

/** What a code takes off this subtotal now, or why it cannot be used. */
export function priceDiscount(code: DiscountRule | null, subtotal: number, now: Date): PricedDiscount {
  if (code === null) return { ok: false, message: discountMessages.notFound };
  const check = checkDiscountApplicable(code, subtotal, now);
  if (!check.ok) return check;
  return { ok: true, amount: discountAmount(code, subtotal) };
}

/**
 * The most one order may come to: £999,999.99, the most a card payment in pounds can take at
 * Stripe (99,999,999 pence), and well within the database's whole-number columns (an order past
 * £21,474,836.47 could not be written at all).
 */
export const MAX_ORDER_TOTAL_PENCE = 99_999_999;

export type ShippingChoice = { ok: true; method: ShippingMethod; quote: ShippingResult } | { ok: false; message: string };

/**
 * The shipping for a destination and method: a restricted country is refused with the spec's
 * message; express where it is not offered (the free zones) is refused with ours.
 */
export function chooseShipping(typed: string, items: ShippingInput["items"], method: ShippingMethod): ShippingChoice {
  const country = normaliseCountry(typed);
  if (country === null) return { ok: false, message: messages.countryNotInList(typed) };
  const standard = quoteShipping({ country, items }, "standard");
  if (standard === null || standard.restricted) return { ok: false, message: messages.cannotShipTo(country) };
  if (method === "standard") return { ok: true, method, quote: standard };
  const express = quoteShipping({ country, items }, "express");
  if (express === null) return { ok: false, message: messages.expressNotOffered(country) };
  return { ok: true, method, quote: express };
}
