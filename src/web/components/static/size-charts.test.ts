import { describe, expect, it } from "vitest";
import { centimetresText, CLOTHING_SIZES, COLLAR_SIZES, inchesText, JACKET_SIZES, SHOE_SIZES, sizeText, WAIST_SIZES } from "./size-charts.ts";

describe("jacket, collar and waist charts", () => {
  it("list every jacket size sold, 36 to 48 in regular and long, with the chest in cm and the letter sizes", () => {
    expect(JACKET_SIZES.map((row) => row.regular)).toEqual(["36R", "38R", "40R", "42R", "44R", "46R", "48R"]);
    expect(JACKET_SIZES.map((row) => row.long)).toContain("44L");
    expect(JACKET_SIZES.find((row) => row.chest === 40)).toEqual({ chest: 40, regular: "40R", long: "40L", chestCm: 102, letters: "M-L" });
    expect(JACKET_SIZES.find((row) => row.chest === 48)?.letters).toBe("3XL");
  });

  it("list collars 15 to 17.5 and waists 28 to 40", () => {
    expect(COLLAR_SIZES.map((row) => row.collar)).toEqual([15, 15.5, 16, 16.5, 17, 17.5]);
    expect(WAIST_SIZES.map((row) => row.waist)).toEqual([28, 30, 32, 34, 36, 38, 40]);
    expect(WAIST_SIZES.find((row) => row.waist === 32)).toEqual({ waist: 32, waistCm: 81, letters: "S-M" });
  });
});

describe("clothing chart", () => {
  it("runs XS to 3XL (the spec's XS to XXL and the kaftans' 3XL) with growing chest, waist and length", () => {
    expect(CLOTHING_SIZES.map((row) => row.size)).toEqual(["XS", "S", "M", "L", "XL", "XXL", "3XL"]);
    for (let i = 1; i < CLOTHING_SIZES.length; i++) {
      const [previous, row] = [CLOTHING_SIZES[i - 1]!, CLOTHING_SIZES[i]!];
      expect(row.chest[0]).toBe(previous.chest[1]);
      expect(row.waist[0]).toBe(previous.waist[1]);
      expect(row.length).toBeGreaterThan(previous.length);
    }
  });
});

describe("shoe chart", () => {
  it("covers US 7 to 13 in half sizes, so every UK size the shop sells (6 to 12) is on it", () => {
    expect(SHOE_SIZES.map((row) => row.us)).toEqual([7, 7.5, 8, 8.5, 9, 9.5, 10, 10.5, 11, 11.5, 12, 12.5, 13]);
    for (const uk of [6, 7, 8, 9, 10, 11, 12]) expect(SHOE_SIZES.some((row) => row.uk === uk)).toBe(true);
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
    // Centimetres rounded to the whole one, the ends of a range each on its own.
    expect(centimetresText([34, 36])).toBe("86-91");
    expect(centimetresText([38, 40])).toBe("97-102");
    expect(centimetresText(29)).toBe("74");
    expect(sizeText(7)).toBe("7");
    expect(sizeText(7.5)).toBe("7.5");
    expect(sizeText(25)).toBe("25");
  });
});
