// The shipping calculator of storefront.md section 9 "Shipping". All amounts are GBP pence
// (Stripe charges GBP, docs/architecture.md "Money"); weights are whole grams so tier boundaries
// such as "up to 0.5 kg" are exact comparisons, never floating point ones.
import type { CategoryValue } from "./categories.ts";
import { DEFAULT_COUNTRY } from "./default-country.ts";
import { checkout as checkoutMessages, shipping as shippingMessages } from "./messages/checkout.ts";
import { formatGbp, multiplyRoundingHalfUp } from "./money.ts";

export { DEFAULT_COUNTRY };

export type ShippingMethod = "standard" | "express";

/** storefront.md section 3 "Shipping result". */
export type ShippingResult = {
  cost: string;
  amount: number; // pence
  note: string;
  estimatedDays: string;
  carrier: string;
  restricted: boolean;
  restrictionReason: string | null;
};

export type ShippingInput = {
  country: string;
  /** `category`: the product's, for a name without any of the weight words. */
  items: readonly { name: string; category?: string; quantity: number }[];
};

export type ShippingQuotes = {
  standard: ShippingResult;
  express: ShippingResult | null;
  restricted: boolean;
  restrictionReason: string | null;
};

/** storefront.md section 3 "Shipping restriction record". */
export type ShippingRestriction = {
  country: string;
  countryCode: string;
  restricted: boolean;
  reason: string;
};

/** storefront.md section 9 "Checkout ... A note says final shipping is calculated by the payment provider". */
export const SHIPPING_NOTICE: string = shippingMessages.notice;

// storefront.md section 9: "Restricted destinations: North Korea, Iran, Syria, Cuba and
// Afghanistan (supplier policy restriction); Somalia and Yemen (logistics limitations)."
export const SHIPPING_RESTRICTIONS: readonly ShippingRestriction[] = [
  { country: "North Korea", countryCode: "KP", restricted: true, reason: shippingMessages.supplierPolicyRestriction },
  { country: "Iran", countryCode: "IR", restricted: true, reason: shippingMessages.supplierPolicyRestriction },
  { country: "Syria", countryCode: "SY", restricted: true, reason: shippingMessages.supplierPolicyRestriction },
  { country: "Cuba", countryCode: "CU", restricted: true, reason: shippingMessages.supplierPolicyRestriction },
  { country: "Afghanistan", countryCode: "AF", restricted: true, reason: shippingMessages.supplierPolicyRestriction },
  { country: "Somalia", countryCode: "SO", restricted: true, reason: shippingMessages.logisticsLimitations },
  { country: "Yemen", countryCode: "YE", restricted: true, reason: shippingMessages.logisticsLimitations },
];

/** The 27 member states of the European Union (storefront.md section 9 "EU countries"). */
export const EU_COUNTRIES: readonly string[] = [
  "Austria",
  "Belgium",
  "Bulgaria",
  "Croatia",
  "Cyprus",
  "Czechia",
  "Denmark",
  "Estonia",
  "Finland",
  "France",
  "Germany",
  "Greece",
  "Hungary",
  "Ireland",
  "Italy",
  "Latvia",
  "Lithuania",
  "Luxembourg",
  "Malta",
  "Netherlands",
  "Poland",
  "Portugal",
  "Romania",
  "Slovakia",
  "Slovenia",
  "Spain",
  "Sweden",
];

type FreeZone = { destination: string; carrier: string; days: readonly [number, number] };

// Free standard shipping zones (storefront.md section 9). The spec gives only the day ranges;
// carriers and the destination wording of the note are ours: a UK shop posts domestic parcels
// with Royal Mail and EU/US parcels with Royal Mail International. No express service is
// offered in these zones (the spec lists express prices only for the fixed-rate and weight
// tiers), so their express quote is null.
const UK_ZONE: FreeZone = { destination: "the United Kingdom", carrier: "Royal Mail", days: [7, 14] };
const EU_ZONE: FreeZone = { destination: "the European Union", carrier: "Royal Mail International", days: [10, 18] };
const US_ZONE: FreeZone = { destination: "the United States", carrier: "Royal Mail International", days: [8, 16] };

/** storefront.md section 9 fixed rates per country, standard / express, in pence. */
export const FIXED_RATE_SHIPPING: Readonly<Record<string, { standard: number; express: number }>> = {
  Australia: { standard: 850, express: 1850 },
  Canada: { standard: 750, express: 1650 },
  Japan: { standard: 950, express: 1950 },
  Switzerland: { standard: 650, express: 1450 },
  Norway: { standard: 700, express: 1550 },
  "New Zealand": { standard: 900, express: 1900 },
  Singapore: { standard: 600, express: 1350 },
  "Hong Kong": { standard: 550, express: 1250 },
};

