import { adminFulfilment, adminRefunds } from "../../domain/messages/admin.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { getAdminOrder } from "../../server/admin/orders/order-details.server.ts";
import { listOrderRefunds, refundOrderPayment, type RefundResult } from "../../server/admin/refunds/refunds.server.ts";
import { jsonError, jsonFields, methodNotAllowed, readJsonMutation, REFUSAL_STATUS } from "../lib/api.ts";
import type { Route } from "./+types/api.admin.order-refunds";
import { appContext } from "../app-context.ts";

// GET /api/admin/orders/:id/refunds and POST /api/admin/orders/:id/refunds
// { amount, reason, restock, units?, shipping? } with an optional Idempotency-Key header (docs/api.md), admins only.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  await requireAdminApi(app, request);
  const order = await getAdminOrder(app.db, params.id);
  if (!order) return jsonError(404, adminFulfilment.orderNotFound);
  return Response.json({ refunds: await listOrderRefunds(app.db, params.id) }, { headers: { "Cache-Control": "no-store" } });
}

/** The answer of a refund for the API and the order page alike. */
function refundResponse(result: RefundResult): Response {
  if (!result.ok) return jsonError(REFUSAL_STATUS[result.reason], result.reason === "not_found" ? adminFulfilment.orderNotFound : result.message);
  return Response.json({ refund: result.refund, order: result.order }, { status: result.replayed ? 200 : 201 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const admin = await requireAdminApi(app, request);
  if (request.method !== "POST") return methodNotAllowed("GET", "POST");
  const body = await readJsonMutation(request, app.config.publicUrl);
  if (!body.ok) return body.response;
  const input = jsonFields(body.body);
  // A key of another type would be dropped, and with it the protection against a second refund.
  if (input.idempotencyKey != null && typeof input.idempotencyKey !== "string") return jsonError(400, adminRefunds.idempotencyKeyNotText);
  const key = request.headers.get("idempotency-key") ?? (input.idempotencyKey ?? null);
  const result = await refundOrderPayment({ db: app.db, provider: app.payments, publicUrl: app.config.publicUrl }, admin, params.id, { amount: input.amount, reason: input.reason, restock: input.restock, units: input.units, shipping: input.shipping }, key);
  if (result.ok && result.mailed) app.kickMail();
  return refundResponse(result);
}
