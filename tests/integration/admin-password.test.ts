// `npm run admin:password`: an owner who lost the admin password sets a new one from the shell.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { validation } from "../../src/domain/messages/forms.ts";
import { setAdminPassword } from "../../src/server/admin/admin-password.server.ts";
import { listAdminActionsFor } from "../../src/server/admin/audit/audit.server.ts";
import { openDatabase } from "../../src/server/db/client.server.ts";
import { pgliteInUseNote } from "../../src/server/db/pglite-in-use.server.ts";
import { twoFactor, user } from "../../src/server/db/schema.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { makeAuth, signedInAccount } from "../helpers/admin.ts";

describeEachEngine("setting an admin's password", (get) => {
  it("replaces the password, ends every session of the account, and prints a generated one", async () => {
    const { db } = get();
    const auth = makeAuth(db);
    const admin = await signedInAccount(db, auth, { admin: true });
    expect(await auth.api.getSession({ headers: new Headers({ cookie: admin.cookie }) })).not.toBeNull();

    const result = await setAdminPassword(db, auth, { email: admin.email.toUpperCase() });
    if (!result.ok) throw new Error(result.message);
    expect(result).toMatchObject({ email: admin.email, generated: true });
    expect(result.password).toHaveLength(20);

    expect(await auth.api.getSession({ headers: new Headers({ cookie: admin.cookie }) })).toBeNull();
    await expect(auth.api.signInEmail({ body: { email: admin.email, password: admin.password } })).rejects.toThrow();
    const signedIn = await auth.api.signInEmail({ body: { email: admin.email, password: result.password } });
    expect(signedIn.user.email).toBe(admin.email);
  });

  it("takes a chosen password, and refuses a short one, an unknown e-mail and a shopper's account", async () => {
    const { db } = get();
    const auth = makeAuth(db);
    const admin = await signedInAccount(db, auth, { admin: true });
    const shopper = await signedInAccount(db, auth, { admin: false });

    expect(await setAdminPassword(db, auth, { email: admin.email, password: "short" })).toEqual({ ok: false, message: "The password must have at least 8 characters." });
    expect(await setAdminPassword(db, auth, { email: admin.email, password: "password" })).toEqual({ ok: false, message: validation.passwordTooCommon });
    expect(await setAdminPassword(db, auth, { email: "nobody@example.com" })).toEqual({ ok: false, message: "No account has the e-mail address nobody@example.com." });
    expect(await setAdminPassword(db, auth, { email: shopper.email })).toEqual({ ok: false, message: `The account ${shopper.email} is not an admin.` });
    expect(await auth.api.getSession({ headers: new Headers({ cookie: shopper.cookie }) })).not.toBeNull();

    expect(await setAdminPassword(db, auth, { email: admin.email, password: "a chosen passphrase" })).toMatchObject({ ok: true, generated: false, twoFactorReset: false });
    expect((await auth.api.signInEmail({ body: { email: admin.email, password: "a chosen passphrase" } })).user.email).toBe(admin.email);
  });

  it("with resetTwoFactor removes the account's two-factor sign-in, and only that account's", async () => {
    const { db } = get();
    const auth = makeAuth(db);
    const admin = await signedInAccount(db, auth, { admin: true });
    const other = await signedInAccount(db, auth, { admin: true });
    for (const account of [admin, other]) {
      const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, account.email));
      await db.insert(twoFactor).values({ id: `tf-${row!.id}`, secret: "encrypted-with-an-old-secret", backupCodes: "codes", userId: row!.id });
      await db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, row!.id));
    }
    const twoFactorOf = async (email: string) => {
      const [row] = await db.select({ id: user.id, enabled: user.twoFactorEnabled }).from(user).where(eq(user.email, email));
      return { enabled: row!.enabled, secrets: (await db.select().from(twoFactor).where(eq(twoFactor.userId, row!.id))).length };
    };
    // A password alone leaves two-factor as it is.
    expect(await setAdminPassword(db, auth, { email: admin.email, password: "a chosen passphrase" })).toMatchObject({ ok: true, twoFactorReset: false });
    expect(await twoFactorOf(admin.email)).toEqual({ enabled: true, secrets: 1 });

    expect(await setAdminPassword(db, auth, { email: admin.email, password: "another passphrase", resetTwoFactor: true })).toMatchObject({ ok: true, twoFactorReset: true });
    expect(await twoFactorOf(admin.email)).toEqual({ enabled: false, secrets: 0 });
    // Both changes are in the audit trail the Security page shows, newest last.
    const [account] = await db.select({ id: user.id }).from(user).where(eq(user.email, admin.email));
    const trail = await listAdminActionsFor(db, "admin_user", account!.id);
    expect(trail.map((entry) => [entry.action, entry.adminEmail, (entry.after as { twoFactorReset: boolean }).twoFactorReset])).toEqual([
      ["admin.password_set", admin.email, false],
      ["admin.password_set", admin.email, true],
    ]);
    expect(await twoFactorOf(other.email)).toEqual({ enabled: true, secrets: 1 });
    // Signing in now takes the password alone.
    const signedIn = await auth.api.signInEmail({ body: { email: admin.email, password: "another passphrase" } });
    expect(signedIn).toMatchObject({ user: { email: admin.email } });
  });
});

describe("npm run admin:password", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "admin-password-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("sets the password of ADMIN_EMAIL on the embedded database and says so; an unknown e-mail exits 1", async () => {
    const env = { ...process.env, DATA_DIR: dataDir, ADMIN_EMAIL: "owner@shop.test", DATABASE_URL: "", NODE_ENV: "test" };
    // The first start creates the admin account; the script then changes its password.
    const database = openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    await database.migrate();
    const auth = makeAuth(database.db);
    await auth.api.signUpEmail({ body: { email: "owner@shop.test", password: "first password", name: "Owner" } });
    const { adminUsers, user } = await import("../../src/server/db/schema.ts");
    const [owner] = await database.db.select({ id: user.id }).from(user);
    await database.db.insert(adminUsers).values({ id: owner!.id });
    await database.close();

    const run = promisify(execFile);
    const tsx = path.resolve("node_modules/.bin/tsx");
    const done = await run(tsx, ["scripts/admin-password.ts", "--password", "the new password"], { env });
    expect(done.stdout).toContain("Admin password set for owner@shop.test. Every session of the account has ended.");

    const refused = await run(tsx, ["scripts/admin-password.ts", "--email", "nobody@shop.test"], { env }).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain("No account has the e-mail address nobody@shop.test.");

    // While a shop has the folder open (its note names a living process: here this test's own),
    // the script stops rather than write what the shop would overwrite; a note left by a crash
    // (a process that is gone) does not stop it.
    writeFileSync(pgliteInUseNote(path.join(dataDir, "pglite")), String(process.pid));
    const busy = await run(tsx, ["scripts/admin-password.ts", "--password", "never written"], { env }).catch((error: { code: number; stderr: string }) => error);
    expect(busy).toMatchObject({ code: 1 });
    expect((busy as { stderr: string }).stderr).toContain(`The shop (process ${process.pid}) has ${path.join(dataDir, "pglite")} open: stop it first`);
    writeFileSync(pgliteInUseNote(path.join(dataDir, "pglite")), "4194303");
    expect((await run(tsx, ["scripts/admin-password.ts", "--password", "the new password"], { env })).stdout).toContain("Admin password set for owner@shop.test.");

    const reopened = openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    try {
      const signedIn = await makeAuth(reopened.db).api.signInEmail({ body: { email: "owner@shop.test", password: "the new password" } });
      expect(signedIn.user.email).toBe("owner@shop.test");
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
