// The form intents the admin order pages share (the list and the order page): change a status,
// correct a shipped order's tracking, add a note. Answers { ok, message } for the page's toast; the service decides everything.
import { data } from "react-router";
import { adminFulfilment, adminOrders } from "../../../../domain/messages/admin.ts";
import type { AppContext } from "../../../../server/app-context.server.ts";
import type { AdminViewer } from "../../../../server/admin/admin-guard.server.ts";
import { addOrderNote } from "../../../../server/admin/orders/order-notes.server.ts";
import { changeOrderStatus, type StatusChange } from "../../../../server/admin/orders/order-status-change.server.ts";
import { cancelWithRefund } from "../../../../server/admin/orders/cancel-with-refund.server.ts";
import { formatGbp } from "../../../../domain/money.ts";
import { changeOrderTracking } from "../../../../server/admin/orders/order-tracking.server.ts";
import type { AdminFormPost } from "../admin-form.server.ts";
import { handleRefundIntent } from "../refunds/refund-intent.server.ts";
import { logRequestError } from "../../../../server/http/error-log.server.ts";
import { formText } from "../../../../domain/form-text.ts";
import { REFUSAL_STATUS } from "../../../lib/api.ts";

/** `field` names the form field a refusal is about (a refund's amount, a note), so the form marks it. */
export type OrderIntentAnswer = { ok: boolean; intent: string; message: string; field?: string };

/**
 * The order pages' posts: a refused form answers its message against the field it was found in,
 * as the intent's own refusals do; a refund only on the order page (`refunds`).
 */
export async function handleOrderIntent(
  app: Pick<AppContext, "db" | "kickMail" | "config" | "payments">,
  admin: AdminViewer,
  { form, refusal }: AdminFormPost,
  { refunds = false }: { refunds?: boolean } = {},
) {
  const text = formText(form);
  const intent = text("intent");
  if (refusal) return data<OrderIntentAnswer>({ ok: false, intent, message: refusal.message, field: refusal.field ?? undefined }, { status: 400 });
  if (!form) return data<OrderIntentAnswer>({ ok: false, intent: "", message: adminOrders.statusUpdateFailed }, { status: 400 });
  if (refunds && intent === "refund") return handleRefundIntent(app, admin, form);
  // A field the form did not send keeps what the order has (a shipped order saved as shipped again).
  const given = (name: string) => (form.has(name) ? text(name) : undefined);
  const orderId = text("orderId");
  if (intent === "status") {
    const change = {
      status: text("status"),
      carrier: given("carrier"),
      trackingNumber: given("trackingNumber"),
      restock: text("restock") === "true",
      notifyCustomer: given("notifyCustomer") === undefined ? undefined : text("notifyCustomer") === "true",
      expectedStatus: given("expectedStatus"),
    };
    try {
      if (change.status === "cancelled" && text("refund") === "true") {
        return await cancelAndRefund(app, admin, orderId, change, { amount: text("refundAmount"), idempotencyKey: text("idempotencyKey") });
      }
      const changed = await changeOrderStatus(app.db, admin, orderId, change, app.config.publicUrl, app.payments);
      if (!changed.ok) {
        // The spec's message, except where the owner must act first (reopening needs stock back,
        // someone else changed the order: the page reads it again) or cannot (an erased order).
        const message = changed.reason === "stock_limit" || changed.reason === "changed" || changed.reason === "conflict" ? changed.message : adminOrders.statusUpdateFailed;
        return data<OrderIntentAnswer>({ ok: false, intent, message }, { status: REFUSAL_STATUS[changed.reason] });
      }
      if (changed.mailed) app.kickMail();
      return data<OrderIntentAnswer>({ ok: true, intent, message: adminOrders.statusUpdated });
    } catch (error) {
      logRequestError("order status update", error);
      return data<OrderIntentAnswer>({ ok: false, intent, message: adminOrders.statusUpdateFailed }, { status: 500 });
    }
  }
  if (intent === "tracking") {
    const changed = await changeOrderTracking(
      app.db,
      admin,
      orderId,
      {
        carrier: text("carrier"),
        trackingNumber: text("trackingNumber"),
        notifyCustomer: text("notifyCustomer") === "true",
        // What the form showed, so a change saved meanwhile by someone else is not overwritten.
        expected: form.has("expectedCarrier") ? { carrier: text("expectedCarrier"), trackingNumber: text("expectedTrackingNumber") } : undefined,
      },
      app.config.publicUrl,
    );
    if (!changed.ok) return data<OrderIntentAnswer>({ ok: false, intent, message: changed.message }, { status: REFUSAL_STATUS[changed.reason] });
    if (changed.mailed) app.kickMail();
    return data<OrderIntentAnswer>({ ok: true, intent, message: changed.changed ? adminFulfilment.trackingSaved : adminFulfilment.trackingUnchanged });
  }
  if (intent === "note") {
    const added = await addOrderNote(app.db, admin, orderId, text("note"));
    if (!added.ok) return data<OrderIntentAnswer>({ ok: false, intent, message: added.message, field: added.reason === "invalid" ? "note" : undefined }, { status: REFUSAL_STATUS[added.reason] });
    return data<OrderIntentAnswer>({ ok: true, intent, message: adminFulfilment.noteAdded });
  }
  return data<OrderIntentAnswer>({ ok: false, intent, message: adminOrders.statusUpdateFailed }, { status: 400 });
}

/** A paid order's cancel with its refund ticked: the refund, then the cancel (cancelWithRefund). */
async function cancelAndRefund(
  app: Pick<AppContext, "db" | "kickMail" | "config" | "payments">,
  admin: AdminViewer,
  orderId: string,
  change: Omit<StatusChange, "status">,
  refund: { amount: string; idempotencyKey: string },
) {
  const intent = "status";
  const done = await cancelWithRefund({ db: app.db, payments: app.payments, publicUrl: app.config.publicUrl }, admin, orderId, change, refund);
  if (!done.ok) return data<OrderIntentAnswer>({ ok: false, intent, message: done.message }, { status: done.reason === "not_found" ? 404 : 409 });
  if (done.mailed) app.kickMail();
  return data<OrderIntentAnswer>({ ok: true, intent, message: adminFulfilment.cancelledAndRefunded(formatGbp(done.refundedPence)) });
}
