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

// The library's reset link (/api/auth/reset-password/:token) is not the shop's: its e-mail links
// straight to /auth/reset-password, which checks the token itself.
const CLOSED_PREFIX = "/api/auth/reset-password/";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  if (url.pathname.startsWith(CLOSED_PREFIX)) return new Response("Not Found", { status: 404 });
  return context.get(appContext).auth.handler(withClientIp(request, context.get(requestContext).clientIp));
}

export async function action({ request, context }: Route.ActionArgs) {
  return context.get(appContext).auth.handler(withClientIp(request, context.get(requestContext).clientIp));
}
