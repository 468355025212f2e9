// How a delivery address's town, region and postcode are written for the destination's post, for
// the shipping label, the packing slip, the admin's order screens and the order e-mails. Each post
// has its own last lines: USPS reads "AUSTIN, TX 78701" and Canada Post "MONTREAL QC H2X 1Y4" on
// one line (a sorting machine looks for the state or province and the code together at the end);
// Australia Post writes "PARRAMATTA NSW 2150" in capitals; France and most of continental Europe
// write the postcode before the town ("75008 PARIS"), La Poste and the UPU in capitals; India Post
// and NIPOST put the PIN or postcode after the town and the state on a line below ("New Delhi
// 110001" / "Delhi"). The UK, Ireland, Ghana, the UAE and any country not named here keep the
// town, the county or region and the postcode on lines of their own. The layouts follow the
// address data that browsers' autofill uses for each country.
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

/** The parts tidied: trimmed, empty as null, the postcode in capitals. */
type Tidy = { town: string | null; region: string | null; postcode: string | null };

/** The lines a country's post writes, from the tidied parts; `capitals` when the line may be shouted. */
type Layout = (parts: Tidy, capitals: boolean) => (string | null)[];

const filled = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== "";
const tidy = (value: string | null | undefined): string | null => (filled(value) ? value.trim().replace(/\s+/g, " ") : null);
const onOneLine = (...parts: (string | null)[]): string | null => parts.filter(filled).join(" ") || null;
const upper = (value: string | null, capitals: boolean) => (value !== null && capitals ? value.toUpperCase() : value);
/** "tx", "qc", "nsw": a state or province written as its post's abbreviation, in capitals. */
const regionCode = (value: string | null) => (value !== null && /^[a-z]{2,3}$/i.test(value) ? value.toUpperCase() : value);

const LAYOUTS: Readonly<Record<string, Layout>> = {
  // "Austin, TX 78701": the comma parts the town from the state, and goes with it.
  US: ({ town, region, postcode }) => [town !== null && region !== null ? `${town}, ${onOneLine(regionCode(region), postcode)}` : onOneLine(town, regionCode(region), postcode)],
  CA: ({ town, region, postcode }) => [onOneLine(town, regionCode(region), postcode)],
  AU: ({ town, region, postcode }, capitals) => [onOneLine(upper(town, capitals), upper(regionCode(region), capitals), postcode)],
  IN: ({ town, region, postcode }) => [onOneLine(town, postcode), region],
  NG: ({ town, region, postcode }) => [onOneLine(town, postcode), region],
};

const POSTCODE_FIRST: Layout = ({ town, region, postcode }, capitals) => [onOneLine(postcode, upper(town, capitals)), region];
const LINES_OF_THEIR_OWN: Layout = ({ town, region, postcode }) => [town, region, postcode];

function layoutFor(country: string | null | undefined): Layout {
  const code = country ? countryCodeOf(country) : null;
  if (code === null) return LINES_OF_THEIR_OWN;
  if (POSTCODE_BEFORE_TOWN.has(code)) return POSTCODE_FIRST;
  return LAYOUTS[code] ?? LINES_OF_THEIR_OWN;
}

/**
 * The town, region and postcode lines of an address as its destination's post writes them; the
 * postcode in capitals always (a label's "w1s 3pr" reads as "W1S 3PR"). `capitals: false` keeps the
 * town as typed where the post wants it in capitals: for an e-mail or a page, not a parcel.
 */
export function townLines({ city, region, postalCode, country }: TownParts, { capitals = true }: { capitals?: boolean } = {}): string[] {
  const postcode = tidy(postalCode);
  const parts = { town: tidy(city), region: tidy(region), postcode: postcode === null ? null : postcode.toUpperCase() };
  return layoutFor(country)(parts, capitals).filter(filled);
}
