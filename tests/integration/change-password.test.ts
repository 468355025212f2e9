// A signed-in shopper changes their password on their account page (/account/orders): the current
// password first, the new one by sign-up's rule, every other device signed out, this one kept
// signed in with a new session, the owner e-mailed; guesses at the current password are limited.
// The same page sends the address confirmation link again.
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { accountConfirmation, passwordChange } from "../../src/domain/messages/account.ts";
import { validation } from "../../src/domain/messages/forms.ts";
import { CONFIRMATION_RESEND_LIMIT } from "../../src/server/auth/accounts.server.ts";
import { VERIFY_EMAIL_SUBJECT } from "../../src/server/auth/auth.server.ts";
import { CHANGE_PASSWORD_LIMIT } from "../../src/server/auth/change-password.server.ts";
import type { Database } from "../../src/server/db/client.server.ts";
import { adminAuditLog, mailOutbox, user } from "../../src/server/db/schema.ts";
import { action } from "../../src/web/routes/account.orders.tsx";
import { describeEachEngine } from "../helpers/databases.ts";
import { makeAuth, makeContext, SHOP, settle, signedInAccount } from "../helpers/admin.ts";

const NEW_PASSWORD = "Kente-weave-2026";

/** The account's "password changed" mails (its sign-up confirmation is there too). */
function changeMails(db: Database, email: string) {
  return db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.subject, passwordChange.mailSubject)));
}

