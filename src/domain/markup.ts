// The markup on the base price (storefront.md section 9), in a module of its own: the storefront's
// pages show prices the server has already marked up, so only the server and the back office's
// product editor need it, and the storefront's shared chunk does not carry it.
import { assertWholeMinorUnits, divideRoundingHalfUp, FIXED_POINT_SCALE, toFixedPoint } from "./money.ts";

/**
 * The storefront price: the base 'Price (GBP)' plus the markup (storefront.md section 9,
 * default 40 percent), rounded to the nearest penny, halves up.
 */
export function priceWithMarkup(basePence: number, markupPercent: number): number {
  assertWholeMinorUnits(basePence, "basePence");
  if (basePence < 0) throw new RangeError(`basePence must not be negative, got ${basePence}`);
  if (!Number.isFinite(markupPercent) || markupPercent < 0) {
    throw new RangeError(`markupPercent must be a finite number >= 0, got ${markupPercent}`);
  }
  const factor = 100n * FIXED_POINT_SCALE + toFixedPoint(markupPercent, "markupPercent");
  return divideRoundingHalfUp(BigInt(basePence) * factor, 100n * FIXED_POINT_SCALE);
}
