import { CLIENT_IP_HEADER } from "../../server/auth/auth.server.ts";
import { redirect } from "react-router";
import type { Route } from "./+types/api.auth";
import { appContext, requestContext } from "../app-context.ts";

// better-auth's own endpoints (verify-email, get-session, ...). The library rate-limits them per
// client address, which it reads from a header only the host sets.
function withClientIp(request: Request, clientIp: string): Request {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, clientIp);
  return new Request(request, { headers });
}

const CLOSED_PREFIXES = [
  // The library's reset link (/api/auth/reset-password/:token) is not the shop's: its e-mail links
  // straight to /auth/reset-password, which checks the token itself.
  "/api/auth/reset-password/",
  // The shop offers no sign-in with another site: the library's OAuth callbacks answer nothing.
  "/api/auth/callback/",
];
const isClosed = (url: URL) => CLOSED_PREFIXES.some((prefix) => url.pathname.startsWith(prefix));

// The address confirmation link, cut short by a mail program: the sign-in page says what to do,
// as it does for an expired link, instead of the library's validator words.
const VERIFY_EMAIL = "/api/auth/verify-email";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  if (isClosed(url)) return new Response("Not Found", { status: 404 });
  if (url.pathname === VERIFY_EMAIL && !url.searchParams.get("token")) return redirect("/auth?verified=1&error=MISSING_TOKEN");
  return context.get(appContext).auth.handler(withClientIp(request, context.get(requestContext).clientIp));
}

export async function action({ request, url, context }: Route.ActionArgs) {
  if (isClosed(url)) return new Response("Not Found", { status: 404 });
  return context.get(appContext).auth.handler(withClientIp(request, context.get(requestContext).clientIp));
}
