// The storefront discovery views the bench measures (issue 16), rendered on every request (page
// cache off): a search with a typo, the biggest category sorted by price, the same with two
// filters, and the search suggestions. `--discovery=pages` measures the HTML pages (/search,
// /category/...?sort=); `--discovery=api` the same views through GET /api/products. The default is
// the pages when the search page exists in the source, the API otherwise. The route names are the
// same either way, so the targets read the same.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { BIGGEST_CATEGORY, type CatalogueFacts } from "./catalogue.ts";
import type { Route } from "./load.ts";

export type DiscoveryTarget = "pages" | "api";
export const DEFAULT_DISCOVERY_TARGET: DiscoveryTarget = existsSync(fileURLToPath(new URL("../src/web/routes/search.tsx", import.meta.url))) ? "pages" : "api";

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
  return discoveryViews(facts).map((view) => {
    const path =
      view.kind === "suggestions"
        ? `/api/search/suggestions?${view.search}`
        : target === "pages"
          ? view.kind === "search"
            ? `/search?${view.search}`
            : `/category/${category}?${view.search}`
          : `/api/products?${view.kind === "category" ? `category=${category}&` : ""}${view.search}&pageSize=12`;
    return { name: view.name, path, mustContain: view.mustContain };
  });
}
