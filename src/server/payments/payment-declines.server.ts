// A failed attempt at paying an order: the card's bank declined it, or its check (3-D Secure)
// failed, and the shopper may try again on the same payment page. Nothing about the order
// changes; the owner sees each attempt on its timeline (a customer who writes "your shop refused
// my card" can be answered).
import { count, eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { orderPaymentDeclines, orders } from "../db/schema.ts";

/** A shopper (or a script) trying card after card on one order leaves at most this many entries. */
export const DECLINES_KEPT_PER_ORDER = 20;
const REASON_MAX_LENGTH = 300;

export type PaymentDecline = {
  /** The provider's event id: an event delivered twice is recorded once. */
  eventId: string;
  provider: string;
  /** The order, by its payment session (the local provider) or by its id (Stripe's payment events). */
  sessionId: string | null;
  orderId: string | null;
  reason: string;
  /** When the attempt failed (the event's own time: a delivery retried later keeps its place). */
  at: Date;
};

/** Records the attempt on its order; false when there is no such order, it was recorded already, or the order has its fill. */
export async function recordPaymentDecline(db: Database, decline: PaymentDecline): Promise<boolean> {
  const which = decline.sessionId ? eq(orders.stripeSessionId, decline.sessionId) : decline.orderId ? eq(orders.id, decline.orderId) : null;
  if (!which) return false;
  return db.transaction(async (tx) => {
    // The order's row is the turnstile: attempts on one order are counted one at a time.
    const [order] = await tx.select({ id: orders.id }).from(orders).where(which).limit(1).for("update");
    if (!order) return false;
    const [kept] = await tx.select({ n: count() }).from(orderPaymentDeclines).where(eq(orderPaymentDeclines.orderId, order.id));
    if ((kept?.n ?? 0) >= DECLINES_KEPT_PER_ORDER) return false;
    const inserted = await tx
      .insert(orderPaymentDeclines)
      .values({ eventId: decline.eventId, orderId: order.id, provider: decline.provider, reason: decline.reason.slice(0, REASON_MAX_LENGTH), createdAt: decline.at })
      .onConflictDoNothing()
      .returning({ eventId: orderPaymentDeclines.eventId });
    return inserted.length > 0;
  });
}

/** An order's declined attempts, oldest first. */
export async function paymentDeclinesOf(db: Database, orderId: string) {
  return db
    .select({ reason: orderPaymentDeclines.reason, provider: orderPaymentDeclines.provider, createdAt: orderPaymentDeclines.createdAt })
    .from(orderPaymentDeclines)
    .where(eq(orderPaymentDeclines.orderId, orderId))
    .orderBy(orderPaymentDeclines.createdAt);
}
