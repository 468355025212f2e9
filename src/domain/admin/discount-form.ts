// The discount code form and the admin API's body (admin.md section 5 "Discount form", section 3
// field names). Both speak the spec's field names and pounds as the form shows them; what comes
// out is what the database holds: percent or pence. The value rule is the checkout's own
// (discountValueProblem), so a code the admin saves is a code checkout honours.
import { z } from "zod";
import {
  DISCOUNT_MAX_AMOUNT_PENCE,
  DISCOUNT_MAX_USAGE_LIMIT,
  discountValueProblem,
  normaliseDiscountCode,
  type DiscountType,
} from "../discounts.ts";
import { FIELD_LIMITS } from "../field-limits.ts";
import { discounts } from "../messages/discounts.ts";
import { validation } from "../messages/forms.ts";
import { londonOffsetMinutes } from "./london-time.ts";
import { requestErrors } from "../messages/requests.ts";
import { poundsToPence } from "../pounds-input.ts";
import type { InputSource } from "../input-source.ts";
import { controlCharactersMessage, hasControlCharacters } from "../text-rules.ts";

export const DISCOUNT_FIELDS = [
  "code",
  "description",
  "discount_type",
  "discount_value",
  "min_order_amount",
  "usage_limit",
  "expires_at",
  "is_active",
] as const;
export type DiscountField = (typeof DISCOUNT_FIELDS)[number];

/** The discount field of that name, or null (a form field or an issue's path that is none). */
export function discountField(name: unknown): DiscountField | null {
  return DISCOUNT_FIELDS.find((field) => field === name) ?? null;
}

export type DiscountCodeInput = {
  code: string;
  description: string | null;
  type: DiscountType;
  /** Percent for percentage codes (2 decimals), pence for fixed codes. */
  value: number;
  minOrderAmountPence: number | null;
  usageLimit: number | null;
  expiresAt: Date | null;
  isActive: boolean;
};

const blank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

// A decimal, signed so that "-5" is refused as negative rather than as unreadable.
const DECIMAL = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;

function decimalOf(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && DECIMAL.test(value.trim())) return Number(value.trim());
  return null;
}

/** Pounds to pence, or a reason: the minimum order and a fixed value are typed in pounds. */
function penceOf(value: unknown, negativeMessage: string): number | string {
  const decimal = decimalOf(typeof value === "string" ? value.trim().replace(/^£\s*/, "") : value);
  if (decimal === null) return discounts.invalidAmount;
  if (decimal < 0) return negativeMessage;
  // Before it becomes pence: 1e308 pounds is no whole number of pence, but it is too large first.
  if (decimal * 100 > DISCOUNT_MAX_AMOUNT_PENCE) return discounts.amountTooLarge;
  const pence = poundsToPence(decimal, { wholePennies: true });
  if (pence === null) return discounts.invalidAmount;
  return pence > DISCOUNT_MAX_AMOUNT_PENCE ? discounts.amountTooLarge : pence;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// A date and time with an explicit zone; a zone-less time would mean the server's zone on the
// server and the owner's in the browser.
const DATE_TIME_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/**
 * The expiry timestamp (admin.md section 5: "expiry date converted to a timestamp, or null"). A
 * date-only value ("2026-12-31", from the form's date field) means the code works through that
 * whole day by the shop's clock: it expires at its last millisecond, London time. An owner who
 * types the 31st expects the code to work on the 31st.
 */
export function expiryOf(value: unknown): Date | null | "invalid" {
  if (blank(value)) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "invalid" : value;
  if (typeof value !== "string") return "invalid";
  const text = value.trim();
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly !== null) {
    const [, y, m, d] = dateOnly.map(Number) as [number, number, number, number];
    const end = new Date(Date.UTC(2000, m - 1, d, 23, 59, 59, 999));
    end.setUTCFullYear(y); // Date.UTC reads years 0-99 as 1900-1999
    // Rolling over (2026-02-30 becomes March 2) means no such date.
    if (end.getUTCMonth() !== m - 1 || end.getUTCDate() !== d || y < 1970) return "invalid";
    return new Date(end.getTime() - londonOffsetMinutes(end) * 60_000);
  }
  if (!DATE_TIME_WITH_ZONE.test(text)) return "invalid";
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? "invalid" : date;
}

