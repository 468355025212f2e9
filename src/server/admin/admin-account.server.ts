import { randomBytes } from "node:crypto";
import { isCommonPassword } from "../auth/common-passwords.server.ts";
import { ConfigError } from "../config/env.server.ts";
import { and, eq } from "drizzle-orm";
import { VERIFY_EMAIL_SUBJECT, type Auth } from "../auth/auth.server.ts";
import type { Database } from "../db/client.server.ts";
import { adminUsers, mailOutbox, profiles, user } from "../db/schema.ts";

export type AdminAccountResult =
  | { created: true; email: string; password: string; generated: boolean }
  | { created: false; email: string }
  /** ADMIN_EMAIL belongs to an account that never confirmed its address: not made an admin. */
  | { created: false; email: string; unconfirmed: true };

/** A password that is easy to copy from a terminal: 20 characters from a 56-letter alphabet. */
export function generateAdminPassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(20);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

/**
 * Makes sure the configured admin e-mail belongs to an account listed in admin_users.
 * The account is created on first start (with ADMIN_PASSWORD or a generated password, which the
 * caller prints once); an existing account's password is never changed here.
 *
 * An existing account is made an admin only once its address is confirmed: anyone may sign up
 * with an address that is not theirs, and setting ADMIN_EMAIL to it must not hand them the back
 * office with the password they chose. Such an account is sent a fresh confirmation link instead.
 */
export async function ensureAdminAccount(
  db: Database,
  auth: Auth,
  admin: { email: string; password: string | undefined },
  sendConfirmation: (email: string) => Promise<void>,
): Promise<AdminAccountResult> {
  const email = admin.email.toLowerCase();
  const promoteExisting = async (): Promise<AdminAccountResult | null> => {
    const [existing] = await db.select({ id: user.id, confirmed: user.emailVerified }).from(user).where(eq(user.email, email));
    if (!existing) return null;
    if (!existing.confirmed && !(await isAdmin(db, existing.id))) {
      await sendConfirmation(email);
      return { created: false, email, unconfirmed: true };
    }
    await db.insert(adminUsers).values({ id: existing.id }).onConflictDoNothing();
    return { created: false, email };
  };
  const existing = await promoteExisting();
  if (existing) return existing;
  // The shoppers' rule (decision 016) for the one account that can refund and export every
  // address; checked when the account is made from it, so a value left in the environment of a
  // running shop does not stop its next start.
  if (admin.password !== undefined && isCommonPassword(admin.password)) {
    throw new ConfigError("Invalid environment:\n  ADMIN_PASSWORD: is one of the most common passwords and easy to guess; choose another");
  }
  const password = admin.password ?? generateAdminPassword();
  let result;
  try {
    result = await auth.api.signUpEmail({ body: { email, password, name: "Shop Admin" } });
  } catch (error) {
    // Another process starting at the same moment created the account first.
    const raced = await promoteExisting();
    if (raced) return raced;
    throw error;
  }
  await db.transaction(async (tx) => {
    await tx.update(user).set({ emailVerified: true }).where(eq(user.id, result.user.id));
    // The sign-up queued a "Verify your e-mail address" for an address the operator chose and
    // that is confirmed here: it would ask the owner "did you create an account?" for nothing.
    await tx.delete(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.subject, VERIFY_EMAIL_SUBJECT), eq(mailOutbox.status, "pending")));
    await tx.insert(profiles).values({ id: result.user.id, firstName: "Shop", lastName: "Admin" }).onConflictDoNothing();
    await tx.insert(adminUsers).values({ id: result.user.id }).onConflictDoNothing();
  });
  return { created: true, email, password, generated: admin.password === undefined };
}

export async function isAdmin(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.id, userId));
  return row !== undefined;
}
