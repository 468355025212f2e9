// Forms sent while PostgreSQL is stopped (a restart, a failover), on the production build: every
// page's form is answered 503 with its own page, a message that the shop could not do it and to try
// again in a moment, and what was typed (never a password), not with the shop's error screen.
// Without JavaScript (a plain form post, drawn again by the server) and with it (the app's own data
// request: the page stays in the browser, which keeps its fields).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoFactorSignIn } from "../../src/domain/messages/account.ts";
import { apiErrors } from "../../src/domain/messages/cart.ts";
import { contact } from "../../src/domain/messages/contact.ts";
import { general } from "../../src/domain/messages/layout.ts";
import { DEFAULT_ADMIN_EMAIL } from "../../src/server/config/env.server.ts";
import { shopSettings } from "../../src/server/db/schema.ts";
import { insertOrder } from "../helpers/admin.ts";
import { findPostgresBinDir } from "../helpers/postgres-server.ts";
import type { ShopServer } from "../helpers/server-process.ts";
import { startShopOnOwnPostgres, type ShopOnOwnPostgres } from "../helpers/shop-on-own-postgres.ts";
import { cookiesOf, insertProduct, signIn, signUp, uniqueEmail } from "../helpers/shopper-http.ts";
import { totp } from "../helpers/totp.ts";

const ADMIN_PASSWORD = "away-test-admin-password";
/** The name the owner gave the shop: a page drawn while the database is away still shows it. */
const SHOP_NAME = "Kente House Tailors";
/** Typed into every password field: it must never come back from the server. */
const TYPED_PASSWORD = "typed-secret-passphrase-41";

type Sent = { status: number; retryAfter: string | null; body: string };

