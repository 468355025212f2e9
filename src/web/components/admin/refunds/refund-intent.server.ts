// The order page's Refund dialog posts intent=refund; the refund service decides everything
// (decision 035). Answers { ok, intent, message } for the page's toast, like the other intents.
import { data } from "react-router";
import { adminRefunds } from "../../../../domain/messages/admin.ts";
import { formatGbp } from "../../../../domain/money.ts";
import type { AdminViewer } from "../../../../server/admin/admin-guard.server.ts";
import { refundOrderPayment } from "../../../../server/admin/refunds/refunds.server.ts";
import type { AppContext } from "../../../../server/app-context.server.ts";
import type { OrderIntentAnswer } from "../orders/order-intents.server.ts";
import { formText } from "../../../../domain/form-text.ts";
import { REFUSAL_STATUS } from "../../../lib/api.ts";

export async function handleRefundIntent(app: Pick<AppContext, "db" | "kickMail" | "payments" | "config">, admin: AdminViewer, form: FormData) {
  const text = formText(form);
  // `restock` and `units` come as the JSON of the API's lists; `shipping` as "true" when ticked.
  const json = (name: string): { ok: true; value: unknown } | { ok: false } => {
    const raw = text(name);
    if (raw === "") return { ok: true, value: undefined };
    try {
      return { ok: true, value: JSON.parse(raw) as unknown };
    } catch {
      return { ok: false };
    }
  };
  const restock = json("restock");
  if (!restock.ok) return data<OrderIntentAnswer>({ ok: false, intent: "refund", message: adminRefunds.restockInvalid }, { status: 400 });
  const units = json("units");
  if (!units.ok) return data<OrderIntentAnswer>({ ok: false, intent: "refund", message: adminRefunds.unitsInvalid }, { status: 400 });
  const input = { amount: text("amount"), reason: text("reason"), restock: restock.value ?? false, units: units.value, shipping: text("shipping") === "true" };
  const result = await refundOrderPayment({ db: app.db, provider: app.payments, publicUrl: app.config.publicUrl }, admin, text("orderId"), input, text("idempotencyKey"));
  if (!result.ok) return data<OrderIntentAnswer>({ ok: false, intent: "refund", message: result.message, field: result.field }, { status: REFUSAL_STATUS[result.reason] });
  if (result.mailed) app.kickMail();
  return data<OrderIntentAnswer>({ ok: true, intent: "refund", message: adminRefunds.refunded(formatGbp(result.refund.amountPence)) });
}
