// zod schemas shared by the forms and the server (docs/architecture.md "Bad input gets a clear
// message"). Messages come from the specs where they give one (storefront.md section 5); strings
// are trimmed before they are checked.
import { z } from "zod";
import { DEFAULT_COUNTRY } from "./default-country.ts";
import { normaliseCountry } from "./country-spellings.ts";
import { checkout } from "./messages/checkout.ts";
import { contact } from "./messages/contact.ts";
import { validation } from "./messages/forms.ts";
import { CATEGORY_PAGE_SIZE } from "./pagination.ts";
import { shippingRestriction } from "./shipping.ts";
import { FIELD_LIMITS } from "./field-limits.ts";
import { controlCharactersMessage, hasControlCharacters, hasVisibleCharacters } from "./text-rules.ts";
import { isPhoneNumber } from "./phone-numbers.ts";
import { withAsciiDomain } from "./email-addresses.ts";
import { withAsciiDigits } from "./digits.ts";

export const PRODUCT_LIST_MAX_PAGE_SIZE = 48;

/** Required text: trimmed, with something visible in it, at most `max` characters, no control characters. */
export function requiredText(message: string, max: number, field: string, options: { multiLine?: boolean } = {}) {
  return z
    .string({ error: message })
    .trim()
    // Empty, or only zero-width spaces or fillers: a field left empty that looks filled in.
    .refine(hasVisibleCharacters, { error: message })
    .max(max, { error: validation.tooLong(field, max) })
    .refine((text) => !hasControlCharacters(text, options), { error: controlCharactersMessage(field) });
}

/** Optional text: null, undefined and blank all come out as undefined. */
export function optionalText(max: number, field: string) {
  return z
    .string({ error: validation.notText(field) })
    .trim()
    .max(max, { error: validation.tooLong(field, max) })
    .refine((text) => !hasControlCharacters(text), { error: controlCharactersMessage(field) })
    .nullish()
    .transform((value) => (value == null || value === "" ? undefined : value));
}

/** An optional phone number (phone-numbers.ts), kept in ASCII digits whatever keyboard typed it (digits.ts): blank is no number. */
export function optionalPhone() {
  return optionalText(FIELD_LIMITS.phone, "Phone")
    .transform((phone) => (phone === undefined ? undefined : withAsciiDigits(phone)))
    .refine((phone) => phone === undefined || isPhoneNumber(phone), { error: validation.invalidPhone });
}

/**
 * A required e-mail address: `requiredMessage` when empty, the invalid-address message when not
 * one; a domain in another script comes out in its ASCII form (email-addresses.ts).
 */
export function requiredEmail(requiredMessage: string) {
  return requiredText(requiredMessage, FIELD_LIMITS.email, "Email").transform(withAsciiDomain).pipe(
    // The ASCII form is the one stored and mailed to, so it is the one the length limit is for.
    z.email({ error: validation.invalidEmail }).max(FIELD_LIMITS.email, { error: validation.tooLong("Email", FIELD_LIMITS.email) }),
  );
}

/**
 * storefront.md section 5 "Contact": first name, last name, email, subject and message are
 * required ('Please fill in all required fields.'); phone is optional.
 */
export const contactMessageSchema = z.object(
  {
    firstName: requiredText(contact.missingInfo, FIELD_LIMITS.name, "First name"),
    lastName: requiredText(contact.missingInfo, FIELD_LIMITS.name, "Last name"),
    email: requiredEmail(contact.missingInfo),
    phone: optionalPhone(),
    subject: requiredText(contact.missingInfo, FIELD_LIMITS.subject, "Subject"),
    message: requiredText(contact.missingInfo, FIELD_LIMITS.message, "Message", { multiLine: true }),
  },
  { error: contact.missingInfo },
);
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/**
 * storefront.md section 5 "Checkout": first name, last name and email are required ('Please
 * fill in all required customer information'); phone is optional.
 */
export const customerInfoSchema = z.object(
  {
    firstName: requiredText(checkout.customerInfoRequired, FIELD_LIMITS.name, "First name"),
    lastName: requiredText(checkout.customerInfoRequired, FIELD_LIMITS.name, "Last name"),
    email: requiredEmail(checkout.customerInfoRequired),
    phone: optionalPhone(),
  },
  { error: checkout.customerInfoRequired },
);
export type CustomerInfo = z.infer<typeof customerInfoSchema>;

