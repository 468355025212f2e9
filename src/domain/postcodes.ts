// Postal codes checked against the destination's format (a UK postcode 'zzz' was accepted), with
// the postcode-validator library's per-country patterns. Server-side only (the checkout service,
// the payment page's action and the checkout page's loader, which sends the list of countries
// without postal codes as data), so its tables never reach a shopper's browser. A country the
// library has no pattern for is one without postal codes in use (Ghana, the UAE, Hong Kong,
// Qatar...): the code is optional there, and any text given is kept, in capitals.
import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import { COUNTRIES } from "./countries.ts";
import { countryCodeOf, normaliseCountry } from "./country-spellings.ts";
import { checkout } from "./messages/checkout.ts";
import { withAsciiDigits } from "./digits.ts";

/** True for a destination without postal codes to give: the checkout does not ask for one. */
export function postcodeOptional(country: string): boolean {
  const code = countryCodeOf(country);
  return code !== null && !postcodeValidatorExistsForCountry(code);
}

/** The shop's destinations where the postal code is optional, for the checkout form. */
export const COUNTRIES_WITHOUT_POSTCODES: readonly string[] = COUNTRIES.filter(postcodeOptional);

/**
 * Where a country's postal codes put their one space, counted from the start (or, negative, from
 * the end): the form its post office prints, so "sw1a1aa" is stored and labelled "SW1A 1AA".
 */
const SPACE_AT: Readonly<Record<string, number>> = { GB: -3, JE: -3, GG: -3, IM: -3, CA: 3, IE: 3, NL: 4 };

/** In ASCII digits and letters (digits.ts), upper case, with single spaces. */
function asTyped(postalCode: string): string {
  return withAsciiDigits(postalCode).trim().replace(/\s+/g, " ").toUpperCase();
}

/** Upper case, single spaces, and the one space where the destination's post office puts it. */
function tidyPostcode(postalCode: string, code: string | null): string {
  const typed = asTyped(postalCode);
  const at = code === null ? undefined : SPACE_AT[code];
  if (at === undefined) return typed;
  const compact = typed.replace(/ /g, "");
  const split = at < 0 ? compact.length + at : at;
  return split > 0 && split < compact.length ? `${compact.slice(0, split)} ${compact.slice(split)}` : compact;
}

/**
 * Whether the code fits its country's format, as typed or tidied: the patterns want capitals and
 * the post office's spacing ("d02 x285", "SW1A  1AA" and "110 001" are real codes typed loosely).
 */
function fitsFormat(postalCode: string, code: string): boolean {
  const tidied = tidyPostcode(postalCode, code);
  return [withAsciiDigits(postalCode).trim(), tidied, tidied.replace(/ /g, "")].some((candidate) => postcodeValidator(candidate, code));
}

/** The refusal for a postal code missing, or that cannot be right for this country; null when it is fine. */
export function postcodeProblem(postalCode: string | undefined, country: string): string | null {
  const code = countryCodeOf(country);
  const typed = (postalCode ?? "").trim();
  if (typed === "") return postcodeOptional(country) ? null : checkout.postalCodeRequired;
  if (code === null || !postcodeValidatorExistsForCountry(code)) return null;
  return fitsFormat(typed, code) ? null : checkout.postalCodeInvalid(normaliseCountry(country) ?? country);
}

/**
 * A postal code in ASCII digits, capitals and single spaces, and for the UK (with the Crown Dependencies),
 * Ireland, Canada and the Netherlands the one space where their post offices put it. Other
 * countries' spacing is the shopper's ("110 001" stays so).
 */
export function normalisePostcode(postalCode: string, country: string): string {
  const code = countryCodeOf(country);
  const tidied = tidyPostcode(postalCode, code);
  return postcodeProblem(postalCode, country) === null ? tidied : asTyped(postalCode);
}
