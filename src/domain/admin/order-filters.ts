// The admin orders view's state (admin.md section 2 "Admin Orders"): search, status filter and
// page, all in the URL (/admin/orders?search=&status=&page=) so a view can be bookmarked, shared
// and reloaded. The server reads it with these rules; the JSON API refuses what the page forgives.
import { isOrderStatus, type OrderStatus } from "../status.ts";
import { adminOrders } from "../messages/admin.ts";
import { straightApostrophes } from "../text-rules.ts";
import { withAsciiDomain } from "../email-addresses.ts";

export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const ADMIN_ORDERS_MAX_PAGE_SIZE = 100;
/** Longer than any name, e-mail, id or session id a person would paste. */
export const ADMIN_SEARCH_MAX_LENGTH = 200;

/**
 * The sets of orders the Dashboard's figures count, listed as they are counted (`?show=`): a card's
 * link shows exactly the orders behind its number, as Shopify's do.
 * "paid": the Orders figure (paid, or refunded in part); "awaiting-fulfilment": those of them not
 * yet shipped, delivered or cancelled (isAwaitingFulfilment in fulfilment.ts).
 */
export const ORDER_LIST_SHOWS = ["paid", "awaiting-fulfilment"] as const;
export type OrderListShow = (typeof ORDER_LIST_SHOWS)[number];

export function isOrderListShow(value: string): value is OrderListShow {
  return (ORDER_LIST_SHOWS as readonly string[]).includes(value);
}

export type AdminOrderFilter = {
  /** Lower-cased, trimmed; "" for none. A leading "#" of a shown order number is dropped. */
  search: string;
  status: OrderStatus | null;
  /** A Dashboard figure's orders, or null for every order. */
  show: OrderListShow | null;
  page: number;
  pageSize: number;
};

/** What selects the orders, without the page: the list's, its count's and the CSV export's. */
export type OrderSelection = Pick<AdminOrderFilter, "search" | "status"> & { show?: OrderListShow | null };

export type FilterProblem = { field: "status" | "show" | "page" | "pageSize" | "search"; message: string };

export const filterMessages = {
  unknownStatus: "Unknown order status",
  unknownShow: `show must be one of ${ORDER_LIST_SHOWS.join(", ")}`,
  badPage: "Page must be a whole number of at least 1",
  badPageSize: `Page size must be a whole number from 1 to ${ADMIN_ORDERS_MAX_PAGE_SIZE}`,
  searchTooLong: `Search can be at most ${ADMIN_SEARCH_MAX_LENGTH} characters`,
} as const;

/**
 * What the search box holds, as the database compares it: lower case, as the stored search text
 * is, and an e-mail's domain in the ASCII form the shop stores (email-addresses.ts).
 */
export function normaliseSearch(raw: string): string {
  return straightApostrophes(withAsciiDomain(raw.trim().replace(/^#/, "")).toLowerCase());
}

function wholeNumber(raw: string | null): number | null {
  if (raw === null || raw.trim() === "") return null;
  return /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
}

/** Strict reading for the JSON API: anything unknown is a 400 with the first problem. */
export function parseOrderFilter(params: URLSearchParams): { ok: true; filter: AdminOrderFilter } | { ok: false; problem: FilterProblem } {
  const rawSearch = params.get("search") ?? "";
  if (rawSearch.length > ADMIN_SEARCH_MAX_LENGTH) return { ok: false, problem: { field: "search", message: filterMessages.searchTooLong } };
  const rawStatus = (params.get("status") ?? "").trim().toLowerCase();
  let status: OrderStatus | null = null;
  if (rawStatus !== "" && rawStatus !== "all") {
    if (!isOrderStatus(rawStatus)) return { ok: false, problem: { field: "status", message: filterMessages.unknownStatus } };
    status = rawStatus;
  }
  const rawShow = (params.get("show") ?? "").trim().toLowerCase();
  if (rawShow !== "" && !isOrderListShow(rawShow)) return { ok: false, problem: { field: "show", message: filterMessages.unknownShow } };
  const page = wholeNumber(params.get("page"));
  if (page !== null && !(page >= 1)) return { ok: false, problem: { field: "page", message: filterMessages.badPage } };
  const pageSize = wholeNumber(params.get("pageSize"));
  if (pageSize !== null && !(pageSize >= 1 && pageSize <= ADMIN_ORDERS_MAX_PAGE_SIZE)) {
    return { ok: false, problem: { field: "pageSize", message: filterMessages.badPageSize } };
  }
  return {
    ok: true,
    filter: { search: normaliseSearch(rawSearch), status, show: isOrderListShow(rawShow) ? rawShow : null, page: page ?? 1, pageSize: pageSize ?? ADMIN_ORDERS_PAGE_SIZE },
  };
}

/** Lenient reading for the page: a hand-edited URL shows the nearest sensible view, never an error. */
export function readOrderFilter(params: URLSearchParams): AdminOrderFilter {
  const strict = parseOrderFilter(params);
  if (strict.ok) return strict.filter;
  const rawStatus = (params.get("status") ?? "").trim().toLowerCase();
  const rawShow = (params.get("show") ?? "").trim().toLowerCase();
  const page = wholeNumber(params.get("page"));
  return {
    search: normaliseSearch((params.get("search") ?? "").slice(0, ADMIN_SEARCH_MAX_LENGTH)),
    status: isOrderStatus(rawStatus) ? rawStatus : null,
    show: isOrderListShow(rawShow) ? rawShow : null,
    page: page !== null && page >= 1 ? page : 1,
    pageSize: ADMIN_ORDERS_PAGE_SIZE,
  };
}

/** The URL of a view: empty values are left out so the plain list is plain /admin/orders. */
export function orderFilterSearch(view: { search?: string; status?: string | null; show?: OrderListShow | null; page?: number }): string {
  const params = new URLSearchParams();
  if (view.show) params.set("show", view.show);
  if (view.search) params.set("search", view.search);
  if (view.status) params.set("status", view.status);
  if (view.page && view.page > 1) params.set("page", String(view.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A LIKE pattern that matches the text anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The part of a search the trigram index looks up when a narrower one serves better, or null to
 * look up the whole search. For an e-mail it is everything up to and including the "@": a shop's
 * e-mail domains (gmail.com, example.com) put the same trigrams in nearly every order, and
 * PostgreSQL reads every looked-up trigram's whole list, so the domain costs the most and narrows
 * the least. The whole search is still compared with each candidate, so the matches are exactly
 * those of the whole search. A part shorter than three characters has no trigram: no narrowing.
 */
export function narrowSearchKey(search: string): string | null {
  const at = search.indexOf("@");
  if (at < 2 || at === search.length - 1) return null;
  return search.slice(0, at + 1);
}

/**
 * The title of an Orders view with no order in it: the spec's "no match" once a search or a status
 * narrowed it, "No orders found" for a shop without orders, and for a Dashboard figure's list on
 * its own (?show=) that it is empty for now, not that a search that was never typed found nothing.
 */
export function emptyOrdersTitle(view: Pick<AdminOrderFilter, "search" | "status" | "show">): string {
  if (view.search !== "" || view.status !== null) return adminOrders.noMatch;
  return view.show !== null ? adminOrders.showEmpty : adminOrders.noOrders;
}
