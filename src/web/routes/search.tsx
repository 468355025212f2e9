import { Search } from "../components/icons/search.tsx";
import { data, Form, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import { CATEGORIES } from "../../domain/categories.ts";
import { discoverySearch, hasActiveFilters, parseDiscoveryQuery, withPriceRangeInOrder } from "../../domain/discovery.ts";
import { categoryPage } from "../../domain/messages/catalog.ts";
import { discoveryControls, searchPage } from "../../domain/messages/discovery.ts";
import { headerSearch } from "../../domain/messages/layout.ts";
import { CATEGORY_PAGE_SIZE, showingRange } from "../../domain/pagination.ts";
import { discoverProducts } from "../../server/catalog/discovery.server.ts";
import { DiscoveryResults } from "../components/discovery/discovery-results.tsx";
import { pageHead, rootHead } from "../lib/seo.ts";
import type { Route } from "./+types/search";
import { appContext } from "../app-context.ts";

const PATH = "/search";

// Search results are never indexed: endless combinations of text, and thin copies of the
// category pages (which are).
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const q = loaderData?.query.q ?? "";
  const page = loaderData?.page ?? 1;
  const title = q === "" ? searchPage.title : `${searchPage.resultsHeading(q)}${page > 1 ? ` (page ${page})` : ""}`;
  return pageHead({ title, noIndex: true }, rootHead(matches).shopName);
};

export async function loader({ url, context }: Route.LoaderArgs) {
  const inOrder = withPriceRangeInOrder(url.searchParams);
  if (inOrder) throw redirect(`${PATH}?${inOrder}`, 301);
  const parsed = parseDiscoveryQuery(url.searchParams);
  if (!parsed.ok) throw data({ message: parsed.message }, { status: 400 });
  const { query } = parsed;
  // No text yet: the page asks for some and offers the categories, it does not list the shop.
  if (query.q === "") return { query, products: [], total: 0, page: 1, pageCount: 0, facets: null };
  const app = context.get(appContext);
  const result = await discoverProducts(app.db, { category: null, query, pageSize: CATEGORY_PAGE_SIZE, cache: app.discoveryCache });
  if (result.pageCount > 0 && query.page > result.pageCount) {
    throw redirect(`${PATH}${discoverySearch({ ...query, page: result.pageCount })}`);
  }
  return { query, products: result.products, total: result.total, page: result.page, pageCount: result.pageCount, facets: result.facets };
}

function CategoryLinks() {
  return (
    <ul className="mt-5 flex flex-wrap justify-center gap-2">
      {CATEGORIES.map((category) => (
        <li key={category.value}>
          <Link to={`/category/${category.slug}`} className="inline-block rounded-full border border-brand-100 px-4 py-1.5 text-sm hover:border-brand-900">
            {category.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The page's own search box: on a phone the header's is behind the menu (on a wide screen, with results, the header's is enough). */
function SearchAgain({ q, className = "" }: { q: string; className?: string }) {
  return (
    <Form method="get" action={PATH} role="search" className={`mt-5 flex max-w-xl gap-2 ${className}`}>
      <label htmlFor="search-page-q" className="sr-only">
        {headerSearch.label}
      </label>
      <div className="relative flex-1">
        <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-brand-900/60" />
        <input
          key={q}
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          enterKeyHint="search"
          className="h-11 w-full rounded-md border border-brand-100 pl-9 pr-3 text-base focus:border-brand-900 focus:outline-none"
        />
      </div>
      <button type="submit" className="h-11 rounded-md bg-brand-900 px-5 text-sm font-semibold text-white hover:bg-black">
        {headerSearch.submit}
      </button>
    </Form>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, products, total, page, pageCount, facets } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === PATH;
  const { from, to } = showingRange(page, CATEGORY_PAGE_SIZE, total);
  const q = query.q;

  if (q === "" || !facets) {
    return (
      <main className="mx-auto max-w-7xl px-4 py-8">
        <h1 className="font-serif text-3xl font-semibold sm:text-4xl">{searchPage.heading}</h1>
        <SearchAgain q="" />
        <section className="mt-10 rounded-lg border border-dashed border-brand-100 px-6 py-12 text-center">
          <p className="text-brand-900/70">{searchPage.prompt}</p>
          <CategoryLinks />
        </section>
      </main>
    );
  }

  // Nothing matches the text itself (not merely the filters): suggest the categories instead.
  const nothingAtAll = total === 0 && !loading && !hasActiveFilters(query.filters);

  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="font-serif text-3xl font-semibold sm:text-4xl">{searchPage.resultsHeading(q)}</h1>
      <SearchAgain q={q} className="md:hidden" />
      {nothingAtAll ? (
        <section className="mt-10 rounded-lg border border-dashed border-brand-100 px-6 py-12 text-center">
          <h2 className="text-xl font-semibold">{searchPage.noResults(q)}</h2>
          <p className="mt-2 text-brand-900/70">{searchPage.noResultsHint}</p>
          <CategoryLinks />
        </section>
      ) : (
        <DiscoveryResults
          path={PATH}
          query={query}
          facets={facets}
          products={products}
          total={total}
          page={page}
          pageCount={pageCount}
          showing={searchPage.showingResults(from, to, total, q)}
          loading={loading}
        />
      )}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error) && error.status === 400 ? (error.data as { message?: string } | undefined)?.message : undefined;
  if (import.meta.env.DEV && !isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center" role="alert">
      <h1 className="text-xl font-semibold">{message ? discoveryControls.invalidView : categoryPage.errorLoading}</h1>
      {message ? <p className="mt-3 text-brand-900/70">{message}</p> : null}
      <Link to={PATH} className="mt-6 inline-block rounded-md bg-brand-900 px-5 py-2.5 text-sm font-medium text-white hover:bg-black">
        {searchPage.searchAgain}
      </Link>
    </main>
  );
}
