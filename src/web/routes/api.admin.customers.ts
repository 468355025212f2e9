import { parseCustomerListQuery } from "../../domain/admin/customers.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { listCustomers } from "../../server/admin/customers/customers.server.ts";
import { jsonError, refuseRepeatedParameters } from "../lib/api.ts";
import type { Route } from "./+types/api.admin.customers";
import { appContext } from "../app-context.ts";
import { readOnlyAdminAction } from "../components/admin/admin-read-only.server.ts";

// GET /api/admin/customers?search=&page= (docs/api.md): customers derived from orders, highest spend first.
export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireAdminApi(context.get(appContext), request);
  const repeated = refuseRepeatedParameters(url);
  if (repeated) return repeated;
  const query = parseCustomerListQuery(url.searchParams);
  if (!query.ok) return jsonError(400, query.message);
  const customers = await listCustomers(context.get(appContext).db, query);
  return Response.json(customers, { headers: { "Cache-Control": "no-store" } });
}

/** Read only: any other method is refused once admin rights are checked. */
export const action = readOnlyAdminAction;
