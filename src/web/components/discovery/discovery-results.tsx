import { discoverySearch, type DiscoveryQuery } from "../../../domain/discovery.ts";
import { categoryPage } from "../../../domain/messages/catalog.ts";
import { discoveryControls } from "../../../domain/messages/discovery.ts";
import type { DiscoveryFacets } from "../../../server/catalog/discovery.server.ts";
import type { StorefrontProduct } from "../../../server/catalog/storefront-product.server.ts";
import { PaginationNav } from "../pagination-nav.tsx";
import { NARROW_GRID, ProductGrid, ProductGridSkeleton } from "../product-grid.tsx";
import { DiscoveryLayout } from "./discovery-layout.tsx";
import { NoMatches } from "./no-matches.tsx";

type Props = {
  /** The listing's path without a query ("/category/suits", "/search"). */
  path: string;
  query: DiscoveryQuery;
  facets: DiscoveryFacets;
  products: StorefrontProduct[];
  total: number;
  page: number;
  pageCount: number;
  /** The listing's own 'Showing X - Y of N ...' line (it names the category or the search). */
  showing: string;
  /** Another view of this listing is on its way: the grid gives way to its skeleton. */
  loading: boolean;
};

/** A listing with its controls (category and search pages): skeleton, 'no matches', or the grid and its pages. */
export function DiscoveryResults({ path, query, facets, products, total, page, pageCount, showing, loading }: Props) {
  return (
    <DiscoveryLayout
      path={path}
      query={query}
      facets={facets}
      total={total}
      summary={
        total > 0 ? (
          <>
            <p>{showing}</p>
            <p>{categoryPage.pageOf(page, pageCount)}</p>
          </>
        ) : null
      }
    >
      {loading ? (
        <div className="mt-6">
          <ProductGridSkeleton className={NARROW_GRID} />
        </div>
      ) : total === 0 ? (
        <NoMatches path={path} query={query} />
      ) : (
        <>
          <div className="mt-6">
            {/* On a phone the filter column and its h2 are hidden: without this the cards' h3 titles follow the h1. */}
            <h2 className="sr-only">{discoveryControls.productsHeading}</h2>
            <ProductGrid products={products} priorityCount={4} className={NARROW_GRID} />
          </div>
          <PaginationNav page={page} pageCount={pageCount} hrefFor={(p) => `${path}${discoverySearch({ ...query, page: p })}`} />
        </>
      )}
    </DiscoveryLayout>
  );
}
