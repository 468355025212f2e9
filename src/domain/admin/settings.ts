// The rules of the admin Settings screen (issue 14): one parser for the page's form and the JSON
// API, so both refuse the same input with the same words. Amounts of money are not involved:
// the markup is a percentage and the rate a plain decimal.
import type { InputSource } from "../input-source.ts";
import { z } from "zod";
import { hasControlCharacters } from "../text-rules.ts";
import { isPhoneNumber } from "../phone-numbers.ts";
import { withAsciiDigits } from "../digits.ts";
import { emailKey } from "../email-addresses.ts";
import { CURRENCIES, type Currency } from "../money.ts";
import { adminSettings as texts } from "../messages/admin-settings.ts";
import { requestErrors } from "../messages/requests.ts";

export const SETTINGS_LIMITS = {
  markupMax: 1000, // the price_settings check constraint
  rateMax: 100_000,
  shopNameMax: 80,
  emailMax: 254,
  addressLines: 8,
  addressLineMax: 80,
  phoneMax: 40,
  urlMax: 300,
} as const;

export type EditableSettings = {
  markupPercent: number;
  displayCurrency: Currency;
  exchangeRate: number;
  shopName: string;
  /** null: contact-form mail goes to the server's default (SHOP_EMAIL or the admin e-mail). */
  contactEmail: string | null;
  /** null: labels carry the server's default (SHOP_SENDER_ADDRESS). */
  senderAddress: string[] | null;
  /** Shown on /contact; null: no phone is shown. */
  contactPhone: string | null;
  /** The footer's social links (issue 15, item 15); null: that network is not shown. */
  instagramUrl: string | null;
  facebookUrl: string | null;
  xUrl: string | null;
  tiktokUrl: string | null;
  requireAdminTwoFactor: boolean;
};

export type SettingsField = keyof EditableSettings;

/** The settings of the Prices card: saved together, audited as one change. */
export const PRICE_FIELDS: readonly SettingsField[] = ["markupPercent", "displayCurrency", "exchangeRate"];

/**
 * A number typed in a form or sent as JSON: "12.5", 12.5, " 40 " are numbers; "", "1e3", "12,5" are not.
 * `percentSign` also takes one trailing "%" ("40%", "40 %"): the field is labelled "Markup (%)", and
 * an owner types the sign as they type "£150" in a product's Price.
 */
function decimal(maxDecimals: number, { percentSign = false }: { percentSign?: boolean } = {}) {
  return z.union([z.number(), z.string()]).transform((value, ctx) => {
    const trimmed = typeof value === "number" ? String(value) : value.trim();
    const text = percentSign ? trimmed.replace(/\s*%$/, "") : trimmed;
    const pattern = new RegExp(`^\\d+(\\.\\d{1,${maxDecimals}})?$`);
    if (!Number.isFinite(Number(text)) || !pattern.test(text)) {
      ctx.addIssue({ code: "custom", message: "not a decimal" });
      return z.NEVER;
    }
    return Number(text);
  });
}

/** A yes/no: JSON's own booleans, or the text a form's box or switch posts. */
function flag() {
  return z.union([z.boolean(), z.enum(["true", "false", "on", "1", "0", ""])]).transform((value) => value === true || value === "true" || value === "on" || value === "1");
}

/** Fields a JSON body must give as JSON's booleans: a form's "on" or "true" is no boolean there (docs/api.md). */
const JSON_BOOLEANS: readonly SettingsField[] = ["requireAdminTwoFactor"];

/** Lines of an address: a JSON list or the textarea's text, blank lines dropped; empty is null. */
function addressLines() {
  return z
    .union([z.array(z.string()), z.string(), z.null()])
    .transform((value) => (value === null ? [] : (Array.isArray(value) ? value : value.split(/\r?\n/)).map((line) => line.trim()).filter(Boolean)))
    .refine((lines) => lines.length <= SETTINGS_LIMITS.addressLines && lines.every((line) => line.length <= SETTINGS_LIMITS.addressLineMax))
    .transform((lines) => (lines.length === 0 ? null : lines));
}

/** An optional web address: empty is null; otherwise a whole http(s) URL. */
function webAddress() {
  return z
    .union([z.string(), z.null()])
    .transform((value) => (value ?? "").trim())
    .refine((value) => {
      if (value === "") return true;
      if (value.length > SETTINGS_LIMITS.urlMax || /\s/.test(value)) return false;
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
      } catch {
        return false;
      }
    })
    .transform((value) => (value === "" ? null : value));
}

