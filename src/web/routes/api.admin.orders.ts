import { apiErrors } from "../../domain/messages/cart.ts";
import { parseOrderFilter } from "../../domain/admin/order-filters.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { listAdminOrders } from "../../server/admin/orders/admin-orders.server.ts";
import { jsonError } from "../lib/api.ts";
import type { Route } from "./+types/api.admin.orders";

// GET /api/admin/orders?search=&status=&page=&pageSize= (docs/api.md), admins only.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(context.app, request);
  const parsed = parseOrderFilter(new URL(request.url).searchParams);
  if (!parsed.ok) return jsonError(400, parsed.problem.message);
  const { customerOrderCounts: _counts, ...page } = await listAdminOrders(context.app.db, parsed.filter);
  return Response.json(page, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminApi(context.app, request);
  return jsonError(405, apiErrors.methodNotAllowed);
}
