import { describe, expect, it } from "vitest";
import { CLOTHING_SIZES, inchesText, SHOE_SIZES, sizeText } from "./size-charts.ts";

describe("clothing chart", () => {
  it("runs XS to XXL with growing chest, waist and length", () => {
    expect(CLOTHING_SIZES.map((row) => row.size)).toEqual(["XS", "S", "M", "L", "XL", "XXL"]);
    for (let i = 1; i < CLOTHING_SIZES.length; i++) {
      const [previous, row] = [CLOTHING_SIZES[i - 1]!, CLOTHING_SIZES[i]!];
      expect(row.chest[0]).toBe(previous.chest[1]);
      expect(row.waist[0]).toBe(previous.waist[1]);
      expect(row.length).toBeGreaterThan(previous.length);
    }
  });
});

describe("shoe chart", () => {
  it("covers US 7 to 12 in half sizes", () => {
    expect(SHOE_SIZES.map((row) => row.us)).toEqual([7, 7.5, 8, 8.5, 9, 9.5, 10, 10.5, 11, 11.5, 12]);
  });

  it("gives the men's UK size one below the US size", () => {
    for (const row of SHOE_SIZES) expect(row.uk).toBe(row.us - 1);
  });

  it("gives the Brannock foot length, (US + 22) / 3 inches, to the millimetre", () => {
    for (const row of SHOE_SIZES) {
      expect(row.footCm).toBe(Math.round((((row.us + 22) / 3) * 2.54) * 10) / 10);
    }
  });

  it("gives EU sizes in half steps within half a size of 1.5 x (foot length + 2 cm), always growing", () => {
    for (const [i, row] of SHOE_SIZES.entries()) {
      expect(row.eu * 2).toBe(Math.round(row.eu * 2));
      expect(Math.abs(row.eu - 1.5 * (row.footCm + 2))).toBeLessThanOrEqual(0.5);
      if (i > 0) expect(row.eu).toBeGreaterThan(SHOE_SIZES[i - 1]!.eu);
    }
  });
});

describe("chart text", () => {
  it("formats ranges and half sizes", () => {
    expect(inchesText([34, 36])).toBe("34-36");
    expect(inchesText(27)).toBe("27");
    expect(sizeText(7)).toBe("7");
    expect(sizeText(7.5)).toBe("7.5");
    expect(sizeText(25)).toBe("25");
  });
});
