// Discount code rules (admin.md sections 3, 4 and 5). Percentage codes hold a percent (15.5
// means 15.5%); fixed codes hold pence. Orders are priced in GBP (docs/architecture.md "Money").
import { discounts as messages } from "./messages/discounts.ts";
import { formatGbp, multiplyRoundingHalfUp } from "./money.ts";
import { withoutInvisibleCharacters } from "./text-rules.ts";

export type DiscountType = "percentage" | "fixed";

export type DiscountDisplayStatus = "Inactive" | "Expired" | "Used Up" | "Active";

export type DiscountAvailability = {
  isActive: boolean;
  expiresAt: Date | null;
  usageLimit: number | null;
  usedCount: number;
};

export type DiscountValue = {
  type: DiscountType;
  value: number; // percent for "percentage", pence for "fixed"
};

export type DiscountRule = DiscountAvailability &
  DiscountValue & {
    minOrderAmountPence: number | null;
  };

export type DiscountCheck = { ok: true } | { ok: false; message: string };

/** The largest fixed amount or minimum order, in pence: what the discount_value column holds (numeric(10,2)). */
export const DISCOUNT_MAX_AMOUNT_PENCE = 99_999_999;

/** The largest usage limit an owner can set (the column is a 32-bit integer). */
export const DISCOUNT_MAX_USAGE_LIMIT = 1_000_000;

/**
 * Codes are stored and matched in upper case without stray spaces: "save10 " is SAVE10 (admin.md
 * section 5). Characters that draw nothing go too: a code copied from an e-mail or a chat can carry
 * a zero-width space, and "SAVE\u200b10" would be a second code that looks like SAVE10.
 */
export function normaliseDiscountCode(code: string): string {
  return withoutInvisibleCharacters(code).trim().toUpperCase();
}

/**
 * What is wrong with a discount's value, or null: more than 0 (a negative discount would charge
 * the shopper more), a percentage at most 100 (150% would pay the shopper), a fixed amount in
 * whole pence up to DISCOUNT_MAX_AMOUNT_PENCE. The admin form refuses such a value and checkout
 * refuses a code that holds one (a row written past the form), so the two can never disagree.
 */
export function discountValueProblem(code: DiscountValue): string | null {
  // A huge percentage (1e308, rounded to two decimals: Infinity) is too high, not "not above 0".
  if (Number.isNaN(code.value) || code.value <= 0) return messages.valueMustBePositive;
  if (code.type === "percentage") return code.value > 100 ? messages.percentageTooHigh : null;
  if (!Number.isSafeInteger(code.value)) return messages.invalidAmount;
  return code.value > DISCOUNT_MAX_AMOUNT_PENCE ? messages.amountTooLarge : null;
}

/** The Type column and the form's choices (admin.md section 2: Percentage or Fixed Amount). */
export function discountTypeLabel(type: DiscountType): string {
  return type === "percentage" ? messages.percentage : messages.fixedAmount;
}

/** The Value column: "15%" or "£5.00" (every admin amount in pounds: docs/deviations.md). */
export function discountValueText(code: DiscountValue): string {
  return code.type === "percentage" ? `${Number(code.value.toFixed(2))}%` : formatGbp(Math.round(code.value));
}

/** admin.md section 2: the value label shows (%) for percentage and the currency for fixed. */
export function discountValueLabel(type: DiscountType): string {
  return `${messages.discountValue} (${type === "percentage" ? "%" : "£"})`;
}

/**
 * admin.md section 4, evaluated in this order: Inactive if not active; else Expired if the
 * expiry date is in the past (strictly before `now`: a code expiring at this very millisecond
 * still works); else Used Up if a usage limit exists and the used count has reached it; else
 * Active. A usage limit of 0 exists and is reached at once (null means unlimited).
 */
export function discountDisplayStatus(code: DiscountAvailability, now: Date): DiscountDisplayStatus {
  if (!code.isActive) return "Inactive";
  if (code.expiresAt !== null && code.expiresAt.getTime() < now.getTime()) return "Expired";
  if (code.usageLimit !== null && code.usedCount >= code.usageLimit) return "Used Up";
  return "Active";
}

/**
 * The amount a code takes off a subtotal, in pence: a percentage of the subtotal rounded to the
 * penny (halves up), or the fixed amount; never more than the subtotal and never negative.
 */
export function discountAmount(code: DiscountValue, subtotalPence: number): number {
  if (!Number.isSafeInteger(subtotalPence) || subtotalPence <= 0) return 0;
  if (!Number.isFinite(code.value) || code.value <= 0) return 0;
  const amount =
    code.type === "percentage"
      ? multiplyRoundingHalfUp(subtotalPence, code.value / 100)
      : Math.round(code.value);
  return Math.min(amount, subtotalPence);
}

/**
 * Whether a code may be used on an order of `subtotalPence` now. The reasons are checked in
 * the order of the display status (admin.md section 4), then the minimum order amount
 * (admin.md section 3 min_order_amount): a subtotal equal to the minimum qualifies.
 */
export function checkDiscountApplicable(code: DiscountRule, subtotalPence: number, now: Date): DiscountCheck {
  switch (discountDisplayStatus(code, now)) {
    case "Inactive":
      return { ok: false, message: messages.inactive };
    case "Expired":
      return { ok: false, message: messages.expired };
    case "Used Up":
      return { ok: false, message: messages.usedUp };
    case "Active":
      break;
  }
  // A value the admin form would refuse is not honoured either (one rule: discountValueProblem).
  if (discountValueProblem(code) !== null) return { ok: false, message: messages.notFound };
  if (code.minOrderAmountPence !== null && subtotalPence < code.minOrderAmountPence) {
    return { ok: false, message: messages.minimumNotReached(formatGbp(code.minOrderAmountPence)) };
  }
  return { ok: true };
}

/** admin.md section 2 "Used/Limit" column: unlimited usage is shown as an infinity sign. */
export function usageText(usedCount: number, usageLimit: number | null): string {
  return `${usedCount}/${usageLimit === null ? messages.unlimited : usageLimit}`;
}

/**
 * How long a payment page can be paid: Stripe's shortest session lifetime (its default is 24
 * hours), and the local provider's. A session paid later would pay a price, a discount or a
 * shipping rate the shop may have changed or withdrawn since, so it expires and the order with it.
 * Stripe is asked for a minute more, as it refuses anything under 30 minutes by its own clock.
 */
export const PAYMENT_SESSION_MINUTES = 30;

/**
 * How long a pending order holds one use of its discount code, so that concurrent checkouts with
 * a code that has one use left cannot all pass (decision 013): as long as its payment page can be
 * paid, Stripe's extra minute included.
 */
export const DISCOUNT_RESERVATION_MINUTES = PAYMENT_SESSION_MINUTES + 1;

/**
 * The code as checkout must judge it: the uses already counted plus those held by other shoppers'
 * pending orders. The admin's display status counts only the uses paid for.
 */
export function withHeldUses<T extends DiscountAvailability>(code: T, heldUses: number): T {
  return { ...code, usedCount: code.usedCount + Math.max(0, heldUses) };
}

/**
 * At payment: a use is counted only while the count is below the limit (the UPDATE that counts
 * it says the same in SQL). A payment whose use cannot be counted is refunded, like a sold-out
 * item's (decision 013).
 */
export function canCountUse(code: Pick<DiscountAvailability, "usageLimit" | "usedCount">): boolean {
  return code.usageLimit === null || code.usedCount < code.usageLimit;
}
