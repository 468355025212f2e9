// The action of a read-only admin endpoint. Admin rights come first, as on every admin route: a
// guest's POST is a 401 (and a shopper's a 403), never a 405 that tells them the endpoint exists
// (the authorization matrix requires an action on every admin JSON route).
import type { RouterContextProvider } from "react-router";
import { apiErrors } from "../../domain/messages/cart.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { appContext } from "../app-context.ts";
import { jsonError } from "./api.ts";

export async function readOnlyAdminAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }): Promise<Response> {
  await requireAdminApi(context.get(appContext), request);
  return jsonError(405, apiErrors.methodNotAllowed);
}
