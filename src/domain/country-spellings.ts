// A destination as shoppers and payment providers write it ("uk", "GB", "U.S.A.", "the Gambia",
// "Sao Tome & Principe"), read as one of COUNTRIES. Kept apart from the list itself: the list
// travels in the checkout page's JavaScript, while every spelling is read on the server (the
// checkout's schemas, the shipping quote API, the payment providers' addresses), which hands the
// shared rules a listed name.
import { COUNTRY_CODES } from "./countries.ts";

// Other spellings shoppers and payment providers use, mapped to the canonical name. The codes of
// COUNTRY_CODES (GB, US, ...) are accepted as well.
const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  uk: "United Kingdom",
  "great britain": "United Kingdom",
  britain: "United Kingdom",
  england: "United Kingdom",
  scotland: "United Kingdom",
  wales: "United Kingdom",
  "northern ireland": "United Kingdom",
  "united kingdom of great britain and northern ireland": "United Kingdom",
  usa: "United States",
  "united states of america": "United States",
  "czech republic": "Czechia",
  holland: "Netherlands",
  "ivory coast": "Côte d'Ivoire",
  "cape verde": "Cabo Verde",
  swaziland: "Eswatini",
  burma: "Myanmar",
  macedonia: "North Macedonia",
  turkiye: "Turkey",
  "russian federation": "Russia",
  "viet nam": "Vietnam",
  "lao pdr": "Laos",
  "lao peoples democratic republic": "Laos",
  "brunei darussalam": "Brunei",
  macau: "Macao",
  "hong kong sar": "Hong Kong",
  "holy see": "Vatican City",
  vatican: "Vatican City",
  "east timor": "Timor-Leste",
  uae: "United Arab Emirates",
  "republic of the congo": "Congo",
  "congo brazzaville": "Congo",
  drc: "Democratic Republic of the Congo",
  "dr congo": "Democratic Republic of the Congo",
  "congo kinshasa": "Democratic Republic of the Congo",
  "republic of korea": "South Korea",
  "korea republic of": "South Korea",
  dprk: "North Korea",
  "democratic peoples republic of korea": "North Korea",
  "korea democratic peoples republic of": "North Korea",
  "iran islamic republic of": "Iran",
  "islamic republic of iran": "Iran",
  "syrian arab republic": "Syria",
  "bolivia plurinational state of": "Bolivia",
  "venezuela bolivarian republic of": "Venezuela",
  "tanzania united republic of": "Tanzania",
  "moldova republic of": "Moldova",
  "palestine state of": "Palestine",
  "micronesia federated states of": "Micronesia",
  "federated states of micronesia": "Micronesia",
  "republic of kosovo": "Kosovo",
  bvi: "British Virgin Islands",
  "virgin islands british": "British Virgin Islands",
  usvi: "United States Virgin Islands",
  "us virgin islands": "United States Virgin Islands",
  "virgin islands us": "United States Virgin Islands",
  falklands: "Falkland Islands",
  "falkland islands malvinas": "Falkland Islands",
  "st helena": "Saint Helena, Ascension and Tristan da Cunha",
  "saint helena": "Saint Helena, Ascension and Tristan da Cunha",
  "ascension island": "Saint Helena, Ascension and Tristan da Cunha",
  "tristan da cunha": "Saint Helena, Ascension and Tristan da Cunha",
  "turks and caicos": "Turks and Caicos Islands",
  pitcairn: "Pitcairn Islands",
  "st barthelemy": "Saint Barthélemy",
  "st barts": "Saint Barthélemy",
  "st martin": "Saint Martin",
  "saint martin french part": "Saint Martin",
  "st maarten": "Sint Maarten",
  "sint maarten dutch part": "Sint Maarten",
  "st pierre and miquelon": "Saint Pierre and Miquelon",
  bonaire: "Caribbean Netherlands",
  "bonaire sint eustatius and saba": "Caribbean Netherlands",
  faroes: "Faroe Islands",
  "cocos islands": "Cocos (Keeling) Islands",
  "keeling islands": "Cocos (Keeling) Islands",
  "wallis and futuna islands": "Wallis and Futuna",
};

/**
 * A comparison key: case, accents, punctuation and a leading "the" do not matter, so
 * "the Gambia", "U.S.A." and "Sao Tome & Principe" find their country.
 */
function countryKey(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[.'\u2019]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(/^the /, "");
}

const COUNTRY_BY_KEY: ReadonlyMap<string, string> = new Map([
  ...Object.keys(COUNTRY_CODES).map((name) => [countryKey(name), name] as const),
  ...Object.entries(COUNTRY_CODES).map(([name, code]) => [code.toLowerCase(), name] as const),
  ...Object.entries(COUNTRY_ALIASES),
]);

/**
 * The canonical COUNTRIES name for a country as typed or sent by a provider ("uk", "GB",
 * "United States of America"), or null when it is not a country we know.
 */
export function normaliseCountry(value: string | null | undefined): string | null {
  if (value == null) return null;
  const key = countryKey(value);
  if (key === "") return null;
  return COUNTRY_BY_KEY.get(key) ?? null;
}

/** The ISO 3166-1 alpha-2 code of a country as typed or stored ("United Kingdom", "uk" -> "GB"), or null. */
export function countryCodeOf(value: string): string | null {
  const name = normaliseCountry(value);
  return name === null ? null : (COUNTRY_CODES[name] ?? null);
}
