// Payments the shop takes but cannot honour (decision 013): the order is cancelled, nothing is
// taken from stock, the payment goes back in full, and the shopper is told why. Pure.
import { confirmation } from "./messages/orders.ts";

export const REFUND_REASONS = ["sold-out", "discount-used-up", "paid-after-cancel", "amount-mismatch"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export function isRefundReason(value: unknown): value is RefundReason {
  return typeof value === "string" && (REFUND_REASONS as readonly string[]).includes(value);
}

/** The order's state when a payment for it arrives. */
export type OrderPaymentState = { status: string; paymentStatus: string };

/**
 * What a payment arriving for an order does, before stock and the discount are looked at: an
 * order paid or refunded already stays as it is (a replay), a cancelled or failed order stays
 * cancelled and the money goes back, a pending order is applied.
 */
export function paymentArrival(order: OrderPaymentState): "already-paid" | "already-refunded" | "refuse-cancelled" | "apply" {
  // A partly refunded order was paid: a replayed payment event must not apply it again.
  if (order.paymentStatus === "paid" || order.paymentStatus === "partially_refunded") return "already-paid";
  if (order.paymentStatus === "refunded") return "already-refunded";
  if (order.status === "cancelled" || order.paymentStatus === "failed") return "refuse-cancelled";
  return "apply";
}

/** What the confirmation page says, in words, about a refused payment. */
export function refundedMessage(reason: RefundReason): string {
  switch (reason) {
    case "sold-out":
      return confirmation.soldOutRefunded;
    case "discount-used-up":
      return confirmation.discountUsedUpRefunded;
    case "paid-after-cancel":
      return confirmation.cancelledOrderRefunded;
    case "amount-mismatch":
      return confirmation.amountMismatchRefunded;
  }
}

/** The sentence of the shopper's e-mail that says why the order was not placed. */
export function refundedMailReason(reason: RefundReason): string {
  switch (reason) {
    case "sold-out":
      return "Unfortunately an item sold out while you were paying, so we cannot send it.";
    case "discount-used-up":
      return "Unfortunately the discount code on your order reached its usage limit before your payment arrived, so we cannot place the order at that price.";
    case "paid-after-cancel":
      return "Your payment arrived after the order had been cancelled, so we have not placed it.";
    case "amount-mismatch":
      return "The amount taken did not match your order's total, so we have not placed it. Please place the order again.";
  }
}
