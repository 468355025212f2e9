// The Stripe screen's data (admin.md sections 2, 7 and 9): four cards and the Recent Transactions
// table, newest first, searched and paged on the server. Fast at 100,000 orders: the revenue and
// paid count come from order_daily_stats (kept by the orders trigger, migration 0004), the counts
// from indexes, the page from orders_created_idx, a search from the trigram index on search_text.
import { knownEmail } from "../../../domain/guest-email.ts";
import { orderContactEmail } from "../../../domain/orders.ts";
import { personName } from "../../../domain/person-name.ts";
import { count, desc, inArray, like, sql, sum } from "drizzle-orm";
import { containsPattern, normaliseSearch } from "../../../domain/admin/order-filters.ts";
import type { Database } from "../../db/client.server.ts";
import { orderDailyStats, orderItems, orders } from "../../db/schema.ts";

export const TRANSACTIONS_PAGE_SIZE = 20;
export const TRANSACTIONS_SEARCH_MAX_LENGTH = 200;

export type PaymentCards = {
  /** Paid orders only, less what was refunded (admin.md section 9 "Stripe revenue counts only paid orders"). */
  totalRevenuePence: number;
  totalOrders: number;
  /** Paid, including partly refunded. */
  paidOrders: number;
  pendingOrders: number;
  /**
   * The orders in Total but in neither Paid nor Pending, so that the cards add up:
   * refunded in full, a failed payment, cancelled before payment.
   */
  refundedOrders: number;
  failedOrders: number;
  cancelledUnpaidOrders: number;
};

export type PaymentTransaction = {
  id: string;
  customerName: string;
  customerEmail: string;
  items: number;
  amountPence: number;
  paymentStatus: string;
  status: string;
  createdAt: string;
};

export type PaymentsOverview = {
  cards: PaymentCards;
  search: string;
  transactions: PaymentTransaction[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

export type TransactionsQuery = { search: string; page: number };

/** Lenient reading of ?search=&page= for the page: a hand-edited URL shows the nearest view. */
export function readTransactionsQuery(params: URLSearchParams): TransactionsQuery {
  const search = normaliseSearch((params.get("search") ?? "").slice(0, TRANSACTIONS_SEARCH_MAX_LENGTH));
  const rawPage = (params.get("page") ?? "").trim();
  const page = /^\d{1,6}$/.test(rawPage) && Number(rawPage) >= 1 ? Number(rawPage) : 1;
  return { search, page };
}

async function readCards(db: Database): Promise<PaymentCards> {
  const [[paid], [all], unpaid] = await Promise.all([
    db.select({ revenue: sum(orderDailyStats.paidRevenuePence) }).from(orderDailyStats),
    db.select({ orders: count() }).from(orders),
    // The few orders that hold no payment, by how it stands (orders_payment_status_idx): every
    // other order is paid or partly refunded, so the cards are parts of one whole.
    db
      .select({ paymentStatus: orders.paymentStatus, cancelled: sql<boolean>`${orders.status} = 'cancelled'`, orders: count() })
      .from(orders)
      .where(inArray(orders.paymentStatus, ["pending", "failed", "refunded"]))
      .groupBy(orders.paymentStatus, sql`${orders.status} = 'cancelled'`),
  ]);
  const countOf = (test: (row: (typeof unpaid)[number]) => boolean) => unpaid.filter(test).reduce((total, row) => total + Number(row.orders), 0);
  const totalOrders = all?.orders ?? 0;
  return {
    totalRevenuePence: Number(paid?.revenue ?? 0),
    totalOrders,
    paidOrders: totalOrders - countOf(() => true),
    // Awaiting payment: an order an admin cancelled before it was paid no longer is.
    pendingOrders: countOf((row) => row.paymentStatus === "pending" && !row.cancelled),
    refundedOrders: countOf((row) => row.paymentStatus === "refunded"),
    failedOrders: countOf((row) => row.paymentStatus === "failed"),
    cancelledUnpaidOrders: countOf((row) => row.paymentStatus === "pending" && row.cancelled),
  };
}

export async function getPaymentsOverview(db: Database, query: TransactionsQuery): Promise<PaymentsOverview> {
  const where = query.search ? like(orders.searchText, containsPattern(query.search)) : undefined;
  const pageRows = (page: number) =>
    db
      .select({
        id: orders.id,
        customer: orders.customer,
        customerEmail: orders.customerEmail,
        totalAmountPence: orders.totalAmountPence,
        paymentStatus: orders.paymentStatus,
        status: orders.status,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(TRANSACTIONS_PAGE_SIZE)
      .offset((page - 1) * TRANSACTIONS_PAGE_SIZE);
  const [cards, matched, firstTry] = await Promise.all([
    readCards(db),
    where ? db.select({ total: count() }).from(orders).where(where) : Promise.resolve(null),
    pageRows(query.page),
  ]);
  const total = matched ? (matched[0]?.total ?? 0) : cards.totalOrders;
  const pageCount = Math.max(1, Math.ceil(total / TRANSACTIONS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = page === query.page ? firstTry : await pageRows(page);
  const ids = rows.map((row) => row.id);
  const quantities =
    ids.length === 0
      ? []
      : await db
          .select({ orderId: orderItems.orderId, items: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
          .from(orderItems)
          .where(inArray(orderItems.orderId, ids))
          .groupBy(orderItems.orderId);
  const itemsByOrder = new Map(quantities.map((row) => [row.orderId, Number(row.items)]));
  return {
    cards,
    search: query.search,
    transactions: rows.map((row) => ({
      id: row.id,
      customerName: personName(row.customer),
      customerEmail: knownEmail(orderContactEmail(row)),
      items: itemsByOrder.get(row.id) ?? 0,
      amountPence: row.totalAmountPence,
      paymentStatus: row.paymentStatus,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    page,
    pageCount,
    pageSize: TRANSACTIONS_PAGE_SIZE,
  };
}
