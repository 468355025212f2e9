// Applying a payment to its order, exactly once (docs/architecture.md "Payments are idempotent").
// The webhook and verify-payment both end here, whichever comes first; the order row is locked
// for the transaction, so a second caller finds it already paid and changes nothing. A replayed
// provider event is recognised by its id in payment_events and ignored. A payment the shop cannot
// honour (sold out, discount used up, order cancelled) is refused the same way (decision 013).
import { and, asc, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import { isRefundReason, paymentArrival, type RefundReason } from "../../domain/payment-refusals.ts";
import type { Database, Transaction } from "../db/client.server.ts";
import { cartItems, discountCodes, orderItems, orders, paymentEvents } from "../db/schema.ts";
import { returnProductStock, takeProductStock } from "../catalog/product-stock.server.ts";
import { newOrderNoticeMail, orderConfirmationMail, orderNotFulfilledMail, readMailingShop } from "../mail/order-mails.server.ts";
import { queueMail } from "../mail/outbox.server.ts";

export type PaymentOutcome =
  /** The order is paid now (by this call or an earlier one). */
  | { kind: "paid"; orderId: string; firstTime: boolean }
  /**
   * The shopper paid but the shop cannot honour the order (decision 013): an item sold out
   * meanwhile, the discount code reached its limit, or the order was already cancelled. It stays
   * cancelled, stock and the code are untouched, and the money must go back (the caller refunds).
   */
  | { kind: "refunded"; orderId: string; firstTime: boolean; reason: RefundReason }
  | { kind: "duplicate-event" }
  | { kind: "unknown-session" };

type ProviderEvent = { id: string; provider: string; type: string };
type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

/** Records a provider event; false when it was seen before (a replay). */
async function firstSighting(tx: Transaction, event: ProviderEvent, sessionId: string): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values({ id: event.id, provider: event.provider, type: event.type, sessionId })
    .onConflictDoNothing({ target: paymentEvents.id })
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

async function lockOrder(tx: Transaction, sessionId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.stripeSessionId, sessionId)).for("update").limit(1);
  return order ?? null;
}

type Taken = { productId: string; quantity: number }[];

/** Takes the stock line by line; null (and nothing taken) when a line cannot be covered. */
async function takeStock(tx: Transaction, items: OrderItemRow[]): Promise<Taken | null> {
  const taken: Taken = [];
  // In product order, so two orders of the same products lock their rows in the same order.
  const lines = items.filter((item) => item.productId !== null).sort((a, b) => (a.productId! < b.productId! ? -1 : 1));
  for (const item of lines) {
    if (!(await takeProductStock(tx, item.productId!, item.quantity))) {
      await giveBackStock(tx, taken);
      return null;
    }
    taken.push({ productId: item.productId!, quantity: item.quantity });
  }
  return taken;
}

async function giveBackStock(tx: Transaction, taken: Taken) {
  for (const line of taken) {
    await returnProductStock(tx, line.productId, line.quantity);
  }
}

/**
 * Counts the order's use of its code, only while the code is below its limit (canCountUse).
 * Null when the code is used up; else the code, for the e-mail (null without one, or deleted since).
 */
