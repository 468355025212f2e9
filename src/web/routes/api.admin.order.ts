import { adminFulfilment } from "../../domain/messages/admin.ts";
import { validation } from "../../domain/messages/forms.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { changeOrderStatus } from "../../server/admin/orders/order-status-change.server.ts";
import { getAdminOrder } from "../../server/admin/orders/order-details.server.ts";
import { jsonError, jsonFields, methodNotAllowed, readJsonMutation, refusalResponse } from "../lib/api.ts";
import type { Route } from "./+types/api.admin.order";
import { appContext } from "../app-context.ts";

// GET /api/admin/orders/:id (with its timeline) and PATCH /api/admin/orders/:id
// {status, carrier?, trackingNumber?, restock?, notifyCustomer?, expectedStatus?} (docs/api.md), admins only.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminApi(context.get(appContext), request);
  const order = await getAdminOrder(context.get(appContext).db, params.id);
  if (!order) return jsonError(404, adminFulfilment.orderNotFound);
  return Response.json(order, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdminApi(context.get(appContext), request);
  if (request.method !== "PATCH") return methodNotAllowed("GET", "PATCH");
  const body = await readJsonMutation(request, context.get(appContext).config.publicUrl);
  if (!body.ok) return body.response;
  const input = jsonFields(body.body);
  // Left out: kept as it is; null: cleared; anything but text: refused, never thrown away.
  for (const [field, label] of [["carrier", "Carrier"], ["trackingNumber", "Tracking number"]] as const) {
    if (input[field] != null && typeof input[field] !== "string") return jsonError(400, validation.notText(label));
  }
  for (const field of ["restock", "notifyCustomer"] as const) {
    if (input[field] !== undefined && typeof input[field] !== "boolean") return jsonError(400, adminFulfilment.cancelChoiceInvalid(field));
  }
  if (input.expectedStatus !== undefined && typeof input.expectedStatus !== "string") return jsonError(400, validation.notText("expectedStatus"));
  const changed = await changeOrderStatus(context.get(appContext).db, admin, params.id, {
    status: typeof input.status === "string" ? input.status : "",
    carrier: input.carrier as string | null | undefined,
    trackingNumber: input.trackingNumber as string | null | undefined,
    restock: input.restock as boolean | undefined,
    notifyCustomer: input.notifyCustomer as boolean | undefined,
    expectedStatus: input.expectedStatus as string | undefined,
  }, context.get(appContext).config.publicUrl, context.get(appContext).payments);
  if (!changed.ok) return refusalResponse(changed);
  if (changed.mailed) context.get(appContext).kickMail();
  return Response.json(changed.order);
}
