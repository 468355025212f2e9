// Listing sizes and the category page pager (storefront.md section 2 "Home", "Category page",
// "Product detail"; section 9 "Display and timing").

/** storefront.md section 9: "Category page size: 12. Related products: 4. Skeletons: 8." */
export const CATEGORY_PAGE_SIZE = 12;
export const RELATED_PRODUCTS_LIMIT = 4;
export const SKELETON_COUNT = 8;

/** storefront.md section 9: at most 8 products a home section (its fixed 50-product fetch is not kept: docs/deviations.md). */
export const HOME_SECTION_SIZE = 8;
/** storefront.md section 2: "The first 4 products of the first section get image priority." */
export const HOME_PRIORITY_IMAGES = 4;

/** storefront.md section 2: "Up to 5 page numbers are shown when there are 5 pages or fewer." */
export const MAX_PAGES_WITHOUT_ELLIPSIS = 5;

export type PageWindowEntry = number | "ellipsis";

function assertPageSize(size: number): void {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`page size must be a whole number >= 1, got ${size}`);
}

/** Number of pages for `total` items; 0 items make 0 pages (the page shows its empty state). */
export function pageCount(total: number, size: number): number {
  assertPageSize(size);
  if (!Number.isFinite(total) || total <= 0) return 0;
  return Math.ceil(Math.floor(total) / size);
}

/** A requested page number made safe: a whole number from 1 to the last page (1 when there are none). */
export function clampPage(page: number, totalPages: number): number {
  const last = Math.max(1, Math.floor(totalPages));
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.floor(page)), last);
}

/**
 * The page links of the pager. With 5 pages or fewer: every page. Otherwise the first page,
 * the last page and the current page with its neighbours (current-1, current, current+1), with
 * "ellipsis" where pages are left out. A gap of exactly one page shows that page instead of an
 * ellipsis: "1 … 3" would spend the same room as "1 2 3" and hide a link.
 */
export function pageWindow(current: number, totalPages: number): PageWindowEntry[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total <= MAX_PAGES_WITHOUT_ELLIPSIS) {
    return Array.from({ length: total }, (_, i) => i + 1);
  }
  const page = clampPage(current, total);
  const wanted = [...new Set([1, page - 1, page, page + 1, total])]
    .filter((p) => p >= 1 && p <= total)
    .sort((a, b) => a - b);
  const window: PageWindowEntry[] = [];
  let previous = 0;
  for (const p of wanted) {
    const gap = p - previous - 1;
    if (gap === 1) window.push(previous + 1);
    else if (gap > 1) window.push("ellipsis");
    window.push(p);
    previous = p;
  }
  return window;
}

/**
 * The X and Y of 'Showing X - Y of N products in {category}' (storefront.md section 2): 0 - 0
 * when there is nothing to show. A page past the end is read as the last page, like the loader.
 */
export function showingRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  const pages = pageCount(total, pageSize);
  if (pages === 0) return { from: 0, to: 0 };
  const current = clampPage(page, pages);
  const from = (current - 1) * pageSize + 1;
  return { from, to: Math.min(current * pageSize, Math.floor(total)) };
}
