// Amounts typed or sent in pounds, read as pence (docs/architecture.md "Money"). Only the back
// office's forms and the server read amounts people type; a module of its own keeps this out of
// the storefront's first-load JavaScript, which money.ts (the formatter) is part of.

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