const fieldSchemas = {
  markupPercent: decimal(2, { percentSign: true }).refine((value) => value <= SETTINGS_LIMITS.markupMax),
  displayCurrency: z.string().refine((value): value is Currency => (CURRENCIES as readonly string[]).includes(value)),
  exchangeRate: decimal(4).refine((value) => value > 0 && value <= SETTINGS_LIMITS.rateMax),
  shopName: z
    .string()
    .transform((value) => value.trim().replace(/\s+/g, " "))
    .refine((value) => value.length > 0 && value.length <= SETTINGS_LIMITS.shopNameMax && !hasControlCharacters(value)),
  contactEmail: z
    .union([z.string(), z.null()])
    // Kept with its domain in the ASCII form, as every address the shop stores (a browser that
    // sends "shop@bücher.de" as typed would otherwise have it refused).
    .transform((value) => emailKey(value ?? ""))
    .refine((value) => value === "" || (value.length <= SETTINGS_LIMITS.emailMax && z.email().safeParse(value).success))
    .transform((value) => (value === "" ? null : value)),
  senderAddress: addressLines(),
  contactPhone: z
    .union([z.string(), z.null()])
    .transform((value) => withAsciiDigits((value ?? "").trim().replace(/\s+/g, " ")))
    .refine((value) => value === "" || (value.length <= SETTINGS_LIMITS.phoneMax && isPhoneNumber(value)))
    .transform((value) => (value === "" ? null : value)),
  instagramUrl: webAddress(),
  facebookUrl: webAddress(),
  xUrl: webAddress(),
  tiktokUrl: webAddress(),
  requireAdminTwoFactor: flag(),
} satisfies Record<SettingsField, z.ZodType>;

const FIELD_MESSAGES: Record<SettingsField, string> = {
  markupPercent: texts.markupInvalid,
  displayCurrency: texts.currencyInvalid,
  exchangeRate: texts.rateInvalid,
  shopName: texts.shopNameInvalid,
  contactEmail: texts.contactEmailInvalid,
  senderAddress: texts.senderAddressInvalid,
  contactPhone: texts.contactPhoneInvalid,
  instagramUrl: texts.socialUrlInvalid,
  facebookUrl: texts.socialUrlInvalid,
  xUrl: texts.socialUrlInvalid,
  tiktokUrl: texts.socialUrlInvalid,
  requireAdminTwoFactor: texts.requireInvalid,
};

export const SETTINGS_FIELDS = Object.keys(fieldSchemas) as SettingsField[];

export type SettingsChange =
  | { ok: true; change: Partial<EditableSettings> }
  | { ok: false; errors: Partial<Record<SettingsField, string>>; message: string };

/**
 * Reads the fields present in `input` (a form's values or a JSON object); absent fields are not
 * part of the change. NUL characters never reach PostgreSQL: a string holding one is refused.
 */
export function parseSettingsChange(input: unknown, from: InputSource = "form"): SettingsChange {
  // Only a JSON body can be something else (a form is always fields): no field to mark.
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { ok: false, errors: {}, message: requestErrors.jsonObjectRequired };
  }
  const source = input as Record<string, unknown>;
  const change: Partial<Record<SettingsField, unknown>> = {};
  const errors: Partial<Record<SettingsField, string>> = {};
  for (const field of SETTINGS_FIELDS) {
    if (!(field in source) || source[field] === undefined) continue;
    const raw = source[field];
    const hasNul = typeof raw === "string" ? raw.includes("\u0000") : Array.isArray(raw) && raw.some((item) => typeof item === "string" && item.includes("\u0000"));
    const typed = from === "form" || !JSON_BOOLEANS.includes(field) || typeof raw === "boolean";
    const parsed = hasNul || !typed ? null : fieldSchemas[field].safeParse(raw);
    if (parsed?.success) change[field] = parsed.data;
    else errors[field] = FIELD_MESSAGES[field];
  }
  const firstError = Object.values(errors)[0];
  if (firstError) return { ok: false, errors, message: firstError };
  return { ok: true, change: change as Partial<EditableSettings> };
}

/** The fields whose value differs, each as [before, after], for the audit trail. */
export function changedSettings(before: EditableSettings, change: Partial<EditableSettings>): Partial<Record<SettingsField, [unknown, unknown]>> {
  const diff: Partial<Record<SettingsField, [unknown, unknown]>> = {};
  for (const field of SETTINGS_FIELDS) {
    if (!(field in change)) continue;
    const next = change[field];
    if (JSON.stringify(before[field]) !== JSON.stringify(next)) diff[field] = [before[field], next];
  }
  return diff;
}
