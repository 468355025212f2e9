import { describe, expect, it } from "vitest";
import { categoryLabel } from "../categories.ts";
import { adminProducts } from "../messages/admin.ts";
import { ADMIN_CATEGORY_FILTERS, adminCategoryLabel } from "./categories.ts";

describe("admin category filter (admin.md section 2 Admin Products page)", () => {
  it("offers all and the categories in the spec's order", () => {
    expect(ADMIN_CATEGORY_FILTERS).toEqual([
      "all",
      "suits",
      "blazers",
      "shirts",
      "ties",
      "shoes",
      "accessories",
      "kaftan",
      "Traditional Wear",
      "denim",
      "white-wear",
    ]);
  });

  it("labels them capitalised with hyphens replaced by spaces", () => {
    expect(adminCategoryLabel("all")).toBe("All Categories");
    expect(adminCategoryLabel("all")).toBe(adminProducts.allCategories);
    expect(adminCategoryLabel("suits")).toBe("Suits");
    expect(adminCategoryLabel("Traditional Wear")).toBe("Traditional Wear");
    expect(adminCategoryLabel("old-stock")).toBe("Old stock");
  });

  it("names each category as the editor and the storefront do, one spelling everywhere", () => {
    expect(adminCategoryLabel("white-wear")).toBe("White Wear");
    for (const value of ADMIN_CATEGORY_FILTERS.filter((entry) => entry !== "all")) {
      expect(adminCategoryLabel(value)).toBe(categoryLabel(value));
    }
  });
});
