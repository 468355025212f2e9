import { adminFulfilment } from "../../domain/messages/admin.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { addOrderNote } from "../../server/admin/orders/order-notes.server.ts";
import { getAdminOrder } from "../../server/admin/orders/order-details.server.ts";
import { jsonError, jsonFields, methodNotAllowed, readJsonMutation, refusalResponse } from "../lib/api.ts";
import type { Route } from "./+types/api.admin.order-notes";
import { appContext } from "../app-context.ts";

// GET /api/admin/orders/:id/notes and POST /api/admin/orders/:id/notes {note} (docs/api.md).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminApi(context.get(appContext), request);
  const order = await getAdminOrder(context.get(appContext).db, params.id);
  if (!order) return jsonError(404, adminFulfilment.orderNotFound);
  return Response.json({ notes: order.timeline.filter((entry) => entry.kind === "note") }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdminApi(context.get(appContext), request);
  if (request.method !== "POST") return methodNotAllowed("GET", "POST");
  const body = await readJsonMutation(request, context.get(appContext).config.publicUrl);
  if (!body.ok) return body.response;
  const added = await addOrderNote(context.get(appContext).db, admin, params.id, jsonFields(body.body).note);
  if (!added.ok) return refusalResponse(added);
  return Response.json(added.note, { status: 201 });
}
