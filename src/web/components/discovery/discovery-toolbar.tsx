import { EMPTY_FILTERS, type DiscoveryQuery } from "../../../domain/discovery.ts";
import { filterChips } from "./active-filters.tsx";
import { FilterDrawer } from "./filter-drawer.tsx";
import { SortSelect } from "./sort-select.tsx";
import type { DiscoveryView } from "./use-discovery-view.ts";
import type { ReactNode } from "react";

type Props = {
  path: string;
  query: DiscoveryQuery;
  total: number;
  loading: boolean;
  onChange: (view: DiscoveryView) => void;
  /** The filters for the phone's drawer. */
  panel: () => ReactNode;
};

/** Above the grid: the phone's 'Filters' button (and its drawer) and the sort order. */
export function DiscoveryToolbar({ path, query, total, loading, onChange, panel }: Props) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <FilterDrawer
        activeCount={filterChips(query.filters).length}
        total={total}
        loading={loading}
        panel={panel}
        onClear={() => onChange({ q: query.q, sort: query.sort, filters: EMPTY_FILTERS })}
      />
      <div className="ml-auto">
        <SortSelect path={path} query={query} onChange={onChange} />
      </div>
    </div>
  );
}
