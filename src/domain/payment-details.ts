// What the test payment page (/pay/{id}) asks a guest Buy Now buyer for when the shop does not
// know it yet: the e-mail, the recipient's name and phone, and where to ship (like Stripe Checkout's e-mail and address
// collection). Pure; the page's action checks it, the messages are shown beside the fields.
import { z } from "zod";
import { COUNTRY_CODES } from "./countries.ts";
import { checkout } from "./messages/checkout.ts";
import { paymentPage } from "./messages/payment-page.ts";
import { validation } from "./messages/forms.ts";
import { FIELD_LIMITS } from "./field-limits.ts";
import { optionalPhone, optionalText, requiredEmail, requiredText } from "./schemas.ts";

export type PaymentDetailsField = "email" | "name" | "phone" | "line1" | "line2" | "city" | "state" | "postalCode" | "country";

const NAME_BY_CODE: ReadonlyMap<string, string> = new Map(Object.entries(COUNTRY_CODES).map(([name, code]) => [code, name]));

/** The country's name for its ISO code ("GB" -> "United Kingdom"), or the code when unknown. */
export function countryNameOf(code: string): string {
  return NAME_BY_CODE.get(code.toUpperCase()) ?? code;
}

/** The countries a session ships to, as select options sorted by name. */
export function countryOptions(codes: readonly string[]): { code: string; name: string }[] {
  return codes.map((code) => ({ code, name: countryNameOf(code) })).sort((a, b) => a.name.localeCompare(b.name, "en"));
}

/** The e-mail and address, for a session that ships to `allowedCountries` (ISO codes). */
export function paymentDetailsSchema(allowedCountries: readonly string[]) {
  return z.object({
    email: requiredEmail(validation.emailRequired),
    // The recipient (issue 15, item 11): the name on the parcel, and a phone for the carrier (optional, as at checkout).
    name: requiredText(paymentPage.recipientNameRequired, FIELD_LIMITS.name * 2 + 1, "Full name"),
    phone: optionalPhone(),
    line1: requiredText(checkout.streetRequired, FIELD_LIMITS.address, "Street address"),
    line2: optionalText(FIELD_LIMITS.address, "Address line 2"),
    city: requiredText(checkout.cityRequired, FIELD_LIMITS.city, "City"),
    // As at checkout: optional, and what a United States address needs on its label.
    state: optionalText(FIELD_LIMITS.state, "State"),
    postalCode: requiredText(checkout.postalCodeRequired, FIELD_LIMITS.postalCode, "Postal/ZIP code"),
    country: z
      .string({ error: checkout.countryRequired })
      .trim()
      .min(1, { error: checkout.countryRequired })
      .refine((code) => allowedCountries.includes(code.toUpperCase()), { error: paymentPage.countryNotOffered })
      .transform((code) => code.toUpperCase()),
  });
}
export type PaymentDetails = z.infer<ReturnType<typeof paymentDetailsSchema>>;
