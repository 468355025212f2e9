import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { loadDashboard } from "../../server/admin/dashboard/dashboard.server.ts";
import type { Route } from "./+types/api.admin.dashboard";
import { appContext } from "../app-context.ts";
import { readOnlyAdminAction } from "../components/admin/admin-read-only.server.ts";

// GET /api/admin/dashboard (docs/api.md): the six figures, the 5 newest orders and 30 days of sales.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(context.get(appContext), request);
  const dashboard = await loadDashboard(context.get(appContext).db);
  return Response.json(dashboard, { headers: { "Cache-Control": "no-store" } });
}

/** Read only: any other method is refused once admin rights are checked. */
export const action = readOnlyAdminAction;
