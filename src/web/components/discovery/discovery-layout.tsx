import { lazy, Suspense, type ReactNode } from "react";
import type { DiscoveryQuery } from "../../../domain/discovery.ts";
import { discoveryControls } from "../../../domain/messages/discovery.ts";
import type { DiscoveryFacets } from "../../../server/catalog/discovery.server.ts";
import { RESULTS_STATUS_ID, useDiscoveryView, type DiscoveryView, type ShowOptions } from "./use-discovery-view.ts";
import { EstimateNote } from "../estimate-note.tsx";

// The controls (filters, sort, chips, the drawer) are chunks of their own, loaded after the page's
// first JavaScript: the storefront's budget is 25 KB gzip and the listing alone is most of it.
// The server renders them into the HTML as usual (they work as plain GET forms and links before
// any JavaScript), and React hydrates each once its chunk has arrived.
// In the browser the chunks are asked for as soon as this module runs, alongside the hydration of
// the page, not when React reaches them: the moment a control is not yet live stays short. Each is
// asked for in a task of its own: asking adds a preload link per chunk it needs (about a
// millisecond each), and in this module's evaluation that work lengthened the page's longest task,
// the one that runs every module of the page.
const panelModule = () => import("./filter-panel.tsx");
const toolbarModule = () => import("./discovery-toolbar.tsx");
const chipsModule = () => import("./active-filters.tsx");
if (typeof document !== "undefined") {
  for (const load of [panelModule, toolbarModule, chipsModule]) setTimeout(() => void load().catch(() => {}), 0);
}
const FilterPanel = lazy(() => panelModule().then((module) => ({ default: module.FilterPanel })));
const DiscoveryToolbar = lazy(() => toolbarModule().then((module) => ({ default: module.DiscoveryToolbar })));
const ActiveFilters = lazy(() => chipsModule().then((module) => ({ default: module.ActiveFilters })));

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
  const panel = (idPrefix: string, onChange: (view: DiscoveryView, options?: ShowOptions) => void = show) => (
    <Suspense fallback={<p className="text-sm text-brand-900/60">{discoveryControls.loadingFilters}</p>}>
      <FilterPanel idPrefix={idPrefix} path={path} query={shown} facets={facets} onChange={onChange} />
    </Suspense>
  );
  // The drawer hides the page: whatever is changed in it, the page behind is brought to its heading
  // for when the drawer closes onto the result.
  const inDrawer = (view: DiscoveryView) => show(view, { revealHeading: true });
  return (
    <div className="mt-8 md:grid md:grid-cols-[13.5rem_minmax(0,1fr)] md:gap-10">
      <aside aria-labelledby="filter-column-title" className="hidden md:block">
        <h2 id="filter-column-title" className="mb-4 text-base font-semibold">
          {discoveryControls.filters}
        </h2>
        {panel("filters")}
      </aside>
      <div>
        <Suspense fallback={<div className="h-11 md:h-9" />}>
          <DiscoveryToolbar path={path} query={shown} total={total} loading={loading} onChange={show} panel={() => panel("drawer", inDrawer)} />
        </Suspense>
        <Suspense fallback={null}>
          <ActiveFilters query={shown} hrefFor={hrefFor} />
        </Suspense>
        <div id={RESULTS_STATUS_ID} tabIndex={-1} aria-live="polite" className="mt-4 flex flex-wrap items-baseline justify-between gap-2 text-sm text-brand-900/70 focus:outline-none">
          {summary}
        </div>
        <EstimateNote />
        {children}
      </div>
    </div>
  );
}
