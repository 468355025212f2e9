// Changing an order's status (admin.md section 4: any status to any status). What the change does
// is planStatusChange's to decide (src/domain/admin/status-change.ts); this carries the plan out
// in one transaction with its audit row and e-mails, and closes a cancelled order's payment page.
import { eq } from "drizzle-orm";
import { refusedAfterErasure } from "../../../domain/admin/personal-data.ts";
import { paymentGivenBack, planStatusChange, reopensRefusedPayment, statusChangeAuditAfter, statusChangeReadsLines, type StatusChangeRequest } from "../../../domain/admin/status-change.ts";
import { adminFulfilment } from "../../../domain/messages/admin.ts";
import { isOrderStatus, statusLabel } from "../../../domain/status.ts";
import type { Database, Transaction } from "../../db/client.server.ts";
import { orderItems, orders } from "../../db/schema.ts";
import { logRequestError } from "../../http/error-log.server.ts";
import { queueBackOnMailIfTold, queueCancelledMail, queueShippedMail } from "../../mail/order-mails.server.ts";
import { applyFailedSession } from "../../payments/apply-payment.server.ts";
import type { PaymentProvider } from "../../payments/payment-provider.server.ts";
import type { AdminViewer } from "../admin-guard.server.ts";
import { recordAdminAction } from "../audit/audit.server.ts";
import { refuseShipmentFields } from "./order-change-refusals.server.ts";
import type { Refusal } from "../../../domain/refusal.ts";
import { forgetOrderCounts } from "./order-count-cache.server.ts";
import { discountCodesOf, itemsByOrder, toAdminOrder, type AdminOrder } from "./order-view.server.ts";
import { restockOrderLines, StockShortError, takeBackIntoOrder } from "./restock.server.ts";

/** What the admin's form or the API asked for, its status not yet checked. */
export type StatusChange = Omit<StatusChangeRequest, "status"> & {
  status: string;
  /**
   * The status the admin's page showed: when the order has another by now (a second admin or tab
   * changed it), nothing is saved. Left out, the change applies whatever the status is.
   */
  expectedStatus?: string;
};

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
): Promise<{ ok: true; order: AdminOrder; mailed: boolean } | Refusal<"invalid" | "not_found" | "stock_limit" | "changed" | "conflict">> {
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
    // Judged under the lock: an erasure committing meanwhile is seen.
    if (refusedAfterErasure(row, status)) return "erased" as const;
    if (reopensRefusedPayment({ status: row.status, paymentGivenBack: paymentGivenBack(row) }, status)) return "payment-given-back" as const;
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
  if (result === "erased") return { ok: false, reason: "conflict", message: adminFulfilment.erasedOrderNotSent(statusLabel(status)) };
  if (result === "payment-given-back") return { ok: false, reason: "conflict", message: adminFulfilment.paymentGivenBackNotReopened(statusLabel(status)) };
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
