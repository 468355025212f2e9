import { apiErrors } from "../../domain/messages/cart.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { jsonError } from "../lib/api.ts";
import type { Route } from "./+types/api.admin.stripe-sync";
import { appContext } from "../app-context.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(context.get(appContext), request);
  return jsonError(405, apiErrors.methodNotAllowed);
}
