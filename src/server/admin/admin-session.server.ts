// Signing in through the admin login (admin.md section 6): sign in with e-mail and password,
// then check admin membership. A user who is not a member is signed out again at once (their new
// session is revoked on the server and no cookie reaches the browser).
import { adminAccess } from "../../domain/messages/admin.ts";
import type { AppContext } from "../app-context.server.ts";
import { signIn, signOut, verifyTwoFactorSignIn, type AuthResult, type RequestMeta, type SecondFactor } from "../auth/accounts.server.ts";
import { isAdmin } from "./admin-account.server.ts";

type App = Pick<AppContext, "auth" | "db">;

function cookieHeader(setCookies: string[]): string {
  return setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

export async function adminSignIn(app: App, input: unknown, meta: RequestMeta): Promise<AuthResult> {
  const result = await signIn(app, input, meta);
  // Two-factor sign-in on: no session exists until the code step, which checks membership.
  if (!result.ok || result.twoFactor) return result;
  if (result.userId && (await isAdmin(app.db, result.userId))) return result;
  await signOut(app, new Headers({ cookie: cookieHeader(result.setCookies) }));
  return { ok: false, status: 403, message: adminAccess.accessDenied };
}

/** The code step of an admin sign-in: the same membership check once the session exists. */
export async function adminVerifyCode(app: App, input: SecondFactor, meta: RequestMeta): Promise<AuthResult> {
  const result = await verifyTwoFactorSignIn(app, input, meta);
  if (!result.ok) return result;
  if (result.userId && (await isAdmin(app.db, result.userId))) return result;
  await signOut(app, new Headers({ cookie: cookieHeader(result.setCookies) }));
  return { ok: false, status: 403, message: adminAccess.accessDenied };
}
