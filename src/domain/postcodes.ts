// Postal codes checked against the destination's format (a UK postcode 'zzz' was accepted), with
// the postcode-validator library's per-country patterns. Server-side only (the checkout service
// and the payment page's action), so its tables never reach a shopper's browser. A country the
// library has no pattern for, or that has no postal codes, accepts any non-empty text.
import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import { countryCodeOf, normaliseCountry } from "./country-spellings.ts";
import { checkout } from "./messages/checkout.ts";

/** The refusal for a postal code that cannot be right for this country, or null. */
export function postcodeProblem(postalCode: string, country: string): string | null {
  const code = countryCodeOf(country);
  const typed = postalCode.trim();
  if (code === null || typed === "" || !postcodeValidatorExistsForCountry(code)) return null;
  return postcodeValidator(typed, code) ? null : checkout.postalCodeInvalid(normaliseCountry(country) ?? country);
}

/**
 * Where a country's postal codes put their one space, counted from the start (or, negative, from
 * the end): the form its post office prints, so "sw1a1aa" is stored and labelled "SW1A 1AA".
 */
const SPACE_AT: Readonly<Record<string, number>> = { GB: -3, JE: -3, GG: -3, IM: -3, CA: 3, IE: 3, NL: 4 };

/**
 * A postal code as the destination's post office writes it: upper case, single spaces, and for
 * the UK (with the Crown Dependencies), Ireland, Canada and the Netherlands the space where it
 * belongs. Only for a code that passed postcodeProblem; anything else keeps its characters, trimmed.
 */
export function normalisePostcode(postalCode: string, country: string): string {
  const typed = postalCode.trim().replace(/\s+/g, " ").toUpperCase();
  const code = countryCodeOf(country);
  const at = code === null ? undefined : SPACE_AT[code];
  if (at === undefined || postcodeProblem(typed, country) !== null) return typed;
  const compact = typed.replace(/ /g, "");
  const split = at < 0 ? compact.length + at : at;
  return split > 0 && split < compact.length ? `${compact.slice(0, split)} ${compact.slice(split)}` : compact;
}
