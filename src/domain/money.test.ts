import { describe, expect, it } from "vitest";
import {
  CURRENCY_SYMBOLS,
  DEFAULT_PRICE_SETTINGS,
  convertFromGbp,
  displaySaving,
  formatMinor,
  gbpAtLeast,
  gbpAtMost,
  formatGbp,
  formatMoney,
  multiplyRoundingHalfUp,
  penceToPounds,
} from "./money.ts";
import { priceWithMarkup } from "./markup.ts";

describe("DEFAULT_PRICE_SETTINGS and symbols (storefront.md section 9 Pricing)", () => {
  it("has a 40% markup, GBP display and 12.5 GHS to the pound", () => {
    expect(DEFAULT_PRICE_SETTINGS).toEqual({ markupPercent: 40, currency: "GBP", exchangeRate: 12.5 });
  });

  it("uses £ for GBP and ₵ for GHS", () => {
    expect(CURRENCY_SYMBOLS).toEqual({ GBP: "£", GHS: "₵" });
  });

  it("cannot be changed at run time", () => {
    expect(Object.isFrozen(DEFAULT_PRICE_SETTINGS)).toBe(true);
  });
});

describe("priceWithMarkup", () => {
  it("adds the 40% markup to the base price", () => {
    expect(priceWithMarkup(1000, 40)).toBe(1400);
    expect(priceWithMarkup(2499, 40)).toBe(3499); // 3498.6 -> 3499
  });

  it("rounds a half penny up and anything below a half down", () => {
    expect(priceWithMarkup(5, 10)).toBe(6); // 5.5 -> 6
    expect(priceWithMarkup(15, 10)).toBe(17); // 16.5 -> 17
    expect(priceWithMarkup(1, 40)).toBe(1); // 1.4 -> 1
    expect(priceWithMarkup(4, 40)).toBe(6); // 5.6 -> 6
    expect(priceWithMarkup(9, 5)).toBe(9); // 9.45 -> 9
    expect(priceWithMarkup(11, 5)).toBe(12); // 11.55 -> 12
  });

  it("is exact where floating point is not (1.15 x 100 = 114.99999999999999)", () => {
    expect(1.15 * 100).not.toBe(115);
    expect(priceWithMarkup(100, 15)).toBe(115);
    expect(priceWithMarkup(1005, 10)).toBe(1106); // 1105.5 -> 1106
  });

  it("accepts decimal markups", () => {
    expect(priceWithMarkup(1000, 12.5)).toBe(1125);
    expect(priceWithMarkup(1000, 33.33)).toBe(1333); // 1333.3
    expect(priceWithMarkup(1000, 33.35)).toBe(1334); // 1333.5 -> 1334
  });

  it("keeps zero and a zero markup", () => {
    expect(priceWithMarkup(0, 40)).toBe(0);
    expect(priceWithMarkup(2499, 0)).toBe(2499);
  });

  it("refuses amounts that are not whole, non-negative pence and impossible markups", () => {
    expect(() => priceWithMarkup(24.99, 40)).toThrow(RangeError);
    expect(() => priceWithMarkup(-1, 40)).toThrow(RangeError);
    expect(() => priceWithMarkup(100, -1)).toThrow(RangeError);
    expect(() => priceWithMarkup(100, Number.NaN)).toThrow(RangeError);
    expect(() => priceWithMarkup(100, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("multiplyRoundingHalfUp", () => {
  it("rounds halves away from zero on both sides", () => {
    expect(multiplyRoundingHalfUp(5, 0.5)).toBe(3);
    expect(multiplyRoundingHalfUp(-5, 0.5)).toBe(-3);
    expect(multiplyRoundingHalfUp(3, 0.5)).toBe(2);
    expect(Object.is(multiplyRoundingHalfUp(-1, 0.1), 0)).toBe(true); // never -0
  });
});

describe("convertFromGbp", () => {
  it("leaves GBP untouched whatever the rate", () => {
    expect(convertFromGbp(123450, "GBP", 12.5)).toBe(123450);
    expect(convertFromGbp(1, "GBP", 0)).toBe(1);
  });

  it("multiplies by the rate for GHS and rounds to the nearest pesewa, halves up", () => {
    expect(convertFromGbp(123450, "GHS", 12.5)).toBe(1543125);
    expect(convertFromGbp(1, "GHS", 12.5)).toBe(13); // 12.5 -> 13
    expect(convertFromGbp(3, "GHS", 12.5)).toBe(38); // 37.5 -> 38
    expect(convertFromGbp(1, "GHS", 12.4)).toBe(12); // 12.4 -> 12
    expect(convertFromGbp(1, "GHS", 12.6)).toBe(13);
    expect(convertFromGbp(100, "GHS", 12.3456)).toBe(1235); // 1234.56 -> 1235
  });

  it("refuses a rate that is not positive", () => {
    expect(() => convertFromGbp(100, "GHS", 0)).toThrow(RangeError);
    expect(() => convertFromGbp(100, "GHS", -12.5)).toThrow(RangeError);
    expect(() => convertFromGbp(100, "GHS", Number.NaN)).toThrow(RangeError);
  });
});

describe("formatMoney", () => {
  it("formats pounds with the symbol, thousands separators and two decimals", () => {
    expect(formatMoney(123450, "GBP", 12.5)).toBe("£1,234.50");
    expect(formatMoney(0, "GBP", 12.5)).toBe("£0.00");
    expect(formatMoney(5, "GBP", 12.5)).toBe("£0.05");
    expect(formatMoney(99999, "GBP", 12.5)).toBe("£999.99");
    expect(formatMoney(100000, "GBP", 12.5)).toBe("£1,000.00");
    expect(formatMoney(123456789, "GBP", 12.5)).toBe("£1,234,567.89");
    expect(formatMoney(100000000000, "GBP", 12.5)).toBe("£1,000,000,000.00");
  });

  it("formats cedis from pence at the exchange rate", () => {
    expect(formatMoney(123450, "GHS", 12.5)).toBe("₵15,431.25");
    expect(formatMoney(2499, "GHS", 12.5)).toBe("₵312.38"); // 31237.5 -> 31238
    expect(formatMoney(0, "GHS", 12.5)).toBe("₵0.00");
  });

  it("puts the minus sign before the symbol", () => {
    expect(formatMoney(-500, "GBP", 12.5)).toBe("-£5.00");
    expect(formatMoney(-123450, "GBP", 12.5)).toBe("-£1,234.50");
    expect(formatMoney(-40, "GHS", 12.5)).toBe("-₵5.00");
  });

  it("refuses fractions of a penny", () => {
    expect(() => formatMoney(1.5, "GBP", 12.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN, "GBP", 12.5)).toThrow(RangeError);
  });

  it("formatGbp is formatMoney in pounds", () => {
    expect(formatGbp(325)).toBe("£3.25");
    expect(formatGbp(123450)).toBe(formatMoney(123450, "GBP", 1));
  });
});

describe("penceToPounds", () => {
  it("writes pence as a plain decimal with two places", () => {
    expect(penceToPounds(2499)).toBe("24.99");
    expect(penceToPounds(2400)).toBe("24.00");
    expect(penceToPounds(5)).toBe("0.05");
    expect(penceToPounds(0)).toBe("0.00");
    expect(penceToPounds(123450)).toBe("1234.50");
    expect(penceToPounds(-5)).toBe("-0.05");
  });

  it("refuses fractions of a penny", () => {
    expect(() => penceToPounds(1.5)).toThrow(RangeError);
  });
});

describe("gbpAtLeast and gbpAtMost", () => {
  it("give the pence range whose cedi amounts lie within cedi bounds, exactly at the rounding edge", () => {
    // 12.5 cedis to the pound: 120.00 pounds is 1,500.00 cedis.
    expect(gbpAtLeast(150_000, "GHS", 12.5)).toBe(12_000);
    expect(gbpAtMost(200_000, "GHS", 12.5)).toBe(16_000);
    // 1 pesewa above 1,500 cedis: the next penny (1,500.125 rounds to 1,500.13).
    expect(gbpAtLeast(150_001, "GHS", 12.5)).toBe(12_001);
    for (const minor of [1, 999, 150_001, 123_457]) {
      const low = gbpAtLeast(minor, "GHS", 12.3456);
      expect(convertFromGbp(low, "GHS", 12.3456)).toBeGreaterThanOrEqual(minor);
      expect(convertFromGbp(low - 1, "GHS", 12.3456)).toBeLessThan(minor);
      const high = gbpAtMost(minor, "GHS", 12.3456);
      expect(convertFromGbp(high, "GHS", 12.3456)).toBeLessThanOrEqual(minor);
      expect(convertFromGbp(high + 1, "GHS", 12.3456)).toBeGreaterThan(minor);
    }
    expect(gbpAtLeast(5_000, "GBP", 12.5)).toBe(5_000);
  });
});

describe("displaySaving (the 'Save' badge beside a struck-through price)", () => {
  it("is the original price as shown less the price as shown, to the pesewa", () => {
    // £27.99 is ₵349.88 (rounded up from 349.875) and £35.00 is ₵437.50: the badge says ₵87.62.
    expect(displaySaving(2799, 3500, "GHS", 12.5)).toBe(8762);
    expect(formatMoney(3500 - 2799, "GHS", 12.5)).toBe("₵87.63"); // the saving converted alone misses by a pesewa
    expect(formatMinor(displaySaving(2799, 3500, "GHS", 12.5), "GHS")).toBe("₵87.62");
  });

  it("is the pence difference in pounds, and nothing without a higher original price", () => {
    expect(displaySaving(2799, 3500, "GBP", 12.5)).toBe(701);
    expect(displaySaving(2799, null, "GHS", 12.5)).toBe(0);
    expect(displaySaving(2799, 2799, "GHS", 12.5)).toBe(0);
    expect(displaySaving(2799, 2000, "GBP", 12.5)).toBe(0);
  });
});
