import { adminDiscounts } from "../../domain/messages/admin-discounts.ts";
import { discounts } from "../../domain/messages/discounts.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { getDiscount, removeDiscount, updateDiscount } from "../../server/admin/discounts/admin-discounts.server.ts";
import { discountRefusalResponse, NO_STORE } from "../components/admin/discounts/discount-answers.server.ts";
import { jsonError, methodNotAllowed, readJsonMutation } from "../lib/api.ts";
import type { Route } from "./+types/api.admin.discount";
import { appContext } from "../app-context.ts";
import { logRequestError } from "../../server/http/error-log.server.ts";

// GET, PATCH and DELETE /api/admin/discounts/:id (docs/api.md), admins only. DELETE deactivates a
// code that is on any order instead of deleting it.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminApi(context.get(appContext), request);
  const discount = await getDiscount(context.get(appContext).db, params.id);
  if (!discount) return jsonError(404, adminDiscounts.notFound);
  return Response.json(discount, { headers: NO_STORE });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdminApi(context.get(appContext), request);
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed("GET", "PATCH", "DELETE");
  const body = await readJsonMutation(request, context.get(appContext).config.publicUrl);
  if (!body.ok) return body.response;
  const { db } = context.get(appContext);
  if (request.method === "DELETE") {
    try {
      const removed = await removeDiscount(db, admin, params.id);
      if (!removed.ok) return discountRefusalResponse(removed);
      return Response.json(removed, { headers: NO_STORE });
    } catch (error) {
      logRequestError("discount code delete", error);
      return jsonError(500, discounts.deleteFailed);
    }
  }
  try {
    const updated = await updateDiscount(db, admin, params.id, body.body, "json");
    if (!updated.ok) return discountRefusalResponse(updated);
    return Response.json(updated.discount, { headers: NO_STORE });
  } catch (error) {
    logRequestError("discount code update", error);
    return jsonError(500, discounts.updateFailed);
  }
}