/** The form's date field shows an expiry as its London calendar day (the day expiryOf reads back). */
export function expiryDateField(expiresAt: Date | string | null): string {
  if (expiresAt === null) return "";
  const date = typeof expiresAt === "string" ? new Date(expiresAt) : expiresAt;
  if (Number.isNaN(date.getTime())) return "";
  return new Date(date.getTime() + londonOffsetMinutes(date) * 60_000).toISOString().slice(0, 10);
}

// The Active switch as a posted form sends it: the page posts "true" or "false" (docs/api.md); a
// checkbox without a value of its own posts "on". JSON says true or false, nothing else.
const TRUE_WORDS = new Set(["true", "on"]);
const FALSE_WORDS = new Set(["false"]);

const textField = (max: number, field: string) =>
  z
    .string({ error: validation.notText(field) })
    .trim()
    .max(max, { error: validation.tooLong(field, max) })
    .refine((text) => !hasControlCharacters(text), { error: controlCharactersMessage(field) });

const discountCodeFields = z.object({
  code: z.preprocess((value) => (value === null ? undefined : value), textField(FIELD_LIMITS.discountCode, "Code").optional()),
  description: z.preprocess((value) => (value === null ? undefined : value), textField(FIELD_LIMITS.discountDescription, "Description").optional()),
  discount_type: z.unknown().optional(),
  discount_value: z.unknown().optional(),
  min_order_amount: z.unknown().optional(),
  usage_limit: z.unknown().optional(),
  expires_at: z.unknown().optional(),
  is_active: z.unknown().optional(),
}, { error: requestErrors.jsonObjectRequired });

/**
 * admin.md section 5 "Discount form": code and discount value are required ('Please fill in
 * required fields'); code forced to upper case; value a decimal; minimum order a decimal or null
 * if empty; usage limit a whole number or null if empty; expiry a timestamp or null. Amounts are
 * typed in pounds and come out in pence. Beyond the spec: the value rule of discountValueProblem
 * (above 0, a percentage at most 100), a minimum that is not negative, a usage limit of at least
 * 1 (a limit of 0 is a code nobody can use); the type defaults to percentage, as the form does,
 * and a missing Active value means active (the column's default; the page posts its switch).
 */
