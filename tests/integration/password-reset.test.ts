// Password reset (issue 10, item 24): a link through the outbox that works once and expires,
// the sign-up password rule, every session ended, and no answer that tells who has an account.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { passwordChange, passwordReset } from "../../src/domain/messages/account.ts";
import { validation } from "../../src/domain/messages/forms.ts";
import { AUTH_RATE_LIMITS, isResetTokenValid, requestPasswordReset as requestReset, resetPassword, signIn, signUp } from "../../src/server/auth/accounts.server.ts";
import { createAuth, type Auth } from "../../src/server/auth/auth.server.ts";
import { readViewer } from "../../src/server/auth/session.server.ts";
import type { Database } from "../../src/server/db/client.server.ts";
import { mailOutbox, rateLimit, session, verification } from "../../src/server/db/schema.ts";
import { takeAttempt } from "../../src/server/security/rate-limit.server.ts";
import { loader as apiAuthLoader } from "../../src/web/routes/api.auth.ts";
import { action as forgotAction, loader as forgotLoader } from "../../src/web/routes/auth.forgot-password.tsx";
import { loader as resetLoader } from "../../src/web/routes/auth.reset-password.tsx";
import { describeEachEngine } from "../helpers/databases.ts";
import { routeContext, withUrl } from "../helpers/route-context.ts";

const SHOP = "http://shop.test";
const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "tailored linen jacket";

let counter = 0;
const newEmail = () => `reset${++counter}-${Date.now()}@example.com`;
const meta = (ip = "203.0.113.20") => ({ headers: new Headers(), ip });
const cookieHeader = (setCookies: string[]) => setCookies.map((cookie) => cookie.split(";")[0]).join("; ");

/** Asks for a reset link and waits until its e-mail (if any) is in the outbox. */
async function requestPasswordReset(...args: Parameters<typeof requestReset>) {
  const result = await requestReset(...args);
  if (!result.ok) return result;
  await result.delivered;
  return { ok: true as const, message: result.message };
}

