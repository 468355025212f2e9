// The admin orders screen's data (admin.md sections 2, 4, 7): every order with its lines, found
// by search and status, listed by customer e-mail then newest first, a page at a time; one order
// with its timeline; status changes (any to any) with optional shipment details; internal notes.
// Every change writes the audit trail in its own transaction (src/server/admin/audit).
import { orderContactEmail } from "../../../domain/orders.ts";
import { and, asc, count, desc, eq, inArray, like, or, sql, type SQL } from "drizzle-orm";
import { normaliseDiscountCode } from "../../../domain/discounts.ts";
import { FIELD_LIMITS } from "../../../domain/field-limits.ts";
import { adminFulfilment, adminRefunds, providerName } from "../../../domain/messages/admin.ts";
import { formatGbp } from "../../../domain/money.ts";
import { formatOrderNumber } from "../../../domain/order-number.ts";
import { containsPattern, narrowSearchKey, type AdminOrderFilter, type OrderListShow, type OrderSelection } from "../../../domain/admin/order-filters.ts";
import { FULFILMENT_DONE_STATUSES, FULFILMENT_OWED_PAYMENT_STATUSES } from "../../../domain/admin/fulfilment.ts";
import { customerSearchTerms } from "../../../domain/admin/customers.ts";
import { lineTotalPence, orderLineLabel } from "../../../domain/admin/order-display.ts";
import { canEditTracking, cleanShipmentField, SHIPMENT_FIELD_MAX } from "../../../domain/admin/shipment.ts";
import { planStatusChange, statusChangeAuditAfter, statusChangeReadsLines, type StatusChangeRequest } from "../../../domain/admin/status-change.ts";
import { cancelChoices, type CancelChoices } from "../../../domain/admin/cancel-order.ts";
import { isOrderStatus, statusLabel } from "../../../domain/status.ts";
import type { Database, DbOrTx, Transaction } from "../../db/client.server.ts";
import { customerStats, discountCodes, mailOutbox, orderItems, orders, type OrderCustomer, type OrderShippingAddress } from "../../db/schema.ts";
import { queueBackOnMailIfTold, queueCancelledMail, queueShippedMail, queueTrackingUpdatedMail } from "../../mail/order-mails.server.ts";
import type { AdminViewer } from "../admin-guard.server.ts";
import { listAdminActionsFor, recordAdminAction } from "../audit/audit.server.ts";
import { cachedOrderCount, forgetOrderCounts } from "./order-count-cache.server.ts";
import { restockOrderLines, StockShortError, takeBackIntoOrder } from "./restock.server.ts";
import { paymentDeclinesOf } from "../../payments/payment-declines.server.ts";
import { applyFailedSession } from "../../payments/apply-payment.server.ts";
import type { PaymentProvider } from "../../payments/payment-provider.server.ts";
import { logRequestError } from "../../http/error-log.server.ts";
import { controlCharactersMessage, hasControlCharacters } from "../../../domain/text-rules.ts";

export type AdminOrderItem = {
  id: string;
  productId: string | null;
  productName: string;
  productCategory: string;
  quantity: number;
  unitPricePence: number;
  lineTotalPence: number;
  size: string | null;
  colour: string | null;
  /** Units put back in stock, by a refund (decision 035) or a cancel. */
  restockedQuantity: number;
  /** Of those, the units a cancel put back that no refund has counted yet. */
  cancelRestockedQuantity: number;
};

