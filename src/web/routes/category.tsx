import { data, isRouteErrorResponse, Link, redirect, useLocation, useNavigation, type MetaDescriptor } from "react-router";
import { categoryLabel, findCategory } from "../../domain/categories.ts";
import { CATEGORY_PAGE_COPY, categoryHeading } from "../../domain/category-page-copy.ts";
import { discoverySearch, EMPTY_FILTERS, hasActiveFilters, parseDiscoveryQuery, withPriceRangeInOrder, type DiscoveryQuery } from "../../domain/discovery.ts";
import { cart } from "../../domain/messages/cart.ts";
import { categoryPage } from "../../domain/messages/catalog.ts";
import { discoveryControls } from "../../domain/messages/discovery.ts";
import { CATEGORY_PAGE_SIZE, showingRange } from "../../domain/pagination.ts";
import { discoverProducts, type DiscoveryFacets } from "../../server/catalog/discovery.server.ts";
import { categoryHeadTags } from "../../server/seo/page-heads.server.ts";
import { readStoredShopSettings } from "../../server/settings/shop-settings.server.ts";
import { DiscoveryResults } from "../components/discovery/discovery-results.tsx";
import { RefreshPageLink } from "../components/error-screens.tsx";
import { ProductGridSkeleton } from "../components/product-grid.tsx";
import { pageHead, rootHead } from "../lib/seo.ts";
import type { Route } from "./+types/category";
import { appContext } from "../app-context.ts";