describeEachEngine("password reset", (get) => {
  let auth: Auth;
  let app: { auth: Auth; db: Database; config: { publicUrl: string } };

  beforeAll(() => {
    auth = createAuth({ db: get().db, config: { publicUrl: SHOP, requireEmailVerification: false, env: "test" }, secret: "test-secret-test-secret-test-secret-0123" });
    app = { auth, db: get().db, config: { publicUrl: SHOP } };
  });

  beforeEach(async () => {
    await get().db.delete(rateLimit);
  });

  async function mailsTo(email: string) {
    return get().db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  }

  /** The token in the newest reset e-mail to `email`. */
  async function tokenFor(email: string): Promise<string> {
    const mails = (await mailsTo(email)).filter((mail) => mail.subject === passwordReset.mailSubject);
    const last = mails.at(-1);
    const match = last?.textBody.match(/\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/);
    if (!match) throw new Error("no reset link in the outbox");
    return match[1]!;
  }

  async function account(ip = "203.0.113.21") {
    const email = newEmail();
    const created = await signUp(app, { firstName: "Ama", lastName: "Owusu", email, password: PASSWORD }, meta(ip));
    if (!created.ok) throw new Error("sign-up failed");
    return { email, cookie: cookieHeader(created.setCookies) };
  }

  it("mails a single-use link to the shop's own reset page, and the same answer for an unknown address", async () => {
    const { email } = await account();
    const known = await requestPasswordReset(app, { email }, meta());
    const unknownEmail = newEmail();
    const unknown = await requestPasswordReset(app, { email: unknownEmail }, meta());
    expect(known).toEqual({ ok: true, message: passwordReset.linkSent });
    expect(unknown).toEqual(known);
    expect(await mailsTo(unknownEmail)).toHaveLength(0);
    const [mail] = (await mailsTo(email)).filter((row) => row.subject === passwordReset.mailSubject);
    expect(mail!.textBody).toContain(`${SHOP}/auth/reset-password?token=`);
    expect(mail!.textBody).toContain("expires in 60 minutes");
    // It names the shop: an unnamed "reset your password" reads like phishing.
    expect(mail!.textBody).toContain("the password of your Menswear Shop account");
    // The token is stored hashed: what is in the database does not open the page.
    const token = await tokenFor(email);
    const rows = await get().db.select().from(verification);
    expect(rows.some((row) => row.identifier.includes(token))).toBe(false);
  });

  it("sets the new password: the old one is refused, the new one works, every session ends", async () => {
    const { email, cookie } = await account();
    const other = await signIn(app, { email, password: PASSWORD }, meta("203.0.113.22"));
    if (!other.ok) throw new Error("sign-in failed");
    await requestPasswordReset(app, { email }, meta());
    const token = await tokenFor(email);
    expect(await isResetTokenValid(app, token)).toBe(true);

    expect(await resetPassword(app, { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, meta())).toEqual({ ok: true, message: passwordReset.done });

    expect(await readViewer(app, new Headers({ cookie }))).toBeNull();
    expect(await readViewer(app, new Headers({ cookie: cookieHeader(other.setCookies) }))).toBeNull();
    expect(await signIn(app, { email, password: PASSWORD }, meta())).toMatchObject({ ok: false, status: 401 });
    expect(await signIn(app, { email, password: NEW_PASSWORD }, meta())).toMatchObject({ ok: true });
    // The owner is told, as after a change on the account page, with the way to act if it was not them.
    const notice = (await get().db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).find((mail) => mail.subject === passwordChange.mailSubject);
    expect(notice?.textBody).toContain("was just reset with a link sent to this address");
    expect(notice?.textBody).toContain(`${SHOP}/auth/forgot-password`);
  });

  it("uses the link up: a second reset with it, or an expired link, is refused with a clear message", async () => {
    const { email } = await account();
    await requestPasswordReset(app, { email }, meta());
    const token = await tokenFor(email);
    await resetPassword(app, { token, password: NEW_PASSWORD }, meta());
    const again = await resetPassword(app, { token, password: "another fine password" }, meta());
    expect(again).toMatchObject({ ok: false, status: 400, message: validation.resetLinkInvalid, linkInvalid: true });
    expect(await isResetTokenValid(app, token)).toBe(false);

    const second = await account();
    await requestPasswordReset(app, { email: second.email }, meta());
    const expiring = await tokenFor(second.email);
    await get().db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await isResetTokenValid(app, expiring)).toBe(false);
    expect(await resetPassword(app, { token: expiring, password: NEW_PASSWORD }, meta())).toMatchObject({ ok: false, status: 400, message: validation.resetLinkInvalid });
    expect(await signIn(app, { email: second.email, password: PASSWORD }, meta())).toMatchObject({ ok: true });
  });

  it("a reset ends the account's other links, so an older e-mail cannot undo it", async () => {
    const { email } = await account();
    await requestPasswordReset(app, { email }, meta());
    const first = await tokenFor(email);
    await requestPasswordReset(app, { email }, meta());
    const second = await tokenFor(email);
    expect(second).not.toBe(first);
    const other = await account();
    await requestPasswordReset(app, { email: other.email }, meta());
    const othersLink = await tokenFor(other.email);

    expect(await resetPassword(app, { token: second, password: NEW_PASSWORD }, meta())).toMatchObject({ ok: true });
    expect(await isResetTokenValid(app, first)).toBe(false);
    expect(await resetPassword(app, { token: first, password: "another fine password" }, meta())).toMatchObject({ ok: false, status: 400, message: validation.resetLinkInvalid });
    expect(await signIn(app, { email, password: NEW_PASSWORD }, meta())).toMatchObject({ ok: true });
    // Another account's link is not touched.
    expect(await isResetTokenValid(app, othersLink)).toBe(true);
  });

  it("applies the sign-up password rule to the new password, and keeps the link usable", async () => {
    const { email } = await account();
    await requestPasswordReset(app, { email }, meta());
    const token = await tokenFor(email);
    for (const [password, message] of [
      ["password", validation.passwordTooCommon],
      ["        ", validation.passwordOnlySpaces],
      ["short", validation.passwordTooShort(8)],
    ] as const) {
      expect(await resetPassword(app, { token, password, confirmPassword: password }, meta())).toMatchObject({ ok: false, status: 400, message, field: "password" });
    }
    expect(await resetPassword(app, { token, password: NEW_PASSWORD, confirmPassword: "something else" }, meta())).toMatchObject({
      ok: false,
      status: 400,
      message: validation.passwordsDiffer,
      field: "confirmPassword",
    });
    expect(await isResetTokenValid(app, token)).toBe(true);
  });

  it("limits reset requests per address (429) and per e-mail (same answer, no more mail)", async () => {
    const { email } = await account();
    for (let i = 0; i < AUTH_RATE_LIMITS.resetRequestPerEmail.max + 2; i++) {
      expect(await requestPasswordReset(app, { email }, meta(`192.0.2.${120 + i}`))).toEqual({ ok: true, message: passwordReset.linkSent });
    }
    const resetMails = (await mailsTo(email)).filter((mail) => mail.subject === passwordReset.mailSubject);
    expect(resetMails).toHaveLength(AUTH_RATE_LIMITS.resetRequestPerEmail.max);

    for (let i = 0; i < AUTH_RATE_LIMITS.resetRequestPerIp.max; i++) await requestPasswordReset(app, { email: newEmail() }, meta("192.0.2.150"));
    const limited = await requestPasswordReset(app, { email: newEmail() }, meta("192.0.2.150"));
    expect(limited).toMatchObject({ ok: false, status: 429 });
    if (!limited.ok) expect(limited.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("lets the owner back in after a reset when a spread-out guess had throttled the account", async () => {
    const { email } = await account();
    for (let i = 0; i < AUTH_RATE_LIMITS.signInFailuresPerAccount.max; i++) await takeAttempt(get().db, AUTH_RATE_LIMITS.signInFailuresPerAccount, email);
    expect(await signIn(app, { email, password: PASSWORD }, meta("198.51.100.50"))).toMatchObject({ ok: false, status: 429 });
    await requestPasswordReset(app, { email }, meta());
    await resetPassword(app, { token: await tokenFor(email), password: NEW_PASSWORD }, meta());
    expect(await signIn(app, { email, password: NEW_PASSWORD }, meta("198.51.100.50"))).toMatchObject({ ok: true });
  });

  it("answers before looking the address up, so an address with an account takes no longer", async () => {
    const { email } = await account();
    let lookedUp = false;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const slowApp = {
      db: get().db,
      auth: {
        ...auth,
        api: {
          ...auth.api,
          requestPasswordReset: async (...args: Parameters<typeof auth.api.requestPasswordReset>) => {
            await held;
            lookedUp = true;
            return auth.api.requestPasswordReset(...args);
          },
        },
      } as Auth,
    };
    const answer = await requestReset(slowApp, { email }, meta());
    expect(answer).toMatchObject({ ok: true, message: passwordReset.linkSent });
    expect(lookedUp).toBe(false);
    release();
    if (answer.ok) await answer.delivered;
    expect(lookedUp).toBe(true);
  });

  it("answers odd input with 4xx: NUL characters, a token of the wrong shape, a missing e-mail", async () => {
    expect(await requestPasswordReset(app, { email: "a\u0000b@example.com" }, meta())).toMatchObject({ ok: false, status: 400 });
    expect(await requestPasswordReset(app, { email: "" }, meta())).toMatchObject({ ok: false, status: 400, message: validation.emailRequired });
    expect(await isResetTokenValid(app, "a\u0000b")).toBe(false);
    expect(await isResetTokenValid(app, "x".repeat(5000))).toBe(false);
    expect(await resetPassword(app, { token: "a\u0000b", password: NEW_PASSWORD }, meta())).toMatchObject({ ok: false, status: 400 });
    expect(await resetPassword(app, { token: "", password: NEW_PASSWORD }, meta())).toMatchObject({ ok: false, status: 400, linkInvalid: true });
  });

  it("the reset page asks for a password only with a live link", async () => {
    const { email } = await account();
    await requestPasswordReset(app, { email }, meta());
    const token = await tokenFor(email);
    const context = routeContext({ app: { db: get().db, auth, config: { publicUrl: SHOP }, kickMail: () => {} }, cspNonce: "", setCookie: () => {}, clientIp: "203.0.113.23" });
    const open = (query: string) => resetLoader(withUrl({ request: new Request(`${SHOP}/auth/reset-password${query}`), context, params: {} }) as never);
    expect(await open(`?token=${token}`)).toMatchObject({ token });
    expect(await open("?token=unknown-token")).toMatchObject({ token: null });
    expect(await open("?token=%00")).toMatchObject({ token: null });
    expect(await open("")).toMatchObject({ token: null });
  });

  it("an owner who asked from the admin login is led back to it, through the e-mail's link; only a path of this shop is carried", async () => {
    const { email } = await account();
    const context = routeContext({ app: { db: get().db, auth, config: { publicUrl: SHOP }, kickMail: () => {} }, cspNonce: "", setCookie: () => {}, clientIp: "203.0.113.26" });
    const ask = async (query: string) => {
      await get().db.delete(rateLimit);
      const request = new Request(`${SHOP}/auth/forgot-password${query}`, { method: "POST", body: new URLSearchParams({ email }) });
      await forgotAction(withUrl({ request, context, params: {} }) as never);
      await expect.poll(async () => (await mailsTo(email)).filter((mail) => mail.subject === passwordReset.mailSubject).length).toBeGreaterThan(0);
      const mails = (await mailsTo(email)).filter((mail) => mail.subject === passwordReset.mailSubject);
      const link = mails.at(-1)!.textBody.match(/https?:\/\/\S+\/auth\/reset-password\?\S+/)![0];
      await get().db.delete(mailOutbox).where(eq(mailOutbox.toAddress, email));
      return new URL(link);
    };
    const openReset = (link: URL) => resetLoader(withUrl({ request: new Request(link.href), context, params: {} }) as never) as Promise<{ token: string | null; signIn: string; newLink: string }>;
    const openForgot = (query: string) => forgotLoader(withUrl({ request: new Request(`${SHOP}/auth/forgot-password${query}`), context, params: {} }) as never);

    // From the admin login (shown at /admin, or in place of any admin page): back to it.
    expect(openForgot("?redirect=admin")).toEqual({ signIn: "/admin" });
    const fromAdmin = await ask("?redirect=admin%2Forders%3Fstatus%3Dpending");
    expect(fromAdmin.origin).toBe(SHOP);
    expect(fromAdmin.searchParams.get("redirect")).toBe("/admin/orders?status=pending");
    expect(await openReset(fromAdmin)).toMatchObject({ signIn: "/admin/orders?status=pending", newLink: "/auth/forgot-password?redirect=admin%2Forders%3Fstatus%3Dpending" });
    expect((await openReset(fromAdmin)).token).not.toBeNull();

    // From /auth on its way to the checkout: /auth again, still on its way there.
    expect(openForgot("?redirect=checkout")).toEqual({ signIn: "/auth?redirect=checkout" });
    expect((await ask("?redirect=checkout")).searchParams.get("redirect")).toBe("/checkout");

    // Another host, or the sign-in page itself: the link carries nothing, and the pages lead to /auth.
    for (const elsewhere of ["//evil.example/admin", "/.//evil.example", "/\t/evil.example", "auth", "/auth?redirect=admin"]) {
      const query = `?redirect=${encodeURIComponent(elsewhere)}`;
      expect(openForgot(query), elsewhere).toEqual({ signIn: "/auth" });
      const link = await ask(query);
      expect(link.searchParams.has("redirect"), elsewhere).toBe(false);
      link.searchParams.set("redirect", elsewhere);
      expect(await openReset(link), elsewhere).toMatchObject({ signIn: "/auth", newLink: "/auth/forgot-password" });
    }
    // What looks like an address elsewhere is read as a path of this shop ("/https:/..."), as /auth reads it: it never leaves.
    for (const elsewhere of ["https://evil.example/admin", "javascript:alert(1)"]) {
      const link = await ask(`?redirect=${encodeURIComponent(elsewhere)}`);
      const carried = link.searchParams.get("redirect")!;
      expect(carried.startsWith("/") && !carried.startsWith("//")).toBe(true);
      expect(new URL(carried, SHOP).origin).toBe(SHOP);
      const { signIn } = await openReset(link);
      expect(signIn.startsWith("/auth?redirect=")).toBe(true);
      expect(new URL(signIn, SHOP).origin).toBe(SHOP);
    }
  });

  it("the forgot-password form answers the same for any address, and wakes the mail worker once the e-mail is queued", async () => {
    const { email } = await account();
    let kicks = 0;
    const context = routeContext({ app: { db: get().db, auth, config: { publicUrl: SHOP }, kickMail: () => void kicks++ }, cspNonce: "", setCookie: () => {}, clientIp: "203.0.113.24" });
    const post = async (value: string) => {
      const request = new Request(`${SHOP}/auth/forgot-password`, { method: "POST", body: new URLSearchParams({ email: value }) });
      const answer = (await forgotAction(withUrl({ request, context, params: {} }) as never)) as { data: unknown; init: ResponseInit | null };
      return { status: answer.init?.status ?? 200, body: answer.data };
    };
    const known = await post(email);
    expect(known).toEqual({ status: 200, body: { ok: true, message: passwordReset.linkSent } });
    expect(await post(newEmail())).toEqual(known);
    await expect.poll(() => kicks).toBe(2);
    expect((await mailsTo(email)).filter((mail) => mail.subject === passwordReset.mailSubject)).toHaveLength(1);
  });

  it("closes the library's own reset endpoints: the shop's rules cannot be walked around", async () => {
    const json = (path: string, body: object) =>
      auth.handler(new Request(`${SHOP}/api/auth${path}`, { method: "POST", headers: { "content-type": "application/json", origin: SHOP }, body: JSON.stringify(body) }));
    expect((await json("/request-password-reset", { email: newEmail() })).status).toBe(404);
    expect((await json("/reset-password", { token: "x", newPassword: "password" })).status).toBe(404);
    const context = routeContext({ app: { db: get().db, auth, config: { publicUrl: SHOP }, kickMail: () => {} }, cspNonce: "", setCookie: () => {}, clientIp: "203.0.113.25" });
    const callback = (await apiAuthLoader(withUrl({ request: new Request(`${SHOP}/api/auth/reset-password/abc?callbackURL=/`), context, params: {} }) as never)) as Response;
    expect(callback.status).toBe(404);
  });

  it("keeps sessions of other accounts", async () => {
    const bystander = await account();
    const { email } = await account();
    await requestPasswordReset(app, { email }, meta());
    await resetPassword(app, { token: await tokenFor(email), password: NEW_PASSWORD }, meta());
    expect(await readViewer(app, new Headers({ cookie: bystander.cookie }))).not.toBeNull();
    expect((await get().db.select().from(session)).length).toBeGreaterThan(0);
  });
});
