import { describe, expect, it } from "vitest";
import { adminProductEditor, adminProducts } from "../messages/admin.ts";
import { ADMIN_PRODUCTS_PAGE_SIZE, emptyProductsText, parseProductFilter, productFilterMessages, productFilterSearch, readProductFilter } from "./product-filters.ts";

const params = (query: string) => new URLSearchParams(query);

describe("the Products page's view in the URL", () => {
  it("defaults to All Categories, no search, page 1", () => {
    expect(readProductFilter(params(""))).toEqual({ category: null, search: "", page: 1, pageSize: ADMIN_PRODUCTS_PAGE_SIZE });
    expect(readProductFilter(params("category=all")).category).toBeNull();
  });

  it("reads a category however it is spelled (kaftan is also spelled Kaftan in the data)", () => {
    expect(readProductFilter(params("category=Kaftan")).category).toBe("kaftan");
    expect(readProductFilter(params("category=Traditional%20Wear")).category).toBe("Traditional Wear");
    expect(readProductFilter(params("category=white-wear")).category).toBe("white-wear");
  });

  it("forgives a hand-edited URL on the page and refuses it in the API", () => {
    expect(readProductFilter(params("category=hats&page=-2"))).toMatchObject({ category: null, page: 1 });
    expect(parseProductFilter(params("category=hats"))).toEqual({ ok: false, message: productFilterMessages.unknownCategory });
    expect(parseProductFilter(params("page=0"))).toEqual({ ok: false, message: productFilterMessages.badPage });
    expect(parseProductFilter(params(`search=${"x".repeat(201)}`))).toEqual({ ok: false, message: productFilterMessages.searchTooLong });
    expect(parseProductFilter(params("category=shoes&search=%20oxford%20&page=3"))).toEqual({
      ok: true,
      filter: { category: "shoes", search: "oxford", page: 3, pageSize: ADMIN_PRODUCTS_PAGE_SIZE },
    });
  });

  it("writes a view back as a URL, leaving defaults out", () => {
    expect(productFilterSearch({})).toBe("");
    expect(productFilterSearch({ category: "Traditional Wear", search: "agbada", page: 2 })).toBe("?category=Traditional+Wear&search=agbada&page=2");
    expect(productFilterSearch({ category: null, page: 1 })).toBe("");
  });

  it("pages fill the grid's last row at 1, 2 and 3 columns", () => {
    expect(ADMIN_PRODUCTS_PAGE_SIZE % 6).toBe(0);
  });
});

describe("what an empty view of the Products page says", () => {
  it("keeps the spec's words for a category with no products", () => {
    expect(emptyProductsText({ category: "ties", search: "" })).toEqual({ title: "No products found in this category" });
  });

  it("speaks of the search when one found nothing, under All Categories or in a category", () => {
    expect(emptyProductsText({ category: null, search: "Dup" })).toEqual({ title: 'No products match "Dup"', note: adminProductEditor.noMatchNote });
    expect(emptyProductsText({ category: null, search: "Dup" }).title).not.toBe(adminProducts.empty);
    expect(emptyProductsText({ category: "white-wear", search: "Dup" })).toEqual({ title: 'No products in White Wear match "Dup"', note: adminProductEditor.noMatchInCategoryNote });
  });

  it("says a shop with no products has none yet, rather than naming a category", () => {
    expect(emptyProductsText({ category: null, search: "" })).toEqual({ title: adminProductEditor.noProductsYet, note: adminProductEditor.noProductsYetNote });
  });
});
