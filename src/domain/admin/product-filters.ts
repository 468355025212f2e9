// The admin Products page's view (admin.md section 2 "Admin Products page"): category filter,
// search and page, all in the URL (/admin/products?category=&search=&page=). The page reads a
// hand-edited URL leniently; the JSON API refuses what the page forgives.
import { categoryFromParam, categoryLabel, type CategoryValue } from "../categories.ts";
import { adminProductEditor, adminProducts } from "../messages/admin.ts";
import { ADMIN_SEARCH_MAX_LENGTH, filterMessages } from "./order-filters.ts";

/** Divisible by the grid's 1, 2 and 3 columns, so every full page fills its last row. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 24;

export type AdminProductFilter = {
  /** null: All Categories (the spec's default "all"). */
  category: CategoryValue | null;
  /** Trimmed as typed; the server compares it case-insensitively. */
  search: string;
  page: number;
  pageSize: number;
};

export const productFilterMessages = {
  unknownCategory: "Unknown category",
  badPage: filterMessages.badPage,
  searchTooLong: filterMessages.searchTooLong,
} as const;

function pageOf(raw: string | null): number | null {
  if (raw === null || raw.trim() === "") return 1;
  return /^\d{1,9}$/.test(raw.trim()) && Number(raw.trim()) >= 1 ? Number(raw.trim()) : null;
}

function categoryOf(raw: string | null): CategoryValue | null | "unknown" {
  if (raw === null || raw.trim() === "" || raw.trim().toLowerCase() === "all") return null;
  return categoryFromParam(raw) ?? "unknown";
}

/** Strict reading for GET /api/admin/products: the first problem is a 400. */
export function parseProductFilter(params: URLSearchParams): { ok: true; filter: AdminProductFilter } | { ok: false; message: string } {
  const search = (params.get("search") ?? "").trim();
  if (search.length > ADMIN_SEARCH_MAX_LENGTH) return { ok: false, message: productFilterMessages.searchTooLong };
  const category = categoryOf(params.get("category"));
  if (category === "unknown") return { ok: false, message: productFilterMessages.unknownCategory };
  const page = pageOf(params.get("page"));
  if (page === null) return { ok: false, message: productFilterMessages.badPage };
  return { ok: true, filter: { category, search, page, pageSize: ADMIN_PRODUCTS_PAGE_SIZE } };
}

/** Lenient reading for the page: an unknown category is All Categories, a bad page is page 1. */
export function readProductFilter(params: URLSearchParams): AdminProductFilter {
  const category = categoryOf(params.get("category"));
  return {
    category: category === "unknown" ? null : category,
    search: (params.get("search") ?? "").trim().slice(0, ADMIN_SEARCH_MAX_LENGTH),
    page: pageOf(params.get("page")) ?? 1,
    pageSize: ADMIN_PRODUCTS_PAGE_SIZE,
  };
}

/** The URL query of a view; defaults are left out, so the plain list is plain /admin/products. */
export function productFilterSearch(view: { category?: string | null; search?: string; page?: number }): string {
  const params = new URLSearchParams();
  if (view.category) params.set("category", view.category);
  if (view.search) params.set("search", view.search);
  if (view.page && view.page > 1) params.set("page", String(view.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * What the Products page says when its view lists nothing (admin.md section 2: "an empty result
 * shows 'No products found in this category'"): the spec's words where a category has none, and
 * words that fit a search or a shop with no products yet.
 */
export function emptyProductsText(view: Pick<AdminProductFilter, "category" | "search">): { title: string; note?: string } {
  const search = view.search.trim();
  if (search !== "" && view.category !== null) {
    return { title: adminProductEditor.noMatchInCategory(search, categoryLabel(view.category)), note: adminProductEditor.noMatchInCategoryNote };
  }
  if (search !== "") return { title: adminProductEditor.noMatch(search), note: adminProductEditor.noMatchNote };
  if (view.category !== null) return { title: adminProducts.empty };
  return { title: adminProductEditor.noProductsYet, note: adminProductEditor.noProductsYetNote };
}
