// The Orders list (admin.md section 7): every order with its lines, found by search and status,
// listed by customer e-mail then newest first, a page at a time; and its filter as SQL, which the
// export reads too.
import { and, asc, count, desc, eq, inArray, like, or, sql, type SQL } from "drizzle-orm";
import { customerSearchTerms } from "../../../domain/admin/customers.ts";
import { FULFILMENT_DONE_STATUSES, FULFILMENT_OWED_PAYMENT_STATUSES } from "../../../domain/admin/fulfilment.ts";
import { containsPattern, narrowSearchKey, type AdminOrderFilter, type OrderListShow, type OrderSelection } from "../../../domain/admin/order-filters.ts";
import { normaliseDiscountCode } from "../../../domain/discounts.ts";
import { FIELD_LIMITS } from "../../../domain/field-limits.ts";
import type { Database, DbOrTx } from "../../db/client.server.ts";
import { customerStats, discountCodes, orders } from "../../db/schema.ts";
import { cachedOrderCount } from "./order-count-cache.server.ts";
import { discountCodesOf, itemsByOrder, toAdminOrder, type AdminOrder, type AdminOrderItem, type OrderRow } from "./order-view.server.ts";

export type AdminOrderPage = {
  items: AdminOrder[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  /** Orders per customer e-mail on this page, under the same search and filter (group headers). */
  customerOrderCounts: Record<string, number>;
};

/** One line as the Orders screen's card shows it. */
export type AdminOrderListLine = Omit<AdminOrderItem, "productId" | "restockedQuantity" | "cancelRestockedQuantity" | "refundedQuantity">;

/**
 * One order as the Orders screen's card shows it: the page's data is sent twice (as HTML and as
 * the data the browser takes over with), so it carries what the card shows and nothing more
 * (no payment or refund details, and of the shipment only its carrier and tracking number;
 * docs/admin-performance.md).
 */
export type AdminOrderListItem = Pick<AdminOrder, "id" | "number" | "status" | "paymentStatus" | "totalAmount" | "refundedPence" | "createdAt" | "customerEmail" | "shippingAddress" | "cancelChoices" | "discountPence" | "discountCode" | "shippingPence" | "carrier" | "trackingNumber" | "paymentGivenBack"> & {
  /** The name and e-mail, under the keys order-display.ts reads (older orders may use first_name). */
  customer: Partial<Record<"firstName" | "lastName" | "first_name" | "last_name" | "email", unknown>>;
  items: AdminOrderListLine[];
};

const LIST_CUSTOMER_KEYS = ["firstName", "lastName", "first_name", "last_name", "email"] as const;
const LIST_ADDRESS_KEYS = ["firstName", "lastName", "address", "city", "region", "postalCode", "country", "phone"] as const;

function pick<K extends string>(source: object, keys: readonly K[]): Partial<Record<K, unknown>> {
  const picked: Partial<Record<K, unknown>> = {};
  for (const key of keys) {
    const value = (source as Record<string, unknown>)[key];
    if (value !== undefined) picked[key] = value;
  }
  return picked;
}

export function toOrderListItem(order: AdminOrder): AdminOrderListItem {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    paymentStatus: order.paymentStatus,
    totalAmount: order.totalAmount,
    refundedPence: order.refundedPence,
    createdAt: order.createdAt,
    customerEmail: order.customerEmail,
    cancelChoices: order.cancelChoices,
    ...(order.paymentGivenBack ? { paymentGivenBack: true as const } : {}),
    discountPence: order.discountPence,
    discountCode: order.discountCode,
    shippingPence: order.shippingPence,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    customer: pick(order.customer, LIST_CUSTOMER_KEYS),
    shippingAddress: pick(order.shippingAddress, LIST_ADDRESS_KEYS) as AdminOrder["shippingAddress"],
    items: order.items.map((item) => ({
      id: item.id,
      productName: item.productName,
      productCategory: item.productCategory,
      quantity: item.quantity,
      unitPricePence: item.unitPricePence,
      lineTotalPence: item.lineTotalPence,
      size: item.size,
      colour: item.colour,
    })),
  };
}

/**
 * The discount code a search names exactly, if any: a search for "save10" lists the orders that
 * used SAVE10 as well as any whose text matches. One lookup in the codes' unique index.
 */
export async function discountCodeSearched(db: DbOrTx, search: string): Promise<string | null> {
  if (search === "" || search.length > FIELD_LIMITS.discountCode || /\s|@/.test(search)) return null;
  const [found] = await db.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.code, normaliseDiscountCode(search))).limit(1);
  return found?.id ?? null;
}

/** A list of our own constants as SQL literals: a partial index's predicate matches only constants, not parameters. */
function literalList(values: readonly string[]): SQL {
  return sql.raw(values.map((value) => `'${value.replace(/'/g, "''")}'`).join(", "));
}

