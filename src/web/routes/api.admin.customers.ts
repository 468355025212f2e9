import { parseCustomerListQuery } from "../../domain/admin/customers.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { listCustomers } from "../../server/admin/customers/customers.server.ts";
import { jsonError } from "../lib/api.ts";
import type { Route } from "./+types/api.admin.customers";

// GET /api/admin/customers?search=&page= (docs/api.md): customers derived from orders, highest spend first.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(context.app, request);
  const query = parseCustomerListQuery(new URL(request.url).searchParams);
  if (!query.ok) return jsonError(400, query.message);
  const customers = await listCustomers(context.app.db, query);
  return Response.json(customers, { headers: { "Cache-Control": "no-store" } });
}
