// Money rules (storefront.md section 9 "Pricing"; docs/architecture.md "Money").
// Every amount is an integer number of minor units (pence for GBP, pesewas for GHS). Arithmetic
// that involves a percentage or a rate is done on exact integers (BigInt) so that a price such
// as 1.005 x 100 can never round the wrong way because of binary floating point.

export type Currency = "GBP" | "GHS";

export const CURRENCIES: readonly Currency[] = ["GBP", "GHS"];

export const CURRENCY_SYMBOLS: Readonly<Record<Currency, string>> = {
  GBP: "£",
  GHS: "₵",
};

export type PriceSettings = {
  markupPercent: number;
  currency: Currency;
  exchangeRate: number;
};

// storefront.md section 9: markup 40 percent, default currency GBP, 12.5 GHS to the pound.
// Marked pure so a browser bundle that never reads it leaves it out.
export const DEFAULT_PRICE_SETTINGS: Readonly<PriceSettings> = /* @__PURE__ */ Object.freeze({
  markupPercent: 40,
  currency: "GBP",
  exchangeRate: 12.5,
});

// Percentages and rates are stored with at most 2 and 4 decimals (price_settings columns); six
// decimals of fixed-point precision represent both exactly.
export const FIXED_POINT_SCALE = 1_000_000n;

export function assertWholeMinorUnits(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${what} must be a whole number of minor units, got ${value}`);
  }
}

export function toFixedPoint(value: number, what: string): bigint {
  if (!Number.isFinite(value)) throw new RangeError(`${what} must be a finite number, got ${value}`);
  return BigInt(Math.round(value * Number(FIXED_POINT_SCALE)));
}

/**
 * numerator / denominator rounded to the nearest integer, halves away from zero ("half up" for
 * the positive amounts a shop deals with; a refund of -2.5p rounds to -3p, the mirror image).
 */
export function divideRoundingHalfUp(numerator: bigint, denominator: bigint): number {
  if (denominator <= 0n) throw new RangeError("denominator must be positive");
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (2n * magnitude + denominator) / (2n * denominator);
  const result = Number(negative ? -rounded : rounded);
  return result === 0 ? 0 : result; // never -0
}

/** `amount` x `factor` rounded half up, for any whole amount and a decimal factor. */
export function multiplyRoundingHalfUp(amount: number, factor: number): number {
  assertWholeMinorUnits(amount, "amount");
  return divideRoundingHalfUp(BigInt(amount) * toFixedPoint(factor, "factor"), FIXED_POINT_SCALE);
}

/**
 * An amount held in GBP pence, expressed in the minor units of the display currency. GHS is
 * pence x rate rounded to the nearest pesewa (halves up). Stripe always charges GBP
 * (docs/architecture.md "Money"): conversion is for display only.
 */
export function convertFromGbp(pence: number, currency: Currency, exchangeRate: number): number {
  assertWholeMinorUnits(pence, "pence");
  if (currency === "GBP") return pence;
  if (!Number.isFinite(exchangeRate) || exchangeRate <= 0) {
    throw new RangeError(`exchangeRate must be a positive number, got ${exchangeRate}`);
  }
  return multiplyRoundingHalfUp(pence, exchangeRate);
}

/**
 * The least pence whose amount in `currency` (convertFromGbp) is at least `minor`: a price filter's
 * lower bound typed in cedis, as pence for the query. Exact at the boundary (conversion rounds).
 */
export function gbpAtLeast(minor: number, currency: Currency, exchangeRate: number): number {
  if (currency === "GBP") return minor;
  let pence = Math.max(0, Math.floor(minor / exchangeRate) - 1);
  while (convertFromGbp(pence, currency, exchangeRate) < minor) pence += 1;
  return pence;
}

/** The most pence whose amount in `currency` is at most `minor` (-1 when none is): an upper bound. */
export function gbpAtMost(minor: number, currency: Currency, exchangeRate: number): number {
  if (currency === "GBP") return minor;
  let pence = Math.ceil(minor / exchangeRate) + 1;
  while (pence >= 0 && convertFromGbp(pence, currency, exchangeRate) > minor) pence -= 1;
  return pence;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function formatMinorUnits(minor: number, symbol: string): string {
  const sign = minor < 0 ? "-" : "";
  const magnitude = Math.abs(minor);
  const major = Math.floor(magnitude / 100);
  const fraction = String(magnitude % 100).padStart(2, "0");
  return `${sign}${symbol}${groupThousands(String(major))}.${fraction}`;
}

/**
 * The one money formatter (docs/architecture.md "Money"): symbol, thousands separators, always two
 * decimals (storefront.md section 9 "Prices show 2 decimals"), e.g. "£1,234.50", "₵15,431.25",
 * "-£5.00". Written by hand rather than with Intl so the output is identical on the server and
 * in every browser (Intl renders GHS as "GH₵" and depends on the ICU data shipped).
 */
export function formatMoney(pence: number, currency: Currency, exchangeRate: number): string {
  return formatMinorUnits(convertFromGbp(pence, currency, exchangeRate), CURRENCY_SYMBOLS[currency]);
}

/** Shorthand for amounts that are always shown in pounds (shipping, Stripe totals, messages). */
export function formatGbp(pence: number): string {
  assertWholeMinorUnits(pence, "pence");
  return formatMinorUnits(pence, CURRENCY_SYMBOLS.GBP);
}

/** Minor units already in `currency` (a figure of displaySummary), with its symbol: 163837 GHS -> "₵1,638.37". */
export function formatMinor(minor: number, currency: Currency): string {
  return formatMinorUnits(minor, CURRENCY_SYMBOLS[currency]);
}

/** A line's total as shown: the unit price as shown, times the quantity. */
export function displayLineTotal(unitPence: number, quantity: number, currency: Currency, exchangeRate: number): number {
  return convertFromGbp(unitPence, currency, exchangeRate) * quantity;
}

/**
 * A 'Save' amount in the display currency's minor units: the original price as shown less the
 * price as shown, so the badge is the difference of the two figures beside it (converting the
 * pound saving on its own could miss it by a pesewa: ₵437.50 - ₵349.88 is ₵87.62, not ₵87.63).
 * 0 when the original price is not above the price.
 */
export function displaySaving(pricePence: number, originalPence: number | null, currency: Currency, exchangeRate: number): number {
  if (originalPence === null || originalPence <= pricePence) return 0;
  return convertFromGbp(originalPence, currency, exchangeRate) - convertFromGbp(pricePence, currency, exchangeRate);
}

/** Pence as a plain decimal string for form fields and exports: 2499 -> "24.99", 5 -> "0.05". */
export function penceToPounds(pence: number): string {
  assertWholeMinorUnits(pence, "pence");
  const sign = pence < 0 ? "-" : "";
  const magnitude = Math.abs(pence);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, "0")}`;
}
