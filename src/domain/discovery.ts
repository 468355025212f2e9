// Storefront discovery (search, sort and filters on the category and search pages, issue 16; an
// addition beyond the spec, docs/deviations.md). The URL is the state of a view: this module reads
// it (parseDiscoveryQuery) and writes it back in one canonical form (discoverySearch), so a link, a
// reload or a crawler gets the same page, and the API takes the same parameters as the pages.

import { colourFamily, COLOUR_FAMILIES, type ColourFamily } from "./colours.ts";
import { CURRENCIES, type Currency } from "./money.ts";

export type SortValue = "featured" | "newest" | "price-asc" | "price-desc";

export const SORT_OPTIONS: readonly { value: SortValue; label: string }[] = [
  { value: "featured", label: "Featured" },
  { value: "newest", label: "Newest" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
];

export const DEFAULT_SORT: SortValue = "featured";

export type DiscoveryFilters = {
  /** Exact size strings as sold ("M", "40R", "UK 9"); URL: size=M&size=L. */
  sizes: string[];
  /** URL: colour=blue&colour=black (a family's slug). */
  colours: ColourFamily[];
  /** Minor units of `priceCurrency` (pence, or pesewas), at the price the shopper pays; URL: min=50 (whole units). */
  minPrice: number | null;
  /** Minor units of `priceCurrency`, at the price the shopper pays; URL: max=200 (whole units). */
  maxPrice: number | null;
  /**
   * The currency the price bounds were typed in: the shopper's display currency, so a shopper who
   * sees cedis filters in cedis; URL: cur=GHS, written with a bound only (GBP, the default, is not
   * written). The server turns cedi bounds into pence at the shop's rate for the query.
   */
  priceCurrency: Currency;
  /** URL: in-stock=1. */
  inStock: boolean;
  /** URL: sale=1. */
  onSale: boolean;
};

export type DiscoveryQuery = { q: string; sort: SortValue; filters: DiscoveryFilters; page: number };

export const EMPTY_FILTERS: DiscoveryFilters = Object.freeze({
  sizes: Object.freeze([]) as unknown as string[],
  colours: Object.freeze([]) as unknown as ColourFamily[],
  minPrice: null,
  maxPrice: null,
  priceCurrency: "GBP",
  inStock: false,
  onSale: false,
}) as DiscoveryFilters;

/** The longest search text taken, in characters (a product name is at most a few words). */
export const MAX_SEARCH_LENGTH = 100;
/** How many sizes or colours one view may select; more is not a shopper but a crafted URL. */
export const MAX_FILTER_VALUES = 20;
/** The longest size string taken (sizes as sold are short: "XL", "42R", "UK 10.5"). */
export const MAX_SIZE_LENGTH = 20;
/** The highest price bound taken, in whole pounds. */
export const MAX_PRICE_POUNDS = 100_000;
/** The shortest search text the suggestions answer (one letter matches half the shop). */
export const MIN_SUGGESTION_LENGTH = 2;

/** The URL parameter names, in the canonical order discoverySearch writes them. */
export const DISCOVERY_PARAMS = {
  q: "q",
  sort: "sort",
  size: "size",
  colour: "colour",
  min: "min",
  max: "max",
  currency: "cur",
  inStock: "in-stock",
  sale: "sale",
  page: "page",
} as const;

/** Shopper-readable answers to a URL the server cannot read (the API answers them with 400). */
export const DISCOVERY_MESSAGES = {
  searchTooLong: `Search must be at most ${MAX_SEARCH_LENGTH} characters`,
  invalidSort: `Sort must be one of ${SORT_OPTIONS.map((option) => option.value).join(", ")}`,
  invalidSize: `Size must be at most ${MAX_SIZE_LENGTH} characters`,
  tooManyValues: (name: string): string => `Choose at most ${MAX_FILTER_VALUES} values for ${name}`,
  unknownColour: (value: string): string => `Colour must be a colour family, such as blue or black (got "${value}")`,
  invalidPrice: (name: "min" | "max"): string =>
    `${name === "min" ? "Minimum" : "Maximum"} price (${name}) must be a whole number of pounds (of cedis with cur=GHS) from 0 to ${MAX_PRICE_POUNDS}`,
  minAboveMax: "Minimum price (min) must not be more than the maximum price (max)",
  invalidCurrency: "The price currency (cur) must be GBP or GHS",
  invalidFlag: (name: string): string => `${name} must be 1 or 0`,
} as const;

export function isSortValue(value: string): value is SortValue {
  return SORT_OPTIONS.some((option) => option.value === value);
}

/** Families in the order filters list them (the order of COLOUR_FAMILIES). */
export const COLOUR_FAMILY_ORDER: readonly ColourFamily[] = Object.keys(COLOUR_FAMILIES) as ColourFamily[];

/** A family's name as the filters show it (British spelling: the shop is in the UK). */
export const COLOUR_FAMILY_LABELS: Readonly<Record<ColourFamily, string>> = {
  red: "Red",
  blue: "Blue",
  green: "Green",
  yellow: "Yellow",
  orange: "Orange",
  purple: "Purple",
  pink: "Pink",
  black: "Black",
  white: "White",
  gray: "Grey",
  brown: "Brown",
  gold: "Gold",
  silver: "Silver",
  // The spec's own spelling, which product colours carry too ("Colour: Multicolor" on the page).
  multicolor: "Multicolor",
};

/** The family's URL value: its own lower-case name ("blue", "gray", "multicolor"). */
export function colourFamilySlug(family: ColourFamily): string {
  return family;
}

/**
 * The family a URL value names: its slug, or any colour name we know ("grey", "navy",
 * "multicolour"), so a hand-typed URL works too; null for anything else.
 */
export function colourFamilyFromSlug(slug: string): ColourFamily | null {
  const key = slug.trim().toLowerCase();
  if (key === "") return null;
  if (Object.hasOwn(COLOUR_FAMILIES, key)) return key as ColourFamily;
  return colourFamily(key);
}

export function hasActiveFilters(filters: DiscoveryFilters): boolean {
  return (
    filters.sizes.length > 0 ||
    filters.colours.length > 0 ||
    filters.minPrice !== null ||
    filters.maxPrice !== null ||
    filters.inStock ||
    filters.onSale
  );
}

/** Search text as matched: surrounding and repeated white space dropped. */
export function normaliseSearchText(q: string): string {
  return q.replace(/\s+/g, " ").trim();
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

function readFlag(params: URLSearchParams, name: string): boolean | null {
  const raw = params.get(name);
  if (raw === null) return false;
  const value = raw.trim().toLowerCase();
  if (value === "1" || value === "true" || value === "on") return true;
  if (value === "0" || value === "false" || value === "") return false;
  return null;
}

function readPounds(params: URLSearchParams, name: "min" | "max"): { ok: true; pence: number | null } | { ok: false } {
  const raw = params.get(name);
  if (raw === null || raw.trim() === "") return { ok: true, pence: null };
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return { ok: false };
  const pounds = Number(text);
  if (!Number.isSafeInteger(pounds) || pounds > MAX_PRICE_POUNDS) return { ok: false };
  return { ok: true, pence: pounds * 100 };
}

/**
 * The same view with a price range typed the wrong way round put right (min 300, max 100 is 100 to
 * 300), or null when it needs nothing: the pages swap it as their filter form does in the browser,
 * so it works before JavaScript too; the JSON API still refuses it.
 */
export function withPriceRangeInOrder(params: URLSearchParams): URLSearchParams | null {
  const min = readPounds(params, "min");
  const max = readPounds(params, "max");
  if (!min.ok || !max.ok || min.pence === null || max.pence === null || min.pence <= max.pence) return null;
  const fixed = new URLSearchParams(params);
  fixed.set("min", params.get("max")!.trim());
  fixed.set("max", params.get("min")!.trim());
  return fixed;
}

/**
 * Reads a view from its URL. Unknown parameters are ignored (tracking tags, the API's own
 * category and pageSize). The page follows the category page's rule: anything but a whole number
 * of at least 1 is page 1 (the API checks it more strictly itself).
 */
export function parseDiscoveryQuery(
  params: URLSearchParams,
): { ok: true; query: DiscoveryQuery } | { ok: false; message: string } {
  const q = normaliseSearchText(params.get(DISCOVERY_PARAMS.q) ?? "");
  if (q.length > MAX_SEARCH_LENGTH) return { ok: false, message: DISCOVERY_MESSAGES.searchTooLong };

  const rawSort = (params.get(DISCOVERY_PARAMS.sort) ?? "").trim();
  if (rawSort !== "" && !isSortValue(rawSort)) return { ok: false, message: DISCOVERY_MESSAGES.invalidSort };
  const sort: SortValue = rawSort === "" ? DEFAULT_SORT : (rawSort as SortValue);

  const sizes = unique(params.getAll(DISCOVERY_PARAMS.size).map((s) => s.trim()).filter((s) => s !== ""));
  if (sizes.some((s) => s.length > MAX_SIZE_LENGTH)) return { ok: false, message: DISCOVERY_MESSAGES.invalidSize };
  if (sizes.length > MAX_FILTER_VALUES) return { ok: false, message: DISCOVERY_MESSAGES.tooManyValues("size") };

  const colours: ColourFamily[] = [];
  const rawColours = params.getAll(DISCOVERY_PARAMS.colour).filter((c) => c.trim() !== "");
  if (rawColours.length > MAX_FILTER_VALUES) return { ok: false, message: DISCOVERY_MESSAGES.tooManyValues("colour") };
  for (const raw of rawColours) {
    const family = colourFamilyFromSlug(raw);
    if (family === null) return { ok: false, message: DISCOVERY_MESSAGES.unknownColour(raw.trim().slice(0, 30)) };
    if (!colours.includes(family)) colours.push(family);
  }

  const min = readPounds(params, "min");
  if (!min.ok) return { ok: false, message: DISCOVERY_MESSAGES.invalidPrice("min") };
  const max = readPounds(params, "max");
  if (!max.ok) return { ok: false, message: DISCOVERY_MESSAGES.invalidPrice("max") };
  if (min.pence !== null && max.pence !== null && min.pence > max.pence) return { ok: false, message: DISCOVERY_MESSAGES.minAboveMax };

  const rawCurrency = (params.get(DISCOVERY_PARAMS.currency) ?? "").trim().toUpperCase();
  if (rawCurrency !== "" && !(CURRENCIES as readonly string[]).includes(rawCurrency)) return { ok: false, message: DISCOVERY_MESSAGES.invalidCurrency };
  const priceCurrency: Currency = min.pence === null && max.pence === null ? "GBP" : ((rawCurrency || "GBP") as Currency);

  const inStock = readFlag(params, DISCOVERY_PARAMS.inStock);
  if (inStock === null) return { ok: false, message: DISCOVERY_MESSAGES.invalidFlag(DISCOVERY_PARAMS.inStock) };
  const onSale = readFlag(params, DISCOVERY_PARAMS.sale);
  if (onSale === null) return { ok: false, message: DISCOVERY_MESSAGES.invalidFlag(DISCOVERY_PARAMS.sale) };

  const rawPage = params.get(DISCOVERY_PARAMS.page);
  const pageNumber = rawPage === null ? 1 : Number(rawPage);
  const page = Number.isSafeInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;

  return {
    ok: true,
    query: {
      q,
      sort,
      filters: { sizes, colours, minPrice: min.pence, maxPrice: max.pence, priceCurrency, inStock, onSale },
      page,
    },
  };
}

function pounds(pence: number): string {
  return String(Math.floor(pence / 100));
}

/**
 * The canonical query string of a view: "" when everything is default, otherwise "?" and the
 * parameters in DISCOVERY_PARAMS order, defaults omitted, sizes in the order given and colours in
 * family order, page omitted when 1.
 */
export function discoverySearch(query: Pick<DiscoveryQuery, "q" | "sort" | "filters"> & { page?: number }): string {
  const params = new URLSearchParams();
  const q = normaliseSearchText(query.q);
  if (q !== "") params.append(DISCOVERY_PARAMS.q, q);
  if (query.sort !== DEFAULT_SORT) params.append(DISCOVERY_PARAMS.sort, query.sort);
  for (const size of unique(query.filters.sizes)) params.append(DISCOVERY_PARAMS.size, size);
  for (const family of COLOUR_FAMILY_ORDER) {
    if (query.filters.colours.includes(family)) params.append(DISCOVERY_PARAMS.colour, colourFamilySlug(family));
  }
  if (query.filters.minPrice !== null) params.append(DISCOVERY_PARAMS.min, pounds(query.filters.minPrice));
  if (query.filters.maxPrice !== null) params.append(DISCOVERY_PARAMS.max, pounds(query.filters.maxPrice));
  const bounded = query.filters.minPrice !== null || query.filters.maxPrice !== null;
  if (bounded && query.filters.priceCurrency !== "GBP") params.append(DISCOVERY_PARAMS.currency, query.filters.priceCurrency);
  if (query.filters.inStock) params.append(DISCOVERY_PARAMS.inStock, "1");
  if (query.filters.onSale) params.append(DISCOVERY_PARAMS.sale, "1");
  if (query.page !== undefined && query.page > 1) params.append(DISCOVERY_PARAMS.page, String(query.page));
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}