/** What a field of the page's HTML holds (an input's value, a text area's text); null when the page has no such field. */
function fieldValue(html: string, name: string): string | null {
  const input = new RegExp(`<input[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
  if (input) return /\bvalue="([^"]*)"/.exec(input)?.[1] ?? "";
  return new RegExp(`<textarea[^>]*\\bname="${name}"[^>]*>([^<]*)</textarea>`).exec(html)?.[1] ?? null;
}

// Its own PostgreSQL: this file stops it, which the suites sharing the global one must not see.
describe.runIf(findPostgresBinDir() !== null)("forms sent while the database is away (built server)", () => {
  let running: ShopOnOwnPostgres | undefined;
  let shop: ShopServer;
  let shopperCookie: string;
  let adminCookie: string;
  let twoFactorSecret: string;
  /** The admin's sign-in, password given, waiting for the code. */
  let codeStepCookie: string;
  let orderId: string;
  let productId: string;

  /**
   * Posts a form as a browser does: `withoutScript`, the browser's own form post (the page comes
   * back whole); otherwise the app's data request for the same action once its JavaScript runs.
   */
  async function send(page: string, fields: Record<string, string>, options: { withoutScript?: boolean; cookie?: string } = {}): Promise<Sent> {
    const [pathname, query = ""] = page.split("?");
    const target = options.withoutScript ? page : `${pathname}.data${query ? `?${query}` : ""}`;
    const response = await fetch(`${shop.url}${target}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: shop.url,
        ...(options.withoutScript ? { "sec-fetch-mode": "navigate" } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      redirect: "manual",
      signal: AbortSignal.timeout(20_000),
    });
    return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.text() };
  }

  /** The page drawn again: the message on it, each typed value in its field, never the password or the error screen. */
  function expectPageKeptTheForm(sent: Sent, message: string, typed: Record<string, string>) {
    expect(sent.status).toBe(503);
    expect(sent.retryAfter).toBeTruthy();
    expect(sent.body).not.toContain(general.errorScreen);
    expect(sent.body).toContain(`>${message}<`);
    expect(sent.body).toContain(`>${SHOP_NAME}<`);
    for (const [name, value] of Object.entries(typed)) expect(fieldValue(sent.body, name), name).toBe(value);
    expect(sent.body).not.toContain(TYPED_PASSWORD);
  }

  /** The app's data answer: the page's form answered, with the message and what was typed, never the password. */
  function expectFormAnswered(sent: Sent, typed: string[]) {
    expect(sent.status).toBe(503);
    expect(sent.retryAfter).toBeTruthy();
    const answer = JSON.parse(sent.body) as unknown[];
    expect(answer).toContain("databaseAway");
    expect(answer).toContain(apiErrors.unavailable);
    for (const value of typed) expect(answer).toContain(value);
    expect(sent.body).not.toContain(TYPED_PASSWORD);
  }

  beforeAll(async () => {
    running = await startShopOnOwnPostgres("forms-away", { BETTER_AUTH_SECRET: "away-test-secret-away-test-secret-0123", PAGE_CACHE_SECONDS: "0", ADMIN_PASSWORD });
    ({ shop } = running);
    const { database } = running;
    shopperCookie = await signUp(shop.url, uniqueEmail("away-shopper"));
    adminCookie = (await signIn(shop.url, DEFAULT_ADMIN_EMAIL, ADMIN_PASSWORD)).cookie;
    // The admin turns on two-factor sign-in, then signs in again as far as the code step.
    const started = await send("/admin/settings", { intent: "start-two-factor", password: ADMIN_PASSWORD }, { cookie: adminCookie });
    twoFactorSecret = /secret=([A-Z2-7]+)/.exec(started.body)![1]!;
    const confirmed = await fetch(`${shop.url}/admin/settings.data`, {
      method: "POST",
      body: new URLSearchParams({ intent: "confirm-two-factor", code: totp(twoFactorSecret) }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.url, cookie: adminCookie },
      signal: AbortSignal.timeout(20_000),
    });
    expect(confirmed.status).toBe(200);
    adminCookie = cookiesOf(confirmed);
    codeStepCookie = (await signIn(shop.url, DEFAULT_ADMIN_EMAIL, ADMIN_PASSWORD)).cookie;
    orderId = await insertOrder(database.db);
    productId = await insertProduct(database.db, { name: "Away Silk Tie", pricePence: 2_000, stock: 5 });
    await database.db.insert(shopSettings).values({ id: 1, shopName: SHOP_NAME }).onConflictDoUpdate({ target: shopSettings.id, set: { shopName: SHOP_NAME } });
    // A page seen before the outage, as a shopper would have: the shop's name is known.
    expect((await fetch(`${shop.url}/auth`, { signal: AbortSignal.timeout(20_000) })).status).toBe(200);
    running.postgres.shutDown(); // pg_ctl stop -m fast
  });

  afterAll(async () => {
    await running?.stop();
  });

  describe("without JavaScript, the page comes back with what was typed", () => {
    it("sign in", async () => {
      const sent = await send("/auth", { intent: "signin", email: "away-signin@example.com", password: TYPED_PASSWORD }, { withoutScript: true });
      expectPageKeptTheForm(sent, apiErrors.unavailable, { email: "away-signin@example.com" });
    });

    it("a sign-in's code step stays on the code step, the code not sent back", async () => {
      const code = totp(twoFactorSecret);
      const sent = await send("/auth", { intent: "two-factor", code }, { withoutScript: true, cookie: codeStepCookie });
      expectPageKeptTheForm(sent, apiErrors.unavailable, { code: "" });
      expect(sent.body).toContain(twoFactorSignIn.title);
      expect(sent.body).not.toContain(`"${code}"`);
      expect(fieldValue(sent.body, "email")).toBeNull();
    });

    it("sign up", async () => {
      const typed = { firstName: "Kofi", lastName: "Mensah", email: "away-signup@example.com", phone: "020 7946 0001" };
      const sent = await send("/auth?tab=signup", { intent: "signup", ...typed, password: TYPED_PASSWORD }, { withoutScript: true });
      expectPageKeptTheForm(sent, apiErrors.unavailable, typed);
    });

    it("forgot password", async () => {
      const sent = await send("/auth/forgot-password", { email: "away-forgot@example.com" }, { withoutScript: true });
      expectPageKeptTheForm(sent, apiErrors.unavailable, { email: "away-forgot@example.com" });
    });

    it("reset password: the form of the link it was sent from, without the passwords", async () => {
      const token = "AwayResetToken123";
      const sent = await send(`/auth/reset-password?token=${token}`, { token, password: TYPED_PASSWORD, confirmPassword: TYPED_PASSWORD }, { withoutScript: true });
      expectPageKeptTheForm(sent, apiErrors.unavailable, { token });
      expect(sent.body).toMatch(/<input[^>]*name="confirmPassword"/);
    });

    it("order lookup", async () => {
      const typed = { orderNumber: "#1A2B3C4D", email: "away-lookup@example.com" };
      const sent = await send("/orders/lookup", typed, { withoutScript: true });
      expectPageKeptTheForm(sent, apiErrors.unavailable, typed);
    });

    it("contact, with the spec's words for a message not sent", async () => {
      const typed = { firstName: "Ama", lastName: "Owusu", email: "away-contact@example.com", phone: "", subject: "Sizing", message: "Is the navy suit true to size?" };
      const sent = await send("/contact", typed, { withoutScript: true });
      expectPageKeptTheForm(sent, contact.failed, typed);
    });
  });

  describe("a page that cannot be drawn without the database", () => {
    /** The error screen's 'Refresh Page': a link to the page shown, which works without JavaScript and loads the page rather than sending the form again. */
    function expectRefreshLink(sent: Sent) {
      expect(sent.status).toBe(503);
      expect(sent.retryAfter).toBeTruthy();
      expect(sent.body).toContain(general.errorScreen);
      expect(sent.body).toMatch(new RegExp(`<a href=""[^>]*>${general.refreshPage}</a>`));
    }

    it("a shopper's orders, opened or sent a form without JavaScript, offers Refresh Page as a link to the page shown", async () => {
      const opened = await fetch(`${shop.url}/account/orders?page=2`, { headers: { cookie: shopperCookie }, signal: AbortSignal.timeout(20_000) });
      expectRefreshLink({ status: opened.status, retryAfter: opened.headers.get("retry-after"), body: await opened.text() });
      const fields = { intent: "change-password", currentPassword: TYPED_PASSWORD, password: TYPED_PASSWORD, confirmPassword: TYPED_PASSWORD };
      expectRefreshLink(await send("/account/orders", fields, { withoutScript: true, cookie: shopperCookie }));
    });

    it("an admin page offers Refresh Page as a link to the page shown", async () => {
      const opened = await fetch(`${shop.url}/admin/orders?status=shipped`, { headers: { cookie: adminCookie }, signal: AbortSignal.timeout(20_000) });
      expectRefreshLink({ status: opened.status, retryAfter: opened.headers.get("retry-after"), body: await opened.text() });
    });
  });

  describe("with JavaScript, the form is answered and its page stays", () => {
    it("sign in and sign up", async () => {
      expectFormAnswered(await send("/auth", { intent: "signin", js: "1", email: "away-js@example.com", password: TYPED_PASSWORD }), ["away-js@example.com"]);
      expectFormAnswered(await send("/auth?tab=signup", { intent: "signup", js: "1", firstName: "Kofi", lastName: "Mensah", email: "away-js2@example.com", password: TYPED_PASSWORD }), ["Kofi"]);
    });

    it("forgot password, reset password, order lookup and contact", async () => {
      expectFormAnswered(await send("/auth/forgot-password", { email: "away-js3@example.com" }), ["away-js3@example.com"]);
      expectFormAnswered(await send("/auth/reset-password?token=AwayResetToken123", { token: "AwayResetToken123", password: TYPED_PASSWORD, confirmPassword: TYPED_PASSWORD }), []);
      expectFormAnswered(await send("/orders/lookup", { orderNumber: "#1A2B3C4D", email: "away-js4@example.com" }), ["#1A2B3C4D"]);
      expectFormAnswered(await send("/contact", { firstName: "Ama", lastName: "Owusu", email: "away-js5@example.com", subject: "Sizing", message: "Typed while away" }), ["Typed while away"]);
    });

    it("the account's change of password", async () => {
      const fields = { intent: "change-password", currentPassword: TYPED_PASSWORD, password: TYPED_PASSWORD, confirmPassword: TYPED_PASSWORD };
      expectFormAnswered(await send("/account/orders", fields, { cookie: shopperCookie }), ["change-password"]);
    });

    it("the test payment page, without the card's number and CVC", async () => {
      const sent = await send("/pay/cs_local_away", { intent: "pay", cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", cardName: "Ama Owusu" });
      expectFormAnswered(sent, ["Ama Owusu"]);
      expect(sent.body).not.toContain("4242 4242 4242 4242");
    });

    it("the admin sign-in, without the password", async () => {
      expectFormAnswered(await send("/admin", { intent: "login", email: DEFAULT_ADMIN_EMAIL, password: TYPED_PASSWORD }), [DEFAULT_ADMIN_EMAIL]);
    });

    it("an order's note", async () => {
      const sent = await send(`/admin/orders/${orderId}`, { intent: "note", orderId, note: "Customer called about the hem" }, { cookie: adminCookie });
      expectFormAnswered(sent, ["Customer called about the hem"]);
    });

    it("a product's edit", async () => {
      const sent = await send(`/admin/products/${productId}/edit`, { name: "Away Silk Tie, renamed", description: "Pure silk, hand rolled" }, { cookie: adminCookie });
      expectFormAnswered(sent, ["Pure silk, hand rolled"]);
    });

    it("the settings' shop details and a new discount code", async () => {
      expectFormAnswered(await send("/admin/settings", { intent: "save-settings", shopName: "Outage Outfitters" }, { cookie: adminCookie }), ["Outage Outfitters"]);
      expectFormAnswered(await send("/admin/discounts", { intent: "create", code: "AWAY10", description: "Ten off", discount_type: "percentage", discount_value: "10" }, { cookie: adminCookie }), ["Ten off"]);
    });
  });
});