export type AdminOrder = {
  id: string;
  number: string;
  status: string;
  paymentStatus: string;
  /** Pence. */
  totalAmount: number;
  subtotalPence: number;
  discountPence: number;
  /** The code the discount came from, as it reads now (null without one). */
  discountCode: string | null;
  shippingPence: number;
  shippingMethod: string;
  currency: string;
  paymentProvider: string;
  paymentSessionId: string | null;
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  /** Pence given back so far (decision 035). */
  refundedPence: number;
  /** The provider refused a refund of this order: what it said (decision 013). */
  refundError: string | null;
  customerEmail: string;
  customer: Partial<OrderCustomer>;
  shippingAddress: Partial<OrderShippingAddress>;
  items: AdminOrderItem[];
  /** What cancelling it can also do (null: cancelled already, or never paid). */
  cancelChoices: CancelChoices | null;
};

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
export type AdminOrderListLine = Omit<AdminOrderItem, "productId" | "restockedQuantity" | "cancelRestockedQuantity">;

/**
 * One order as the Orders screen's card shows it: the page's data is sent twice (as HTML and as
 * the data the browser takes over with), so it carries what the card shows and nothing more
 * (no payment or refund details, and of the shipment only its carrier and tracking number;
 * docs/admin-performance.md).
 */
export type AdminOrderListItem = Pick<AdminOrder, "id" | "number" | "status" | "paymentStatus" | "totalAmount" | "refundedPence" | "createdAt" | "customerEmail" | "shippingAddress" | "cancelChoices" | "discountPence" | "discountCode" | "shippingPence" | "carrier" | "trackingNumber"> & {
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

export type TimelineEntry = {
  at: string;
  kind: "created" | "paid" | "status" | "shipped" | "note" | "email" | "refund" | "declined";
  title: string;
  detail?: string;
  by?: string;
};

export type AdminOrderDetail = AdminOrder & { timeline: TimelineEntry[] };

export type OrderRow = typeof orders.$inferSelect;

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

/** The codes of these orders' discounts, by discount id. */
export async function discountCodesOf(db: DbOrTx, rows: Pick<OrderRow, "discountCodeId">[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.discountCodeId ? [row.discountCodeId] : [])))];
  if (ids.length === 0) return new Map();
  const codes = await db.select({ id: discountCodes.id, code: discountCodes.code }).from(discountCodes).where(inArray(discountCodes.id, ids));
  return new Map(codes.map((code) => [code.id, code.code]));
}

export function toAdminOrder(row: OrderRow, items: AdminOrderItem[], codes: ReadonlyMap<string, string>): AdminOrder {
  return {
    id: row.id,
    number: formatOrderNumber(row.id),
    status: row.status,
    paymentStatus: row.paymentStatus,
    totalAmount: row.totalAmountPence,
    subtotalPence: row.subtotalPence,
    discountPence: row.discountPence,
    discountCode: row.discountCodeId ? (codes.get(row.discountCodeId) ?? null) : null,
    shippingPence: row.shippingPence,
    shippingMethod: row.shippingMethod,
    currency: row.currency,
    paymentProvider: row.paymentProvider,
    paymentSessionId: row.stripeSessionId,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    shippedAt: row.shippedAt?.toISOString() ?? null,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    refundedPence: row.refundedPence,
    refundError: row.refundError,
    customerEmail: row.customerEmail,
    // admin.md section 3: "customer and shipping_address default to empty objects".
    customer: row.customer ?? {},
    shippingAddress: row.shippingAddress ?? {},
    items,
    cancelChoices: cancelChoices({ ...row, customerEmail: orderContactEmail(row), items }),
  };
}

export async function itemsByOrder(db: DbOrTx, orderIds: string[]): Promise<Map<string, AdminOrderItem[]>> {
  const byOrder = new Map<string, AdminOrderItem[]>();
  if (orderIds.length === 0) return byOrder;
  const lines = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.productName), asc(orderItems.id));
  for (const line of lines) {
    const list = byOrder.get(line.orderId) ?? [];
    list.push({
      id: line.id,
      productId: line.productId,
      productName: line.productName,
      productCategory: line.productCategory,
      quantity: line.quantity,
      unitPricePence: line.unitPricePence,
      lineTotalPence: lineTotalPence(line.quantity, line.unitPricePence),
      size: line.selectedSize,
      colour: line.selectedColor,
      restockedQuantity: line.restockedQuantity,
      cancelRestockedQuantity: line.cancelRestockedQuantity,
    });
    byOrder.set(line.orderId, list);
  }
  return byOrder;
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