/**
 * The orders a Dashboard figure counts, in the words of its query (dashboard.server.ts): paid (a
 * part refund included), and for Awaiting fulfilment not yet shipped, delivered or cancelled, the
 * predicate of orders_awaiting_fulfilment_idx, so the list reads that small index too.
 */
export function orderListShowCondition(show: OrderListShow): SQL {
  const paid = sql`${orders.paymentStatus} in (${literalList(FULFILMENT_OWED_PAYMENT_STATUSES)})`;
  if (show === "paid") return paid;
  return sql`${paid} and ${orders.status} not in (${literalList(FULFILMENT_DONE_STATUSES)})`;
}

/** The filter as SQL; `codeId` is the discount code the search names (discountCodeSearched). */
export function orderFilterConditions(filter: OrderSelection, codeId: string | null = null): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.show) conditions.push(orderListShowCondition(filter.show));
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  // search_text is lower case (schema.ts); the trigram index serves LIKE '%...%'. For an e-mail
  // the index looks up the part before the domain and each candidate is compared with the whole
  // search; "|| ''" keeps that comparison out of the index scan (docs/admin-performance.md).
  if (filter.search) {
    const key = narrowSearchKey(filter.search);
    const text =
      key === null
        ? like(orders.searchText, containsPattern(filter.search))
        : sql`(${orders.searchText} like ${containsPattern(key)} and (${orders.searchText} || '') like ${containsPattern(filter.search)})`;
    // A phone number, in any format: the orders of the customers whose number
    // it is, found by the Customers summary's trigram index (customer_stats keeps each e-mail's
    // latest phone and its digits); an order keeps no phone in its own search text.
    const phone = customerSearchTerms(filter.search)?.digits ?? null;
    const byPhone = phone === null ? null : sql`${orders.customerEmail} in (select ${customerStats.email} from ${customerStats} where ${customerStats.searchText} like ${containsPattern(phone)})`;
    // Only a search that is a code's name pays for the second index (orders_discount_code_idx).
    conditions.push(or(text, ...(byPhone ? [byPhone] : []), ...(codeId === null ? [] : [eq(orders.discountCodeId, codeId)]))!);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of orders: by customer e-mail, then newest first (admin.md section 7). */
export async function listAdminOrders(db: Database, filter: AdminOrderFilter): Promise<AdminOrderPage> {
  const where = orderFilterConditions(filter, await discountCodeSearched(db, filter.search));
  const offsetFor = (page: number) => (page - 1) * filter.pageSize;
  const pageRows = (page: number) =>
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(asc(orders.customerEmail), desc(orders.createdAt), asc(orders.id))
      .limit(filter.pageSize)
      .offset(offsetFor(page));
  const countNow = async () => (await db.select({ total: count() }).from(orders).where(where))[0]?.total ?? 0;
  let total: number;
  let firstTry: OrderRow[];
  if (filter.search) {
    // A search usually matches a few orders: a page that is not full ends the matches, so its
    // count is known without a second pass over the trigram index (decision 044).
    firstTry = await pageRows(filter.page);
    const ends = firstTry.length < filter.pageSize && (firstTry.length > 0 || filter.page === 1);
    total = ends ? offsetFor(filter.page) + firstTry.length : await countNow();
  } else {
    // The count and the page are independent: on PostgreSQL they run side by side. Without a
    // search the count covers (nearly) every order, so a recent one is used (decision 024).
    [total, firstTry] = await Promise.all([cachedOrderCount(db, `${filter.show ?? ""}|${filter.status ?? ""}`, countNow), pageRows(filter.page)]);
  }
  const pageCount = Math.max(1, Math.ceil(total / filter.pageSize));
  // A page past the end (a bookmark from when there were more orders) shows the last page.
  const page = Math.min(filter.page, pageCount);
  const rows = page === filter.page ? firstTry : await pageRows(page);
  const emails = [...new Set(rows.map((row) => row.customerEmail))];
  const [items, codes, perCustomer] = await Promise.all([
    itemsByOrder(db, rows.map((row) => row.id)),
    discountCodesOf(db, rows),
    emails.length === 0
      ? Promise.resolve([])
      : db
          .select({ email: orders.customerEmail, orders: count() })
          .from(orders)
          .where(and(inArray(orders.customerEmail, emails), where))
          .groupBy(orders.customerEmail),
  ]);
  const customerOrderCounts: Record<string, number> = {};
  for (const row of perCustomer) customerOrderCounts[row.email] = row.orders;
  return {
    items: rows.map((row) => toAdminOrder(row, items.get(row.id) ?? [], codes)),
    total,
    page,
    pageSize: filter.pageSize,
    pageCount,
    customerOrderCounts,
  };
}
