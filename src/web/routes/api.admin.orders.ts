import { parseOrderFilter } from "../../domain/admin/order-filters.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { listAdminOrders } from "../../server/admin/orders/orders-list.server.ts";
import { jsonError, refuseRepeatedParameters } from "../lib/api.ts";
import type { Route } from "./+types/api.admin.orders";
import { appContext } from "../app-context.ts";
import { readOnlyAdminAction } from "../components/admin/admin-read-only.server.ts";

// GET /api/admin/orders?search=&status=&show=&page=&pageSize= (docs/api.md), admins only.
export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireAdminApi(context.get(appContext), request);
  const repeated = refuseRepeatedParameters(url);
  if (repeated) return repeated;
  const parsed = parseOrderFilter(url.searchParams);
  if (!parsed.ok) return jsonError(400, parsed.problem.message);
  const { customerOrderCounts: _counts, ...page } = await listAdminOrders(context.get(appContext).db, parsed.filter);
  return Response.json(page, { headers: { "Cache-Control": "no-store" } });
}

/** Read only: any other method is refused once admin rights are checked. */
export const action = readOnlyAdminAction;
