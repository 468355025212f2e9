import { describe, expect, it } from "vitest";
import { COLOUR_FAMILIES, type ColourFamily } from "./colours.ts";
import {
  colourFamilyFromSlug,
  colourFamilySlug,
  COLOUR_FAMILY_LABELS,
  DISCOVERY_MESSAGES,
  discoverySearch,
  EMPTY_FILTERS,
  hasActiveFilters,
  MAX_FILTER_VALUES,
  MAX_SEARCH_LENGTH,
  parseDiscoveryQuery,
  SORT_OPTIONS,
  withPriceRangeInOrder,
  type DiscoveryQuery,
} from "./discovery.ts";
import { normaliseSuitColours } from "./suit-colours.ts";

function parse(search: string): DiscoveryQuery {
  const result = parseDiscoveryQuery(new URLSearchParams(search));
  if (!result.ok) throw new Error(result.message);
  return result.query;
}

function problem(search: string): string {
  const result = parseDiscoveryQuery(new URLSearchParams(search));
  if (result.ok) throw new Error(`expected ${search} to be refused`);
  return result.message;
}

describe("SORT_OPTIONS", () => {
  it("offers the four sorts with their labels, Featured first", () => {
    expect(SORT_OPTIONS).toEqual([
      { value: "featured", label: "Featured" },
      { value: "newest", label: "Newest" },
      { value: "price-asc", label: "Price: low to high" },
      { value: "price-desc", label: "Price: high to low" },
    ]);
  });
});

describe("parseDiscoveryQuery", () => {
  it("reads an empty URL as the default view", () => {
    expect(parse("")).toEqual({ q: "", sort: "featured", filters: EMPTY_FILTERS, page: 1 });
  });

  it("reads every parameter", () => {
    expect(parse("q=navy+suit&sort=price-asc&size=M&size=L&colour=blue&colour=black&min=50&max=200&in-stock=1&sale=1&page=3")).toEqual({
      q: "navy suit",
      sort: "price-asc",
      filters: { sizes: ["M", "L"], colours: ["blue", "black"], minPrice: 5000, maxPrice: 20000, priceCurrency: "GBP", inStock: true, onSale: true },
      page: 3,
    });
  });

  it("trims and collapses the search text", () => {
    expect(parse("q=%20%20navy%20%20%20suit%20").q).toBe("navy suit");
  });

  it("refuses a search longer than the limit, naming it", () => {
    expect(parse(`q=${"a".repeat(MAX_SEARCH_LENGTH)}`).q).toHaveLength(MAX_SEARCH_LENGTH);
    expect(problem(`q=${"a".repeat(MAX_SEARCH_LENGTH + 1)}`)).toBe(DISCOVERY_MESSAGES.searchTooLong);
    expect(DISCOVERY_MESSAGES.searchTooLong).toMatch(/Search/);
  });

  it("refuses an unknown sort, listing the sorts", () => {
    expect(problem("sort=cheapest")).toBe(DISCOVERY_MESSAGES.invalidSort);
    expect(DISCOVERY_MESSAGES.invalidSort).toContain("price-asc");
    expect(parse("sort=").sort).toBe("featured");
  });

  it("drops repeated and empty sizes and refuses long ones or too many", () => {
    expect(parse("size=M&size=M&size=&size=%2042R%20").filters.sizes).toEqual(["M", "42R"]);
    expect(problem(`size=${"X".repeat(21)}`)).toBe(DISCOVERY_MESSAGES.invalidSize);
    const many = Array.from({ length: MAX_FILTER_VALUES + 1 }, (_, i) => `size=${i}`).join("&");
    expect(problem(many)).toBe(DISCOVERY_MESSAGES.tooManyValues("size"));
  });

  it("reads colours as families: slugs, other spellings and shade names", () => {
    expect(parse("colour=gray&colour=grey&colour=navy&colour=Multicolour").filters.colours).toEqual(["gray", "blue", "multicolor"]);
    expect(problem("colour=plaid")).toBe(DISCOVERY_MESSAGES.unknownColour("plaid"));
  });

  it("reads prices as whole pounds into pence and refuses anything else", () => {
    expect(parse("min=0&max=15").filters).toMatchObject({ minPrice: 0, maxPrice: 1500 });
    expect(parse("min=&max=").filters).toMatchObject({ minPrice: null, maxPrice: null });
    for (const bad of ["min=-1", "min=1.5", "min=abc", "min=1e3", "min=100001"]) expect(problem(bad)).toBe(DISCOVERY_MESSAGES.invalidPrice("min"));
    expect(problem("max=ten")).toBe(DISCOVERY_MESSAGES.invalidPrice("max"));
    expect(problem("min=200&max=50")).toBe(DISCOVERY_MESSAGES.minAboveMax);
    // The pages put it right instead (the API keeps refusing it).
    expect(withPriceRangeInOrder(new URLSearchParams("q=navy&min=200&max=50"))?.toString()).toBe("q=navy&min=50&max=200");
    expect(withPriceRangeInOrder(new URLSearchParams("min=50&max=200"))).toBeNull();
    expect(withPriceRangeInOrder(new URLSearchParams("min=abc&max=20"))).toBeNull();
    expect(parse("min=50&max=50").filters).toMatchObject({ minPrice: 5000, maxPrice: 5000 });
  });

  it("reads the flags as 1/0 (and true/false) and refuses other values", () => {
    expect(parse("in-stock=1&sale=true").filters).toMatchObject({ inStock: true, onSale: true });
    expect(parse("in-stock=0&sale=").filters).toMatchObject({ inStock: false, onSale: false });
    expect(problem("in-stock=yes please")).toBe(DISCOVERY_MESSAGES.invalidFlag("in-stock"));
    expect(problem("sale=2")).toBe(DISCOVERY_MESSAGES.invalidFlag("sale"));
  });

  it("reads a page that is not a whole number of at least 1 as page 1, as the category page does", () => {
    for (const bad of ["page=0", "page=-2", "page=1.5", "page=x"]) expect(parse(bad).page).toBe(1);
    expect(parse("page=7").page).toBe(7);
  });

  it("ignores parameters it does not know", () => {
    expect(parse("utm_source=mail&category=suits&pageSize=24")).toEqual(parse(""));
  });
});

