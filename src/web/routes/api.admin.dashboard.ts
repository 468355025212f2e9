// PLACEHOLDER so this branch builds: GET /api/admin/dashboard is built in another branch, whose file replaces this one.
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import type { Route } from "./+types/api.admin.dashboard";
import { appContext } from "../app-context.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(context.get(appContext), request);
  return Response.json({});
}