/** Orders by id, in the order asked, for printing labels and packing slips; unknown ids are left out. */
export async function getAdminOrders(db: Database, asked: string[]): Promise<AdminOrder[]> {
  // Ids are kept in lower case; one typed in capitals names the same order.
  const ids = asked.map((id) => id.toLowerCase());
  if (ids.length === 0) return [];
  const rows = await db.select().from(orders).where(inArray(orders.id, ids));
  const [items, codes] = await Promise.all([itemsByOrder(db, rows.map((row) => row.id)), discountCodesOf(db, rows)]);
  const byId = new Map(rows.map((row) => [row.id, toAdminOrder(row, items.get(row.id) ?? [], codes)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function describeChange(before: unknown, after: unknown): string {
  const from = (before as { status?: string } | null)?.status;
  const to = (after as { status?: string } | null)?.status;
  return `${statusLabel(from ?? "") || "?"} → ${statusLabel(to ?? "") || "?"}`;
}

/** Everything about one order, with its timeline oldest first; null when there is no such order. */
export async function getAdminOrder(db: Database, id: string): Promise<AdminOrderDetail | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id.toLowerCase())).limit(1);
  if (!row) return null;
  const [items, codes, actions, mails, declines] = await Promise.all([
    itemsByOrder(db, [row.id]),
    discountCodesOf(db, [row]),
    listAdminActionsFor(db, "order", row.id),
    db
      .select({ subject: mailOutbox.subject, to: mailOutbox.toAddress, status: mailOutbox.status, createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, row.id))
      .orderBy(asc(mailOutbox.createdAt)),
    paymentDeclinesOf(db, row.id),
  ]);
  const placed = row.paymentStatus === "pending" ? adminFulfilment.placedAwaitingPayment : adminFulfilment.placedVia;
  const timeline: TimelineEntry[] = [{ at: row.createdAt.toISOString(), kind: "created", title: "Order placed", detail: placed(formatGbp(row.totalAmountPence), providerName(row.paymentProvider, { inSentence: true })) }];
  if (row.paidAt && ["paid", "refunded", "partially_refunded"].includes(row.paymentStatus)) {
    // A payment the shop refused (decision 013) went back at once; an admin's refunds have their own entries.
    const refused = row.cancelReason !== null && row.paymentStatus === "refunded";
    timeline.push({ at: row.paidAt.toISOString(), kind: "paid", title: refused ? "Payment received and refunded" : "Payment received", detail: formatGbp(row.totalAmountPence) });
  }
  for (const decline of declines) {
    // A payment event's time is in whole seconds (Stripe's `created`, and the local provider's
    // like it), so an attempt in the order's first second read as made before the order existed.
    const at = decline.createdAt < row.createdAt ? row.createdAt : decline.createdAt;
    timeline.push({ at: at.toISOString(), kind: "declined", title: adminFulfilment.paymentDeclined, detail: adminFulfilment.paymentDeclinedDetail(decline.reason, row.paymentStatus === "pending" && row.status === "pending") });
  }
  if (row.paymentFailedAt) {
    timeline.push({
      at: row.paymentFailedAt.toISOString(),
      kind: "status",
      title: adminFulfilment.paymentNotCompleted,
      detail: row.replacedBy ? adminFulfilment.replacedByNewerCheckout(formatOrderNumber(row.replacedBy)) : adminFulfilment.paymentNotCompletedDetail(row.status === "cancelled"),
    });
  }
  const itemNames = new Map((items.get(row.id) ?? []).map((item) => [item.id, orderLineLabel(item)]));
  // Which items a refund or a cancel put back, named as on the order (earlier refunds recorded only the line's id).
  const lineList = (lines: { itemId: string; quantity: number }[]) => lines.map((line) => adminRefunds.unitsLine(line.quantity, itemNames.get(line.itemId) ?? "item")).join(", ");
  const backToStock = (lines: { itemId: string; quantity: number }[] = []) => (lines.length > 0 ? adminRefunds.backToStock(lineList(lines)) : null);
  for (const action of actions) {
    const by = action.adminEmail || action.adminId;
    if (action.action === "order.status_changed") {
      type Lines = { itemId: string; quantity: number }[];
      const after = action.after as { status?: string; carrier?: string | null; trackingNumber?: string | null; restocked?: Lines; keptOutOfStock?: number; customerNotified?: boolean; takenFromStock?: Lines } | null;
      const shipment = [after?.carrier, after?.trackingNumber].filter(Boolean).join(" ");
      const detail = [
        shipment ? `Tracking: ${shipment}` : null,
        backToStock(after?.restocked),
        after?.keptOutOfStock ? adminFulfilment.keptOutOfStock(after.keptOutOfStock) : null,
        after?.takenFromStock ? adminFulfilment.takenFromStock(lineList(after.takenFromStock)) : null,
        after?.customerNotified === false ? adminFulfilment.customerNotNotified : null,
      ].filter(Boolean);
      timeline.push({
        at: action.createdAt.toISOString(),
        kind: after?.status === "shipped" ? "shipped" : "status",
        title: `Status changed: ${describeChange(action.before, action.after)}`,
        detail: detail.length > 0 ? detail.join(" · ") : undefined,
        by,
      });
    } else if (action.action === "order.refunded" || action.action === "order.refund_failed") {
      const after = (action.after ?? {}) as { amountPence?: number; reason?: string; error?: string; restocked?: { itemId: string; quantity: number }[] };
      const amount = formatGbp(after.amountPence ?? 0);
      const detail =
        action.action === "order.refunded"
          ? [after.reason, backToStock(after.restocked)].filter(Boolean).join(" · ")
          : [after.reason, after.error].filter(Boolean).join(" · ");
      timeline.push({ at: action.createdAt.toISOString(), kind: "refund", title: action.action === "order.refunded" ? adminRefunds.timelineTitle(amount) : adminRefunds.timelineFailed(amount), detail, by });
    } else if (action.action === "order.tracking_changed") {
      type Shipment = { carrier?: string | null; trackingNumber?: string | null; customerNotified?: boolean } | null;
      const shipmentText = (value: Shipment) => [value?.carrier, value?.trackingNumber].filter(Boolean).join(" ");
      const after = action.after as Shipment;
      const detail = [adminFulfilment.trackingChangedDetail(shipmentText(action.before as Shipment), shipmentText(after)), after?.customerNotified ? null : adminFulfilment.customerNotNotified].filter(Boolean);
      timeline.push({ at: action.createdAt.toISOString(), kind: "shipped", title: adminFulfilment.trackingChangedTitle, detail: detail.join(" · "), by });
    } else if (action.action === "order.note_added") {
      timeline.push({ at: action.createdAt.toISOString(), kind: "note", title: "Internal note", detail: (action.after as { note?: string } | null)?.note ?? "", by });
    }
  }
  for (const mail of mails) {
    const when = mail.sentAt ?? mail.createdAt;
    timeline.push({ at: when.toISOString(), kind: "email", title: `E-mail ${mail.status === "sent" ? "sent" : mail.status === "failed" ? "failed" : "queued"}: ${mail.subject}`, detail: mail.to });
  }
  timeline.sort((a, b) => a.at.localeCompare(b.at));
  return { ...toAdminOrder(row, items.get(row.id) ?? [], codes), timeline };
}

export const NOTE_MAX_LENGTH = 2000;

export type StatusChange = {
  status: string;
  carrier?: string | null;
  trackingNumber?: string | null;
  /** Cancelling a paid order: put the units its payment took back in stock (default no). */
  restock?: boolean;
  /** Cancelling a paid order: e-mail the customer that it will not be sent (default yes). */
  notifyCustomer?: boolean;
  /**
   * The status the admin's page showed: when the order has another by now (a second admin or tab
   * changed it), nothing is saved. Left out, the change applies whatever the status is.
   */
  expectedStatus?: string;
};
/**
 * `stock_limit`: reopening a cancelled order whose items went back needs more stock than is left;
 * `changed`: the order's status is no longer the one the admin saw; `not_shipped`: a tracking
 * correction for an order that has not left yet.
 */
export type AdminRefusal = { ok: false; reason: "invalid" | "not_found" | "stock_limit" | "changed" | "not_shipped"; message: string };

/** A carrier or tracking number the customer could not be e-mailed as typed; null when both are fine. */
function refuseShipmentFields(given: { carrier?: string | null; trackingNumber?: string | null }): AdminRefusal | null {
  // Refused rather than cut: a tracking number cut short would be e-mailed to the customer wrong.
  for (const [field, label] of [["carrier", adminFulfilment.carrier], ["trackingNumber", adminFulfilment.trackingNumber]] as const) {
    const value = cleanShipmentField(given[field]);
    if (value !== null && value.length > SHIPMENT_FIELD_MAX) return { ok: false, reason: "invalid", message: adminFulfilment.shipmentFieldTooLong(label, SHIPMENT_FIELD_MAX) };
    if (value !== null && hasControlCharacters(value)) return { ok: false, reason: "invalid", message: controlCharactersMessage(label) };
  }
  return null;
}

/** An order's lines with what has gone back in stock, as a cancel or a reopen reads them. */
function stockLinesOf(tx: Transaction, orderId: string) {
  return tx
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      quantity: orderItems.quantity,
      restockedQuantity: orderItems.restockedQuantity,
      cancelRestockedQuantity: orderItems.cancelRestockedQuantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
}

/**
 * Any status to any status (admin.md section 4). Moving to shipped records the optional carrier
 * and tracking number and e-mails the customer through the outbox, as cancelling a paid order
 * does; the audit row, the order and the mail commit together. An order cancelled while its
 * payment page is still open has that page closed (with `payments`, the shop's provider).
 */
export async function changeOrderStatus(
  db: Database,
  admin: AdminViewer,
  orderId: string,
  change: StatusChange,
  /** The shop's public address, for the shipped e-mail's order lookup link (null: the page is named instead). */
  publicUrl: string | null = null,
  payments: PaymentProvider | null = null,
): Promise<{ ok: true; order: AdminOrder; mailed: boolean } | AdminRefusal> {
  const status = String(change.status ?? "").trim().toLowerCase();
  if (!isOrderStatus(status)) return { ok: false, reason: "invalid", message: adminFulfilment.unknownStatus };
  const shipmentRefusal = refuseShipmentFields(change);
  if (shipmentRefusal) return shipmentRefusal;
  const request: StatusChangeRequest = { ...change, status };
  const expected = change.expectedStatus === undefined ? undefined : String(change.expectedStatus).trim().toLowerCase();
  let shortMessage = "";
  let changedTo = "";
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update").limit(1);
    if (!row) return null;
    if (expected !== undefined && expected !== row.status) {
      changedTo = row.status;
      return "changed" as const;
    }
    const lines = statusChangeReadsLines(row.status, request) ? await stockLinesOf(tx, orderId) : [];
    const plan = planStatusChange(row, lines, request, new Date());
    if (plan.unchanged) return { updated: row, mailed: false };
    const [updated] = await tx.update(orders).set(plan.set).where(eq(orders.id, orderId)).returning();
    const { named: restocked } = plan.restock.length > 0 ? await restockOrderLines(tx, plan.restock, "cancel") : { named: [] };
    const takenFromStock = await takeBackIntoOrder(tx, plan.takeBack);
    await recordAdminAction(tx, {
      adminId: admin.userId,
      adminEmail: admin.email,
      action: "order.status_changed",
      subjectType: "order",
      subjectId: orderId,
      before: plan.audit.before,
      after: statusChangeAuditAfter(plan.audit, { restocked, takenFromStock }),
    });
    if (plan.shippedMail) await queueShippedMail(tx, row, plan.shippedMail, publicUrl);
    if (plan.cancelledMail) await queueCancelledMail(tx, updated!, publicUrl, plan.cancelledMail.alreadySent);
    const backOn = plan.backOnMailIfTold && (await queueBackOnMailIfTold(tx, updated!, publicUrl));
    return { updated: updated!, mailed: plan.shippedMail !== null || plan.cancelledMail !== null || backOn };
  }).catch((error: unknown) => {
    // Everything of the change rolled back: the order stays cancelled, the stock as it was.
    if (!(error instanceof StockShortError)) throw error;
    shortMessage = adminFulfilment.reopenStockShort(error.productName, error.available);
    return "stock-short" as const;
  });
  if (result === "stock-short") return { ok: false, reason: "stock_limit", message: shortMessage };
  if (result === "changed") return { ok: false, reason: "changed", message: adminFulfilment.statusChangedMeanwhile(statusLabel(changedTo)) };
  if (!result) return { ok: false, reason: "not_found", message: adminFulfilment.orderNotFound };
  const updated = payments && status === "cancelled" ? ((await closeCancelledCheckout(db, admin, payments, result.updated)) ?? result.updated) : result.updated;
  // The statuses' counts changed: the owner's next view of the list shows them right.
  forgetOrderCounts(db);
  const [items, codes] = await Promise.all([itemsByOrder(db, [orderId]), discountCodesOf(db, [updated])]);
  return { ok: true, order: toAdminOrder(updated, items.get(orderId) ?? [], codes), mailed: result.mailed };
}

