// PLACEHOLDER so this branch builds: GET /api/admin/customers is built in another branch, whose file replaces this one.
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import type { Route } from "./+types/api.admin.customers";
import { appContext } from "../app-context.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(context.get(appContext), request);
  return Response.json({});
}
