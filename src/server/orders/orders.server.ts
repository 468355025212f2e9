// A shopper's own orders (docs/architecture.md "No record is reachable by its id alone"): read by
// the owner's session (listOrdersForUser) or by order number plus the buyer's e-mail
// (findOrderByNumber), or for the paying browser's confirmation page by the order its payment
// session names (orderSummaryById). None takes an order id from the browser.
import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { GUEST_PLACEHOLDER_EMAIL } from "../../domain/guest-email.ts";
import { formatOrderNumber } from "../../domain/order-number.ts";
import { deliveryAddressLine, normaliseOrderNumber, recipientName, type OrderSummary, type OrderSummaryItem } from "../../domain/orders.ts";
import type { Database } from "../db/client.server.ts";
import { orderItems, orders } from "../db/schema.ts";
import type { RateLimitRule } from "../security/rate-limit.server.ts";

/**
 * Looking an order up is guessing a number for an e-mail; 20 tries per 15 minutes per address
 * is plenty for a person and far too few to find someone else's order.
 */
export const ORDER_LOOKUP_LIMIT: RateLimitRule = { name: "order-lookup", max: 20, windowMs: 15 * 60_000 };

/** The most recent orders an account page lists; older ones are rare enough not to page yet. */
export const ACCOUNT_ORDERS_LIMIT = 100;

/** Whose orders: the account, and its e-mail address if the account has confirmed it. */
export type OrderOwner = { userId: string; email: string; emailVerified: boolean };

/**
 * The signed-in shopper's orders, newest first: one query for the orders, one for all their
 * lines. A checkout whose payment failed or was cancelled was never placed ("Your order was not
 * placed", /checkout/cancelled), so it is not listed; everything else is, awaiting payment included.
 * Orders placed without signing in are theirs too once the account has confirmed the address they
 * were placed with: only that mailbox's owner can, and anyone else who signs up with it sees none.
 */
export async function listOrdersForUser(db: Database, owner: OrderOwner): Promise<OrderSummary[]> {
  const ownAccount = eq(orders.userId, owner.userId);
  const mine = owner.emailVerified ? or(ownAccount, and(isNull(orders.userId), eq(orders.customerEmail, owner.email.trim().toLowerCase()))) : ownAccount;
  const rows = await db
    .select()
    .from(orders)
    .where(and(mine, ne(orders.paymentStatus, "failed")))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ACCOUNT_ORDERS_LIMIT);
  return withItems(db, rows);
}

/**
 * The order with this number in any form the shop has shown it: "#1A2B3C4D" (its last 8
 * characters), the first 8 characters (older confirmation toasts), "ORD-...", or the full id
 * bought with this e-mail address, or null. Both must match; the caller answers one neutral
 * message either way so nobody learns which part was wrong.
 */
export async function findOrderByNumber(db: Database, orderNumber: string, email: string): Promise<OrderSummary | null> {
  const number = normaliseOrderNumber(orderNumber);
  const address = email.trim().toLowerCase();
  if (number === "" || address === "" || address === GUEST_PLACEHOLDER_EMAIL) return null;
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.customerEmail, address),
        // formatOrderNumber shows "ORD-..." ids whole and others by their last 8 characters.
        or(
          sql`upper(${orders.id}) = ${number}`,
          and(
            sql`${orders.id} not like 'ORD-%'`,
            or(sql`upper(right(${orders.id}, 8)) = ${number}`, sql`upper(left(${orders.id}, 8)) = ${number}`),
          ),
        ),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  const [found] = await withItems(db, rows);
  return found ?? null;
}

type OrderRow = typeof orders.$inferSelect;

async function withItems(db: Database, rows: OrderRow[]): Promise<OrderSummary[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItems.createdAt), asc(orderItems.productName), asc(orderItems.id));
  const byOrder = new Map<string, OrderSummaryItem[]>();
  for (const line of lines) {
    const list = byOrder.get(line.orderId) ?? [];
    list.push({
      id: line.id,
      productId: line.productId,
      name: line.productName,
      size: line.selectedSize,
      colour: line.selectedColor,
      quantity: line.quantity,
      unitPricePence: line.unitPricePence,
    });
    byOrder.set(line.orderId, list);
  }
  return rows.map((row) => ({
    number: formatOrderNumber(row.id),
    placedAt: row.createdAt.toISOString(),
    status: row.status,
    paymentStatus: row.paymentStatus,
    items: byOrder.get(row.id) ?? [],
    subtotalPence: row.subtotalPence,
    discountPence: row.discountPence,
    shippingPence: row.shippingPence,
    shippingMethod: row.shippingMethod,
    totalPence: row.totalAmountPence,
    deliveryAddress: deliveryAddressLine(row.shippingAddress),
    recipient: recipientName(row.shippingAddress),
    // A refund the provider has not confirmed yet is reserved on the order too: the shopper is
    // told of refunds once the payment says so.
    refundedPence: row.paymentStatus === "refunded" || row.paymentStatus === "partially_refunded" ? row.refundedPence : 0,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
  }));
}

/**
 * One order by its id, for a caller that has already proved the right to see it (the paying
 * browser's session id on the confirmation page); null when there is no such order.
 */
export async function orderSummaryById(db: Database, orderId: string): Promise<OrderSummary | null> {
  const [found] = await withItems(db, await db.select().from(orders).where(eq(orders.id, orderId)));
  return found ?? null;
}