/** Whether a view is the category as it is listed by default: no filter, the featured order. */
function isDefaultView(query: Pick<DiscoveryQuery, "sort" | "filters">): boolean {
  return query.sort === "featured" && !hasActiveFilters(query.filters);
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const { origin, shopName } = rootHead(matches);
  if (!loaderData) {
    const invalid = isRouteErrorResponse(error) && error.status === 400;
    return pageHead({ title: invalid ? discoveryControls.invalidView : categoryPage.errorLoading, noIndex: true }, shopName);
  }
  const { heading, blurb, path, page, known, query } = loaderData;
  // A sorted or filtered view is the category's own page rearranged: search engines are pointed
  // at the category itself rather than at every combination of filters.
  const canonicalPath = isDefaultView(query) && page > 1 ? `${path}?page=${page}` : path;
  return pageHead({
    title: page > 1 ? `${heading} (page ${page})` : heading,
    description: blurb ?? undefined,
    canonicalUrl: origin && known ? `${origin}${canonicalPath}` : undefined,
    tags: loaderData.headTags,
    noIndex: !known,
  }, shopName);
};

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const category = findCategory(params.category);
  // An unknown category shows the generic page with its empty state, answered 404 for crawlers.
  if (!category) {
    return data(
      {
        known: false,
        heading: categoryHeading(params.category),
        blurb: null,
        label: params.category,
        path: url.pathname,
        products: [],
        total: 0,
        page: 1,
        pageCount: 0,
        query: { q: "", sort: "featured", filters: EMPTY_FILTERS, page: 1 } satisfies DiscoveryQuery as DiscoveryQuery,
        facets: null as DiscoveryFacets | null,
        headTags: undefined as MetaDescriptor[] | undefined,
      },
      { status: 404 },
    );
  }
  const path = `/category/${category.slug}`;
  // An alias (`traditional-wear`, `SUITS`) is the same page at the address the shop links to.
  if (encodeURIComponent(params.category) !== category.slug) throw redirect(`${path}${url.search}`, 301);
  const inOrder = withPriceRangeInOrder(url.searchParams);
  if (inOrder) throw redirect(`${path}?${inOrder}`, 301);
  const parsed = parseDiscoveryQuery(url.searchParams);
  if (!parsed.ok) throw data({ message: parsed.message, path, label: categoryLabel(category.value) }, { status: 400 });
  // The category page has no search box of its own: a stray q does not narrow it.
  const query: DiscoveryQuery = { ...parsed.query, q: "" };
  const app = context.get(appContext);
  const [result, shop] = await Promise.all([
    discoverProducts(app.db, { category: category.value, query, pageSize: CATEGORY_PAGE_SIZE, cache: app.discoveryCache }),
    readStoredShopSettings(app.db),
  ]);
  if (result.pageCount > 0 && query.page > result.pageCount) {
    throw redirect(`${path}${discoverySearch({ ...query, page: result.pageCount })}`);
  }
  return {
    known: true,
    heading: categoryHeading(category.value),
    blurb: CATEGORY_PAGE_COPY[category.value].blurb as string | null,
    label: categoryLabel(category.value),
    path,
    products: result.products,
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
    query,
    facets: result.facets as DiscoveryFacets | null,
    // The first product's share picture and the breadcrumbs, written here (server code only).
    headTags: categoryHeadTags(category.value, result.products[0], app.config.publicUrl, shop.shopName) as MetaDescriptor[] | undefined,
  };
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { heading, blurb, label, path, products, total, page, pageCount, query, facets } = loaderData;
  const navigation = useNavigation();
  const loadingListing = navigation.state === "loading" && navigation.location.pathname.startsWith("/category/");
  const { from, to } = showingRange(page, CATEGORY_PAGE_SIZE, total);
  const filtered = hasActiveFilters(query.filters);

  const header = (
    <header className="max-w-3xl">
      <h1 className="font-serif text-3xl font-semibold sm:text-4xl">{heading}</h1>
      {blurb ? <p className="mt-3 text-brand-900/70">{blurb}</p> : null}
    </header>
  );

  // A category with nothing in it at all (or an unknown one): the page as it always was.
  if (!facets || (total === 0 && !filtered && !loadingListing)) {
    return (
      <main className="mx-auto max-w-7xl px-4 py-8">
        {header}
        {loadingListing ? (
          <div className="mt-8">
            <ProductGridSkeleton />
          </div>
        ) : (
          <section className="mt-12 rounded-lg border border-dashed border-brand-100 px-6 py-16 text-center">
            <h2 className="text-xl font-semibold">{categoryPage.noneFound(label)}</h2>
            <p className="mt-2 text-brand-900/70">{categoryPage.checkBackSoon}</p>
            <Link to="/" className="mt-6 inline-block rounded-md bg-brand-900 px-5 py-2.5 text-sm font-medium text-white hover:bg-black">
              {cart.continueShopping}
            </Link>
          </section>
        )}
      </main>
    );
  }

  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      {header}
      <DiscoveryResults
        path={path}
        query={query}
        facets={facets}
        products={products}
        total={total}
        page={page}
        pageCount={pageCount}
        showing={categoryPage.showingProducts(from, to, total, label)}
        loading={loadingListing}
      />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 400) {
    const problem = error.data as { message?: string; path?: string; label?: string } | undefined;
    return (
      <main className="mx-auto max-w-xl px-4 py-24 text-center" role="alert">
        <h1 className="text-xl font-semibold">{discoveryControls.invalidView}</h1>
        {problem?.message ? <p className="mt-3 text-brand-900/70">{problem.message}</p> : null}
        <Link to={problem?.path ?? location.pathname} className="mt-6 inline-block rounded-md bg-brand-900 px-5 py-2.5 text-sm font-medium text-white hover:bg-black">
          {discoveryControls.backToUnfiltered(problem?.label ?? categoryPage.genericHeading)}
        </Link>
      </main>
    );
  }
  if (import.meta.env.DEV && !isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center" role="alert">
      <h1 className="text-xl font-semibold">{categoryPage.errorLoading}</h1>
      <RefreshPageLink className="mt-6 inline-block rounded-md bg-brand-900 px-5 py-2.5 text-sm font-medium text-white">Try again</RefreshPageLink>
    </main>
  );
}
