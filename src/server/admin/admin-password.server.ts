// Setting an admin's password from the command line (`npm run admin:password`): for an owner who
// lost the password printed at first start. The new password replaces the old one and every
// session of the account ends, so a stolen session cannot outlive the change. With resetTwoFactor
// the account's two-factor sign-in is removed too (a lost phone, or BETTER_AUTH_SECRET changed:
// the stored secret is encrypted with it and no code would match): it is set up again after
// signing in, as a shop that requires it asks. The change is written to the audit trail, so the
// Security page shows when an account was taken over from the shell.
import { eq } from "drizzle-orm";
import type { Auth } from "../auth/auth.server.ts";
import type { Database } from "../db/client.server.ts";
import { adminUsers, twoFactor, user } from "../db/schema.ts";
import { generateAdminPassword } from "./admin-account.server.ts";
import { isCommonPassword } from "../auth/common-passwords.server.ts";
import { validation } from "../../domain/messages/forms.ts";
import { recordAdminAction } from "./audit/audit.server.ts";

/** The same floor as ADMIN_PASSWORD at first start. */
export const ADMIN_PASSWORD_MIN_LENGTH = 8;

export type AdminPasswordResult =
  | { ok: true; email: string; password: string; generated: boolean; twoFactorReset: boolean }
  | { ok: false; message: string };

export async function setAdminPassword(db: Database, auth: Auth, input: { email: string; password?: string; resetTwoFactor?: boolean }): Promise<AdminPasswordResult> {
  const email = input.email.trim().toLowerCase();
  if (input.password !== undefined && input.password.length < ADMIN_PASSWORD_MIN_LENGTH) {
    return { ok: false, message: `The password must have at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.` };
  }
  if (input.password !== undefined && isCommonPassword(input.password)) return { ok: false, message: validation.passwordTooCommon };
  const [found] = await db
    .select({ id: user.id, adminId: adminUsers.id })
    .from(user)
    .leftJoin(adminUsers, eq(adminUsers.id, user.id))
    .where(eq(user.email, email));
  if (!found) return { ok: false, message: `No account has the e-mail address ${email}.` };
  if (!found.adminId) return { ok: false, message: `The account ${email} is not an admin.` };

  const password = input.password ?? generateAdminPassword();
  const context = await auth.$context;
  const hash = await context.password.hash(password);
  if (await context.internalAdapter.findCredentialAccount(found.id)) {
    await context.internalAdapter.updatePassword(found.id, hash);
  } else {
    await context.internalAdapter.createAccount({ userId: found.id, providerId: "credential", accountId: found.id, password: hash });
  }
  if (input.resetTwoFactor) {
    await db.transaction(async (tx) => {
      await tx.delete(twoFactor).where(eq(twoFactor.userId, found.id));
      await tx.update(user).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(user.id, found.id));
    });
  }
  await context.internalAdapter.deleteUserSessions(found.id);
  // Written after the change (the auth library writes the password through its own connection), so
  // a failure above leaves no entry for a change that did not happen. A failure here does not hide
  // the password now in force: it is said, and the password is still printed.
  await recordAdminAction(db, {
    adminId: found.id,
    adminEmail: email,
    action: "admin.password_set",
    subjectType: "admin_user",
    subjectId: found.id,
    before: null,
    after: { email, setFrom: "the command line (npm run admin:password)", twoFactorReset: input.resetTwoFactor === true },
  }).catch((error: unknown) => console.warn(`The change could not be written to the audit trail: ${error instanceof Error ? error.message : String(error)}`));
  return { ok: true, email, password, generated: input.password === undefined, twoFactorReset: input.resetTwoFactor === true };
}