/**
 * storefront.md section 3 "Shipping address" and section 5 "Checkout": address, city and (where
 * the destination has them) postal code are required, each with its own message; state is optional; country defaults to the
 * United Kingdom, is stored under its canonical name ("UK" -> "United Kingdom") and must not
 * be a restricted destination: section 5's block, 'Cannot ship to {country}. Please select a
 * different shipping address.' (the quote's note keeps 'Shipping not available to {country}: {reason}').
 * Issues come in field order, so the first one is the one to show ("Only the first message is
 * shown"; see firstIssueMessage).
 */
export const shippingAddressSchema = z.object({
  address: requiredText(checkout.streetRequired, FIELD_LIMITS.address, "Street address"),
  city: requiredText(checkout.cityRequired, FIELD_LIMITS.city, "City"),
  state: optionalText(FIELD_LIMITS.state, "State"),
  // Required by the destination, not here: a country without postal codes (Ghana, the UAE) has
  // none to give (postcodeProblem, which the checkout asks once the country is known).
  postalCode: optionalText(FIELD_LIMITS.postalCode, "Postal/ZIP code"),
  country: requiredText(checkout.countryRequired, FIELD_LIMITS.country, "Country")
    .default(DEFAULT_COUNTRY)
    .transform((country) => normaliseCountry(country) ?? country)
    .superRefine((country, ctx) => {
      // Only the shop's own list: an unknown name would otherwise ship as "any other
      // destination" and slip past the restrictions under another spelling.
      if (normaliseCountry(country) === null) {
        ctx.addIssue({ code: "custom", message: checkout.countryNotInList(country) });
        return;
      }
      const restriction = shippingRestriction(country);
      if (restriction !== null) {
        ctx.addIssue({
          code: "custom",
          message: checkout.cannotShipTo(restriction.country),
        });
      }
    }),
}, { error: checkout.shippingInfoRequired });
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

// ---------------------------------------------------------------------------------------------
// Accounts (storefront.md section 2 "Auth", section 5 "Sign-up and sign-in")
// ---------------------------------------------------------------------------------------------

// Passwords are never trimmed: spaces are legitimate characters in a password.
const password = z.string({ error: validation.passwordRequired }).min(1, { error: validation.passwordRequired });

/** Says whether a password is on a list of the most common (breached) passwords. */
export type CommonPasswordCheck = (password: string) => boolean;

/**
 * The rule for every password a shopper chooses (sign-up and password reset), after NIST SP
 * 800-63B section 3.1.1.2 and OWASP ASVS 5 V6.2: at least 8 characters, at most 128 (any
 * character, spaces included, no composition rules), not only whitespace, and not one of the
 * most common passwords. The list of common passwords is the server's: it is too large for the
 * browser, so it is handed in rather than imported here.
 */
export function newPasswordSchema(isCommonPassword: CommonPasswordCheck) {
  return password
    .min(FIELD_LIMITS.passwordMin, { error: validation.passwordTooShort(FIELD_LIMITS.passwordMin) })
    .max(FIELD_LIMITS.passwordMax, { error: validation.tooLong("Password", FIELD_LIMITS.passwordMax) })
    .refine((value) => value.trim() !== "", { error: validation.passwordOnlySpaces, abort: true })
    .refine((value) => !isCommonPassword(value), { error: validation.passwordTooCommon });
}

/**
 * An address under the .invalid top-level domain, which no mail ever reaches (RFC 6761): the shop
 * keeps such addresses for its own use (the Security page's probe account, the Buy Now placeholder),
 * so nobody may take one as an account.
 */
export function isReservedAddress(email: string): boolean {
  return /\.invalid$/i.test(email.trim());
}

/** Sign-up requires first name, last name, email and a password that passes newPasswordSchema. */
export function signUpSchema(isCommonPassword: CommonPasswordCheck) {
  return z.object({
    firstName: requiredText(validation.firstNameRequired, FIELD_LIMITS.name, "First name"),
    lastName: requiredText(validation.lastNameRequired, FIELD_LIMITS.name, "Last name"),
    email: requiredEmail(validation.emailRequired).refine((email) => !isReservedAddress(email), { error: validation.invalidEmail }),
    phone: optionalPhone(),
    password: newPasswordSchema(isCommonPassword),
  });
}

/** Asking for a password reset link needs only the account's e-mail address. */
export const passwordResetRequestSchema = z.object({
  email: requiredEmail(validation.emailRequired),
});

/**
 * The password reset page: the link's token and the new password (the sign-up rule), typed twice
 * because nobody sees what they type into a password field.
 */
