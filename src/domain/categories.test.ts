import { describe, expect, it } from "vitest";
import { CATEGORIES, HOME_SECTIONS, categoryFromParam, categoryLabel, categoryPath, findCategory } from "./categories.ts";
import { CATEGORY_PAGE_COPY, categoryHeading } from "./category-page-copy.ts";
import { categoryPage } from "./messages/catalog.ts";

describe("CATEGORIES", () => {
  it("lists the stored values in navigation order (storefront.md sections 1 and 2)", () => {
    expect(CATEGORIES.map((c) => c.value)).toEqual([
      "suits",
      "blazers",
      "shirts",
      "shoes",
      "ties",
      "kaftan",
      "Traditional Wear",
      "denim",
      "white-wear",
      "accessories",
    ]);
  });

  it("uses the route values of storefront.md section 2 as slugs", () => {
    expect(CATEGORIES.map((c) => c.slug)).toEqual([
      "suits",
      "blazers",
      "shirts",
      "shoes",
      "ties",
      "kaftan",
      "Traditional%20Wear",
      "denim",
      "white-wear",
      "accessories",
    ]);
    for (const c of CATEGORIES) expect(c.slug).toBe(encodeURIComponent(c.value));
  });

  it("gives every category a label, heading and blurb", () => {
    for (const c of CATEGORIES) {
      expect(c.label.length, c.value).toBeGreaterThan(0);
      expect(CATEGORY_PAGE_COPY[c.value].heading.length, c.value).toBeGreaterThan(0);
      expect(CATEGORY_PAGE_COPY[c.value].blurb.length, c.value).toBeGreaterThan(40);
    }
    expect(findCategory("white-wear")?.label).toBe("White Wear");
  });

  it("builds category paths", () => {
    expect(categoryPath("suits")).toBe("/category/suits");
    expect(categoryPath("Traditional Wear")).toBe("/category/Traditional%20Wear");
    expect(categoryPath("white-wear")).toBe("/category/white-wear");
  });
});

describe("HOME_SECTIONS (storefront.md section 2 Home)", () => {
  it("has the ten titles in the home order", () => {
    expect(HOME_SECTIONS.map((s) => s.title)).toEqual([
      "Premium Suits",
      "Elegant Blazers",
      "Premium Shoes",
      "Designer Ties",
      "Premium Shirts",
      "Kaftan Collection",
      "Traditional Wear Collection",
      "Denim Collection",
      "White Wear Collection",
      "Fashion Accessories",
    ]);
  });

  it("links each section to its category", () => {
    expect(HOME_SECTIONS.map((s) => s.category)).toEqual([
      "suits",
      "blazers",
      "shoes",
      "ties",
      "shirts",
      "kaftan",
      "Traditional Wear",
      "denim",
      "white-wear",
      "accessories",
    ]);
    expect(HOME_SECTIONS[6]?.slug).toBe("Traditional%20Wear");
  });

  it("differs from the navigation order", () => {
    expect(HOME_SECTIONS.map((s) => s.category)).not.toEqual(CATEGORIES.map((c) => c.value));
  });
});

describe("categoryFromParam", () => {
  it("finds every category by its value and its slug", () => {
    for (const c of CATEGORIES) {
      expect(categoryFromParam(c.value)).toBe(c.value);
      expect(categoryFromParam(c.slug)).toBe(c.value);
    }
  });

  it("ignores case (admin.md section 3: kaftan is also spelled Kaftan)", () => {
    expect(categoryFromParam("Kaftan")).toBe("kaftan");
    expect(categoryFromParam("SUITS")).toBe("suits");
    expect(categoryFromParam("traditional wear")).toBe("Traditional Wear");
    expect(categoryFromParam("traditional%20wear")).toBe("Traditional Wear");
  });

  it("accepts hyphen and space variants", () => {
    expect(categoryFromParam("traditional-wear")).toBe("Traditional Wear");
    expect(categoryFromParam("White Wear")).toBe("white-wear");
    expect(categoryFromParam(" denim ")).toBe("denim");
  });

  it("returns null for what is not a category", () => {
    expect(categoryFromParam("hats")).toBeNull();
    expect(categoryFromParam("")).toBeNull();
    expect(categoryFromParam(null)).toBeNull();
    expect(categoryFromParam(undefined)).toBeNull();
    expect(categoryFromParam("suit")).toBeNull();
    expect(categoryFromParam("100%")).toBeNull(); // malformed escape, no throw
  });
});

describe("categoryHeading (storefront.md section 2)", () => {
  it("gives the category's heading", () => {
    expect(categoryHeading("suits")).toBe("Men's Suits");
    expect(categoryHeading("suits")).toBe(CATEGORY_PAGE_COPY.suits.heading);
    expect(categoryHeading("Kaftan")).toBe(CATEGORY_PAGE_COPY.kaftan.heading);
  });

  it("gives the generic heading 'Products' to any other category", () => {
    expect(categoryHeading("hats")).toBe("Products");
    expect(categoryHeading("")).toBe(categoryPage.genericHeading);
    expect(categoryHeading(null)).toBe(categoryPage.genericHeading);
  });
});

describe("categoryLabel", () => {
  it("names known categories by their label and others as given", () => {
    expect(categoryLabel("Traditional%20Wear")).toBe("Traditional Wear");
    expect(categoryLabel("white-wear")).toBe("White Wear");
    expect(categoryLabel("hats")).toBe("hats");
  });
});
