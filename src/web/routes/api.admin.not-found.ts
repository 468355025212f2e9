import { apiErrors } from "../../domain/messages/cart.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { jsonError } from "../lib/api.ts";
import type { Route } from "./+types/api.admin.not-found";
import { appContext } from "../app-context.ts";

// An address under /api/admin/ that no endpoint has: admin rights first, as on every admin route
// (a guest learns nothing of which addresses exist), then a JSON 404 whatever the method.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(context.get(appContext), request);
  return jsonError(404, apiErrors.notFound);
}

export const action = loader;
