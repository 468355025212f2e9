// The server is the authority on admin rights (admin.md section 6; ARCHITECTURE.md): every admin
// loader, action and /api/admin/* route starts with one of these two calls. A user is an admin
// when their id is in admin_users; nothing the browser says can change that.
import { data, redirect } from "react-router";
import { adminAccess, adminShell } from "../../domain/messages/admin.ts";
import type { AppContext } from "../app-context.server.ts";
import { readViewer } from "../auth/session.server.ts";
import { isAdmin } from "./admin-account.server.ts";

export type AdminViewer = { userId: string; email: string; firstName: string; lastName: string };

/** What a guest's admin page answers: the layout's ErrorBoundary shows the admin login for it. */
export type AdminLoginRequired = { adminLogin: true };

type GuardContext = Pick<AppContext, "auth" | "db">;

async function readAdmin(
  app: GuardContext,
  request: Request,
  setCookie?: (cookie: string) => void,
): Promise<{ kind: "guest" } | { kind: "shopper" } | { kind: "admin"; viewer: AdminViewer }> {
  const viewer = await readViewer(app, request.headers, setCookie);
  if (!viewer) return { kind: "guest" };
  if (!(await isAdmin(app.db, viewer.userId))) return { kind: "shopper" };
  return {
    kind: "admin",
    viewer: { userId: viewer.userId, email: viewer.email, firstName: viewer.firstName, lastName: viewer.lastName },
  };
}

/**
 * For admin pages (admin.md section 4 "Admin access"): a guest gets a 401 that the admin layout
 * renders as the login form in place of the page; a signed-in non-admin is sent to /.
 */
export async function requireAdminPage(
  app: GuardContext,
  request: Request,
  setCookie?: (cookie: string) => void,
): Promise<AdminViewer> {
  const found = await readAdmin(app, request, setCookie);
  if (found.kind === "guest") throw data<AdminLoginRequired>({ adminLogin: true }, { status: 401 });
  if (found.kind === "shopper") throw redirect("/");
  return found.viewer;
}

/**
 * For the Stripe page (admin.md section 6: it "separately checks admin and shows Access Denied to
 * others; its data is loaded only when the user is admin"): like requireAdminPage, but a
 * signed-in non-admin gets "denied" to show instead of being sent to /.
 */
export async function checkAdminPage(
  app: GuardContext,
  request: Request,
  setCookie?: (cookie: string) => void,
): Promise<AdminViewer | "denied"> {
  const found = await readAdmin(app, request, setCookie);
  if (found.kind === "guest") throw data<AdminLoginRequired>({ adminLogin: true }, { status: 401 });
  if (found.kind === "shopper") return "denied";
  return found.viewer;
}

/** The admin pages that show Access Denied to a signed-in non-admin instead of redirecting. */
export function showsAccessDenied(pathname: string): boolean {
  return pathname.replace(/\/+$/, "") === "/admin/stripe";
}

/** For /api/admin/*: 401 `{ error }` for a guest, 403 for a signed-in non-admin. */
export async function requireAdminApi(app: GuardContext, request: Request): Promise<AdminViewer> {
  const found = await readAdmin(app, request);
  if (found.kind === "guest") throw Response.json({ error: adminShell.signInRequired }, { status: 401 });
  if (found.kind === "shopper") throw Response.json({ error: adminAccess.accessDenied }, { status: 403 });
  return found.viewer;
}
