// What the built-in payment page (/pay/{sessionId}) shows beside an open session, or in place of
// an expired one: read from the session's order.
import { eq } from "drizzle-orm";
import { formatOrderNumber } from "../../domain/order-number.ts";
import { deliveryAddressLine, recipientName } from "../../domain/orders.ts";
import { personName } from "../../domain/person-name.ts";
import { orderPaymentOutcome } from "../../domain/payment-outcome.ts";
import type { Database } from "../db/client.server.ts";
import { orders, type localPaymentSessions, type OrderCustomer, type OrderShippingAddress } from "../db/schema.ts";
import { hasExpired } from "./local-provider.server.ts";

type LocalSession = typeof localPaymentSessions.$inferSelect;

/** Who the order goes to, when the shop knows it already (the cart's checkout, a Buy Now paid before). */
export type PayRecipient = { name: string; phone: string | null; address: string | null };

export type PayPageView =
  | { state: "expired" }
  /** `paidOrderNumber`: the newer checkout's order, when it was paid. */
  | { state: "replaced"; paidOrderNumber: string | null }
  /** `prefill`: a signed-in shopper's Buy Now, whose delivery form starts from the account's name and phone, as /checkout does. */
  | { state: "open"; recipient: PayRecipient | null; prefill: { name: string; phone: string } | null };

/** The page of a session not paid yet. */
export async function payPageView(db: Database, session: LocalSession): Promise<PayPageView> {
  if (hasExpired(session)) {
    const replacement = await replacementOf(db, session.orderId);
    return replacement ? { state: "replaced", ...replacement } : { state: "expired" };
  }
  const [order] = await db.select({ customer: orders.customer, address: orders.shippingAddress }).from(orders).where(eq(orders.id, session.orderId)).limit(1);
  return {
    state: "open",
    recipient: order ? recipientOf(order) : null,
    prefill: order && session.collectCountries && session.customerEmail ? { name: personName(order.customer), phone: order.customer.phone ?? "" } : null,
  };
}

/**
 * The newer checkout of the same cart that closed this one (checkout.server.ts), and whether it is
 * paid: the shopper is told where their payment went, not just that this page expired.
 */
async function replacementOf(db: Database, orderId: string): Promise<{ paidOrderNumber: string | null } | null> {
  const [order] = await db.select({ replacedBy: orders.replacedBy }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order?.replacedBy) return null;
  const [newer] = await db
    .select({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus, cancelReason: orders.cancelReason, paidAt: orders.paidAt })
    .from(orders)
    .where(eq(orders.id, order.replacedBy))
    .limit(1);
  return { paidOrderNumber: newer && orderPaymentOutcome(newer).kind === "paid" ? formatOrderNumber(newer.id) : null };
}

/** Who the order goes to, as its delivery address names them: the recipient, else the customer. */
function recipientOf(order: { customer: OrderCustomer; address: OrderShippingAddress | null }): PayRecipient | null {
  if (!order.address) return null;
  return {
    name: recipientName(order.address) ?? personName(order.customer),
    phone: order.address.phone ?? order.customer.phone ?? null,
    address: deliveryAddressLine(order.address),
  };
}
