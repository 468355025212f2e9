// An admin changes their own password on the Settings page: the shopper's change of password
// (the current one first, the sign-up rule, every other session ended, the account e-mailed),
// written to the audit trail once it has happened. The first admin's password is printed at the
// first start; this is how an owner replaces it without the command line.
import { changePassword, type PasswordChangeField, type PasswordChangeResult } from "../../auth/change-password.server.ts";
import type { RequestMeta } from "../../auth/accounts.server.ts";
import type { AppContext } from "../../app-context.server.ts";
import { recordAdminAction } from "../audit/audit.server.ts";
import type { AdminViewer } from "../admin-guard.server.ts";

type App = Pick<AppContext, "auth" | "db"> & { config: Pick<AppContext["config"], "publicUrl"> };

export async function changeAdminPassword(app: App, admin: AdminViewer, input: Record<PasswordChangeField, string>, meta: RequestMeta): Promise<PasswordChangeResult> {
  const result = await changePassword({ auth: app.auth, db: app.db, publicUrl: app.config.publicUrl }, admin, input, meta);
  // The library changed the password in its own transaction; the row says it happened, never what it was.
  if (result.ok) {
    await recordAdminAction(app.db, { adminId: admin.userId, adminEmail: admin.email, action: "admin.password_changed", subjectType: "admin_user", subjectId: admin.userId, before: null, after: null });
  }
  return result;
}
