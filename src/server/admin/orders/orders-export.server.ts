// The orders export (issue 12): the orders of the current search and filter as CSV, streamed a
// batch at a time with a keyset cursor, so 100,000 orders take the memory of one batch. Newest
// first (an export is read by date, not grouped by customer); amounts are decimal pounds in
// columns marked GBP so a spreadsheet can add them up (decision 019).
import { isErasedEmail, knownEmail } from "../../../domain/guest-email.ts";
import { personName } from "../../../domain/person-name.ts";
import { and, desc, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { OrderSelection } from "../../../domain/admin/order-filters.ts";
import { csvRow } from "../../../domain/admin/csv.ts";
import { formatLondonSpreadsheetTime } from "../../../domain/admin/london-time.ts";
import { adminOrders, providerName } from "../../../domain/messages/admin.ts";
import { penceToPounds } from "../../../domain/money.ts";
import { statusLabel } from "../../../domain/status.ts";
import type { Database } from "../../db/client.server.ts";
import { orders } from "../../db/schema.ts";
import type { AdminViewer } from "../admin-guard.server.ts";
import { recordAdminAction } from "../audit/audit.server.ts";
import { discountCodeSearched, orderFilterConditions } from "./orders-list.server.ts";
import { discountCodesOf, itemsByOrder, toAdminOrder, type AdminOrder, type OrderRow } from "./order-view.server.ts";

export const EXPORT_BATCH_SIZE = 500;

export const EXPORT_COLUMNS = [
  "Order number",
  "Order id",
  "Created at (London time)",
  "Status",
  "Payment status",
  "Payment provider",
  "Payment session id",
  "Customer name",
  "Customer email",
  "Customer phone",
  "Ship to",
  "Address",
  "City",
  "Region",
  "Postal code",
  "Country",
  "Shipping phone",
  "Item count",
  "Items",
  "Subtotal (GBP)",
  "Discount (GBP)",
  "Discount code",
  "Shipping (GBP)",
  "Total (GBP)",
  "Refunded (GBP)",
  "Carrier",
  "Tracking number",
] as const;

function exportRow(order: AdminOrder): string {
  const address = order.shippingAddress;
  const items = order.items
    .map((item) => {
      const options = [item.size, item.colour].filter(Boolean).join(", ");
      return `${item.quantity} x ${item.productName}${options ? ` (${options})` : ""} @ ${penceToPounds(item.unitPricePence)}`;
    })
    .join("; ");
  return csvRow([
    order.number,
    order.id,
    formatLondonSpreadsheetTime(order.createdAt),
    // As the screens say them: "Partially refunded", not the stored "partially_refunded".
    statusLabel(order.status),
    statusLabel(order.paymentStatus),
    providerName(order.paymentProvider),
    order.paymentSessionId,
    // An erased customer's order stays in the shop's accounts under a name that says why it has none.
    isErasedEmail(order.customer.email) ? adminOrders.erasedCustomer : personName(order.customer),
    knownEmail(order.customer.email ?? order.customerEmail),
    order.customer.phone,
    personName(address),
    address.address,
    address.city,
    address.region,
    address.postalCode,
    address.country,
    address.phone,
    order.items.reduce((sum, item) => sum + item.quantity, 0),
    items,
    penceToPounds(order.subtotalPence),
    penceToPounds(order.discountPence),
    order.discountCode,
    penceToPounds(order.shippingPence),
    penceToPounds(order.totalAmount),
    penceToPounds(order.refundedPence),
    order.carrier,
    order.trackingNumber,
  ]);
}

/** The export itself is an admin action: who took which orders out of the shop, and when. */
export async function recordOrdersExport(db: Database, admin: AdminViewer, filter: OrderSelection): Promise<void> {
  await db.transaction(async (tx) => {
    await recordAdminAction(tx, { adminId: admin.userId, adminEmail: admin.email, action: "orders.exported", subjectType: "orders", subjectId: null, before: null, after: { search: filter.search, status: filter.status, ...(filter.show ? { show: filter.show } : {}) } });
  });
}

/** The CSV text, header first, one batch of orders per chunk. */
export async function* exportOrdersCsv(db: Database, filter: OrderSelection, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<string> {
  // A byte-order mark so spreadsheet programs read the file as UTF-8 (£, accents in names).
  yield `\uFEFF${csvRow([...EXPORT_COLUMNS])}`;
  const base = orderFilterConditions(filter, await discountCodeSearched(db, filter.search));
  // The cursor keeps created_at as PostgreSQL's own text: a JavaScript Date drops microseconds
  // and would skip or repeat orders placed in the same millisecond.
  let cursor: { createdAt: string; id: string } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor ? sql`(${orders.createdAt}, ${orders.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})` : undefined;
    const rows: (OrderRow & { cursorAt: string })[] = await db
      .select({ ...getTableColumns(orders), cursorAt: sql<string>`${orders.createdAt}::text` })
      .from(orders)
      .where(and(base, after))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    const [items, codes] = await Promise.all([itemsByOrder(db, rows.map((row) => row.id)), discountCodesOf(db, rows)]);
    yield rows.map((row) => exportRow(toAdminOrder(row, items.get(row.id) ?? [], codes))).join("");
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { createdAt: last.cursorAt, id: last.id };
  }
}

/** A streaming Response body of the CSV chunks, UTF-8 encoded, pulled only as fast as it is read. */
export function csvStream(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
