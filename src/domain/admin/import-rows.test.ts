import { describe, expect, it } from "vitest";
import {
  CSV_MIN_FIELDS,
  CSV_ROW_FORMATS,
  csvRowRefusal,
  importPricePence,
  isHeaderRow,
  originalFromFactor,
  productNameKey,
  shirtFields,
  splitListCell,
} from "./import-rows.ts";

const shoeRow = (overrides: Partial<Record<string, string>> = {}) =>
  CSV_ROW_FORMATS.shoes.map((column) => overrides[column] ?? { name: "Oxford", url: "/src/oxford", images: "/a.svg", price: "99.00", sold: "12 sold", description: "Shoe", delivery: "Free" }[column] ?? "");

describe("CSV row rules (admin.md section 5)", () => {
  it("needs 7 fields for shoes and accessories, 6 for shirts and white-wear", () => {
    expect(CSV_MIN_FIELDS).toEqual({ shoes: 7, accessories: 7, shirts: 6, "white-wear": 6 });
    expect(csvRowRefusal(shoeRow(), CSV_ROW_FORMATS.shoes, 7)).toBeNull();
    expect(csvRowRefusal(shoeRow().slice(0, 6), CSV_ROW_FORMATS.shoes, 7)).toBe("too-few-fields");
    const shirt = ["Oxford Shirt", "/src/shirt", "30", "", "", "5 sold"];
    expect(csvRowRefusal(shirt, CSV_ROW_FORMATS.shirts, 6)).toBeNull();
    expect(csvRowRefusal(shirt.slice(0, 5), CSV_ROW_FORMATS.shirts, 6)).toBe("too-few-fields");
  });

  it("needs a name and a url", () => {
    expect(csvRowRefusal(shoeRow({ name: "  " }), CSV_ROW_FORMATS.shoes, 7)).toBe("no-name");
    expect(csvRowRefusal(shoeRow({ url: "" }), CSV_ROW_FORMATS.shoes, 7)).toBe("no-url");
  });

  it("needs an image or a price, either will do", () => {
    expect(csvRowRefusal(shoeRow({ images: "", price: "" }), CSV_ROW_FORMATS.shoes, 7)).toBe("no-image-or-price");
    expect(csvRowRefusal(shoeRow({ images: "" }), CSV_ROW_FORMATS.shoes, 7)).toBeNull();
    expect(csvRowRefusal(shoeRow({ price: "" }), CSV_ROW_FORMATS.shoes, 7)).toBeNull();
  });

  it("recognises the header row, whatever its case", () => {
    expect(isHeaderRow(["name", "url"])).toBe(true);
    expect(isHeaderRow([" Product Name ", "url"])).toBe(true);
    expect(isHeaderRow(["Name Brand Loafer", "url"])).toBe(false);
    expect(csvRowRefusal([...CSV_ROW_FORMATS.shoes], CSV_ROW_FORMATS.shoes, 7)).toBe("header");
  });
});

describe("prices (admin.md section 5)", () => {
  it("reads pounds as pence, with or without a pound sign or thousands comma", () => {
    expect(importPricePence("29.99")).toBe(2999);
    expect(importPricePence("£1,250.50")).toBe(125050);
    expect(importPricePence(45)).toBe(4500);
  });

  it("refuses what is not a number, zero and negative prices", () => {
    for (const bad of ["", "free", "12abc", "0", "0.00", "-5", -5, 0, Number.NaN, null, undefined, "1e3"]) {
      expect(importPricePence(bad), String(bad)).toBeNull();
    }
  });

  it("gives shoes and accessories an original price of 1.2 x the price (admin.md section 9)", () => {
    expect(originalFromFactor(10000)).toBe(12000);
    expect(originalFromFactor(2999)).toBe(3599);
  });
});

describe("shirt defaults (admin.md sections 5 and 9)", () => {
  it("falls back to the price for the original price, and to 4.5 for the rating", () => {
    expect(shirtFields({ price: "32.00" })).toEqual({ pricePence: 3200, originalPricePence: 3200, rating: 4.5 });
    expect(shirtFields({ price: "32.00", originalPrice: "40.00", rating: "4.1" })).toEqual({ pricePence: 3200, originalPricePence: 4000, rating: 4.1 });
    expect(shirtFields({ price: "32.00", rating: "excellent" }).rating).toBe(4.5);
  });

  it("defaults a missing price to 0, which the import then skips like the others", () => {
    expect(shirtFields({}).pricePence).toBeNull();
    expect(shirtFields({ price: "0" }).pricePence).toBeNull();
  });
});

describe("lists and names", () => {
  it("splits list cells on | ; and commas, dropping blanks", () => {
    expect(splitListCell("White| Black ;;Blue, Gray")).toEqual(["White", "Black", "Blue", "Gray"]);
    expect(splitListCell("")).toEqual([]);
  });

  it("compares names without case or surrounding spaces", () => {
    expect(productNameKey("  Hampton Cap-Toe OXFORD ")).toBe(productNameKey("hampton cap-toe oxford"));
  });
});
