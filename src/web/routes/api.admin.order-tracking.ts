import { adminFulfilment } from "../../domain/messages/admin.ts";
import { validation } from "../../domain/messages/forms.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { changeOrderTracking, type TrackingChange } from "../../server/admin/orders/order-tracking.server.ts";
import { jsonError, jsonFields, methodNotAllowed, readJsonMutation, refusalResponse } from "../lib/api.ts";
import type { Route } from "./+types/api.admin.order-tracking";
import { appContext } from "../app-context.ts";

// PATCH /api/admin/orders/:id/tracking {carrier, trackingNumber, notifyCustomer?} (docs/api.md):
// corrects a shipped or delivered order's tracking without shipping it again, admins only.
export async function loader({ request, context }: Route.LoaderArgs) {
  // Admin rights first: a guest learns nothing, not even which methods there are.
  await requireAdminApi(context.get(appContext), request);
  return methodNotAllowed("PATCH");
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const admin = await requireAdminApi(app, request);
  if (request.method !== "PATCH") return methodNotAllowed("PATCH");
  const body = await readJsonMutation(request, app.config.publicUrl);
  if (!body.ok) return body.response;
  const input = jsonFields(body.body);
  // Both are sent every time (null or "" clears one): a field left out would be cleared unseen.
  for (const [field, label] of [["carrier", adminFulfilment.carrier], ["trackingNumber", adminFulfilment.trackingNumber]] as const) {
    if (input[field] === undefined) return jsonError(400, adminFulfilment.trackingFieldMissing(label));
    if (input[field] !== null && typeof input[field] !== "string") return jsonError(400, validation.notText(label));
  }
  if (input.notifyCustomer !== undefined && typeof input.notifyCustomer !== "boolean") return jsonError(400, adminFulfilment.cancelChoiceInvalid("notifyCustomer"));
  const expected = expectedTracking(input.expected);
  if (expected === "invalid") return jsonError(400, adminFulfilment.trackingExpectedInvalid);
  const changed = await changeOrderTracking(app.db, admin, params.id, {
    carrier: input.carrier as string | null,
    trackingNumber: input.trackingNumber as string | null,
    notifyCustomer: input.notifyCustomer === true,
    expected,
  }, app.config.publicUrl);
  if (!changed.ok) return refusalResponse(changed);
  if (changed.mailed) app.kickMail();
  return Response.json({ order: changed.order, changed: changed.changed, customerNotified: changed.mailed });
}

/** The carrier and tracking number the client showed (optional): each text or null. */
function expectedTracking(value: unknown): TrackingChange["expected"] | "invalid" {
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null) return "invalid";
  const { carrier, trackingNumber } = value as Record<string, unknown>;
  const textOrNull = (part: unknown): part is string | null => part === null || typeof part === "string";
  return textOrNull(carrier) && textOrNull(trackingNumber) ? { carrier, trackingNumber } : "invalid";
}
