import { describe, expect, it } from "vitest";
import {
  COLOUR_FAMILIES,
  FALLBACK_COLOUR_HEX,
  MAX_COLOUR_DOTS,
  colourDots,
  colourFamily,
  colourHex,
  isMulticolour,
  MULTICOLOUR_GRADIENT,
  swatchHex,
  swatchPaint,
  type ColourFamily,
} from "./colours.ts";

describe("COLOUR_FAMILIES (storefront.md section 9)", () => {
  it("has exactly the 14 families", () => {
    expect(Object.keys(COLOUR_FAMILIES).sort()).toEqual(
      [
        "red",
        "blue",
        "green",
        "yellow",
        "orange",
        "purple",
        "pink",
        "black",
        "white",
        "gray",
        "brown",
        "gold",
        "silver",
        "multicolor",
      ].sort(),
    );
  });

  it("gives each family a distinct six-digit hex", () => {
    const values = Object.values(COLOUR_FAMILIES);
    for (const hex of values) expect(hex).toMatch(/^#[0-9A-F]{6}$/);
    expect(new Set(values).size).toBe(14);
    expect(COLOUR_FAMILIES.black).toBe("#000000");
    expect(COLOUR_FAMILIES.white).toBe("#FFFFFF");
  });
});

describe("colourFamily", () => {
  const cases: [string, ColourFamily][] = [
    ["Red", "red"],
    ["Burgundy", "red"],
    ["Maroon", "red"],
    ["Wine", "red"],
    ["Wine Red", "red"],
    ["Navy", "blue"],
    ["Navy Blue", "blue"],
    ["Dark Navy", "blue"],
    ["Denim Blue", "blue"],
    ["Sky Blue", "blue"],
    ["Teal", "blue"],
    ["Olive", "green"],
    ["Olive Green", "green"],
    ["Emerald", "green"],
    ["Mustard", "yellow"],
    ["Orange", "orange"],
    ["Rust", "orange"],
    ["Lavender", "purple"],
    ["Plum", "purple"],
    ["Pink", "pink"],
    ["Rose", "pink"],
    ["Black", "black"],
    ["Jet Black", "black"],
    ["White", "white"],
    ["Off-White", "white"],
    ["Off White", "white"],
    ["Cream", "white"],
    ["Ivory", "white"],
    ["Gray", "gray"],
    ["Grey", "gray"],
    ["Light Grey", "gray"],
    ["Charcoal", "gray"],
    ["Charcoal Grey", "gray"],
    ["Brown", "brown"],
    ["Khaki", "brown"],
    ["Beige", "brown"],
    ["Tan", "brown"],
    ["Camel", "brown"],
    ["Gold", "gold"],
    ["Rose Gold", "gold"],
    ["Champagne", "gold"],
    ["Silver", "silver"],
    ["Multicolor", "multicolor"],
    ["Multicolour", "multicolor"],
    ["Multi-color", "multicolor"],
    ["Multi-Colour", "multicolor"],
    ["multi color", "multicolor"],
    ["Multi", "multicolor"],
    ["Traditional Print", "multicolor"],
  ];

  it.each(cases)("%s is %s", (name, family) => {
    expect(colourFamily(name)).toBe(family);
  });

  it("ignores case and surrounding spaces", () => {
    expect(colourFamily("NAVY")).toBe("blue");
    expect(colourFamily("  rose gold  ")).toBe("gold");
    expect(colourFamily("bUrGuNdY")).toBe("red");
  });

  it("reads a name listing colours of several families as multicolor", () => {
    expect(colourFamily("Black/White")).toBe("multicolor");
    expect(colourFamily("Red & Gold")).toBe("multicolor");
    expect(colourFamily("Navy and Grey")).toBe("multicolor");
  });

  it("keeps a name listing shades of one family in that family", () => {
    expect(colourFamily("Navy/Blue")).toBe("blue");
    expect(colourFamily("Cream & Ivory")).toBe("white");
  });

  it("returns null for names it does not know", () => {
    expect(colourFamily("")).toBeNull();
    expect(colourFamily("Sparkle")).toBeNull();
    expect(colourFamily("As Picture")).toBeNull();
  });
});

describe("colourFamily and names that are object properties", () => {
  it("knows no family for constructor, toString or __proto__", () => {
    for (const name of ["constructor", "toString", "__proto__", "Dark hasOwnProperty"]) expect(colourFamily(name)).toBeNull();
    expect(colourHex("constructor")).toBe(FALLBACK_COLOUR_HEX);
  });
});

describe("colourHex", () => {
  it("returns the family hex", () => {
    expect(colourHex("Navy")).toBe(COLOUR_FAMILIES.blue);
    expect(colourHex("Rose Gold")).toBe(COLOUR_FAMILIES.gold);
    expect(colourHex("Khaki")).toBe(COLOUR_FAMILIES.brown);
  });

  it("falls back to a neutral grey for unknown names", () => {
    expect(colourHex("Sparkle")).toBe(FALLBACK_COLOUR_HEX);
    expect(FALLBACK_COLOUR_HEX).toMatch(/^#[0-9A-F]{6}$/);
  });
});

describe("swatchHex and swatchPaint (a named shade where the name has one)", () => {
  it("draws navy, indigo, burgundy and the golds as themselves, not as their family's one hex", () => {
    expect(swatchHex("Navy")).toBe("#1F2A44");
    expect(swatchHex("Indigo")).not.toBe(COLOUR_FAMILIES.blue);
    expect(swatchHex("Burgundy")).toBe("#800020");
    expect(swatchHex("Gold")).toBe(COLOUR_FAMILIES.gold);
    expect(swatchHex("Rose Gold")).toBe("#B76E79");
    expect(swatchHex("Dark Navy")).toBe("#172033");
    expect(swatchHex("Deep Burgundy")).toBe("#800020");
  });

  it("keeps the family for grouping, and falls back to the family's hex for a name without a shade", () => {
    expect(colourFamily("Navy")).toBe("blue");
    expect(colourFamily("Burgundy")).toBe("red");
    expect(swatchHex("Blue")).toBe(COLOUR_FAMILIES.blue);
    expect(swatchHex("Bright Red")).toBe(COLOUR_FAMILIES.red);
    expect(swatchHex("Unheard-of")).toBe(FALLBACK_COLOUR_HEX);
  });

  it("paints multicolour names with the gradient", () => {
    expect(swatchPaint("Multicolor")).toBe(MULTICOLOUR_GRADIENT);
    expect(swatchPaint("Black/White")).toBe(MULTICOLOUR_GRADIENT);
    expect(swatchPaint("Charcoal")).toBe("#36454F");
  });
});

describe("isMulticolour", () => {
  it("is true only for multicolor names", () => {
    expect(isMulticolour("Multi-color")).toBe(true);
    expect(isMulticolour("multicolour")).toBe(true);
    expect(isMulticolour("Black/White")).toBe(true);
    expect(isMulticolour("Navy")).toBe(false);
    expect(isMulticolour("Sparkle")).toBe(false);
  });
});

describe("colourDots (storefront.md section 2: up to 4 dots plus '+N')", () => {
  it("shows up to four colours", () => {
    expect(MAX_COLOUR_DOTS).toBe(4);
    expect(colourDots([])).toEqual({ shown: [], more: 0 });
    expect(colourDots(["a", "b", "c"])).toEqual({ shown: ["a", "b", "c"], more: 0 });
    expect(colourDots(["a", "b", "c", "d"])).toEqual({ shown: ["a", "b", "c", "d"], more: 0 });
  });

  it("counts the rest from the fifth colour on", () => {
    expect(colourDots(["a", "b", "c", "d", "e"])).toEqual({ shown: ["a", "b", "c", "d"], more: 1 });
    expect(colourDots(["a", "b", "c", "d", "e", "f", "g"]).more).toBe(3);
  });
});