const FIXED_RATE_DAYS = { standard: [8, 15], express: [5, 10] } as const;
const WEIGHT_TIER_DAYS = { standard: [10, 21], express: [5, 12] } as const;

// storefront.md section 9: "Express carrier is DHL Express. Standard carrier is China Post."
// The spec names carriers only for the fixed-rate countries; the weight-tier destinations ship
// from the same supplier, so we use the same two carriers there.
export const STANDARD_CARRIER = "China Post";
export const EXPRESS_CARRIER = "DHL Express";

const OVER_FIVE_KG_PENCE = 4500;

/** storefront.md section 9 weight tiers: the price of the first tier whose limit is not exceeded. */
export const WEIGHT_TIERS: readonly { maxGrams: number; pence: number }[] = [
  { maxGrams: 500, pence: 325 },
  { maxGrams: 1000, pence: 950 },
  { maxGrams: 2000, pence: 1500 },
  { maxGrams: 5000, pence: 2500 },
  { maxGrams: Number.POSITIVE_INFINITY, pence: OVER_FIVE_KG_PENCE },
];

/** storefront.md section 9: "express is 1.8 times the standard price". */
export const EXPRESS_MULTIPLIER = 1.8;

// storefront.md section 9 "Estimated item weight is chosen by words in the product name".
// Groups are listed heaviest first: the first group with a matching word decides. A word counts
// wherever it appears in the name, inside longer words too ("Overcoat", "Waistcoat", "Overshirt",
// "Bowtie", "Shoes", "Accessories"): matching whole words only left an overcoat at the 0.2 kg of
// "other", under-charging postage. The price of reading "Suitcase" as a suit is an over-estimate,
// which costs the shopper a little and never the shop.
const WEIGHT_GROUPS: readonly { grams: number; words: readonly string[] }[] = [
  { grams: 1500, words: ["suit", "jacket", "coat"] },
  { grams: 1200, words: ["shoe", "boot"] },
  { grams: 500, words: ["shirt", "trouser", "pant"] },
  { grams: 150, words: ["watch", "accessor"] },
  { grams: 100, words: ["tie", "bow", "pocket", "cufflink"] },
];
export const DEFAULT_ITEM_GRAMS = 200;

/**
 * What a piece of a category weighs when its name has none of the words: most of the shop's
 * blazers, shoes (an Oxford, a Loafer), kaftans and agbadas. The spec's "other" (0.2 kg) priced
 * an agbada set below a poplin shirt and under-charged postage abroad (docs/deviations.md).
 */
const CATEGORY_GRAMS: Readonly<Record<CategoryValue, number>> = {
  suits: 1500,
  blazers: 1200,
  shoes: 1200,
  "Traditional Wear": 1200,
  denim: 800,
  kaftan: 700,
  "white-wear": 600,
  shirts: 500,
  accessories: 200,
  ties: 100,
};

/**
 * Estimated weight of one item, in grams. When a name holds words of several groups ("Shirt
 * and Tie Set", "Suit with Pocket Square") the heaviest group wins: a set weighs at least as
 * much as its heaviest piece, and under-estimating would under-charge the shop for postage.
 * A name with none of the words weighs what its category's pieces do.
 */
export function estimateItemGrams(productName: string, category?: string): number {
  const name = productName.toLowerCase();
  for (const group of WEIGHT_GROUPS) {
    if (group.words.some((word) => name.includes(word))) return group.grams;
  }
  return category !== undefined && Object.hasOwn(CATEGORY_GRAMS, category) ? CATEGORY_GRAMS[category as CategoryValue] : DEFAULT_ITEM_GRAMS;
}

/**
 * Estimated parcel weight: each item's weight times its quantity. A quantity that is not a
 * positive whole number (0, -1, NaN) adds nothing; fractions are truncated.
 */
export function estimateParcelGrams(items: ShippingInput["items"]): number {
  let grams = 0;
  for (const item of items) {
    const quantity = Number.isFinite(item.quantity) ? Math.max(0, Math.trunc(item.quantity)) : 0;
    grams += estimateItemGrams(item.name, item.category) * quantity;
  }
  return grams;
}

