// Issue 14, Settings: validation, prices applied to the storefront at once (page cache included),
// shop details used by the contact form and labels, admins added and removed (never oneself,
// never the last), two-factor enrolment and sign-in with a code, the mandatory gate, the audit.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminSettings as texts } from "../../src/domain/messages/admin-settings.ts";
import { adminShell } from "../../src/domain/messages/admin.ts";
import { passwordChange, twoFactorSignIn } from "../../src/domain/messages/account.ts";
import { requestErrors } from "../../src/domain/messages/requests.ts";
import type { Auth } from "../../src/server/auth/auth.server.ts";
import { withDerivedFields } from "../../src/server/catalog/product-fields.server.ts";
import type { Database } from "../../src/server/db/client.server.ts";
import { adminAuditLog, adminUsers, mailOutbox, products, user } from "../../src/server/db/schema.ts";
import { removeAdmin } from "../../src/server/admin/settings/settings.server.ts";
import { ensurePriceSettings } from "../../src/server/settings/price-settings.server.ts";
import { getContactEmail, getShopSettings } from "../../src/server/settings/shop-settings.server.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { makeAuth, returned, settle, SHOP, signedInAccount, uniqueEmail } from "../helpers/admin.ts";
import { routeContext, withUrl } from "../helpers/route-context.ts";
import { totp } from "../helpers/totp.ts";
import * as adminLayout from "../../src/web/routes/admin.tsx";
import * as settingsRoute from "../../src/web/routes/admin.settings.tsx";
import * as settingsApi from "../../src/web/routes/api.admin.settings.ts";
import * as ordersPage from "../../src/web/routes/admin.orders.tsx";
import * as authPage from "../../src/web/routes/auth.tsx";
import * as productPage from "../../src/web/routes/product.tsx";
import * as contactRoute from "../../src/web/routes/contact.tsx";
import * as rootRoute from "../../src/web/root.tsx";

const CONFIG = { publicUrl: SHOP, shopEmail: "owner@shop.test", publicShopEmail: null, senderAddress: ["Menswear Shop", "United Kingdom"], env: "test" };

type Account = Awaited<ReturnType<typeof signedInAccount>>;

