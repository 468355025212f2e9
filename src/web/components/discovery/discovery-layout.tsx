import type { ReactNode } from "react";
import { hasActiveFilters, type DiscoveryQuery } from "../../../domain/discovery.ts";
import { discoveryControls } from "../../../domain/messages/discovery.ts";
import type { DiscoveryFacets } from "../../../server/catalog/discovery.server.ts";
import { ActiveFilters, filterChips } from "./active-filters.tsx";
import { FilterDrawer } from "./filter-drawer.tsx";
import { FilterPanel } from "./filter-panel.tsx";
import { SortSelect } from "./sort-select.tsx";
import { useDiscoveryView } from "./use-discovery-view.ts";

/** The id of the results line: focus lands there when the control that had it disappears. */
export const RESULTS_STATUS_ID = "discovery-results-status";

type Props = {
  /** The listing's path without a query ("/category/suits", "/search"). */
  path: string;
  /** The view the loader answered. */
  query: DiscoveryQuery;
  facets: DiscoveryFacets;
  total: number;
  /** 'Showing X - Y of N ...' and the page-of text: read out when a filter changes the result. */
  summary: ReactNode;
  children: ReactNode;
};

/**
 * Sort, filters and active-filter chips around a listing (category and search pages). On a wide
 * screen the filters are a column beside the grid; on a phone (below the shop's `md` breakpoint)
 * they are in a drawer behind a 'Filters' button.
 */
export function DiscoveryLayout({ path, query, facets, total, summary, children }: Props) {
  const { shown, loading, hrefFor, show } = useDiscoveryView(path, query);
  const panel = (idPrefix: string) => <FilterPanel idPrefix={idPrefix} path={path} query={shown} facets={facets} onChange={show} />;
  return (
    <div className="mt-8 md:grid md:grid-cols-[13.5rem_minmax(0,1fr)] md:gap-10">
      <aside aria-labelledby="filter-column-title" className="hidden md:block">
        <h2 id="filter-column-title" className="mb-4 text-base font-semibold">
          {discoveryControls.filters}
        </h2>
        {panel("filters")}
      </aside>
      <div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <FilterDrawer activeCount={hasActiveFilters(shown.filters) ? filterChips(shown.filters).length : 0} total={total} loading={loading}>
            {panel("drawer")}
          </FilterDrawer>
          <div className="ml-auto">
            <SortSelect path={path} query={shown} onChange={show} />
          </div>
        </div>
        <ActiveFilters query={shown} hrefFor={hrefFor} />
        <div id={RESULTS_STATUS_ID} tabIndex={-1} aria-live="polite" className="mt-4 flex flex-wrap items-baseline justify-between gap-2 text-sm text-brand-900/70 focus:outline-none">
          {summary}
        </div>
        {children}
      </div>
    </div>
  );
}
