// The server is the authority on admin rights (admin.md section 6; docs/architecture.md): every admin
// loader, action and /api/admin/* route starts with one of these two calls. A user is an admin
// when their id is in admin_users; nothing the browser says can change that.
import { data, redirect } from "react-router";
import { adminAccess, adminShell } from "../../domain/messages/admin.ts";
import { adminSettings } from "../../domain/messages/admin-settings.ts";
import type { AppContext } from "../app-context.server.ts";
import { readSessionFacts, viewerNames } from "../auth/session.server.ts";
import { DEFAULT_SHOP_NAME } from "../../domain/shop-details.ts";

export type AdminViewer = { userId: string; email: string; firstName: string; lastName: string };

/** What a guest's admin page answers: the layout's ErrorBoundary shows the admin login for it. */
export type AdminLoginRequired = { adminLogin: true };

type GuardContext = Pick<AppContext, "auth" | "db">;

/** Where an admin without two-factor sign-in is sent when the shop requires it (decision 037). */
export const TWO_FACTOR_ENROLMENT_PATH = "/admin/settings?enrol=two-factor";

/** What the back office's frame shows beside the pages: the shop's name, as Settings has it. */
export type AdminFrame = { shopName: string };

type AdminCheck = { kind: "guest" } | { kind: "shopper" } | { kind: "admin"; viewer: AdminViewer; mustEnrol: boolean; frame: AdminFrame };

/**
 * One check per request: an admin page runs the layout's loader and the screen's loader for the
 * same request, and each asks: the session read (cookie signature, then the session, user, admin,
 * profile and settings rows in one query, decision 047) is done once and shared (decision 024).
 */
const checked = new WeakMap<Request, Promise<AdminCheck>>();

function readAdmin(app: GuardContext, request: Request, setCookie?: (cookie: string) => void): Promise<AdminCheck> {
  let check = checked.get(request);
  if (!check) {
    check = lookUpAdmin(app, request, setCookie);
    checked.set(request, check);
  }
  return check;
}

async function lookUpAdmin(app: GuardContext, request: Request, setCookie?: (cookie: string) => void): Promise<AdminCheck> {
  const signedIn = await readSessionFacts(app, request.headers, setCookie);
  if (!signedIn) return { kind: "guest" };
  if (!signedIn.admin) return { kind: "shopper" };
  return {
    kind: "admin",
    viewer: { userId: signedIn.user.id, email: signedIn.user.email, ...viewerNames(signedIn.user.name, signedIn.profile) },
    mustEnrol: signedIn.admin.shopRequiresTwoFactor && !signedIn.admin.twoFactorEnabled,
    frame: { shopName: signedIn.admin.shopName ?? DEFAULT_SHOP_NAME },
  };
}

export type AdminPageOptions = {
  /**
   * Only the layout and the settings page (where enrolment happens) open for an admin who must
   * still set up two-factor sign-in; every other page sends them there first.
   */
  allowWithoutTwoFactor?: boolean;
};

/**
 * For admin pages (admin.md section 4 "Admin access"): a guest gets a 401 that the admin layout
 * renders as the login form in place of the page; a signed-in non-admin is sent to /.
 */
export async function requireAdminPage(
  app: GuardContext,
  request: Request,
  setCookie?: (cookie: string) => void,
  options: AdminPageOptions = {},
): Promise<AdminViewer & { mustEnrol: boolean; frame: AdminFrame }> {
  const found = await readAdmin(app, request, setCookie);
  if (found.kind === "guest") throw data<AdminLoginRequired>({ adminLogin: true }, { status: 401 });
  if (found.kind === "shopper") throw redirect("/");
  if (found.mustEnrol && !options.allowWithoutTwoFactor) throw redirect(TWO_FACTOR_ENROLMENT_PATH);
  return { ...found.viewer, mustEnrol: found.mustEnrol, frame: found.frame };
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
): Promise<(AdminViewer & { frame: AdminFrame }) | "denied"> {
  const found = await readAdmin(app, request, setCookie);
  if (found.kind === "guest") throw data<AdminLoginRequired>({ adminLogin: true }, { status: 401 });
  if (found.kind === "shopper") return "denied";
  if (found.mustEnrol) throw redirect(TWO_FACTOR_ENROLMENT_PATH);
  return { ...found.viewer, frame: found.frame };
}

/** What an admin page's action answers when nobody is signed in any more: see requireAdminAction. */
export type AdminSessionEnded = AdminLoginRequired & { ok: false; message: string };

/**
 * For the actions of admin pages (the forms of the editor, an order, discounts, settings...): like
 * requireAdminPage, but a guest's 401 is returned, not thrown. A thrown 401 replaced the whole page
 * by the admin login and threw away what the owner had typed when the session had ended meanwhile
 * (Logout in another tab, a password change elsewhere, 7 days idle); returned, the page stays as it
 * is and the admin shell asks for the password over it (decision 059). The check is the same.
 */
export async function requireAdminAction(
  app: GuardContext,
  request: Request,
  setCookie?: (cookie: string) => void,
  options: AdminPageOptions = {},
): Promise<{ admin: Awaited<ReturnType<typeof requireAdminPage>>; ended?: undefined } | { admin?: undefined; ended: ReturnType<typeof sessionEndedAnswer> }> {
  const found = await readAdmin(app, request, setCookie);
  if (found.kind === "guest") return { ended: sessionEndedAnswer() };
  return { admin: await requireAdminPage(app, request, setCookie, options) };
}

function sessionEndedAnswer() {
  return data<AdminSessionEnded>({ adminLogin: true, ok: false, message: adminShell.sessionEnded }, { status: 401, headers: { "Cache-Control": "no-store" } });
}

/** The admin pages that show Access Denied to a signed-in non-admin instead of redirecting. */
export function showsAccessDenied(pathname: string): boolean {
  return pathname.replace(/\/+$/, "") === "/admin/stripe";
}

/**
 * For /api/admin/*: 401 `{ error }` for a guest, 403 for a signed-in non-admin, and 403 for an
 * admin who must first set up two-factor sign-in (when the shop requires it).
 */
export async function requireAdminApi(app: GuardContext, request: Request): Promise<AdminViewer> {
  const found = await readAdmin(app, request);
  // Like every admin answer, a refusal is never stored by a cache (it depends on the cookie).
  const refuse = (error: string, status: 401 | 403) => Response.json({ error }, { status, headers: { "Cache-Control": "no-store" } });
  if (found.kind === "guest") throw refuse(adminShell.signInRequired, 401);
  if (found.kind === "shopper") throw refuse(adminAccess.accessDenied, 403);
  if (found.mustEnrol) throw refuse(adminSettings.requiredApi, 403);
  return found.viewer;
}
