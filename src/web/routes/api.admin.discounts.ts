import { discounts } from "../../domain/messages/discounts.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { createDiscount, listDiscounts } from "../../server/admin/discounts/admin-discounts.server.ts";
import { discountRefusalResponse, NO_STORE } from "../components/admin/discounts/discount-answers.server.ts";
import { jsonError, methodNotAllowed, readJsonMutation } from "../lib/api.ts";
import type { Route } from "./+types/api.admin.discounts";
import { appContext } from "../app-context.ts";
import { logRequestError } from "../../server/http/error-log.server.ts";

// GET /api/admin/discounts (every code, newest first) and POST /api/admin/discounts (create)
// (docs/api.md), admins only.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(context.get(appContext), request);
  return Response.json({ items: await listDiscounts(context.get(appContext).db) }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminApi(context.get(appContext), request);
  if (request.method !== "POST") return methodNotAllowed("GET", "POST");
  const body = await readJsonMutation(request, context.get(appContext).config.publicUrl);
  if (!body.ok) return body.response;
  try {
    const created = await createDiscount(context.get(appContext).db, admin, body.body, "json");
    if (!created.ok) return discountRefusalResponse(created);
    return Response.json(created.discount, { status: 201, headers: NO_STORE });
  } catch (error) {
    logRequestError("discount code create", error);
    return jsonError(500, discounts.createFailed);
  }
}
