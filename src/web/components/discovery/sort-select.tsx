import { useId } from "react";
import { isSortValue, SORT_OPTIONS, type DiscoveryQuery } from "../../../domain/discovery.ts";
import { discoveryControls } from "../../../domain/messages/discovery.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { readyMarker } from "./ready-marker.ts";
import type { DiscoveryView } from "./use-discovery-view.ts";

type Props = {
  path: string;
  query: DiscoveryQuery;
  onChange: (view: DiscoveryView) => void;
};

/**
 * Sort as a GET form: without JavaScript the shopper picks and presses Apply (the other parameters
 * ride along as hidden fields); with it, choosing an option shows the new order at once, from page 1.
 */
export function SortSelect({ path, query, onChange }: Props) {
  const id = useId();
  const hydrated = useHydrated();
  return (
    <form method="get" action={path} className="flex flex-wrap items-center gap-2 text-sm" {...readyMarker(hydrated)}>
      {/* On a phone the select's own text says enough; the label is still read out. */}
      <label htmlFor={id} className="sr-only text-brand-900/70 sm:not-sr-only">
        {discoveryControls.sortBy}
      </label>
      <select
        id={id}
        name="sort"
        value={query.sort}
        onChange={(event) => {
          const sort = event.currentTarget.value;
          if (isSortValue(sort)) onChange({ q: query.q, sort, filters: query.filters });
        }}
        className="h-11 rounded-md border border-brand-100 bg-white pl-2 pr-8 text-sm font-medium focus:border-brand-900 focus:outline-none md:h-9"
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <HiddenView query={query} omit="sort" />
      {hydrated ? null : (
        <button type="submit" className="h-11 rounded-md border border-brand-900 px-3 text-sm font-medium md:h-9">
          {discoveryControls.apply}
        </button>
      )}
    </form>
  );
}

/** The rest of the view as hidden fields, so a form without JavaScript keeps it. */
export function HiddenView({ query, omit }: { query: DiscoveryQuery; omit: "sort" | "filters" }) {
  const { q, sort, filters } = query;
  return (
    <>
      {q !== "" ? <input type="hidden" name="q" value={q} /> : null}
      {omit !== "sort" && sort !== "featured" ? <input type="hidden" name="sort" value={sort} /> : null}
      {omit !== "filters" ? (
        <>
          {filters.sizes.map((size) => (
            <input key={`size-${size}`} type="hidden" name="size" value={size} />
          ))}
          {filters.colours.map((colour) => (
            <input key={`colour-${colour}`} type="hidden" name="colour" value={colour} />
          ))}
          {filters.minPrice !== null ? <input type="hidden" name="min" value={Math.floor(filters.minPrice / 100)} /> : null}
          {filters.maxPrice !== null ? <input type="hidden" name="max" value={Math.floor(filters.maxPrice / 100)} /> : null}
          {(filters.minPrice !== null || filters.maxPrice !== null) && filters.priceCurrency !== "GBP" ? <input type="hidden" name="cur" value={filters.priceCurrency} /> : null}
          {filters.inStock ? <input type="hidden" name="in-stock" value="1" /> : null}
          {filters.onSale ? <input type="hidden" name="sale" value="1" /> : null}
        </>
      ) : null}
    </>
  );
}
