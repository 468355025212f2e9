import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Auth } from "../auth/auth.server.ts";
import type { Database } from "../db/client.server.ts";
import { adminUsers, profiles, user } from "../db/schema.ts";

export type AdminAccountResult =
  | { created: true; email: string; password: string; generated: boolean }
  | { created: false; email: string };

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
 */
export async function ensureAdminAccount(
  db: Database,
  auth: Auth,
  admin: { email: string; password: string | undefined },
): Promise<AdminAccountResult> {
  const email = admin.email.toLowerCase();
  const promoteExisting = async () => {
    const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (!existing) return false;
    await db.insert(adminUsers).values({ id: existing.id }).onConflictDoNothing();
    return true;
  };
  if (await promoteExisting()) return { created: false, email };
  const password = admin.password ?? generateAdminPassword();
  let result;
  try {
    result = await auth.api.signUpEmail({ body: { email, password, name: "Shop Admin" } });
  } catch (error) {
    // Another process starting at the same moment created the account first.
    if (await promoteExisting()) return { created: false, email };
    throw error;
  }
  await db.transaction(async (tx) => {
    await tx.update(user).set({ emailVerified: true }).where(eq(user.id, result.user.id));
    await tx.insert(profiles).values({ id: result.user.id, firstName: "Shop", lastName: "Admin" }).onConflictDoNothing();
    await tx.insert(adminUsers).values({ id: result.user.id }).onConflictDoNothing();
  });
  return { created: true, email, password, generated: admin.password === undefined };
}

export async function isAdmin(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.id, userId));
  return row !== undefined;
}