async function countDiscountUse(tx: Transaction, discountCodeId: string | null): Promise<{ code: string | null } | null> {
  if (!discountCodeId) return { code: null };
  const [counted] = await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1`, updatedAt: new Date() })
    .where(and(eq(discountCodes.id, discountCodeId), or(isNull(discountCodes.usageLimit), lt(discountCodes.usedCount, discountCodes.usageLimit))))
    .returning({ code: discountCodes.code });
  if (counted) return counted;
  // A code deleted since checkout has no limit left to protect: the order keeps its price.
  const [exists] = await tx.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.id, discountCodeId));
  return exists ? null : { code: null };
}

/** The order is not fulfilled: cancelled, payment `refunded`, the reason kept, the shopper told. */
async function refuse(tx: Transaction, order: OrderRow, reason: RefundReason, publicUrl: string | null): Promise<PaymentOutcome> {
  await tx
    .update(orders)
    .set({ paymentStatus: "refunded", status: "cancelled", cancelReason: reason, paidAt: new Date(), updatedAt: new Date() })
    .where(eq(orders.id, order.id));
  await queueMail(tx, orderNotFulfilledMail(order, reason, await readMailingShop(tx, publicUrl)));
  return { kind: "refunded", orderId: order.id, firstTime: true, reason };
}

/**
 * Marks the order of `sessionId` paid: payment `paid`, status `processing`, stock taken (in_stock
 * false at 0), the discount's use counted and the order e-mail queued, all in one transaction.
 * A payment the shop cannot honour is refused instead (decision 013).
 */
export async function applyPaidSession(
  db: Database,
  sessionId: string,
  event?: ProviderEvent,
  /** The shop's origin for the e-mails' links; `shopEmail`: where a new order is announced when Settings has no contact e-mail. */
  shop?: { publicUrl: string; shopEmail?: string },
  /** What the provider says it took, in pence, when it said (the session as read from it). */
  paid?: { amountPence: number; currency: string },
): Promise<PaymentOutcome> {
  return db.transaction(async (tx) => {
    if (event && !(await firstSighting(tx, event, sessionId))) return { kind: "duplicate-event" };
    const order = await lockOrder(tx, sessionId);
    if (!order) return { kind: "unknown-session" };
    switch (paymentArrival(order)) {
      case "already-paid":
        return { kind: "paid", orderId: order.id, firstTime: false };
      case "already-refunded":
        // Refunded by an admin after it was paid (decision 035): to the shopper it was a paid order.
        if (!isRefundReason(order.cancelReason)) return { kind: "paid", orderId: order.id, firstTime: false };
        return { kind: "refunded", orderId: order.id, firstTime: false, reason: order.cancelReason };
      case "refuse-cancelled":
        // A late event must not revive a cancelled order or take its stock.
        return refuse(tx, order, "paid-after-cancel", shop?.publicUrl ?? null);
      case "apply":
        break;
    }
    // The shop creates every payment session for the order's total in pounds, so another amount
    // was not the shop's doing (a promotion set up at the provider, another integration's session):
    // never applied, given back in full.
    if (paid && (paid.amountPence !== order.totalAmountPence || paid.currency.toLowerCase() !== "gbp")) return refuse(tx, order, "amount-mismatch", shop?.publicUrl ?? null);

    // In the order the order's pages list them, for the e-mail below.
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.createdAt), asc(orderItems.productName), asc(orderItems.id));
    const taken = await takeStock(tx, items);
    if (!taken) return refuse(tx, order, "sold-out", shop?.publicUrl ?? null);
    const discount = await countDiscountUse(tx, order.discountCodeId);
    if (!discount) {
      await giveBackStock(tx, taken);
      return refuse(tx, order, "discount-used-up", shop?.publicUrl ?? null);
    }
    // An order an admin has already moved on (shipped against a promise to pay) keeps their
    // status: put back to Processing, it would wait to be sent a second time.
    await tx
      .update(orders)
      .set({ paymentStatus: "paid", status: order.status === "pending" ? "processing" : order.status, paidAt: new Date(), updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    await takePaidLinesOutOfCart(tx, order, items);
    // The order e-mail links the order lookup (issue 15, item 15) from the shop's configured
    // origin; without one (a test applying a payment directly) it names the page.
    const mailing = await readMailingShop(tx, shop?.publicUrl ?? null);
    await queueMail(tx, orderConfirmationMail(order, items, mailing, discount.code));
    const shopInbox = mailing.contactEmail ?? shop?.shopEmail;
    if (shopInbox) await queueMail(tx, newOrderNoticeMail(order, items, mailing, shopInbox));
    return { kind: "paid", orderId: order.id, firstTime: true };
  });
}

/**
 * The signed-in cart keeps its lines through checkout; once the order placed from it is paid, the
 * paid quantities come out of it, line by line (product, size, colour). What the shopper added
 * after checkout stays; a line lowered meanwhile goes, so no paid item is left behind. A second
 * order paid from the same cart (two tabs) finds its lines gone and changes nothing.
 */
async function takePaidLinesOutOfCart(tx: Transaction, order: OrderRow, items: OrderItemRow[]) {
  if (!order.fromAccountCart || !order.userId) return;
  for (const item of items) {
    if (item.productId === null) continue;
    const line = and(
      eq(cartItems.userId, order.userId),
      eq(cartItems.productId, item.productId),
      eq(cartItems.selectedSize, item.selectedSize ?? ""),
      eq(cartItems.selectedColor, item.selectedColor ?? ""),
    );
    await tx.delete(cartItems).where(and(line, lte(cartItems.quantity, item.quantity)));
    await tx
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} - ${item.quantity}`, updatedAt: new Date() })
      .where(and(line, gt(cartItems.quantity, item.quantity)));
  }
}

/**
 * A session that ended without payment (expired, cancelled, async failure): the order is off,
 * unless an admin has already moved it on (say, shipped it against a promise to pay): then its
 * status is theirs and stays, and only the payment is marked failed, for the timeline to show.
 */
export async function applyFailedSession(
  db: Database,
  sessionId: string,
  outcome: "expired" | "failed",
  event?: ProviderEvent,
): Promise<"updated" | "unchanged" | "duplicate-event" | "unknown-session"> {
  return db.transaction(async (tx) => {
    if (event && !(await firstSighting(tx, event, sessionId))) return "duplicate-event";
    const order = await lockOrder(tx, sessionId);
    if (!order) return "unknown-session";
    // Out of order: a late "expired" after "paid" must not undo a payment.
    if (order.paymentStatus !== "pending") return "unchanged";
    const now = new Date();
    await tx
      .update(orders)
      .set({ paymentStatus: "failed", status: sql`case when ${orders.status} = 'pending' then 'cancelled' else ${orders.status} end`, paymentFailedAt: now, updatedAt: now })
      .where(eq(orders.id, order.id));
    void outcome;
    return "updated";
  });
}
