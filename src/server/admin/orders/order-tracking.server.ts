// Correcting a shipped order's carrier and tracking number in place (admin.md section 4): audited
// before and after, the customer e-mailed the new tracking only when the admin asks.
import { eq } from "drizzle-orm";
import { canEditTracking, cleanShipmentField } from "../../../domain/admin/shipment.ts";
import { adminFulfilment } from "../../../domain/messages/admin.ts";
import { orderContactEmail } from "../../../domain/orders.ts";
import { statusLabel } from "../../../domain/status.ts";
import type { Database } from "../../db/client.server.ts";
import { orders } from "../../db/schema.ts";
import { queueTrackingUpdatedMail } from "../../mail/order-mails.server.ts";
import type { AdminViewer } from "../admin-guard.server.ts";
import { recordAdminAction } from "../audit/audit.server.ts";
import { refuseShipmentFields } from "./order-change-refusals.server.ts";
import type { Refusal } from "../../../domain/refusal.ts";
import { discountCodesOf, itemsByOrder, toAdminOrder, type AdminOrder } from "./order-view.server.ts";

export type TrackingChange = {
  carrier: string | null;
  trackingNumber: string | null;
  notifyCustomer: boolean;
  /**
   * The carrier and tracking number the admin's form showed: when the order has others by now (a
   * second admin saved meanwhile), nothing is saved and nobody is e-mailed. Left out, the change
   * applies whatever the order has.
   */
  expected?: { carrier: string | null; trackingNumber: string | null };
};

/**
 * Corrects a shipped (or delivered) order's carrier and tracking number without shipping it again:
 * the status and shipping date stay, the audit row keeps before and after, and the customer is
 * e-mailed the new tracking only when the admin asks. `not_shipped`: the order has not left yet,
 * so its tracking belongs to the Mark shipped step.
 */
export async function changeOrderTracking(
  db: Database,
  admin: AdminViewer,
  orderId: string,
  change: TrackingChange,
  publicUrl: string | null = null,
): Promise<{ ok: true; order: AdminOrder; changed: boolean; mailed: boolean } | Refusal<"invalid" | "not_found" | "not_shipped" | "changed">> {
  const refusal = refuseShipmentFields(change);
  if (refusal) return refusal;
  const carrier = cleanShipmentField(change.carrier);
  const trackingNumber = cleanShipmentField(change.trackingNumber);
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId.toLowerCase())).for("update").limit(1);
    if (!row) return null;
    if (!canEditTracking(row.status)) return { notShipped: true as const, status: row.status };
    if (change.expected && (cleanShipmentField(change.expected.carrier) !== row.carrier || cleanShipmentField(change.expected.trackingNumber) !== row.trackingNumber)) {
      return { notShipped: false as const, changedMeanwhile: true as const };
    }
    if (carrier === row.carrier && trackingNumber === row.trackingNumber) return { notShipped: false as const, updated: row, changed: false, mailed: false };
    const [updated] = await tx.update(orders).set({ carrier, trackingNumber, updatedAt: new Date() }).where(eq(orders.id, row.id)).returning();
    const mailed = change.notifyCustomer && Boolean(orderContactEmail(row));
    await recordAdminAction(tx, {
      adminId: admin.userId,
      adminEmail: admin.email,
      action: "order.tracking_changed",
      subjectType: "order",
      subjectId: row.id,
      before: { carrier: row.carrier, trackingNumber: row.trackingNumber },
      after: { carrier, trackingNumber, customerNotified: mailed },
    });
    if (mailed) await queueTrackingUpdatedMail(tx, updated!, { carrier, trackingNumber }, publicUrl);
    return { notShipped: false as const, updated: updated!, changed: true, mailed };
  });
  if (!result) return { ok: false, reason: "not_found", message: adminFulfilment.orderNotFound };
  if (result.notShipped) return { ok: false, reason: "not_shipped", message: adminFulfilment.trackingNotShipped(statusLabel(result.status) || result.status) };
  if ("changedMeanwhile" in result) return { ok: false, reason: "changed", message: adminFulfilment.trackingChangedMeanwhile };
  const [items, codes] = await Promise.all([itemsByOrder(db, [result.updated.id]), discountCodesOf(db, [result.updated])]);
  return { ok: true, order: toAdminOrder(result.updated, items.get(result.updated.id) ?? [], codes), changed: result.changed, mailed: result.mailed };
}
