import { describe, expect, it } from "vitest";
import { kaftanDiscountPercentage } from "./kaftan.ts";

describe("kaftanDiscountPercentage (admin.md section 5)", () => {
  it("is the rounded percent of the price below the original", () => {
    expect(kaftanDiscountPercentage(2499, 3499)).toBe(29); // 28.58
    expect(kaftanDiscountPercentage(7500, 10000)).toBe(25);
    expect(kaftanDiscountPercentage(3599, 4999)).toBe(28); // 28.01
    expect(kaftanDiscountPercentage(0, 1000)).toBe(100);
  });

  it("rounds a half up and anything below a half down", () => {
    expect(kaftanDiscountPercentage(875, 1000)).toBe(13); // 12.5
    expect(kaftanDiscountPercentage(876, 1000)).toBe(12); // 12.4
    expect(kaftanDiscountPercentage(874, 1000)).toBe(13); // 12.6
    expect(kaftanDiscountPercentage(199, 200)).toBe(1); // 0.5
    expect(kaftanDiscountPercentage(999, 1000)).toBe(0); // 0.1: a discount, rounded to 0
  });

  it("is null without a discount", () => {
    expect(kaftanDiscountPercentage(2499, null)).toBeNull();
    expect(kaftanDiscountPercentage(2499, 2499)).toBeNull();
    expect(kaftanDiscountPercentage(2499, 2498)).toBeNull();
    expect(kaftanDiscountPercentage(2499, 0)).toBeNull();
  });

  it("is null for amounts that are not whole pence", () => {
    expect(kaftanDiscountPercentage(24.99, 34.99)).toBeNull();
    expect(kaftanDiscountPercentage(-1, 100)).toBeNull();
  });
});
