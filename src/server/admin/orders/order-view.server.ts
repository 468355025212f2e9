// One order as the back office shows it (admin.md sections 2 and 4): its row, its lines, its
// discount's code and what cancelling it can do. The list, the order page, the changes, the
// export and the print page all read orders through it.
import { asc, inArray } from "drizzle-orm";
import { cancelChoices, type CancelChoices } from "../../../domain/admin/cancel-order.ts";
import { paymentGivenBack } from "../../../domain/admin/status-change.ts";
import { lineTotalPence } from "../../../domain/admin/order-display.ts";
import { formatOrderNumber } from "../../../domain/order-number.ts";
import { orderContactEmail } from "../../../domain/orders.ts";
import type { Database, DbOrTx } from "../../db/client.server.ts";
import { discountCodes, orderItems, orders, type OrderCustomer, type OrderShippingAddress } from "../../db/schema.ts";

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
  /** Units refunds covered (succeeded or still at the provider), back in stock or not. */
  refundedQuantity: number;
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
  /** A refund (succeeded or still at the provider) covered the shipping. */
  shippingRefunded: boolean;
  customerEmail: string;
  customer: Partial<OrderCustomer>;
  shippingAddress: Partial<OrderShippingAddress>;
  items: AdminOrderItem[];
  /** What cancelling it can also do (null: cancelled already, or never paid). */
  cancelChoices: CancelChoices | null;
  /** The shop gave its payment back on arrival (decision 013): it stays cancelled. Only when true, as lists carry it. */
  paymentGivenBack?: true;
};

export type OrderRow = typeof orders.$inferSelect;

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
    shippingRefunded: row.shippingRefunded,
    customerEmail: row.customerEmail,
    // admin.md section 3: "customer and shipping_address default to empty objects".
    customer: row.customer ?? {},
    shippingAddress: row.shippingAddress ?? {},
    items,
    cancelChoices: cancelChoices({ ...row, customerEmail: orderContactEmail(row), items }),
    ...(paymentGivenBack(row) ? { paymentGivenBack: true as const } : {}),
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
      refundedQuantity: line.refundedQuantity,
    });
    byOrder.set(line.orderId, list);
  }
  return byOrder;
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
