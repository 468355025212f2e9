// Cancelling a paid order with its refund, as Shopify's cancel offers: one action and one e-mail.
// The refund goes first: money is the part that can be refused, and an order cancelled whose
// refund then failed would have told the customer something untrue. Once the provider has
// confirmed the refund, the cancel follows, and its e-mail (when the owner chose one) says what
// was refunded; the refund's own e-mail is left out.
import { eq } from "drizzle-orm";
import { adminFulfilment } from "../../../domain/messages/admin.ts";
import { formatGbp } from "../../../domain/money.ts";
import { statusLabel } from "../../../domain/status.ts";
import type { Database } from "../../db/client.server.ts";
import { orderItems, orders } from "../../db/schema.ts";
import { unitsLeftToRefund } from "../../../domain/admin/refunds.ts";
import type { PaymentProvider } from "../../payments/payment-provider.server.ts";
import type { AdminViewer } from "../admin-guard.server.ts";
import { refundOrderPayment } from "../refunds/refunds.server.ts";
import type { Refusal } from "../../../domain/refusal.ts";
import { changeOrderStatus, type StatusChange } from "./order-status-change.server.ts";
import type { AdminOrder } from "./order-view.server.ts";

type Deps = { db: Database; payments: PaymentProvider; publicUrl: string | null };

export type CancelWithRefundResult =
  | { ok: true; order: AdminOrder; mailed: boolean; refundedPence: number }
  | Refusal<"not_found" | "changed">
  /** The refund was refused, so nothing changed; or it was made, and then the cancel was refused. */
  | { ok: false; reason: "refund_refused" | "not_cancelled"; message: string };

/** `refund.amount` is the amount the owner was shown, in pounds; the refund service checks it. */
export async function cancelWithRefund(
  deps: Deps,
  admin: AdminViewer,
  orderId: string,
  change: Omit<StatusChange, "status">,
  refund: { amount: string; idempotencyKey: string },
): Promise<CancelWithRefundResult> {
  // Asked before the money moves: an order changed meanwhile is refused as the cancel would be.
  const [before] = await deps.db
    .select({ status: orders.status, shippingPence: orders.shippingPence, shippingRefunded: orders.shippingRefunded })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!before) return { ok: false, reason: "not_found", message: adminFulfilment.orderNotFound };
  const expected = change.expectedStatus?.trim().toLowerCase();
  if (expected !== undefined && expected !== before.status) {
    return { ok: false, reason: "changed", message: adminFulfilment.statusChangedMeanwhile(statusLabel(before.status)) };
  }
  // The rest of the payment is the rest of the order: every unit no refund has counted, and the
  // shipping unless it went back already, so a later refund offers nothing twice.
  const lines = await deps.db
    .select({ id: orderItems.id, quantity: orderItems.quantity, refundedQuantity: orderItems.refundedQuantity, cancelRestockedQuantity: orderItems.cancelRestockedQuantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const units = lines.map((line) => ({ itemId: line.id, quantity: unitsLeftToRefund(line) })).filter((line) => line.quantity > 0);
  const refunded = await refundOrderPayment(
    { db: deps.db, provider: deps.payments, publicUrl: deps.publicUrl },
    admin,
    orderId,
    // The cancel's own choice puts the items back: the refund leaves stock alone.
    { amount: refund.amount, reason: adminFulfilment.cancelRefundReason, restock: false, units, shipping: before.shippingPence > 0 && !before.shippingRefunded },
    refund.idempotencyKey,
    { mailCustomer: false },
  );
  if (!refunded.ok) return { ok: false, reason: "refund_refused", message: adminFulfilment.cancelRefundFailed(refunded.message) };
  const cancelled = await changeOrderStatus(deps.db, admin, orderId, { ...change, status: "cancelled" }, deps.publicUrl, deps.payments);
  if (!cancelled.ok) return { ok: false, reason: "not_cancelled", message: adminFulfilment.refundedNotCancelled(formatGbp(refunded.refund.amountPence), cancelled.message) };
  return { ok: true, order: cancelled.order, mailed: cancelled.mailed, refundedPence: refunded.refund.amountPence };
}