/**
 * A cancelled order still waiting for its payment can no longer be paid: its payment page is closed
 * at the provider, as a newer checkout of the same cart closes an older one, and its payment is
 * marked failed. Otherwise the shopper, still on that page, could pay for an order the owner had
 * cancelled and be refunded after. A session paid meanwhile, or a provider that cannot be asked,
 * is left to the usual path: the payment finds the order cancelled and is refunded (decision 013).
 * The order's timeline shows it as a payment not completed; the audit trail names who closed it.
 * Reopened after this, the order cannot be paid: the shopper checks out again.
 * The order as it is now, or null when nothing changed.
 */
async function closeCancelledCheckout(db: Database, admin: AdminViewer, payments: PaymentProvider, order: typeof orders.$inferSelect) {
  const sessionId = order.stripeSessionId;
  if (order.paymentStatus !== "pending" || !sessionId || order.paymentProvider !== payments.name) return null;
  try {
    if (!(await payments.closeSession(sessionId))) return null;
    if ((await applyFailedSession(db, sessionId, "expired")) !== "updated") return null;
    await recordAdminAction(db, {
      adminId: admin.userId,
      adminEmail: admin.email,
      action: "order.payment_page_closed",
      subjectType: "order",
      subjectId: order.id,
      before: { paymentStatus: "pending" },
      after: { paymentStatus: "failed" },
    });
    const [now] = await db.select().from(orders).where(eq(orders.id, order.id)).limit(1);
    return now ?? null;
  } catch (error) {
    logRequestError(`order ${order.id}: closing the payment page of the cancelled order`, error);
    return null;
  }
}

