// Postal codes checked against the destination's format (a UK postcode 'zzz' was accepted), with
// the postcode-validator library's per-country patterns. Server-side only (the checkout service
// and the payment page's action), so its tables never reach a shopper's browser. A country the
// library has no pattern for, or that has no postal codes, accepts any non-empty text.
import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import { countryCodeOf, normaliseCountry } from "./countries.ts";
import { checkout } from "./messages/checkout.ts";

/** The refusal for a postal code that cannot be right for this country, or null. */
export function postcodeProblem(postalCode: string, country: string): string | null {
  const code = countryCodeOf(country);
  const typed = postalCode.trim();
  if (code === null || typed === "" || !postcodeValidatorExistsForCountry(code)) return null;
  return postcodeValidator(typed, code) ? null : checkout.postalCodeInvalid(normaliseCountry(country) ?? country);
}
