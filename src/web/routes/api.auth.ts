import { CLIENT_IP_HEADER } from "../../server/auth/auth.server.ts";
import type { Route } from "./+types/api.auth";
import { appContext, requestContext } from "../app-context.ts";

// better-auth's own endpoints (verify-email, get-session, ...). The library rate-limits them per
// client address, which it reads from a header only the host sets.
function withClientIp(request: Request, clientIp: string): Request {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, clientIp);
  return new Request(request, { headers });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return context.get(appContext).auth.handler(withClientIp(request, context.get(requestContext).clientIp));
}

export async function action({ request, context }: Route.ActionArgs) {
  return context.get(appContext).auth.handler(withClientIp(request, context.get(requestContext).clientIp));
}
