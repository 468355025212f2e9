// The storefront discovery views the bench measures (issue 16), rendered on every request (page
// cache off): a search with a typo, the biggest category sorted by price, the same with two
// filters, and the search suggestions. The targets are judged on the JSON API (GET /api/products,
// GET /api/search/suggestions), whose rows carry the target names below. The HTML pages (/search,
// /category/...?sort=) are measured beside them for information, as "... (HTML)" rows without a
// target: a storefront page rendered on every request costs about 9 ms of CPU on this 2-core
// machine, so at 20 connections its p99 is hundreds of milliseconds whatever the queries cost.
// `--discovery=api` leaves the HTML rows out.
import { BIGGEST_CATEGORY, type CatalogueFacts } from "./catalogue.ts";
import type { Route } from "./load.ts";

export type DiscoveryTarget = "both" | "api";
export const DEFAULT_DISCOVERY_TARGET: DiscoveryTarget = "both";

/** The suffix of an HTML row's name: measured for information, never judged. */
export const HTML_ROW = " (HTML)";

/** Route names and their p99 targets at the big catalogue (issue 16). */
export const DISCOVERY_TARGETS: Readonly<Record<string, number>> = {
  search: 50,
  "category by price": 50,
  "category 2 filters": 50,
  suggestions: 30,
};

export type DiscoveryView = { name: string; kind: "search" | "category" | "suggestions"; search: string; mustContain: string };

// "blazr": the typo a shopper makes; every catalogue size has the seed's Hartley Navy Hopsack Blazer.
const SEARCH = { q: "navy blazr", shows: "Hopsack Blazer" };

export function discoveryViews(facts: CatalogueFacts): DiscoveryView[] {
  const filters = new URLSearchParams({ size: facts.twoFilters.size, colour: facts.twoFilters.colour }).toString();
  return [
    { name: "search", kind: "search", search: new URLSearchParams({ q: SEARCH.q }).toString(), mustContain: SEARCH.shows },
    { name: "category by price", kind: "category", search: "sort=price-asc", mustContain: facts.cheapestInBiggestId },
    { name: "category 2 filters", kind: "category", search: filters, mustContain: facts.twoFilters.newestId },
    { name: "suggestions", kind: "suggestions", search: new URLSearchParams({ q: "navy bla" }).toString(), mustContain: "Blazer" },
  ];
}

export function discoveryRoutes(facts: CatalogueFacts, target: DiscoveryTarget): Route[] {
  const category = encodeURIComponent(BIGGEST_CATEGORY);
  const views = discoveryViews(facts);
  const api = views.map((view) => {
    const path =
      view.kind === "suggestions"
        ? `/api/search/suggestions?${view.search}`
        : `/api/products?${view.kind === "category" ? `category=${category}&` : ""}${view.search}&pageSize=12`;
    return { name: view.name, path, mustContain: view.mustContain };
  });
  if (target === "api") return api;
  const pages = views
    .filter((view) => view.kind !== "suggestions")
    .map((view) => ({
      name: view.name + HTML_ROW,
      path: view.kind === "search" ? `/search?${view.search}` : `/category/${category}?${view.search}`,
      mustContain: view.mustContain,
    }));
  return [...api, ...pages];
}