describeEachEngine("changing a password on the account page", (get) => {
  async function shopperOnTwoDevices() {
    const { db } = get();
    const auth = makeAuth(db);
    const account = await signedInAccount(db, auth, { admin: false });
    const other = (await auth.api.signInEmail({ body: { email: account.email, password: account.password }, asResponse: true })).headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    const signedIn = async (cookie: string) => (await auth.api.getSession({ headers: new Headers({ cookie }) })) !== null;
    const change = (cookie: string, fields: Record<string, string>) =>
      settle(
        action({
          request: new Request(`${SHOP}/account/orders`, {
            method: "POST",
            headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ intent: "change-password", ...fields }),
          }),
          params: {},
          context: makeContext(db, auth),
        } as never),
      );
    const canSignIn = async (password: string) => {
      const response = await auth.api.signInEmail({ body: { email: account.email, password }, asResponse: true }).catch(() => null);
      return response?.ok === true;
    };
    return { db, account, other, signedIn, change, canSignIn };
  }

  it("takes the current password and a new one: other devices are signed out, this one stays, the owner is e-mailed", async () => {
    const { db, account, other, signedIn, change, canSignIn } = await shopperOnTwoDevices();
    const answer = await change(account.cookie, { currentPassword: account.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ intent: "change-password", ok: true, message: passwordChange.done });
    // This device has a new session in its cookie; the old cookie, like the other device's, is gone.
    const renewed = answer.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    expect(renewed).toMatch(/session_token=[^;]+/);
    expect([await signedIn(renewed), await signedIn(account.cookie), await signedIn(other)]).toEqual([true, false, false]);
    expect([await canSignIn(NEW_PASSWORD), await canSignIn(account.password)]).toEqual([true, false]);
    const mails = await changeMails(db, account.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(`${SHOP}/auth/forgot-password`);
  });

  it("refuses a wrong current password, a weak or mistyped new one, and the same one again: nothing changes", async () => {
    const { db, account, other, signedIn, change, canSignIn } = await shopperOnTwoDevices();
    const refusals = [
      [{ currentPassword: "not my password", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, passwordChange.wrongCurrent, "currentPassword"],
      [{ currentPassword: "", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, validation.currentPasswordRequired, "currentPassword"],
      [{ currentPassword: account.password, password: "short", confirmPassword: "short" }, validation.passwordTooShort(8), "password"],
      [{ currentPassword: account.password, password: NEW_PASSWORD, confirmPassword: "Kente-weave-2025" }, validation.passwordsDiffer, "confirmPassword"],
      [{ currentPassword: account.password, password: account.password, confirmPassword: account.password }, validation.passwordUnchanged, "password"],
    ] as const;
    for (const [fields, message, field] of refusals) {
      const answer = await change(account.cookie, fields);
      expect(answer.status, message).toBe(400);
      const { fields: refused, ...rest } = answer.body as { fields?: Record<string, string> };
      expect(rest).toEqual({ intent: "change-password", ok: false, message, field });
      // The form's own rules name every field they refuse (here one); the library's answer names its field alone.
      if (refused) expect(refused).toEqual({ [field]: message });
    }
    // Sent empty: all three fields are named, each with its message.
    const empty = await change(account.cookie, { currentPassword: "", password: "", confirmPassword: "" });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      field: "currentPassword",
      fields: { currentPassword: validation.currentPasswordRequired, password: validation.passwordRequired, confirmPassword: validation.confirmPasswordRequired },
    });
    expect([await signedIn(account.cookie), await signedIn(other)]).toEqual([true, true]);
    expect(await canSignIn(account.password)).toBe(true);
    expect(await changeMails(db, account.email)).toEqual([]);
  });

  it(`stops guessing at the current password after ${CHANGE_PASSWORD_LIMIT.max} tries, with Retry-After`, async () => {
    const { account, change, canSignIn } = await shopperOnTwoDevices();
    for (let attempt = 0; attempt < CHANGE_PASSWORD_LIMIT.max; attempt += 1) {
      expect((await change(account.cookie, { currentPassword: `guess ${attempt}`, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status).toBe(400);
    }
    const stopped = await change(account.cookie, { currentPassword: account.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(stopped.status).toBe(429);
    const retryAfter = Number(stopped.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    // The wait said in words is the one the header gives.
    expect(stopped.body).toEqual({ intent: "change-password", ok: false, message: passwordChange.tooManyAttempts(retryAfter) });
    expect(await canSignIn(account.password)).toBe(true);
  });

  it("an admin's change made on the account page is in the audit trail too, never the password", async () => {
    const { db } = get();
    const auth = makeAuth(db);
    const admin = await signedInAccount(db, auth, { admin: true });
    const answer = await settle(
      action({
        request: new Request(`${SHOP}/account/orders`, {
          method: "POST",
          headers: { cookie: admin.cookie, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "change-password", currentPassword: admin.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
        }),
        params: {},
        context: makeContext(db, auth),
      } as never),
    );
    expect(answer.status).toBe(200);
    const rows = await db.select().from(adminAuditLog).where(and(eq(adminAuditLog.adminId, admin.userId), eq(adminAuditLog.action, "admin.password_changed")));
    expect(rows.map((row) => [row.subjectId, row.before, row.after])).toEqual([[admin.userId, null, null]]);
    expect(JSON.stringify(rows)).not.toContain(NEW_PASSWORD);
  });

  it("an account that has not confirmed its address gets the link again, three times an hour; a confirmed one is told so", async () => {
    const { db } = get();
    const auth = makeAuth(db);
    const account = await signedInAccount(db, auth, { admin: false });
    const resend = () =>
      settle(
        action({
          request: new Request(`${SHOP}/account/orders`, {
            method: "POST",
            headers: { cookie: account.cookie, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ intent: "resend-confirmation" }),
          }),
          params: {},
          context: makeContext(db, auth),
        } as never),
      );
    const links = async () => (await db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, account.email), eq(mailOutbox.subject, VERIFY_EMAIL_SUBJECT)))).length;
    const before = await links();
    for (let time = 0; time < CONFIRMATION_RESEND_LIMIT.max; time += 1) {
      expect(await resend()).toMatchObject({ status: 200, body: { intent: "resend-confirmation", ok: true, message: accountConfirmation.sent(account.email) } });
    }
    expect(await links()).toBe(before + CONFIRMATION_RESEND_LIMIT.max);
    // Each names the shop and says how long its link works.
    const [confirmation] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, account.email), eq(mailOutbox.subject, VERIFY_EMAIL_SUBJECT))).limit(1);
    expect(confirmation!.textBody).toMatch(/^Welcome to .+! Please confirm your e-mail address/);
    expect(confirmation!.textBody).toContain("The link works for 60 minutes.");
    const stopped = await resend();
    expect(stopped).toMatchObject({ status: 429, body: { ok: false, message: accountConfirmation.tooMany(CONFIRMATION_RESEND_LIMIT.max) } });
    expect(Number(stopped.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await links()).toBe(before + CONFIRMATION_RESEND_LIMIT.max);

    await db.update(user).set({ emailVerified: true }).where(eq(user.id, account.userId));
    expect(await resend()).toMatchObject({ status: 200, body: { ok: true, message: accountConfirmation.alreadyConfirmed } });
  });

  it("signed out, the form's post goes to sign-in and changes nothing", async () => {
    const { change } = await shopperOnTwoDevices();
    const answer = await change("", { currentPassword: "x", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/auth?redirect=account%2Forders");
  });
});