export function resetPasswordSchema(isCommonPassword: CommonPasswordCheck) {
  return z
    .object({
      token: z.string({ error: validation.resetLinkInvalid }).min(1, { error: validation.resetLinkInvalid }).max(200, { error: validation.resetLinkInvalid }),
      password: newPasswordSchema(isCommonPassword),
      confirmPassword: z.string().optional(),
    })
    .refine((value) => value.confirmPassword === undefined || value.confirmPassword === value.password, {
      error: validation.passwordsDiffer,
      path: ["confirmPassword"],
    });
}

export type PasswordChangeField = "currentPassword" | "password" | "confirmPassword";

/**
 * A signed-in change of password: the current one (no length rule, as at sign-in), then a new one
 * by sign-up's rule, typed twice, and not the one it replaces.
 */
export function changePasswordSchema(isCommonPassword: CommonPasswordCheck) {
  return z
    .object({
      currentPassword: z
        .string({ error: validation.currentPasswordRequired })
        .min(1, { error: validation.currentPasswordRequired })
        .max(FIELD_LIMITS.passwordMax, { error: validation.tooLong("Current password", FIELD_LIMITS.passwordMax) }),
      password: newPasswordSchema(isCommonPassword),
      confirmPassword: z.string({ error: validation.passwordsDiffer }).min(1, { error: validation.confirmPasswordRequired }),
    })
    .refine((value) => value.confirmPassword === value.password, { error: validation.passwordsDiffer, path: ["confirmPassword"] })
    .refine((value) => value.password !== value.currentPassword, { error: validation.passwordUnchanged, path: ["password"] });
}

/** Sign-in requires email and password (no length rule: old passwords must still sign in). */
export const signInSchema = z.object({
  email: requiredEmail(validation.emailRequired),
  password: password.max(FIELD_LIMITS.passwordMax, {
    error: validation.tooLong("Password", FIELD_LIMITS.passwordMax),
  }),
});

// ---------------------------------------------------------------------------------------------
// Listing query (storefront.md section 2 "Category page"; section 9 page size 12)
// ---------------------------------------------------------------------------------------------

// URLSearchParams.get gives null for a missing parameter and "" for "?page=": both mean "not given".
const absentToUndefined = (value: unknown): unknown =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** A count as an address writes it, in decimal digits: "0x10", "1e1" and "2.0" are refused, not read as 16, 10 and 2. */
const wholeNumberParam = (value: unknown): unknown => {
  const given = absentToUndefined(value);
  return typeof given === "string" && /^\s*\d+\s*$/.test(given) ? Number(given) : given;
};

export const productListQuerySchema = z.object({
  category: optionalText(FIELD_LIMITS.name, "Category"),
  page: z.preprocess(
    wholeNumberParam,
    z
      .number({ error: validation.invalidPage })
      .int({ error: validation.invalidPage })
      .min(1, { error: validation.invalidPage })
      .default(1),
  ),
  pageSize: z.preprocess(
    wholeNumberParam,
    z
      .number({ error: validation.invalidPageSize(PRODUCT_LIST_MAX_PAGE_SIZE) })
      .int({ error: validation.invalidPageSize(PRODUCT_LIST_MAX_PAGE_SIZE) })
      .min(1, { error: validation.invalidPageSize(PRODUCT_LIST_MAX_PAGE_SIZE) })
      .max(PRODUCT_LIST_MAX_PAGE_SIZE, { error: validation.invalidPageSize(PRODUCT_LIST_MAX_PAGE_SIZE) })
      .default(CATEGORY_PAGE_SIZE),
  ),
});

/**
 * Parses what a request sent. An issue the schema gives no message of its own gets `fallback`, a
 * sentence of ours for the endpoint: zod's own wording ("Invalid input: expected object, received
 * null", "Too big: expected int to be <=9007199254740991") names its internals, which a shopper
 * cannot act on. The schemas still give each field its own message; this only catches a check
 * that was left without one. zod ranks a schema's own message above this per-parse one.
 */
export function parseRequest<S extends z.ZodType>(schema: S, input: unknown, fallback: string): z.ZodSafeParseResult<z.output<S>> {
  return schema.safeParse(input, { error: () => fallback });
}

/**
 * Every field a failed parse refused, with that field's first message: a form marks them all at
 * once rather than one a submit. `fieldOf` names the form field of an issue's path (by default its
 * first key); an issue it names none for is left out.
 */
export function messagesByField(error: z.ZodError, fieldOf: (path: readonly PropertyKey[]) => string | null = ([first]) => (typeof first === "string" ? first : null)): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const { path, message } of error.issues) {
    const field = fieldOf(path);
    if (field) fields[field] ??= message;
  }
  return fields;
}

/**
 * The message to show for a failed parse: the first issue's (storefront.md section 5 "Only the
 * first message is shown").
 */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? "";
}
