// PLACEHOLDER (branch i-admin2): the real guard comes from the admin foundation branch and
// replaces this file at merge. Only the interface the dashboard and customers screens code against
// is here: same names, same answers (guest 401 / non-admin redirect or 403 / admin's viewer).
import { data, redirect } from "react-router";
import type { AppContext } from "../app-context.server.ts";
import { readViewer } from "../auth/session.server.ts";
import { isAdmin } from "./admin-account.server.ts";

export type AdminViewer = { userId: string; email: string; firstName: string; lastName: string };

export async function requireAdminPage(app: AppContext, request: Request, setCookie?: (c: string) => void): Promise<AdminViewer> {
  const viewer = await readViewer(app, request.headers, setCookie);
  if (!viewer) throw data({ adminLogin: true }, { status: 401 });
  if (!(await isAdmin(app.db, viewer.userId))) throw redirect("/");
  return { userId: viewer.userId, email: viewer.email, firstName: viewer.firstName, lastName: viewer.lastName };
}

export async function requireAdminApi(app: AppContext, request: Request): Promise<AdminViewer> {
  const viewer = await readViewer(app, request.headers);
  if (!viewer) throw Response.json({ error: "Sign in as an admin to use this endpoint." }, { status: 401 });
  if (!(await isAdmin(app.db, viewer.userId))) throw Response.json({ error: "Access denied. Admin privileges required." }, { status: 403 });
  return { userId: viewer.userId, email: viewer.email, firstName: viewer.firstName, lastName: viewer.lastName };
}
