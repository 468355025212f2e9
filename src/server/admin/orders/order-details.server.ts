// One order's page (admin.md section 4): the order with its timeline, told from its payment, the
// admin's changes, its refunds, internal notes and e-mails.
import { asc, eq } from "drizzle-orm";
import { orderLineLabel } from "../../../domain/admin/order-display.ts";
import { emailForDisplay } from "../../../domain/email-display.ts";
import { adminFulfilment, adminRefunds, providerName } from "../../../domain/messages/admin.ts";
import { formatGbp } from "../../../domain/money.ts";
import { formatOrderNumber } from "../../../domain/order-number.ts";
import { statusLabel } from "../../../domain/status.ts";
import type { Database } from "../../db/client.server.ts";
import { mailOutbox, orders } from "../../db/schema.ts";
import { paymentDeclinesOf } from "../../payments/payment-declines.server.ts";
import { listAdminActionsFor } from "../audit/audit.server.ts";
import { linePicturesOf } from "./order-line-pictures.server.ts";
import { discountCodesOf, itemsByOrder, toAdminOrder, type AdminOrder } from "./order-view.server.ts";

export type TimelineEntry = {
  at: string;
  kind: "created" | "paid" | "status" | "shipped" | "note" | "email" | "refund" | "declined";
  title: string;
  detail?: string;
  by?: string;
};

/** `linePictures`: the picture of each line that has one (a URL), by the line's id. */
export type AdminOrderDetail = AdminOrder & { timeline: TimelineEntry[]; linePictures: Record<string, string> };

function describeChange(before: unknown, after: unknown): string {
  const from = (before as { status?: string } | null)?.status;
  const to = (after as { status?: string } | null)?.status;
  return `${statusLabel(from ?? "") || "?"} → ${statusLabel(to ?? "") || "?"}`;
}

