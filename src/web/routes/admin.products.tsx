// /admin/products (admin.md sections 2 "Admin Products page", 5, 7 "Products"): the catalogue
// newest first, filtered by category (All Categories by default), searched by name and paged on
// the server, all in the URL; cards with View, Edit and Delete (after a confirmation). A product
// that appears in orders is deactivated instead of deleted, and the confirmation says so.
import { FileSpreadsheet, Loader2, PackageSearch, Plus } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { ADMIN_CATEGORY_FILTERS, adminCategoryLabel } from "../../domain/admin/categories.ts";
import { ADMIN_SEARCH_MAX_LENGTH } from "../../domain/admin/order-filters.ts";
import { emptyProductsText, productFilterSearch, readProductFilter } from "../../domain/admin/product-filters.ts";
import { adminProductEditor, adminProducts } from "../../domain/messages/admin.ts";
import { requireAdminAction, requireAdminPage } from "../../server/admin/admin-guard.server.ts";
import { listAdminProducts } from "../../server/admin/products/admin-products.server.ts";
import { deleteOrDeactivateProduct } from "../../server/admin/products/product-changes.server.ts";
import { seedImportJobs } from "../../server/admin/imports/seed-import-admin.server.ts";
import { SeedImports } from "../components/admin/imports/seed-imports.tsx";
import { ProductUrlScraper } from "../components/admin/scraper/product-url-scraper.tsx";
import { AdminProductCard, useProductDeleteToasts } from "../components/admin/products/admin-product-card.tsx";
import { AdminFold } from "../components/admin/ui/admin-fold.tsx";
import { AdminPager } from "../components/admin/ui/admin-pager.tsx";
import { ViewLinks } from "../components/admin/ui/view-links.tsx";
import { adminButton, AdminSearchField, EmptyState, PageHeader } from "../components/admin/ui/admin-ui.tsx";
import { readAdminForm } from "../components/admin/admin-form.server.ts";
import { adminHead } from "../components/admin/admin-head.ts";
import type { Route } from "./+types/admin.products";
import { appContext, requestContext } from "../app-context.ts";

export const meta: Route.MetaFunction = ({ matches }) => adminHead(adminProducts.title, matches);

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireAdminPage(context.get(appContext), request, context.get(requestContext).setCookie);
  const filter = readProductFilter(url.searchParams);
  const db = context.get(appContext).db;
  const [result, importJobs] = await Promise.all([listAdminProducts(db, filter), seedImportJobs(db)]);
  // Imports still running (or the last bulk upload) come with the page, so their progress survives a reload.
  return { view: { category: filter.category, search: filter.search }, result, importJobs };
}

export type ProductDeleteAnswer = { ok: boolean; outcome: "deleted" | "deactivated" | null; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { admin, ended } = await requireAdminAction(app, request, context.get(requestContext).setCookie);
  if (ended) return ended;
  const { form, refusal } = await readAdminForm(request);
  const productId = form?.get("productId");
  if (refusal) return data<ProductDeleteAnswer>({ ok: false, outcome: null, message: refusal.message }, { status: 400 });
  if (form?.get("intent") !== "delete" || typeof productId !== "string") {
    return data<ProductDeleteAnswer>({ ok: false, outcome: null, message: adminProductEditor.deleteFailed }, { status: 400 });
  }
  const removed = await deleteOrDeactivateProduct(app, admin, productId);
  if (!removed) return data<ProductDeleteAnswer>({ ok: false, outcome: null, message: adminProductEditor.notFound }, { status: 404 });
  return data<ProductDeleteAnswer>({
    ok: true,
    outcome: removed.outcome,
    message: removed.outcome === "deleted" ? adminProductEditor.deleted : adminProductEditor.deactivated,
  });
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { view, result } = loaderData;
  useProductDeleteToasts();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/products";
  const from = (result.page - 1) * result.pageSize + 1;
  const to = from + result.items.length - 1;
  // Decided when the page opens, then the owner's: an import that ends (the shop now has products)
  // must not fold the tools away under them.
  const [bulkToolsOpen, setBulkToolsOpen] = useState(() => (result.total === 0 && !view.category && !view.search) || Object.keys(loaderData.importJobs.active).length > 0);

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <PageHeader title={adminProducts.title} badge={<span data-count-badge>{result.total}</span>} subtitle={adminProducts.subtitle}>
        <Link to="/admin/products/spreadsheet" className={adminButton.secondary}>
          <FileSpreadsheet aria-hidden className="h-4 w-4" />
          {adminProducts.spreadsheet}
        </Link>
        <Link to="/admin/products/new" className={adminButton.primary}>
          <Plus aria-hidden className="h-4 w-4" />
          {adminProducts.addProduct}
        </Link>
      </PageHeader>

      <Form method="get" role="search" className="flex gap-2">
        {view.category ? <input type="hidden" name="category" value={view.category} /> : null}
        <AdminSearchField label={adminProductEditor.searchLabel} placeholder={adminProductEditor.searchPlaceholder} value={view.search} maxLength={ADMIN_SEARCH_MAX_LENGTH} />
        <button type="submit" className={adminButton.secondary}>
          {adminProductEditor.search}
        </button>
      </Form>

      <ViewLinks
        label={adminProductEditor.categoryFilter}
        links={ADMIN_CATEGORY_FILTERS.map((value) => {
          const category = value === "all" ? null : value;
          return { key: value, to: `/admin/products${productFilterSearch({ category, search: view.search })}`, text: adminCategoryLabel(value), current: category === view.category };
        })}
      />

      {/* admin.md 2: above the grid, the Bulk Product Upload panel and the Product URL Scraper card.
          Folded away once the shop has products (an owner's daily screen is the grid), open while
          the shop is empty or an import runs. */}
      <AdminFold
        open={bulkToolsOpen}
        onOpenChange={setBulkToolsOpen}
        className="space-y-4"
        summaryClassName="rounded-lg border border-gray-200 bg-white px-4 py-3 text-gray-600 shadow-sm hover:bg-gray-50"
        summary={
          <>
            <span className="block text-sm font-semibold text-gray-900">{adminProducts.bulkToolsTitle}</span>
            <span className="block text-xs text-gray-600">{adminProducts.bulkToolsNote}</span>
          </>
        }
        data-bulk-tools
      >
        <SeedImports jobs={loaderData.importJobs} />
        <ProductUrlScraper />
      </AdminFold>

      {loading ? (
        <p role="status" className="flex items-center gap-2 text-sm text-gray-700">
          <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
          {adminProducts.loading}
        </p>
      ) : null}

      {result.total === 0 ? (
        <EmptyState icon={<PackageSearch aria-hidden className="h-10 w-10 text-gray-500" />} {...emptyProductsText(view)} />
      ) : (
        <>
          <p className="text-xs text-gray-600">{adminProductEditor.showing(from, to, result.total)}</p>
          <ul className={`grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 ${loading ? "opacity-60" : ""}`} aria-label={adminProducts.title}>
            {result.items.map((product) => (
              <li key={product.id}>
                <AdminProductCard product={product} markupPercent={result.markupPercent} />
              </li>
            ))}
          </ul>
          <AdminPager page={result.page} pageCount={result.pageCount} href={(page) => `/admin/products${productFilterSearch({ ...view, page })}`} />
        </>
      )}
    </div>
  );
}