describe("discoverySearch", () => {
  it("is empty for the default view", () => {
    expect(discoverySearch({ q: "", sort: "featured", filters: EMPTY_FILTERS })).toBe("");
    expect(discoverySearch({ q: "  ", sort: "featured", filters: EMPTY_FILTERS, page: 1 })).toBe("");
  });

  it("writes the parameters in a stable order, colours in family order, page only past 1", () => {
    const search = discoverySearch({
      q: "navy suit",
      sort: "price-desc",
      filters: { sizes: ["L", "M"], colours: ["black", "blue"], minPrice: 5000, maxPrice: 20000, priceCurrency: "GBP", inStock: true, onSale: true },
      page: 2,
    });
    expect(search).toBe("?q=navy+suit&sort=price-desc&size=L&size=M&colour=blue&colour=black&min=50&max=200&in-stock=1&sale=1&page=2");
  });

  it("writes the currency of price bounds typed in cedis, and reads it back", () => {
    const filters = { ...EMPTY_FILTERS, minPrice: 150_000, maxPrice: 200_000, priceCurrency: "GHS" as const };
    expect(discoverySearch({ q: "", sort: "featured", filters })).toBe("?min=1500&max=2000&cur=GHS");
    expect(parse("min=1500&max=2000&cur=ghs").filters).toMatchObject({ minPrice: 150_000, priceCurrency: "GHS" });
    // Without a bound the currency means nothing and is dropped.
    expect(parse("cur=GHS").filters.priceCurrency).toBe("GBP");
    expect(parseDiscoveryQuery(new URLSearchParams("min=1&cur=EUR"))).toEqual({ ok: false, message: DISCOVERY_MESSAGES.invalidCurrency });
  });

  it("round-trips through parseDiscoveryQuery", () => {
    const query: DiscoveryQuery = {
      q: "blazr & co",
      sort: "newest",
      filters: { sizes: ["42R", "UK 9"], colours: ["gray", "multicolor"], minPrice: 0, maxPrice: null, priceCurrency: "GBP", inStock: false, onSale: true },
      page: 4,
    };
    expect(parse(discoverySearch(query).slice(1))).toEqual(query);
    expect(discoverySearch(parse(discoverySearch(query).slice(1)))).toBe(discoverySearch(query));
  });
});

describe("hasActiveFilters", () => {
  it("is false for no filters and true for each one", () => {
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, sizes: ["M"] })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, colours: ["red"] })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, minPrice: 0 })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, maxPrice: 100 })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, inStock: true })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, onSale: true })).toBe(true);
  });
});

describe("colour family slugs", () => {
  it("round-trips every family and labels each one", () => {
    for (const family of Object.keys(COLOUR_FAMILIES) as ColourFamily[]) {
      expect(colourFamilySlug(family)).toMatch(/^[a-z]+$/);
      expect(colourFamilyFromSlug(colourFamilySlug(family))).toBe(family);
      expect(COLOUR_FAMILY_LABELS[family]).not.toBe("");
    }
  });

  it("names the multicolour family as product colours are named (admin.md: 'Multi-color ... to Multicolor')", () => {
    expect(COLOUR_FAMILY_LABELS.multicolor).toBe(normaliseSuitColours(["Multi-color"])[0]);
  });

  it("answers null for a word that is no colour", () => {
    expect(colourFamilyFromSlug("")).toBeNull();
    expect(colourFamilyFromSlug("tweed")).toBeNull();
    expect(colourFamilyFromSlug("constructor")).toBeNull();
  });
});
