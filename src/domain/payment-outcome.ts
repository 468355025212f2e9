// Whether an order was paid, one rule for the confirmation page, the payment page and the
// provider-session checks (decisions 013 and 035). Pure.
import { isRefundReason, type RefundReason } from "./payment-refusals.ts";

/** What an order row says about its payment. */
export type OrderPaymentFacts = { status: string; paymentStatus: string; cancelReason: string | null; paidAt: Date | null };

export type OrderPaymentOutcome = { kind: "paid" } | { kind: "refunded"; reason: RefundReason } | { kind: "failed" } | { kind: "pending" };

/**
 * Paid, refunded as a refused payment (with the reason the shopper is told), failed (cancelled or
 * declined), or still pending. A payment the shop took but could not honour was given back at
 * once: the order was never placed, although the money was captured for a moment.
 */
export function orderPaymentOutcome(order: OrderPaymentFacts): OrderPaymentOutcome {
  if (order.paymentStatus === "refunded" && isRefundReason(order.cancelReason)) return { kind: "refunded", reason: order.cancelReason };
  if (order.paymentStatus === "paid") return { kind: "paid" };
  // Refunded by an admin after it was paid (decision 035): to the shopper it was a paid order.
  if ((order.paymentStatus === "refunded" || order.paymentStatus === "partially_refunded") && order.paidAt) return { kind: "paid" };
  if (order.paymentStatus === "failed" || order.status === "cancelled") return { kind: "failed" };
  return { kind: "pending" };
}

/** A payment provider's session that took the money, or that had nothing to take (a free order). */
export function isSessionPaid(session: { paymentStatus: string }): boolean {
  return session.paymentStatus === "paid" || session.paymentStatus === "no_payment_required";
}
