// The loader or action of an admin endpoint for the methods it does not have. Admin rights come
// first, as on every admin route: a guest's POST is a 401 (and a shopper's a 403), never a 405 that
// tells them the endpoint exists (the authorization matrix requires an action on every admin JSON route).
import type { RouterContextProvider } from "react-router";
import { requireAdminApi, requireAdminPage } from "../../../server/admin/admin-guard.server.ts";
import { appContext, requestContext } from "../../app-context.ts";
import { methodNotAllowed, type EndpointMethod } from "../../lib/api.ts";

type HandlerArgs = { request: Request; context: Readonly<RouterContextProvider> };

export function adminAllowOnly(...allowed: EndpointMethod[]): (args: HandlerArgs) => Promise<Response> {
  return async ({ request, context }) => {
    await requireAdminApi(context.get(appContext), request);
    return methodNotAllowed(...allowed);
  };
}

/** The action of a read-only admin endpoint. */
export const readOnlyAdminAction = adminAllowOnly("GET");

/**
 * The action of an admin page that takes no form: the page's guard first, as its loader does (a
 * guest gets the admin login, 401; a shopper is sent to /), then 405, shown by the admin layout.
 */
export async function readOnlyAdminPageAction({ request, context }: HandlerArgs): Promise<never> {
  await requireAdminPage(context.get(appContext), request, context.get(requestContext).setCookie);
  throw methodNotAllowed("GET");
}
