// Accounts under abuse (issue 10, items 8, 11 and 21): NUL characters, simultaneous sign-ups
// with one address, common passwords, and a password guess spread over many addresses.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { auth as authMessages } from "../../src/domain/messages/account.ts";
import { validation } from "../../src/domain/messages/forms.ts";
import { controlCharactersMessage } from "../../src/domain/text-rules.ts";
import { AUTH_RATE_LIMITS, signIn, signUp } from "../../src/server/auth/accounts.server.ts";
import { createAuth, type Auth } from "../../src/server/auth/auth.server.ts";
import { mailOutbox, profiles, rateLimit, user } from "../../src/server/db/schema.ts";
import { takeAttempt } from "../../src/server/security/rate-limit.server.ts";
import { describeEachEngine } from "../helpers/databases.ts";

const SHOP = "http://shop.test";
const PASSWORD = "correct horse battery";

let counter = 0;
const newEmail = () => `hardening${++counter}-${Date.now()}@example.com`;
const meta = (ip = "203.0.113.9") => ({ headers: new Headers(), ip });
const cookieHeader = (setCookies: string[]) => setCookies.map((cookie) => cookie.split(";")[0]).join("; ");

describeEachEngine("accounts under abuse", (get, engine) => {
  let auth: Auth;
  let app: { auth: Auth; db: ReturnType<typeof get>["db"] };

  beforeAll(() => {
    auth = createAuth({ db: get().db, config: { publicUrl: SHOP, requireEmailVerification: false, env: "test" }, secret: "test-secret-test-secret-test-secret-0123" });
    app = { auth, db: get().db };
  });

  beforeEach(async () => {
    await get().db.delete(rateLimit);
  });

  it(`answers simultaneous sign-ups with one e-mail with one account and 409s, never a 500 [${engine}]`, async () => {
    const email = newEmail();
    const attempts = await Promise.all(
      Array.from({ length: 5 }, (_, i) => signUp(app, { firstName: "Ama", lastName: `Owusu${i}`, email, password: PASSWORD }, meta(`192.0.2.${40 + i}`))),
    );
    expect(attempts.filter((answer) => answer.ok)).toHaveLength(1);
    for (const answer of attempts.filter((result) => !result.ok)) {
      expect(answer).toEqual({ ok: false, status: 409, message: authMessages.accountExists, field: "email" });
    }
    const accounts = await get().db.select().from(user).where(eq(user.email, email));
    expect(accounts).toHaveLength(1);
    expect(await get().db.select().from(profiles).where(eq(profiles.id, accounts[0]!.id))).toHaveLength(1);
  });

  it("refuses NUL characters in sign-up and sign-in fields with a 400 naming the field", async () => {
    const base = { firstName: "Ama", lastName: "Owusu", email: newEmail(), password: PASSWORD };
    // The forms' rule (docs/api.md "Forms"), naming the field; half a surrogate pair alike.
    const labels = { firstName: "First name", lastName: "Last name", email: "Email", phone: "Phone", password: "Password" } as const;
    for (const [field, label] of Object.entries(labels)) {
      for (const text of ["a\u0000b", "a\ud800b"]) {
        const answer = await signUp(app, { ...base, [field]: text }, meta());
        expect(answer).toEqual({ ok: false, status: 400, message: controlCharactersMessage(label), field });
      }
    }
    expect(await get().db.select().from(user).where(eq(user.email, base.email))).toHaveLength(0);
    expect(await signIn(app, { email: base.email, password: "pass\u0000word" }, meta())).toMatchObject({ status: 400, field: "password" });
  });

  it("refuses the most common passwords and passwords of only spaces at sign-up", async () => {
    for (const [password, message] of [
      ["password", validation.passwordTooCommon],
      ["Password1", validation.passwordTooCommon],
      ["12345678", validation.passwordTooCommon],
      ["        ", validation.passwordOnlySpaces],
    ] as const) {
      const email = newEmail();
      expect(await signUp(app, { firstName: "A", lastName: "B", email, password }, meta())).toEqual({ ok: false, status: 400, message, field: "password", fields: { password: message } });
      expect(await get().db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
    }
  });

  it("closes the library's update-user endpoint, which answered 500 to a NUL or a null name", async () => {
    const email = newEmail();
    const created = await signUp(app, { firstName: "A", lastName: "B", email, password: PASSWORD }, meta());
    if (!created.ok) throw new Error("sign-up failed");
    for (const body of ['{"name":"a\\u0000b"}', '{"name":null}']) {
      const response = await auth.handler(
        new Request(`${SHOP}/api/auth/update-user`, {
          method: "POST",
          headers: { cookie: cookieHeader(created.setCookies), "content-type": "application/json", origin: SHOP },
          body,
        }),
      );
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    const [row] = await get().db.select().from(user).where(eq(user.email, email));
    expect(row!.name).toBe("A B");
  });

  it("closes the library's verify-password endpoint: a session cannot be used to test passwords outside the sign-in limits", async () => {
    const email = newEmail();
    const created = await signUp(app, { firstName: "A", lastName: "B", email, password: PASSWORD }, meta());
    if (!created.ok) throw new Error("sign-up failed");
    for (const password of ["wrong password", PASSWORD]) {
      const response = await auth.handler(
        new Request(`${SHOP}/api/auth/verify-password`, {
          method: "POST",
          headers: { cookie: cookieHeader(created.setCookies), "content-type": "application/json", origin: SHOP },
          body: JSON.stringify({ password }),
        }),
      );
      // The same answer for the right password and a wrong one: it says nothing.
      expect(response.status).toBe(404);
    }
  });

  it("answers a NUL character on the library's open endpoints with a 400 and a clear message", async () => {
    const response = await auth.handler(new Request(`${SHOP}/api/auth/error?error=a%00b`, { headers: { origin: SHOP } }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message?: string }).message).toBe(authMessages.invalidCharacters);
  });

  it("closes the library's endpoints the shop does not offer: sessions, tokens, linked accounts, verification e-mails and links", async () => {
    const post = (path: string, body: unknown) =>
      auth.handler(new Request(`${SHOP}/api/auth${path}`, { method: "POST", headers: { "content-type": "application/json", origin: SHOP }, body: JSON.stringify(body) }));
    expect((await post("/send-verification-email", { email: "someone@example.com" })).status).toBe(404);
    for (const path of ["/unlink-account", "/sign-in/social", "/link-social", "/get-access-token", "/refresh-token", "/revoke-sessions"]) expect((await post(path, {})).status, path).toBe(404);
    for (const path of ["/get-session", "/list-sessions", "/list-accounts"]) expect((await auth.handler(new Request(`${SHOP}/api/auth${path}`))).status, path).toBe(404);
    // Its confirmation link would confirm an address for whoever opened it: the shop's page does that, for the account holder only.
    expect((await auth.handler(new Request(`${SHOP}/api/auth/verify-email?token=x`))).status).toBe(404);
    expect(await get().db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "someone@example.com"))).toEqual([]);
  });

  it("stops a guess spread over many addresses, except where the owner has signed in before", async () => {
    const email = newEmail();
    await signUp(app, { firstName: "A", lastName: "B", email, password: PASSWORD }, meta("198.51.100.1"));
    // The owner signs in at home once.
    expect(await signIn(app, { email, password: PASSWORD }, meta("198.51.100.1"))).toMatchObject({ ok: true });
    // Failures from many addresses reach the account's cap (counted directly: 100 scrypt checks
    // would only make the test slow).
    for (let i = 0; i < AUTH_RATE_LIMITS.signInFailuresPerAccount.max; i++) {
      await takeAttempt(get().db, AUTH_RATE_LIMITS.signInFailuresPerAccount, email);
    }
    const stranger = await signIn(app, { email, password: PASSWORD }, meta("198.51.100.99"));
    expect(stranger).toMatchObject({ ok: false, status: 429, message: authMessages.accountThrottled });
    if (!stranger.ok) expect(stranger.retryAfterSeconds).toBeGreaterThan(0);
    // The owner at home still gets in.
    expect(await signIn(app, { email, password: PASSWORD }, meta("198.51.100.1"))).toMatchObject({ ok: true });
  });

  it("limits an address by its failed sign-ins, not by how often the people behind it sign in", async () => {
    const email = newEmail();
    const office = "198.51.100.31";
    await signUp(app, { firstName: "A", lastName: "B", email, password: PASSWORD }, meta("198.51.100.30"));
    // An address (an office, the shop's own staff) one try short of its limit: counted directly, as
    // thirty real sign-ins would spend seconds in scrypt to reach the same count.
    for (let i = 0; i < AUTH_RATE_LIMITS.signInPerIp.max - 1; i++) await takeAttempt(get().db, AUTH_RATE_LIMITS.signInPerIp, office);
    // The people behind it sign in again and again: successful sign-ins do not use up the last try.
    for (let i = 0; i < 5; i++) {
      expect(await signIn(app, { email, password: PASSWORD }, meta(office))).toMatchObject({ ok: true });
    }
    // A failure does, and the address is stopped after it.
    expect(await signIn(app, { email: newEmail(), password: PASSWORD }, meta(office))).toMatchObject({ ok: false, status: 401 });
    expect(await signIn(app, { email, password: PASSWORD }, meta(office))).toMatchObject({ ok: false, status: 429 });
  });

  it("counts a wrong password against the account, a right one not", async () => {
    const email = newEmail();
    await signUp(app, { firstName: "A", lastName: "B", email, password: PASSWORD }, meta());
    await signIn(app, { email, password: "wrong password" }, meta("198.51.100.7"));
    await signIn(app, { email, password: PASSWORD }, meta("198.51.100.8"));
    const [row] = await get().db.select().from(rateLimit).where(eq(rateLimit.key, `shop:sign-in-failures:${email}`));
    expect(row?.count).toBe(1);
  });
});
