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
export const DEFAULT_PRICE_SETTINGS: Readonly<PriceSettings> = Object.freeze({
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

// A plain decimal amount, optionally with a pound sign and correctly placed thousands commas.
// "24,99" (a decimal comma) is rejected rather than read as 2,499 pounds.
const POUNDS_PATTERN = /^(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?|\.\d+)$/;

/**
 * Parses an amount in pounds ("24.99", 24.99, "£1,250") into pence, rounding to the nearest
 * penny (halves up, decided on the decimal digits so "1.005" is 101p). Returns null for
 * anything that is not a finite, non-negative amount: "", "abc", NaN, Infinity, "-1".
 * `wholePennies` (an amount a person typed: a price, a refund) refuses a part of a penny ("49.999")
 * instead of rounding it, so what is saved is what was typed.
 */
export function poundsToPence(value: number | string, { wholePennies = false }: { wholePennies?: boolean } = {}): number | null {
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return null;
    const text = String(value);
    // Exponent notation (1e-7, 1e21) is outside the decimal grammar below.
    if (/e/i.test(text)) {
      const pence = value * 100;
      if (wholePennies && !Number.isInteger(pence)) return null;
      return Number.isSafeInteger(Math.round(pence)) ? Math.round(pence) : null;
    }
    return parsePoundsText(text, wholePennies);
  }
  if (typeof value !== "string") return null;
  const text = value.trim().replace(/^£\s*/, "");
  return parsePoundsText(text, wholePennies);
}

function parsePoundsText(text: string, wholePennies: boolean): number | null {
  if (!POUNDS_PATTERN.test(text)) return null;
  const [wholePart = "", fractionPart = ""] = text.replace(/,/g, "").split(".");
  if (wholePennies && /[1-9]/.test(fractionPart.slice(2))) return null;
  const pounds = wholePart === "" ? 0 : Number(wholePart);
  const firstTwo = Number((fractionPart + "00").slice(0, 2));
  const roundUp = (fractionPart[2] ?? "0") >= "5" ? 1 : 0;
  const pence = pounds * 100 + firstTwo + roundUp;
  return Number.isSafeInteger(pence) ? pence : null;
}

/**
 * Whether an amount typed or sent in pounds is a readable one below zero ("-1", -1, "-£5.00"):
 * it is refused as "must be more than £0.00", not as unreadable.
 */
export function isNegativePounds(value: number | string): boolean {
  if (typeof value === "number") return value < 0 && Number.isFinite(value);
  const text = value.trim();
  return text.startsWith("-") && poundsToPence(text.slice(1)) !== null;
}

/** Pence as a plain decimal string for form fields and exports: 2499 -> "24.99", 5 -> "0.05". */
export function penceToPounds(pence: number): string {
  assertWholeMinorUnits(pence, "pence");
  const sign = pence < 0 ? "-" : "";
  const magnitude = Math.abs(pence);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, "0")}`;
}
