import { data, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import { categoryLabel, findCategory } from "../../domain/categories.ts";
import { CATEGORY_PAGE_COPY, categoryHeading } from "../../domain/category-page-copy.ts";
import { cart } from "../../domain/messages/cart.ts";
import { categoryPage } from "../../domain/messages/catalog.ts";
import { CATEGORY_PAGE_SIZE, showingRange } from "../../domain/pagination.ts";
import { listCategoryPage } from "../../server/catalog/catalog.server.ts";
import { PaginationNav } from "../components/pagination-nav.tsx";
import { ProductGrid, ProductGridSkeleton } from "../components/product-grid.tsx";
import { pageHead } from "../lib/seo.ts";
import type { Route } from "./+types/category";
import { appContext } from "../app-context.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const origin = (matches.find((m) => m?.id === "root")?.loaderData as { origin?: string } | undefined)?.origin;
  if (!loaderData) return pageHead({ title: categoryPage.errorLoading, noIndex: true });
  const { heading, blurb, path, page, known } = loaderData;
  return pageHead({
    title: page > 1 ? `${heading} (page ${page})` : heading,
    description: blurb ?? undefined,
    canonicalUrl: origin && known ? `${origin}${path}${page > 1 ? `?page=${page}` : ""}` : undefined,
    noIndex: !known,
  });
};

function requestedPage(url: URL): number {
  const raw = url.searchParams.get("page");
  const page = raw === null ? 1 : Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const category = findCategory(params.category);
  const page = requestedPage(url);
  // An unknown category shows the generic page with its empty state, answered 404 for crawlers.
  const result = category
    ? await listCategoryPage(context.get(appContext).db, { category: category.value, page, pageSize: CATEGORY_PAGE_SIZE })
    : { products: [], total: 0, page: 1, pageSize: CATEGORY_PAGE_SIZE, pageCount: 0 };
  if (result.pageCount > 0 && page > result.pageCount) {
    throw redirect(`${url.pathname}?page=${result.pageCount}`);
  }
  const body = {
    known: category !== null,
    heading: categoryHeading(category?.value ?? params.category),
    blurb: category ? CATEGORY_PAGE_COPY[category.value].blurb : null,
    label: category ? categoryLabel(category.value) : params.category,
    path: category ? `/category/${category.slug}` : url.pathname,
    products: result.products,
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
  };
  return category ? body : data(body, { status: 404 });
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { heading, blurb, label, path, products, total, page, pageCount } = loaderData;
  const navigation = useNavigation();
  const loadingListing = navigation.state === "loading" && navigation.location.pathname.startsWith("/category/");
  const { from, to } = showingRange(page, CATEGORY_PAGE_SIZE, total);
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <header className="max-w-3xl">
        <h1 className="font-serif text-3xl font-semibold sm:text-4xl">{heading}</h1>
        {blurb ? <p className="mt-3 text-brand-900/70">{blurb}</p> : null}
      </header>
      {loadingListing ? (
        <div className="mt-8">
          <ProductGridSkeleton />
        </div>
      ) : total === 0 ? (
        <section className="mt-12 rounded-lg border border-dashed border-brand-100 px-6 py-16 text-center">
          <h2 className="text-xl font-semibold">{categoryPage.noneFound(label)}</h2>
          <p className="mt-2 text-brand-900/70">{categoryPage.checkBackSoon}</p>
          <Link to="/" className="mt-6 inline-block rounded-md bg-brand-900 px-5 py-2.5 text-sm font-medium text-white hover:bg-black">
            {cart.continueShopping}
          </Link>
        </section>
      ) : (
        <>
          <div className="mt-6 flex flex-wrap items-baseline justify-between gap-2 text-sm text-brand-900/70">
            <p>{categoryPage.showingProducts(from, to, total, label)}</p>
            <p>{categoryPage.pageOf(page, pageCount)}</p>
          </div>
          <div className="mt-6">
            <ProductGrid products={products} priorityCount={4} />
          </div>
          <PaginationNav page={page} pageCount={pageCount} hrefFor={(p) => (p === 1 ? path : `${path}?page=${p}`)} />
        </>
      )}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (import.meta.env.DEV && !isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center" role="alert">
      <h1 className="text-xl font-semibold">{categoryPage.errorLoading}</h1>
      <button type="button" onClick={() => window.location.reload()} className="mt-6 rounded-md bg-brand-900 px-5 py-2.5 text-sm font-medium text-white">
        Try again
      </button>
    </main>
  );
}
