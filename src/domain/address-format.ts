// How a delivery address's town and postcode are written for the destination's post. The UK (and
// the default) puts the town, the county and the postcode on lines of their own; France and most
// of continental Europe write the postcode before the town on one line ("75008 PARIS"), and La
// Poste and the UPU ask for that line in capitals. A label written "Paris / 75008" is read by
// sorting machines that look for the postcode at the start of the line.
import { countryCodeOf } from "./country-spellings.ts";

/**
 * ISO codes of destinations whose post writes "postcode town": continental Europe west of and
 * including Poland, the Nordics, the Baltic states but Latvia (which writes "Rīga, LV-1050"), the
 * Balkans' EU members, and the French overseas departments that use French postcodes.
 */
const POSTCODE_BEFORE_TOWN: ReadonlySet<string> = new Set([
  "AD", "AT", "BE", "BG", "CH", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GF", "GP", "GR", "HR", "IS", "IT",
  "LI", "LT", "LU", "MC", "MQ", "NL", "NO", "PL", "PT", "RE", "SE", "SI", "SK", "SM", "VA", "YT",
]);

/** Whether the destination's post writes the postcode before the town, on one line. */
export function postcodeBeforeTown(country: string | null | undefined): boolean {
  const code = country ? countryCodeOf(country) : null;
  return code !== null && POSTCODE_BEFORE_TOWN.has(code);
}

type TownParts = { city?: string | null; region?: string | null; postalCode?: string | null; country?: string | null };

const filled = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== "";

/**
 * The town, region and postcode lines of an address as its destination's post writes them; the
 * postcode in capitals always (a label's "w1s 3pr" reads as "W1S 3PR").
 */
export function townLines({ city, region, postalCode, country }: TownParts): string[] {
  const postcode = filled(postalCode) ? postalCode.trim().toUpperCase() : null;
  if (postcodeBeforeTown(country)) {
    const town = [postcode, filled(city) ? city.trim().toUpperCase() : null].filter(filled).join(" ");
    return [town, region].filter(filled).map((line) => line.trim());
  }
  return [city, region, postcode].filter(filled).map((line) => line.trim());
}
