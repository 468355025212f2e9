// PLACEHOLDER so this branch builds: GET /api/admin/customers is built in another branch, whose file replaces this one.
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import type { Route } from "./+types/api.admin.customers";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(context.app, request);
  return Response.json({});
}