/** Everything about one order, with its timeline oldest first; null when there is no such order. */
export async function getAdminOrder(db: Database, id: string): Promise<AdminOrderDetail | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id.toLowerCase())).limit(1);
  if (!row) return null;
  const [items, pictures, codes, actions, mails, declines] = await Promise.all([
    itemsByOrder(db, [row.id]),
    linePicturesOf(db, row.id),
    discountCodesOf(db, [row]),
    listAdminActionsFor(db, "order", row.id),
    db
      .select({ subject: mailOutbox.subject, to: mailOutbox.toAddress, status: mailOutbox.status, createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, row.id))
      .orderBy(asc(mailOutbox.createdAt)),
    paymentDeclinesOf(db, row.id),
  ]);
  const placed = row.paymentStatus === "pending" ? adminFulfilment.placedAwaitingPayment : adminFulfilment.placedVia;
  const timeline: TimelineEntry[] = [{ at: row.createdAt.toISOString(), kind: "created", title: "Order placed", detail: placed(formatGbp(row.totalAmountPence), providerName(row.paymentProvider, { inSentence: true })) }];
  if (row.paidAt && ["paid", "refunded", "partially_refunded"].includes(row.paymentStatus)) {
    // A payment the shop refused (decision 013) went back at once; an admin's refunds have their own entries.
    const refused = row.cancelReason !== null && row.paymentStatus === "refunded";
    timeline.push({ at: row.paidAt.toISOString(), kind: "paid", title: refused ? "Payment received and refunded" : "Payment received", detail: formatGbp(row.totalAmountPence) });
  }
  for (const decline of declines) {
    // A payment event's time is in whole seconds (Stripe's `created`, and the local provider's
    // like it), so an attempt in the order's first second read as made before the order existed.
    const at = decline.createdAt < row.createdAt ? row.createdAt : decline.createdAt;
    timeline.push({ at: at.toISOString(), kind: "declined", title: adminFulfilment.paymentDeclined, detail: adminFulfilment.paymentDeclinedDetail(decline.reason, row.paymentStatus === "pending" && row.status === "pending") });
  }
  if (row.paymentFailedAt) {
    // An admin's cancel closed the payment page: said as such, and by whom, not as a checkout the
    // shopper left (which read as if the cancel had followed the failure).
    const closedByCancel = actions.find((action) => action.action === "order.payment_page_closed");
    const ended = closedByCancel
      ? { title: adminFulfilment.paymentPageClosed, detail: adminFulfilment.paymentPageClosedDetail, by: closedByCancel.adminEmail || closedByCancel.adminId }
      : {
          title: adminFulfilment.paymentNotCompleted,
          detail: row.replacedBy ? adminFulfilment.replacedByNewerCheckout(formatOrderNumber(row.replacedBy)) : adminFulfilment.paymentNotCompletedDetail(row.status === "cancelled"),
        };
    timeline.push({ at: row.paymentFailedAt.toISOString(), kind: "status", ...ended });
  }
  const itemNames = new Map((items.get(row.id) ?? []).map((item) => [item.id, orderLineLabel(item)]));
  // Which items a refund or a cancel put back, named as on the order (earlier refunds recorded only the line's id).
  const lineList = (lines: { itemId: string; quantity: number }[]) => lines.map((line) => adminRefunds.unitsLine(line.quantity, itemNames.get(line.itemId) ?? "item")).join(", ");
  const backToStock = (lines: { itemId: string; quantity: number }[] = []) => (lines.length > 0 ? adminRefunds.backToStock(lineList(lines)) : null);
  for (const action of actions) {
    const by = action.adminEmail || action.adminId;
    if (action.action === "order.status_changed") {
      type Lines = { itemId: string; quantity: number }[];
      const after = action.after as { status?: string; carrier?: string | null; trackingNumber?: string | null; restocked?: Lines; keptOutOfStock?: number; customerNotified?: boolean; takenFromStock?: Lines } | null;
      const shipment = [after?.carrier, after?.trackingNumber].filter(Boolean).join(" ");
      const detail = [
        shipment ? `Tracking: ${shipment}` : null,
        backToStock(after?.restocked),
        after?.keptOutOfStock ? adminFulfilment.keptOutOfStock(after.keptOutOfStock) : null,
        after?.takenFromStock ? adminFulfilment.takenFromStock(lineList(after.takenFromStock)) : null,
        after?.customerNotified === false ? adminFulfilment.customerNotNotified : null,
      ].filter(Boolean);
      timeline.push({
        at: action.createdAt.toISOString(),
        kind: after?.status === "shipped" ? "shipped" : "status",
        title: `Status changed: ${describeChange(action.before, action.after)}`,
        detail: detail.length > 0 ? detail.join(" · ") : undefined,
        by,
      });
    } else if (action.action === "order.refunded" || action.action === "order.refund_failed") {
      const after = (action.after ?? {}) as { amountPence?: number; reason?: string; error?: string; restocked?: { itemId: string; quantity: number }[] };
      const amount = formatGbp(after.amountPence ?? 0);
      const detail =
        action.action === "order.refunded"
          ? [after.reason, backToStock(after.restocked)].filter(Boolean).join(" · ")
          : [after.reason, after.error].filter(Boolean).join(" · ");
      timeline.push({ at: action.createdAt.toISOString(), kind: "refund", title: action.action === "order.refunded" ? adminRefunds.timelineTitle(amount) : adminRefunds.timelineFailed(amount), detail, by });
    } else if (action.action === "order.tracking_changed") {
      type Shipment = { carrier?: string | null; trackingNumber?: string | null; customerNotified?: boolean } | null;
      const shipmentText = (value: Shipment) => [value?.carrier, value?.trackingNumber].filter(Boolean).join(" ");
      const after = action.after as Shipment;
      const detail = [adminFulfilment.trackingChangedDetail(shipmentText(action.before as Shipment), shipmentText(after)), after?.customerNotified ? null : adminFulfilment.customerNotNotified].filter(Boolean);
      timeline.push({ at: action.createdAt.toISOString(), kind: "shipped", title: adminFulfilment.trackingChangedTitle, detail: detail.join(" · "), by });
    } else if (action.action === "order.note_added") {
      timeline.push({ at: action.createdAt.toISOString(), kind: "note", title: "Internal note", detail: (action.after as { note?: string } | null)?.note ?? "", by });
    }
  }
  for (const mail of mails) {
    const when = mail.sentAt ?? mail.createdAt;
    timeline.push({ at: when.toISOString(), kind: "email", title: `E-mail ${mail.status === "sent" ? "sent" : mail.status === "failed" ? "failed" : "queued"}: ${mail.subject}`, detail: emailForDisplay(mail.to) });
  }
  timeline.sort((a, b) => a.at.localeCompare(b.at));
  return { ...toAdminOrder(row, items.get(row.id) ?? [], codes), timeline, linePictures: Object.fromEntries(pictures) };
}