/** Standard price of the weight tier for a parcel (an empty parcel falls in the first tier). */
export function weightTierPence(grams: number): number {
  for (const tier of WEIGHT_TIERS) {
    if (grams <= tier.maxGrams) return tier.pence;
  }
  // Only NaN gets here (it compares false with every limit): charge the heaviest tier.
  return OVER_FIVE_KG_PENCE;
}

/** Express price for a weight tier: 1.8 x standard, rounded to the penny (halves up). */
export function expressFromStandardPence(standardPence: number): number {
  return multiplyRoundingHalfUp(standardPence, EXPRESS_MULTIPLIER);
}

/** "1.25 kg" from 1250 grams. */
export function formatKilograms(grams: number): string {
  return `${grams / 1000} kg`;
}

/** The restriction record for a destination (a name of COUNTRIES), or null when we ship there. */
export function shippingRestriction(country: string): ShippingRestriction | null {
  return SHIPPING_RESTRICTIONS.find((r) => r.country === country) ?? null;
}

function days([from, to]: readonly [number, number]): string {
  return shippingMessages.businessDays(from, to);
}

function freeZoneFor(country: string): FreeZone | null {
  if (country === "United Kingdom") return UK_ZONE;
  if (country === "United States") return US_ZONE;
  if (EU_COUNTRIES.includes(country)) return EU_ZONE;
  return null;
}

function paid(amount: number, note: string, estimatedDays: string, carrier: string): ShippingResult {
  return { cost: formatGbp(amount), amount, note, estimatedDays, carrier, restricted: false, restrictionReason: null };
}

/**
 * Quote one shipping method for a cart and destination (storefront.md section 9).
 * - The destination is a name of COUNTRIES: the server reads other spellings ("uk", "GB") with
 *   normaliseCountry (country-spellings.ts) first, the checkout page's select offers only these.
 * - A blank country is the default destination, the United Kingdom (section 3 "Shipping
 *   address": country default United Kingdom). Unknown names are "all other destinations".
 * - A restricted destination returns a result with restricted true, its reason and no price;
 *   checkout must refuse it (section 5 'Cannot ship to {country}. ...').
 * - Returns null only when the method is not offered there: express in a free zone.
 */
export function quoteShipping(input: ShippingInput, method: ShippingMethod): ShippingResult | null {
  const typed = input.country.trim();
  const country = typed === "" ? DEFAULT_COUNTRY : typed;

  const restriction = shippingRestriction(country);
  if (restriction !== null) {
    return {
      cost: shippingMessages.notAvailable,
      amount: 0,
      note: checkoutMessages.shippingNotAvailable(restriction.country, restriction.reason),
      estimatedDays: shippingMessages.notAvailable,
      carrier: shippingMessages.notAvailable,
      restricted: true,
      restrictionReason: restriction.reason,
    };
  }

  const freeZone = freeZoneFor(country);
  if (freeZone !== null) {
    if (method === "express") return null;
    return {
      cost: shippingMessages.free,
      amount: 0,
      note: shippingMessages.freeStandardTo(freeZone.destination),
      estimatedDays: days(freeZone.days),
      carrier: freeZone.carrier,
      restricted: false,
      restrictionReason: null,
    };
  }

  const fixed = FIXED_RATE_SHIPPING[country];
  if (fixed !== undefined) {
    return method === "express"
      ? paid(fixed.express, shippingMessages.fixedRate(country), days(FIXED_RATE_DAYS.express), EXPRESS_CARRIER)
      : paid(fixed.standard, shippingMessages.fixedRate(country), days(FIXED_RATE_DAYS.standard), STANDARD_CARRIER);
  }

  const grams = estimateParcelGrams(input.items);
  const standard = weightTierPence(grams);
  const note = shippingMessages.byWeight(formatKilograms(grams));
  return method === "express"
    ? paid(expressFromStandardPence(standard), note, days(WEIGHT_TIER_DAYS.express), EXPRESS_CARRIER)
    : paid(standard, note, days(WEIGHT_TIER_DAYS.standard), STANDARD_CARRIER);
}

/** Both methods at once, for the checkout's shipping choice. */
export function quoteAllShipping(input: ShippingInput): ShippingQuotes {
  const standard = quoteShipping(input, "standard");
  // Standard is offered everywhere (free, fixed, weight tier or restricted), never null.
  if (standard === null) throw new Error("standard shipping is always quoted");
  return {
    standard,
    express: quoteShipping(input, "express"),
    restricted: standard.restricted,
    restrictionReason: standard.restrictionReason,
  };
}
