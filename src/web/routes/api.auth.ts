import { CLIENT_IP_HEADER, confirmationPath } from "../../server/auth/auth.server.ts";
import { redirect } from "react-router";
import type { Route } from "./+types/api.auth";
import { appContext, requestContext } from "../app-context.ts";

// better-auth's own endpoints, those the shop leaves open (auth.server.ts). The library rate-limits
// them per client address, which it reads from a header only the host sets.
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

// The library's address confirmation link, as mailed before the shop's own: it opens the shop's
// page, which confirms for the account holder only (the library would confirm for whoever opened
// it). One without its token, cut short by a mail program, lands there too and is told what to do.
const VERIFY_EMAIL = "/api/auth/verify-email";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  if (isClosed(url)) return new Response("Not Found", { status: 404 });
  if (url.pathname === VERIFY_EMAIL) return redirect(confirmationPath(url.searchParams.get("token") ?? ""));
  return context.get(appContext).auth.handler(withClientIp(request, context.get(requestContext).clientIp));
}

export async function action({ request, url, context }: Route.ActionArgs) {
  if (isClosed(url)) return new Response("Not Found", { status: 404 });
  return context.get(appContext).auth.handler(withClientIp(request, context.get(requestContext).clientIp));
}