export type TrackingChange = {
  carrier: string | null;
  trackingNumber: string | null;
  notifyCustomer: boolean;
  /**
   * The carrier and tracking number the admin's form showed: when the order has others by now (a
   * second admin saved meanwhile), nothing is saved and nobody is e-mailed. Left out, the change
   * applies whatever the order has.
   */
  expected?: { carrier: string | null; trackingNumber: string | null };
};

/**
 * Corrects a shipped (or delivered) order's carrier and tracking number without shipping it again:
 * the status and shipping date stay, the audit row keeps before and after, and the customer is
 * e-mailed the new tracking only when the admin asks. `not_shipped`: the order has not left yet,
 * so its tracking belongs to the Mark shipped step.
 */
export async function changeOrderTracking(
  db: Database,
  admin: AdminViewer,
  orderId: string,
  change: TrackingChange,
  publicUrl: string | null = null,
): Promise<{ ok: true; order: AdminOrder; changed: boolean; mailed: boolean } | AdminRefusal> {
  const refusal = refuseShipmentFields(change);
  if (refusal) return refusal;
  const carrier = cleanShipmentField(change.carrier);
  const trackingNumber = cleanShipmentField(change.trackingNumber);
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId.toLowerCase())).for("update").limit(1);
    if (!row) return null;
    if (!canEditTracking(row.status)) return { notShipped: true as const, status: row.status };
    if (change.expected && (cleanShipmentField(change.expected.carrier) !== row.carrier || cleanShipmentField(change.expected.trackingNumber) !== row.trackingNumber)) {
      return { notShipped: false as const, changedMeanwhile: true as const };
    }
    if (carrier === row.carrier && trackingNumber === row.trackingNumber) return { notShipped: false as const, updated: row, changed: false, mailed: false };
    const [updated] = await tx.update(orders).set({ carrier, trackingNumber, updatedAt: new Date() }).where(eq(orders.id, row.id)).returning();
    const mailed = change.notifyCustomer && Boolean(orderContactEmail(row));
    await recordAdminAction(tx, {
      adminId: admin.userId,
      adminEmail: admin.email,
      action: "order.tracking_changed",
      subjectType: "order",
      subjectId: row.id,
      before: { carrier: row.carrier, trackingNumber: row.trackingNumber },
      after: { carrier, trackingNumber, customerNotified: mailed },
    });
    if (mailed) await queueTrackingUpdatedMail(tx, updated!, { carrier, trackingNumber }, publicUrl);
    return { notShipped: false as const, updated: updated!, changed: true, mailed };
  });
  if (!result) return { ok: false, reason: "not_found", message: adminFulfilment.orderNotFound };
  if (result.notShipped) return { ok: false, reason: "not_shipped", message: adminFulfilment.trackingNotShipped(statusLabel(result.status) || result.status) };
  if ("changedMeanwhile" in result) return { ok: false, reason: "changed", message: adminFulfilment.trackingChangedMeanwhile };
  const [items, codes] = await Promise.all([itemsByOrder(db, [result.updated.id]), discountCodesOf(db, [result.updated])]);
  return { ok: true, order: toAdminOrder(result.updated, items.get(result.updated.id) ?? [], codes), changed: result.changed, mailed: result.mailed };
}

/** An internal note, seen by staff only; kept in the append-only audit trail. */
export async function addOrderNote(db: Database, admin: AdminViewer, orderId: string, note: unknown): Promise<{ ok: true; note: TimelineEntry } | AdminRefusal> {
  const text = typeof note === "string" ? note.trim() : "";
  if (text === "") return { ok: false, reason: "invalid", message: adminFulfilment.noteEmpty };
  if (text.length > NOTE_MAX_LENGTH) return { ok: false, reason: "invalid", message: adminFulfilment.noteTooLong(NOTE_MAX_LENGTH) };
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!row) return { ok: false as const, reason: "not_found" as const, message: adminFulfilment.orderNotFound };
    await recordAdminAction(tx, { adminId: admin.userId, adminEmail: admin.email, action: "order.note_added", subjectType: "order", subjectId: orderId, before: null, after: { note: text } });
    return { ok: true as const, note: { at: new Date().toISOString(), kind: "note" as const, title: "Internal note", detail: text, by: admin.email } };
  });
}

