// A signed-in shopper changes their password on their account page, an admin on Settings too. The
// current password is asked first (a session left open on a shared computer must not be enough to
// take the account), the new one follows sign-up's rule, and every other session of the account
// ends: the usual reason to change a password is a doubt about who else has it. The owner is
// e-mailed, so a change they did not make does not go unnoticed; an admin's goes into the audit
// trail. better-auth checks and stores the password; its HTTP endpoint stays closed
// (CLOSED_LIBRARY_PATHS), so these rules cannot be walked around.
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { passwordChange, passwordReset } from "../../domain/messages/account.ts";
import { formText } from "../../domain/form-text.ts";
import { changePasswordSchema, firstIssueMessage, messagesByField, type PasswordChangeField } from "../../domain/schemas.ts";
import { controlCharactersMessage, isStorableText } from "../../domain/text-rules.ts";
import { recordAdminAction } from "../admin/audit/audit.server.ts";
import type { Database } from "../db/client.server.ts";
import { adminUsers } from "../db/schema.ts";
import { logRequestError } from "../http/error-log.server.ts";
import { queueMail } from "../mail/outbox.server.ts";
import { takeAttempt, type RateLimitRule } from "../security/rate-limit.server.ts";
import { readStoredShopSettings } from "../settings/shop-settings.server.ts";
import { libraryHeaders, type RequestMeta } from "./accounts.server.ts";
import type { Auth } from "./auth.server.ts";
import { isCommonPassword } from "./common-passwords.server.ts";

/** Guesses at the current password from a session someone else holds stop here (every try counts). */
export const CHANGE_PASSWORD_LIMIT = { name: "change-password-account", max: 10, windowMs: 15 * 60_000 } satisfies RateLimitRule;

const rule = changePasswordSchema(isCommonPassword);

export type PasswordChangeResult =
  /** `setCookies`: this device's new session (the old one ended with the others). */
  | { ok: true; message: string; setCookies: string[] }
  /** `fields`: every field refused, with its message (the form marks them all at once); `field`, the first. */
  | { ok: false; status: 400 | 401 | 429; message: string; field?: PasswordChangeField; fields?: Partial<Record<PasswordChangeField, string>>; retryAfterSeconds?: number };

const LABELS: Record<PasswordChangeField, string> = {
  currentPassword: passwordChange.currentPasswordLabel,
  password: passwordReset.newPasswordLabel,
  confirmPassword: passwordReset.confirmPasswordLabel,
};

type Deps = { auth: Auth; db: Database; publicUrl: string };

export async function changePassword(deps: Deps, account: { userId: string; email: string }, input: Record<PasswordChangeField, string>, meta: RequestMeta): Promise<PasswordChangeResult> {
  // PostgreSQL cannot take a NUL, and no password holds one.
  for (const field of Object.keys(LABELS) as PasswordChangeField[]) {
    if (!isStorableText(input[field])) return { ok: false, status: 400, message: controlCharactersMessage(LABELS[field]), field };
  }
  const parsed = rule.safeParse(input);
  if (!parsed.success) {
    return { ok: false, status: 400, message: firstIssueMessage(parsed.error), field: parsed.error.issues[0]?.path[0] as PasswordChangeField | undefined, fields: messagesByField(parsed.error) };
  }

  const limit = await takeAttempt(deps.db, CHANGE_PASSWORD_LIMIT, account.userId);
  if (!limit.allowed) return { ok: false, status: 429, message: passwordChange.tooManyAttempts(limit.retryAfterSeconds), retryAfterSeconds: limit.retryAfterSeconds };

  let response: Response;
  try {
    response = await deps.auth.api.changePassword({
      body: { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.password, revokeOtherSessions: true },
      headers: libraryHeaders(meta),
      asResponse: true,
    });
  } catch (error) {
    if (error instanceof APIError) return refusal(error.statusCode, (error.body as { code?: string } | undefined)?.code);
    throw error;
  }
  if (!response.ok) return refusal(response.status, ((await response.json().catch(() => null)) as { code?: string } | null)?.code);

  // The password is changed and this device's old session is gone with the others: whatever fails
  // now is logged, and the browser still gets its new session, or its owner is signed out and told
  // the change failed.
  try {
    await afterChange(deps, account);
  } catch (error) {
    logRequestError("after a change of password", error);
  }
  return { ok: true, message: passwordChange.done, setCookies: response.headers.getSetCookie() };
}

/**
 * The change as a form posts it (`currentPassword`, `password`, `confirmPassword`), with the
 * headers its answer must carry: this device's new session cookie, or a 429's Retry-After.
 */
export async function changePasswordFromForm(
  app: { auth: Auth; db: Database; config: { publicUrl: string } },
  account: { userId: string; email: string },
  form: FormData,
  meta: RequestMeta,
): Promise<{ result: PasswordChangeResult; headers: Headers }> {
  const text = formText(form);
  const input = { currentPassword: text("currentPassword"), password: text("password"), confirmPassword: text("confirmPassword") };
  const result = await changePassword({ auth: app.auth, db: app.db, publicUrl: app.config.publicUrl }, account, input, meta);
  const headers = new Headers();
  if (result.ok) for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  else if (result.retryAfterSeconds) headers.set("Retry-After", String(result.retryAfterSeconds));
  return { result, headers };
}

/** The account is told; an admin's change goes into the audit trail, from whichever page it was made. */
async function afterChange(deps: Deps, account: { userId: string; email: string }) {
  const { shopName } = await readStoredShopSettings(deps.db);
  await queueMail(deps.db, {
    to: account.email,
    subject: passwordChange.mailSubject,
    text: passwordChange.mailText(shopName, new URL("/auth/forgot-password", deps.publicUrl).href),
  });
  const [admin] = await deps.db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.id, account.userId)).limit(1);
  // The row says it happened, never what the password was.
  if (admin) {
    await recordAdminAction(deps.db, { adminId: account.userId, adminEmail: account.email, action: "admin.password_changed", subjectType: "admin_user", subjectId: account.userId, before: null, after: null });
  }
}

function refusal(status: number, code: string | undefined): PasswordChangeResult {
  if (code === "INVALID_PASSWORD") return { ok: false, status: 400, message: passwordChange.wrongCurrent, field: "currentPassword" };
  if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND") return { ok: false, status: 400, message: passwordChange.noPassword };
  // The session ended meanwhile (signed out everywhere from another device).
  if (status === 401) return { ok: false, status: 401, message: passwordChange.signedOut };
  // Another refusal of the request (a code a later version of the library adds): still the
  // person's to fix or retry, never a 500.
  if (status < 500) {
    logRequestError("a change of password refused", new Error(`${status} ${code ?? ""}`));
    return { ok: false, status: 400, message: passwordChange.notChanged };
  }
  throw new Error(`changing a password failed: ${status} ${code ?? ""}`);
}