function appContext(db: Database, auth: Auth, pagesChanged: { count: number }) {
  return routeContext({
    app: { db, auth, config: CONFIG, payments: { name: "local" }, kickMail: () => {}, publicPagesChanged: () => void pagesChanged.count++ },
    clientIp: `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
  });
}

function cookiesFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((cookie) => !cookie.endsWith("="))
    .join("; ");
}

function formRequest(path: string, cookie: string | null, fields: Record<string, string>): Request {
  const headers = new Headers({ origin: SHOP, "content-type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("cookie", cookie);
  return new Request(SHOP + path, { method: "POST", headers, body: new URLSearchParams(fields) });
}

function getRequest(path: string, cookie: string | null): Request {
  const headers = new Headers();
  if (cookie) headers.set("cookie", cookie);
  return new Request(SHOP + path, { headers });
}

function jsonRequest(path: string, method: string, cookie: string, body: unknown): Request {
  return new Request(SHOP + path, { method, headers: { origin: SHOP, cookie, "content-type": "application/json" }, body: JSON.stringify(body) });
}

describeEachEngine("admin settings", (get) => {
  let auth: Auth;
  let owner: Account;
  const pagesChanged = { count: 0 };
  const ctx = () => appContext(get().db, auth, pagesChanged);
  const settingsAction = (cookie: string, fields: Record<string, string>) =>
    settle(settingsRoute.action(withUrl({ request: formRequest("/admin/settings", cookie, fields), params: {}, context: ctx() }) as never));

  beforeAll(async () => {
    const { db } = get();
    await ensurePriceSettings(db);
    auth = makeAuth(db);
    owner = await signedInAccount(db, auth, { admin: true });
  });

  it("a new markup shows on the product page at once, and the page cache is told to drop its pages", async () => {
    const { db } = get();
    const [row] = await db
      .insert(products)
      .values(withDerivedFields({ name: "Settings Test Blazer", category: "blazers", pricePence: 10_000, image: "/images/products/test-1.svg", stock: 5 }))
      .returning({ id: products.id });
    const productPrice = async () => {
      const answer = await settle(productPage.loader(withUrl({ request: getRequest(`/product/${row!.id}`, null), params: { id: row!.id }, context: ctx() }) as never));
      return (answer.body as { product: { price: number } }).product.price;
    };
    expect(await productPrice()).toBe(14_000); // the default 40%
    const before = pagesChanged.count;
    const saved = await settingsAction(owner.cookie, { intent: "save-settings", markupPercent: "25", displayCurrency: "GBP", exchangeRate: "12.5", confirm: "true" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ok: true, message: texts.saved });
    expect(await productPrice()).toBe(12_500);
    expect(pagesChanged.count).toBe(before + 1);

    const [audit] = await db.select().from(adminAuditLog).where(and(eq(adminAuditLog.adminId, owner.userId), eq(adminAuditLog.action, "settings.prices_changed")));
    expect(audit).toMatchObject({ adminEmail: owner.email, subjectType: "settings", before: { markupPercent: 40 }, after: { markupPercent: 25 } });
  });

  it("refuses a bad value with the field's message and changes nothing", async () => {
    const answer = await settingsAction(owner.cookie, { intent: "save-settings", markupPercent: "-5", displayCurrency: "GBP", exchangeRate: "0" });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ ok: false, errors: { markupPercent: texts.markupInvalid, exchangeRate: texts.rateInvalid } });
    const view = await settle(settingsApi.loader(withUrl({ request: getRequest("/api/admin/settings", owner.cookie), params: {}, context: ctx() }) as never));
    expect(view.body).toMatchObject({ markupPercent: 25, exchangeRate: 12.5 });
  });

  it("takes the markup as typed with its % sign", async () => {
    const view = async () => (await settle(settingsApi.loader(withUrl({ request: getRequest("/api/admin/settings", owner.cookie), params: {}, context: ctx() }) as never))).body;
    const saved = await settingsAction(owner.cookie, { intent: "save-settings", markupPercent: " 30 % ", displayCurrency: "GBP", exchangeRate: "12.5", confirm: "true" });
    expect(saved.body).toMatchObject({ ok: true, message: texts.saved });
    expect(await view()).toMatchObject({ markupPercent: 30 });
    const refused = await settingsAction(owner.cookie, { intent: "save-settings", markupPercent: "30%%", displayCurrency: "GBP", exchangeRate: "12.5" });
    expect(refused.body).toMatchObject({ ok: false, errors: { markupPercent: texts.markupInvalid } });
    await settingsAction(owner.cookie, { intent: "save-settings", markupPercent: "25", displayCurrency: "GBP", exchangeRate: "12.5", confirm: "true" });
    expect(await view()).toMatchObject({ markupPercent: 25 });
  });

  describe("a new markup or rate reprices every product: saved only once confirmed", () => {
    const view = async () => (await settle(settingsApi.loader(withUrl({ request: getRequest("/api/admin/settings", owner.cookie), params: {}, context: ctx() }) as never))).body;
    const put = (body: unknown) => settle(settingsApi.action(withUrl({ request: jsonRequest("/api/admin/settings", "PUT", owner.cookie, body), params: {}, context: ctx() }) as never));
    const pricesAudited = async () => (await get().db.select().from(adminAuditLog).where(and(eq(adminAuditLog.adminId, owner.userId), eq(adminAuditLog.action, "settings.prices_changed")))).length;
    const activeProducts = async () => (await get().db.select({ id: products.id }).from(products).where(eq(products.isActive, true))).length;
    // The dearest and the cheapest products shoppers see are the examples; dearer ones not listed
    // (not active, or without a picture) are not.
    const dearest = { name: "Preview Bespoke Morning Suit", base: 4_000_000 };
    const cheapest = { name: "Preview Collar Stay", base: 1 };

    beforeAll(async () => {
      await get().db.insert(products).values([
        withDerivedFields({ name: dearest.name, category: "suits", pricePence: dearest.base, image: "/images/products/test-1.svg", stock: 1 }),
        withDerivedFields({ name: cheapest.name, category: "accessories", pricePence: cheapest.base, image: "/images/products/test-1.svg", stock: 1 }),
        { ...withDerivedFields({ name: "Preview Retired Cape", category: "coats", pricePence: 9_000_000, image: "/images/products/test-1.svg", stock: 1 }), isActive: false },
        withDerivedFields({ name: "Preview Unpictured Cloak", category: "coats", pricePence: 8_000_000, image: null, stock: 1 }),
      ]);
    });

    it("the form's save of a new markup answers with its effect on prices and saves nothing; confirmed, it is saved and audited", async () => {
      const [auditedBefore, pagesBefore, active] = [await pricesAudited(), pagesChanged.count, await activeProducts()];
      const typed = { intent: "save-settings", markupPercent: "400", displayCurrency: "GBP", exchangeRate: "12.5" };
      const asked = await settingsAction(owner.cookie, typed);
      expect(asked.status).toBe(409);
      expect(asked.body).toEqual({
        intent: "save-settings",
        ok: false,
        proposed: { markupPercent: "400", displayCurrency: "GBP", exchangeRate: "12.5" },
        pricePreview: {
          markupPercent: { before: 25, after: 400 },
          exchangeRate: null,
          activeProducts: active,
          // The 1p collar stay is 1p at 25% and 5p at 400%: every active product changes.
          changedProducts: active,
          examples: [
            { id: expect.any(String), name: dearest.name, before: { gbp: 5_000_000, ghs: 62_500_000 }, after: { gbp: 20_000_000, ghs: 250_000_000 } },
            { id: expect.any(String), name: cheapest.name, before: { gbp: 1, ghs: 13 }, after: { gbp: 5, ghs: 63 } },
          ],
          large: { direction: "up", currency: "GBP" },
        },
      });
      expect(await view()).toMatchObject({ markupPercent: 25 });
      expect([await pricesAudited(), pagesChanged.count]).toEqual([auditedBefore, pagesBefore]);

      // The question's button posts the same fields with confirm=true.
      const confirmed = await settingsAction(owner.cookie, { ...typed, confirm: "true" });
      expect(confirmed).toMatchObject({ status: 200, body: { ok: true, message: texts.saved, pricesSaved: true } });
      expect(await view()).toMatchObject({ markupPercent: 400 });
      expect(await pricesAudited()).toBe(auditedBefore + 1);
      expect(pagesChanged.count).toBe(pagesBefore + 1);

      // The same figures saved again, or another price field alone, ask nothing.
      expect(await settingsAction(owner.cookie, typed)).toMatchObject({ status: 200, body: { ok: true, message: texts.saved } });
      expect(await settingsAction(owner.cookie, { intent: "save-settings", markupPercent: "400 %", displayCurrency: "GHS" })).toMatchObject({ status: 200, body: { ok: true } });
      expect(await view()).toMatchObject({ markupPercent: 400, displayCurrency: "GHS" });
      // A new rate asks as well, in cedis; a "confirm" other than true confirms nothing.
      const rate = await settingsAction(owner.cookie, { intent: "save-settings", exchangeRate: "13", confirm: "yes" });
      expect(rate).toMatchObject({ status: 409, body: { proposed: { exchangeRate: "13" }, pricePreview: { markupPercent: null, exchangeRate: { before: 12.5, after: 13 }, large: null } } });
      expect(await view()).toMatchObject({ exchangeRate: 12.5 });
      expect(await settingsAction(owner.cookie, { intent: "save-settings", markupPercent: "25", displayCurrency: "GBP", confirm: "true" })).toMatchObject({ status: 200 });
    });

    it("PUT /api/admin/settings refuses a new markup or rate without \"confirm\": true, with the preview, and saves it with", async () => {
      const auditedBefore = await pricesAudited();
      const refused = await put({ markupPercent: 4, shopName: "Savile & Co" });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        error: texts.pricesConfirmNeeded,
        fields: {},
        preview: { markupPercent: { before: 25, after: 4 }, activeProducts: await activeProducts(), examples: [{ name: dearest.name }, { name: cheapest.name }], large: null },
      });
      // Nothing of the request was saved, the other fields neither.
      expect(await view()).toMatchObject({ markupPercent: 25 });
      // JSON's true only.
      expect(await put({ exchangeRate: 25, confirm: "true" })).toMatchObject({ status: 409, body: { preview: { exchangeRate: { before: 12.5, after: 25 } } } });
      expect(await pricesAudited()).toBe(auditedBefore);

      expect(await put({ markupPercent: 4, confirm: true })).toMatchObject({ status: 200, body: { markupPercent: 4, changed: ["markupPercent"] } });
      expect(await put({ markupPercent: 4 })).toMatchObject({ status: 200, body: { changed: [] } });
      expect(await put({ markupPercent: 25, confirm: true })).toMatchObject({ status: 200, body: { markupPercent: 25 } });
      expect(await pricesAudited()).toBe(auditedBefore + 2);
    });
  });

  it("a NUL in the settings form or the admin login is the back office's answer to text it cannot store", async () => {
    // Returned to the form, against the field (the card marks it), not thrown to the error screen.
    for (const shopName of ["S\u0000", "Savile \u202e& Co"]) {
      const answer = await returned(settingsRoute.action(withUrl({ request: formRequest("/admin/settings", owner.cookie, { intent: "save-settings", shopName }), params: {}, context: ctx() }) as never));
      expect(answer).toMatchObject({ status: 400, body: { intent: "save-settings", ok: false, message: requestErrors.unstorableText, errors: { shopName: requestErrors.unstorableText } } });
    }
    const { shopName } = await getShopSettings(get().db, CONFIG);
    expect([shopName.includes("\u0000"), shopName.includes("\u202e")]).toEqual([false, false]);
    const login = (fields: Record<string, string>) => returned(adminLayout.action(withUrl({ request: formRequest("/admin", null, fields), params: {}, context: ctx() }) as never));
    // The login form shows its `message` inline, as for a wrong password.
    expect(await login({ intent: "login", email: `${owner.email}\u0000`, password: "x" })).toMatchObject({ status: 400, body: { message: requestErrors.unstorableText } });
    // An intent the login form never sends: said plainly, not "Something went wrong".
    expect(await login({ intent: "bogus" })).toMatchObject({ status: 400, body: { message: requestErrors.unreadable } });
  });

  it("a settings form sent after the session ended is answered (not thrown), and the sign-in over the page answers in place", async () => {
    // The page keeps what was typed: the answer is returned to the form's fetcher, with no change made.
    const ended = await settle(settingsRoute.action(withUrl({ request: formRequest("/admin/settings", null, { intent: "save-settings", shopName: "Gone & Co" }), params: {}, context: ctx() }) as never));
    expect(ended).toMatchObject({ status: 401, thrown: false, body: { adminLogin: true, ok: false, message: adminShell.sessionEnded } });
    expect((await getShopSettings(get().db, CONFIG)).shopName).not.toBe("Gone & Co");
    // stay=page: no redirect away from the page, the session cookie is set (decision 059).
    const signIn = await settle(adminLayout.action(withUrl({ request: formRequest("/admin", null, { intent: "login", stay: "page", email: owner.email, password: owner.password }), params: {}, context: ctx() }) as never));
    expect(signIn).toMatchObject({ status: 200, thrown: false, body: { signedIn: true } });
    expect(cookiesFrom(signIn.headers)).toContain("session_token=");
    // A wrong password is refused as on the admin login.
    const wrong = await settle(adminLayout.action(withUrl({ request: formRequest("/admin", null, { intent: "login", stay: "page", email: owner.email, password: "not-the-password" }), params: {}, context: ctx() }) as never));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ message: expect.any(String) });
  });

  it("GET/PUT /api/admin/settings: partial changes, 400 with the fields, no audit row when nothing changed", async () => {
    const { db } = get();
    const put = (body: unknown) => settle(settingsApi.action(withUrl({ request: jsonRequest("/api/admin/settings", "PUT", owner.cookie, body), params: {}, context: ctx() }) as never));
    const saved = await put({ shopName: "Savile & Co", contactEmail: "Hello@Savile.example", senderAddress: ["Savile & Co", "1 Savile Row", "London W1S 3PR", "United Kingdom"] });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ shopName: "Savile & Co", contactEmail: "hello@savile.example", markupPercent: 25, changed: ["shopName", "contactEmail", "senderAddress"] });
    // The contact form and the labels use them; the environment's values are only the fallback.
    expect(await getContactEmail(db, CONFIG)).toBe("hello@savile.example");
    expect(await getShopSettings(db, CONFIG)).toMatchObject({ senderAddress: ["Savile & Co", "1 Savile Row", "London W1S 3PR", "United Kingdom"], senderAddressSet: true });

    const refused = await put({ exchangeRate: "lots" });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: texts.rateInvalid, fields: { exchangeRate: texts.rateInvalid } });
    // Says what the flag takes, not "Please correct the fields marked below." (there is no form here).
    expect(await put({ requireAdminTwoFactor: "yes" })).toMatchObject({ status: 400, body: { error: texts.requireInvalid, fields: { requireAdminTwoFactor: texts.requireInvalid } } });
    expect(texts.requireInvalid).toContain("true or false");
    // JSON's booleans only: the text a form's switch posts is no boolean in a JSON body.
    for (const text of ["true", "on", "1"]) {
      expect(await put({ requireAdminTwoFactor: text })).toMatchObject({ status: 400, body: { error: texts.requireInvalid } });
    }

    const rows = async () => (await db.select().from(adminAuditLog).where(eq(adminAuditLog.adminId, owner.userId))).length;
    const count = await rows();
    expect((await put({ shopName: "Savile & Co" })).body).toMatchObject({ changed: [] });
    expect(await rows()).toBe(count);

    const cleared = await put({ contactEmail: "", senderAddress: [] });
    expect(cleared.body).toMatchObject({ contactEmail: null, senderAddress: null, defaults: { contactEmail: "owner@shop.test", senderAddress: ["Savile & Co", "United Kingdom"] } });
    expect(await getContactEmail(db, CONFIG)).toBe("owner@shop.test");
    // Back to the built-in block (the shop's name and the country): the print page says so.
    expect(await getShopSettings(db, CONFIG)).toMatchObject({ senderAddress: ["Savile & Co", "United Kingdom"], senderAddressSet: false });
    expect((await getShopSettings(db, { ...CONFIG, senderAddress: ["Depot", "2 Dock Road", "Leeds"] })).senderAddressSet).toBe(true);
  });

  it("the shop's name set here is every storefront page's (header, footer, titles) and its products' brand, and the cached pages are dropped", async () => {
    const { db } = get();
    const [row] = await db
      .insert(products)
      .values(withDerivedFields({ name: "Shop Name Test Tie", category: "ties", pricePence: 2_000, image: "/images/products/test-1.svg", stock: 5 }))
      .returning({ id: products.id });
    const shopName = async () => ((await settle(rootRoute.loader(withUrl({ request: getRequest("/", null), params: {}, context: ctx() }) as never))).body as { shopName: unknown }).shopName;
    const brand = async () => {
      const answer = await settle(productPage.loader(withUrl({ request: getRequest(`/product/${row!.id}`, null), params: { id: row!.id }, context: ctx() }) as never));
      return (JSON.parse((answer.body as { jsonLd: string }).jsonLd) as { brand: { name: string } }).brand.name;
    };
    const original = (await getShopSettings(db, CONFIG)).shopName;
    const before = pagesChanged.count;
    expect(await settingsAction(owner.cookie, { intent: "save-settings", shopName: "Kọ́fí & Sons" })).toMatchObject({ status: 200 });
    expect(pagesChanged.count).toBe(before + 1);
    expect(await shopName()).toBe("Kọ́fí & Sons");
    expect(await brand()).toBe("Kọ́fí & Sons");
    // The back office's pages read the name from the admin check, not from the shop's root data.
    expect((await settle(rootRoute.loader(withUrl({ request: getRequest("/admin/orders", owner.cookie), params: {}, context: ctx() }) as never))).body).toMatchObject({ shopName: null });
    await settingsAction(owner.cookie, { intent: "save-settings", shopName: original });
    expect(await shopName()).toBe(original);
  });

  it("the phone, address and social links set here show on /contact and in every page's footer; empty ones are hidden (issue 15, item 15)", async () => {
    const rootData = async () => (await settle(rootRoute.loader(withUrl({ request: getRequest("/", null), params: {}, context: ctx() }) as never))).body as { social: unknown };
    const contactData = async () => (await settle(contactRoute.loader(withUrl({ request: getRequest("/contact", null), params: {}, context: ctx() }) as never))).body;
    expect((await rootData()).social).toEqual([]);
    const before = pagesChanged.count;
    const saved = await settingsAction(owner.cookie, {
      intent: "save-settings",
      contactEmail: "hello@savile.example",
      contactPhone: "+44 20 7946 0958",
      senderAddress: "Savile & Co\n1 Savile Row\nLondon W1S 3PR",
      instagramUrl: "https://www.instagram.com/savileandco",
      facebookUrl: "",
      xUrl: "",
      tiktokUrl: "https://www.tiktok.com/@savileandco",
    });
    expect(saved.body).toMatchObject({ ok: true });
    // Cached storefront pages hold the old footer: they are dropped.
    expect(pagesChanged.count).toBe(before + 1);
    expect((await rootData()).social).toEqual([
      { network: "instagram", label: "Instagram", href: "https://www.instagram.com/savileandco" },
      { network: "tiktok", label: "TikTok", href: "https://www.tiktok.com/@savileandco" },
    ]);
    expect(await contactData()).toEqual({ email: "hello@savile.example", phone: "+44 20 7946 0958", address: ["Savile & Co", "1 Savile Row", "London W1S 3PR"] });

    const refused = await settingsAction(owner.cookie, { intent: "save-settings", facebookUrl: "facebook.com/savile" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ ok: false, errors: { facebookUrl: texts.socialUrlInvalid } });

    await settingsAction(owner.cookie, { intent: "save-settings", contactEmail: "", contactPhone: "", senderAddress: "", instagramUrl: "", tiktokUrl: "" });
    expect((await rootData()).social).toEqual([]);
    // The built-in sender block ("Menswear Shop", "United Kingdom") is no address to show, and
    // without an e-mail set here or in SHOP_EMAIL none is shown: the admin's own (owner@shop.test,
    // where the contact form's messages go) is their sign-in, not the shop's public address.
    expect(await contactData()).toEqual({ email: null, phone: null, address: null });
  });

  it("adds an existing account by e-mail once its address is confirmed, refuses an unknown one and a second add, and audits", async () => {
    const { db } = get();
    const shopper = await signedInAccount(db, auth, { admin: false });
    const unknown = await settingsAction(owner.cookie, { intent: "add-admin", email: uniqueEmail("nobody") });
    expect(unknown).toMatchObject({ status: 404, body: { ok: false, message: texts.noSuchAccount, errors: { email: texts.noSuchAccount } } });
    // Anyone can sign up with an address that is not theirs: until it is confirmed, the account
    // is refused and a fresh confirmation link goes to the address.
    const mailsTo = () => db.select({ subject: mailOutbox.subject, text: mailOutbox.textBody }).from(mailOutbox).where(eq(mailOutbox.toAddress, shopper.email));
    const mailsBefore = (await mailsTo()).length;
    const unconfirmed = await settingsAction(owner.cookie, { intent: "add-admin", email: shopper.email });
    expect(unconfirmed).toMatchObject({ status: 409, body: { ok: false, message: texts.unconfirmedAccount(shopper.email), errors: { email: texts.unconfirmedAccount(shopper.email) } } });
    expect(await db.select().from(adminUsers).where(eq(adminUsers.id, shopper.userId))).toHaveLength(0);
    const mails = await mailsTo();
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)).toMatchObject({ subject: "Verify your e-mail address", text: expect.stringContaining("/auth?confirm=") });
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, shopper.userId));

    const added = await settingsAction(owner.cookie, { intent: "add-admin", email: shopper.email.toUpperCase() });
    expect(added).toMatchObject({ status: 200, body: { ok: true, message: texts.adminAdded(shopper.email) } });
    expect(await db.select().from(adminUsers).where(eq(adminUsers.id, shopper.userId))).toHaveLength(1);
    const again = await settingsAction(owner.cookie, { intent: "add-admin", email: shopper.email });
    expect(again).toMatchObject({ status: 409, body: { message: texts.alreadyAdmin(shopper.email) } });
    const [audit] = await db.select().from(adminAuditLog).where(and(eq(adminAuditLog.action, "admin.added"), eq(adminAuditLog.subjectId, shopper.userId)));
    expect(audit).toMatchObject({ adminId: owner.userId, after: { email: shopper.email } });

    const removed = await settingsAction(owner.cookie, { intent: "remove-admin", userId: shopper.userId });
    expect(removed).toMatchObject({ status: 200, body: { message: texts.adminRemoved(shopper.email) } });
    expect(await db.select().from(adminUsers).where(eq(adminUsers.id, shopper.userId))).toHaveLength(0);
  });

  it("adds an account whose domain is in another script by the address as typed, as a browser that does not convert it sends it", async () => {
    const { db } = get();
    const local = uniqueEmail("kofi").split("@")[0]!;
    // Accounts keep the domain in its ASCII form, as the shop's sign-up stores it.
    const kofi = await signedInAccount(db, auth, { admin: false, email: `${local}@xn--bcher-kva.de` });
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, kofi.userId));
    const added = await settingsAction(owner.cookie, { intent: "add-admin", email: ` ${local}@Bücher.de ` });
    expect(added).toMatchObject({ status: 200, body: { ok: true, message: texts.adminAdded(`${local}@bücher.de`) } });
    expect(await db.select().from(adminUsers).where(eq(adminUsers.id, kofi.userId))).toHaveLength(1);
    await settingsAction(owner.cookie, { intent: "remove-admin", userId: kofi.userId });
  });

  it("refuses removing yourself", async () => {
    const answer = await settingsAction(owner.cookie, { intent: "remove-admin", userId: owner.userId });
    expect(answer).toMatchObject({ status: 409, body: { ok: false, message: texts.cannotRemoveSelf } });
  });

  it("an admin changes their own password: the current one first; the change is audited, never the password", async () => {
    const { db } = get();
    const admin = await signedInAccount(db, auth, { admin: true });
    const fresh = "Adinkra-print-2026";
    const wrong = await settingsAction(admin.cookie, { intent: "change-password", currentPassword: "not it", password: fresh, confirmPassword: fresh });
    expect(wrong).toMatchObject({ status: 400, body: { ok: false, message: passwordChange.wrongCurrent, errors: { currentPassword: passwordChange.wrongCurrent } } });

    const done = await settingsAction(admin.cookie, { intent: "change-password", currentPassword: admin.password, password: fresh, confirmPassword: fresh });
    expect(done).toMatchObject({ status: 200, body: { ok: true, message: passwordChange.done } });
    // The page keeps working on the renewed session; the old cookie is signed out.
    const renewed = cookiesFrom(done.headers);
    expect(await auth.api.getSession({ headers: new Headers({ cookie: renewed }) })).not.toBeNull();
    expect(await auth.api.getSession({ headers: new Headers({ cookie: admin.cookie }) })).toBeNull();
    const audit = await db.select().from(adminAuditLog).where(and(eq(adminAuditLog.adminId, admin.userId), eq(adminAuditLog.action, "admin.password_changed")));
    expect(audit.map((row) => [row.subjectType, row.subjectId, row.before, row.after])).toEqual([["admin_user", admin.userId, null, null]]);
    expect(JSON.stringify(audit)).not.toContain(fresh);
  });

  describe("two-factor sign-in", () => {
    let secret = "";
    let backupCodes: string[] = [];

    it("an admin enrols with the password and a code from the app; sign-in then asks for a code", async () => {
      const { db } = get();
      const wrongPassword = await settingsAction(owner.cookie, { intent: "start-two-factor", password: "not the password" });
      expect(wrongPassword).toMatchObject({ status: 401, body: { message: texts.wrongPassword, errors: { password: texts.wrongPassword } } });

      const started = await settingsAction(owner.cookie, { intent: "start-two-factor", password: owner.password });
      expect(started.status).toBe(200);
      const enrolment = (started.body as { enrolment: { totpUri: string; secret: string; backupCodes: string[] } }).enrolment;
      expect(enrolment.totpUri).toMatch(/^otpauth:\/\/totp\/Savile%20%26%20Co:/);
      expect(enrolment.secret).toMatch(/^[A-Z2-7]+$/);
      expect(enrolment.backupCodes).toHaveLength(10);
      secret = enrolment.secret;
      backupCodes = enrolment.backupCodes;

      // Not in force until confirmed: a sign-in now needs no code.
      const [pending] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, owner.userId));
      expect(pending?.on).not.toBe(true);

      const wrongCode = await settingsAction(owner.cookie, { intent: "confirm-two-factor", code: totp(secret, Date.now() - 10 * 60_000) });
      expect(wrongCode).toMatchObject({ status: 401, body: { message: texts.wrongCode, errors: { code: texts.wrongCode } } });
      const confirmed = await settingsAction(owner.cookie, { intent: "confirm-two-factor", code: totp(secret) });
      expect(confirmed).toMatchObject({ status: 200, body: { ok: true, message: texts.twoFactorTurnedOn } });
      // The library replaced the session: the browser gets the new cookie.
      owner = { ...owner, cookie: cookiesFrom(confirmed.headers) };
      expect(owner.cookie).toContain("session_token=");
      const [on] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, owner.userId));
      expect(on?.on).toBe(true);
      const [audit] = await db.select().from(adminAuditLog).where(and(eq(adminAuditLog.action, "admin.two_factor_enabled"), eq(adminAuditLog.adminId, owner.userId)));
      expect(audit).toBeDefined();
    });

    it("the admin login asks for the code, refuses a wrong one and signs in with the right one", async () => {
      const login = (fields: Record<string, string>, cookie: string | null = null) =>
        settle(adminLayout.action(withUrl({ request: formRequest("/admin", cookie, fields), params: {}, context: ctx() }) as never));
      const password = await login({ intent: "login", email: owner.email, password: owner.password, redirectTo: "/admin/settings" });
      expect(password).toMatchObject({ status: 200, body: { twoFactor: true } });
      const challenge = cookiesFrom(password.headers);
      expect(challenge).toContain("two_factor");
      expect(challenge).not.toContain("session_token");

      const wrong = await login({ intent: "verify-code", code: "000000", redirectTo: "/admin/settings" }, challenge);
      expect(wrong).toMatchObject({ status: 401, body: { twoFactor: true, message: twoFactorSignIn.wrongCode } });

      const right = await login({ intent: "verify-code", code: totp(secret), redirectTo: "/admin/settings" }, challenge);
      expect(right.status).toBe(302);
      expect(right.headers.get("location")).toBe("/admin/settings");
      expect(cookiesFrom(right.headers)).toContain("session_token=");

      // Without the challenge cookie a code opens nothing.
      const stray = await login({ intent: "verify-code", code: totp(secret) });
      expect(stray.status).toBe(401);
      expect(stray.body).toMatchObject({ message: twoFactorSignIn.expired });
    });

    it("a backup code works once, on the storefront's sign-in form too", async () => {
      const signIn = (fields: Record<string, string>, cookie: string | null = null) =>
        settle(authPage.action(withUrl({ request: formRequest("/auth", cookie, fields), params: {}, context: ctx() }) as never));
      const password = await signIn({ intent: "signin", email: owner.email, password: owner.password });
      expect(password).toMatchObject({ status: 200, body: { twoFactor: true } });
      const challenge = cookiesFrom(password.headers);
      const done = await signIn({ intent: "two-factor", code: backupCodes[0]! }, challenge);
      expect(done.status).toBe(302);
      expect(cookiesFrom(done.headers)).toContain("session_token=");

      const again = await signIn({ intent: "signin", email: owner.email, password: owner.password });
      const reused = await signIn({ intent: "two-factor", code: backupCodes[0]! }, cookiesFrom(again.headers));
      expect(reused).toMatchObject({ status: 401, body: { twoFactor: true, message: twoFactorSignIn.wrongCode } });
    });

    it("mandatory two-factor: refused until the admin turning it on has it; then others are sent to enrol", async () => {
      const { db } = get();
      const other = await signedInAccount(db, auth, { admin: true });
      const put = (cookie: string, body: unknown) =>
        settle(settingsApi.action(withUrl({ request: jsonRequest("/api/admin/settings", "PUT", cookie, body), params: {}, context: ctx() }) as never));

      expect(await put(other.cookie, { requireAdminTwoFactor: true })).toMatchObject({ status: 409, body: { error: texts.requireNeedsYours } });
      expect(await put(owner.cookie, { requireAdminTwoFactor: true })).toMatchObject({ status: 200, body: { requireAdminTwoFactor: true } });

      try {
        // Any other admin page sends them to enrol; Settings opens with only the enrolment card.
        const orders = await settle(ordersPage.loader(withUrl({ request: getRequest("/admin/orders", other.cookie), params: {}, context: ctx() }) as never));
        expect(orders.status).toBe(302);
        expect(orders.headers.get("location")).toBe("/admin/settings?enrol=two-factor");
        const layout = await settle(adminLayout.loader(withUrl({ request: getRequest("/admin/settings", other.cookie), params: {}, context: ctx() }) as never));
        expect(layout.body).toMatchObject({ mustEnrol: true });
        const page = await settle(settingsRoute.loader(withUrl({ request: getRequest("/admin/settings", other.cookie), params: {}, context: ctx() }) as never));
        expect(page).toMatchObject({ status: 200, body: { mustEnrol: true } });
        // Only the enrolment: not the other admins' addresses nor the shop's settings, which the API refuses them too.
        expect(Object.keys(page.body as object).sort()).toEqual(["me", "mustEnrol"]);
        expect(JSON.stringify(page.body)).not.toContain(owner.email);
        expect(await put(other.cookie, { requireAdminTwoFactor: false })).toMatchObject({ status: 403, body: { error: texts.requiredApi } });
        const save = await settingsAction(other.cookie, { intent: "save-settings", requireAdminTwoFactor: "false" });
        expect(save.status).toBe(403);
        const addAdmin = await settingsAction(other.cookie, { intent: "add-admin", email: owner.email });
        expect(addAdmin.status).toBe(403);
        // The admin who has it is let in everywhere, and cannot turn their own off while required.
        const ownerOrders = await settle(ordersPage.loader(withUrl({ request: getRequest("/admin/orders", owner.cookie), params: {}, context: ctx() }) as never));
        expect(ownerOrders.status).toBe(200);
        const off = await settingsAction(owner.cookie, { intent: "disable-two-factor", password: owner.password });
        expect(off).toMatchObject({ status: 409, body: { message: texts.cannotTurnOffWhileRequired } });

        // Enrolling opens the back office.
        const started = await settingsAction(other.cookie, { intent: "start-two-factor", password: other.password });
        const otherSecret = (started.body as { enrolment: { secret: string } }).enrolment.secret;
        const confirmed = await settingsAction(other.cookie, { intent: "confirm-two-factor", code: totp(otherSecret) });
        expect(confirmed.status).toBe(200);
        const after = await settle(ordersPage.loader(withUrl({ request: getRequest("/admin/orders", cookiesFrom(confirmed.headers)), params: {}, context: ctx() }) as never));
        expect(after.status).toBe(200);
      } finally {
        expect(await put(owner.cookie, { requireAdminTwoFactor: false })).toMatchObject({ status: 200 });
      }
      const [audit] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "settings.two_factor_requirement_changed"));
      expect(audit).toMatchObject({ before: { requireAdminTwoFactor: false }, after: { requireAdminTwoFactor: true } });
    });
  });
});

// On PostgreSQL the two removals really run at once (the row locks serialise them); on PGlite
// one after the other. Either way the second sees the first.
describeEachEngine("removing admins", (get) => {
  let auth: Auth;

  beforeAll(() => {
    auth = makeAuth(get().db);
  });

  it("two admins removing each other at the same moment leave one admin", async () => {
    const { db } = get();
    await db.delete(adminUsers);
    const a = await signedInAccount(db, auth, { admin: true });
    const b = await signedInAccount(db, auth, { admin: true });
    const viewer = (account: Account) => ({ userId: account.userId, email: account.email, firstName: "", lastName: "" });
    const results = await Promise.all([removeAdmin(db, viewer(a), b.userId), removeAdmin(db, viewer(b), a.userId)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const refused = results.find((result) => !result.ok);
    expect(refused).toMatchObject({ ok: false, status: 403, message: texts.notAnAdmin });
    expect(await db.select().from(adminUsers)).toHaveLength(1);
  });

  it("the one admin left cannot remove themselves", async () => {
    const { db } = get();
    const [only] = await db.select({ id: adminUsers.id, email: user.email }).from(adminUsers).innerJoin(user, eq(user.id, adminUsers.id));
    const result = await removeAdmin(db, { userId: only!.id, email: only!.email, firstName: "", lastName: "" }, only!.id);
    expect(result).toMatchObject({ ok: false, status: 409, message: texts.cannotRemoveSelf });
    expect(await db.select().from(adminUsers)).toHaveLength(1);
  });
});