const discountCodeSchema = (source: InputSource) => discountCodeFields.transform((input, ctx): DiscountCodeInput => {
  // Every field is checked, so the form can mark each problem at once; the first issue (the order
  // below) is the answer's message, as it was when the check stopped at it.
  let refused = false;
  const fail = (path: DiscountField, message: string): null => {
    ctx.issues.push({ code: "custom", message, input: input[path], path: [path] });
    refused = true;
    return null;
  };

  const code = normaliseDiscountCode(input.code ?? "");
  if (code === "") fail("code", discounts.requiredFields);
  const valueBlank = blank(input.discount_value);
  if (valueBlank) fail("discount_value", discounts.requiredFields);

  let type: DiscountType | null = "percentage";
  if (!blank(input.discount_type)) {
    const typed = typeof input.discount_type === "string" ? input.discount_type.trim().toLowerCase() : "";
    type = typed === "percentage" || typed === "fixed" ? typed : fail("discount_type", discounts.invalidType);
  }

  // A JSON body says numbers as JSON numbers, as the API's own answers do; only the form sends text.
  const textInJson = (field: DiscountField): boolean => source === "json" && typeof input[field] === "string";
  // The value is judged by its type: with no type it cannot be.
  const value = valueBlank || type === null ? null : readValue(input.discount_value, type, textInJson("discount_value"));
  if (typeof value === "string") fail("discount_value", value);

  let minOrderAmountPence: number | null = null;
  if (!blank(input.min_order_amount)) {
    const pence = textInJson("min_order_amount") ? discounts.minimumNotNumber : penceOf(input.min_order_amount, discounts.minimumNotNegative);
    if (typeof pence === "string") fail("min_order_amount", pence);
    else minOrderAmountPence = pence;
  }

  let usageLimit: number | null = null;
  if (!blank(input.usage_limit)) {
    const limit = decimalOf(input.usage_limit);
    if (textInJson("usage_limit")) fail("usage_limit", discounts.usageLimitNotNumber);
    else if (limit === null || !Number.isSafeInteger(limit) || limit < 1 || limit > DISCOUNT_MAX_USAGE_LIMIT) fail("usage_limit", discounts.invalidUsageLimit);
    else usageLimit = limit;
  }

  const expiresAt = expiryOf(input.expires_at);
  if (expiresAt === "invalid") fail("expires_at", discounts.invalidExpiryDate);

  let isActive = true;
  if (typeof input.is_active === "boolean") isActive = input.is_active;
  else if (source === "json" && input.is_active != null) fail("is_active", discounts.invalidActive);
  else if (typeof input.is_active === "string" && input.is_active.trim() !== "") {
    const word = input.is_active.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) isActive = true;
    else if (FALSE_WORDS.has(word)) isActive = false;
    else fail("is_active", discounts.invalidActive);
  } else if (input.is_active !== undefined && input.is_active !== null && input.is_active !== "") {
    fail("is_active", discounts.invalidActive);
  }

  if (refused || type === null || typeof value !== "number" || expiresAt === "invalid") return z.NEVER;
  const description = input.description ?? "";
  return { code, description: description === "" ? null : description, type, value, minOrderAmountPence, usageLimit, expiresAt, isActive };
});

/** A discount value as stored (percent, or pence for a fixed code), or why it cannot be. */
function readValue(typed: unknown, type: DiscountType, textInJson: boolean): number | string {
  if (textInJson) return discounts.valueNotNumber;
  let value: number;
  if (type === "percentage") {
    const decimal = decimalOf(typed);
    if (decimal === null) return discounts.invalidAmount;
    // As typed, not only rounded: 100.001 is more than 100%, and 99.999 would round to a 100%
    // (free) code. A value that rounds to 0 is refused below as not positive.
    const hundredths = decimal * 100;
    value = Math.round(hundredths) / 100;
    const typedProblem = value > 0 ? discountValueProblem({ type, value: decimal }) : null;
    if (typedProblem !== null) return typedProblem;
    if (value > 0 && Math.abs(hundredths - Math.round(hundredths)) > 1e-6) return discounts.percentageDecimals;
  } else {
    const pence = penceOf(typed, discounts.valueMustBePositive);
    if (typeof pence === "string") return pence;
    value = pence;
  }
  return discountValueProblem({ type, value }) ?? value;
}

const SCHEMAS = { json: discountCodeSchema("json"), form: discountCodeSchema("form") } as const;

/** Each field's problem (its first), for a form that marks them all at once. */
export type DiscountFieldErrors = Partial<Record<DiscountField, string>>;

export type DiscountParse =
  | { ok: true; input: DiscountCodeInput }
  | { ok: false; message: string; field: DiscountField | null; errors: DiscountFieldErrors };

/**
 * The API's JSON body or the page's posted form (`source`), checked: the input to save, or the
 * first problem and its field (the API's answer), with every field's problem.
 */
export function parseDiscountCode(fields: unknown, source: InputSource): DiscountParse {
  const parsed = SCHEMAS[source].safeParse(fields ?? {});
  if (parsed.success) return { ok: true, input: parsed.data };
  const issue = parsed.error.issues[0];
  const field = discountField(issue?.path[0]);
  const errors: DiscountFieldErrors = {};
  for (const { path, message } of parsed.error.issues) {
    const named = discountField(path[0]);
    if (named !== null) errors[named] ??= message;
  }
  return { ok: false, message: issue?.message ?? discounts.requiredFields, field, errors };
}
