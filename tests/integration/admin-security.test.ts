// Issue 14, Security page: real counts, the access probes (requests to the shop's own routes as a
// guest and as another user, for real records), the payment check and the audit trail's filters.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Auth } from "../../src/server/auth/auth.server.ts";
import { formatOrderNumber } from "../../src/domain/order-number.ts";
import { recordAdminAction } from "../../src/server/admin/audit/audit.server.ts";
import {
  AUDIT_PAGE_SIZE,
  listAuditTrail,
  PROBE_ACCOUNT_EMAIL,
  readSecurityCounts,
  runAccessProbes,
  secretsStatus,
  wasRefused,
} from "../../src/server/admin/security/security.server.ts";
import { withDerivedFields } from "../../src/server/catalog/product-fields.server.ts";
import { account, adminAuditLog, adminUsers, cartItems, discountCodes, mailOutbox, orders, products, profiles, user } from "../../src/server/db/schema.ts";
import { createLocalProvider } from "../../src/server/payments/local-provider.server.ts";
import { ensurePriceSettings } from "../../src/server/settings/price-settings.server.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { insertOrder, makeAuth, settle, SHOP, signedInAccount } from "../helpers/admin.ts";
import { routeDispatcher } from "../helpers/dispatch-routes.ts";
import { routeContext, withUrl } from "../helpers/route-context.ts";
import * as securityPage from "../../src/web/routes/admin.security.tsx";

const CONFIG = { publicUrl: SHOP, shopEmail: "owner@shop.test", senderAddress: ["Menswear Shop", "United Kingdom"], env: "test", stripe: undefined, smtpUrl: undefined, authSecret: undefined };

describeEachEngine("security page", (get) => {
  let auth: Auth;
  let adminCookie: string;
  let adminId: string;
  let shopper: Awaited<ReturnType<typeof signedInAccount>>;
  let orderId: string;
  let lineId: string;

  const context = () => {
    const { db } = get();
    const app = { db, auth, config: CONFIG, kickMail: () => {}, payments: createLocalProvider(db, { publicUrl: SHOP, webhookSecret: "w".repeat(32) }) } as Record<string, unknown>;
    const ctx = routeContext({ app });
    app.dispatchInProcess = routeDispatcher(ctx);
    return ctx;
  };

  beforeAll(async () => {
    const { db } = get();
    await ensurePriceSettings(db);
    auth = makeAuth(db);
    const admin = await signedInAccount(db, auth, { admin: true });
    adminCookie = admin.cookie;
    adminId = admin.userId;
    shopper = await signedInAccount(db, auth, { admin: false });
    await db.insert(profiles).values({ id: shopper.userId, firstName: "Kofi", lastName: "Mensah", phone: "+44 7700 900123" });
    orderId = await insertOrder(db, { email: shopper.email });
    await db.update(orders).set({ userId: shopper.userId }).where(eq(orders.id, orderId));
    const [product] = await db
      .insert(products)
      .values(withDerivedFields({ name: "Probe Test Tie", category: "ties", pricePence: 2_000, image: "/images/products/test-1.svg", stock: 9 }))
      .returning({ id: products.id });
    const [line] = await db.insert(cartItems).values({ userId: shopper.userId, productId: product!.id, quantity: 2 }).returning({ id: cartItems.id });
    lineId = line!.id;
    await db.insert(discountCodes).values({ code: "PROBE10", discountType: "percentage", discountValue: 10 });
  });

  it("counts users, orders and admins from the data (not a fixed 1), leaving the probe account out, created once by two runs at once", async () => {
    const { db } = get();
    const counts = await readSecurityCounts(db);
    const [users] = await db.select({ id: user.id }).from(user).where(eq(user.email, shopper.email));
    expect(users).toBeDefined();
    expect(counts.adminUsers).toBe((await db.select().from(adminUsers)).length);
    expect(counts.orders).toBeGreaterThanOrEqual(1);
    const before = counts.users;
    // Two admins opening the page at once on a new shop: both first runs sign the probe account in.
    const runs = await Promise.all([1, 2].map(() => runAccessProbes({ db, auth, config: CONFIG as never, dispatch: routeDispatcher(context()) })));
    for (const policy of runs) expect(policy.every((row) => row.enabled)).toBe(true);
    expect((await readSecurityCounts(db)).users).toBe(before);
    expect(await db.select().from(user).where(eq(user.email, PROBE_ACCOUNT_EMAIL))).toHaveLength(1);
    // No verification e-mail to an address that cannot receive one.
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, PROBE_ACCOUNT_EMAIL))).toHaveLength(0);
  });

  it("mends a probe account whose password was never stored, instead of failing every run after it", async () => {
    const { db } = get();
    await runAccessProbes({ db, auth, config: CONFIG as never, dispatch: routeDispatcher(context()) });
    const [probe] = await db.select({ id: user.id }).from(user).where(eq(user.email, PROBE_ACCOUNT_EMAIL));
    // As a run stopped between making the account and storing its password leaves it.
    await db.delete(account).where(eq(account.userId, probe!.id));
    const policy = await runAccessProbes({ db, auth, config: CONFIG as never, dispatch: routeDispatcher(context()) });
    expect(policy.every((row) => row.enabled)).toBe(true);
    expect(await db.select({ id: account.id }).from(account).where(eq(account.userId, probe!.id))).toHaveLength(1);
  });

  it("shows each table Enabled when every probe, as a guest and as another user, was refused", async () => {
    const { db } = get();
    const policy = await runAccessProbes({ db, auth, config: CONFIG as never, dispatch: routeDispatcher(context()) });
    expect(policy.map((row) => row.resource)).toEqual(["orders", "cart_items", "discount_codes", "profiles"]);
    for (const row of policy) {
      expect(row.realRecord, row.resource).toBe(true);
      expect(row.probes.filter((probe) => !probe.refused), row.resource).toEqual([]);
      expect(row.enabled).toBe(true);
      expect(new Set(row.probes.map((probe) => probe.as))).toEqual(new Set(["guest", "another user"]));
    }
    // The probe account was signed in as "another user" and signed out again; never an admin.
    const [probe] = await db.select({ id: user.id }).from(user).where(eq(user.email, PROBE_ACCOUNT_EMAIL));
    expect(await db.select().from(adminUsers).where(eq(adminUsers.id, probe!.id))).toHaveLength(0);
    // The cart line's quantity is what it was: the write probe could not change it.
    const [line] = await db.select({ quantity: cartItems.quantity }).from(cartItems).where(eq(cartItems.id, lineId));
    expect(line?.quantity).toBe(2);
  });

  it("shows Issues when a route hands another user's record out", async () => {
    const { db } = get();
    const real = routeDispatcher(context());
    // A broken check: the account orders page lists every order.
    const leaky = async (request: Request) =>
      new URL(request.url).pathname === "/account/orders" ? new Response(`<li>${orderId}</li>`, { status: 200 }) : real(request);
    const policy = await runAccessProbes({ db, auth, config: CONFIG as never, dispatch: leaky });
    const ordersRow = policy.find((row) => row.resource === "orders")!;
    expect(ordersRow.enabled).toBe(false);
    expect(ordersRow.probes.filter((probe) => !probe.refused).map((probe) => probe.request)).toEqual(["GET /account/orders", "GET /account/orders"]);
    expect(policy.filter((row) => row.resource !== "orders").every((row) => row.enabled)).toBe(true);
  });

  it("judges answers: refusals, redirects away, and 2xx answers that hold the record", async () => {
    expect(await wasRefused(new Response(null, { status: 401 }), "/x", ["secret"])).toBe(true);
    expect(await wasRefused(new Response(null, { status: 302, headers: { location: "/auth?redirect=/account/orders" } }), "/account/orders", [])).toBe(true);
    expect(await wasRefused(new Response(null, { status: 302, headers: { location: "/account/orders?page=2" } }), "/account/orders", [])).toBe(false);
    expect(await wasRefused(new Response("nothing here"), "/x", ["secret"])).toBe(true);
    expect(await wasRefused(new Response("the secret"), "/x", ["secret"])).toBe(false);
    expect(await wasRefused(new Response("oops", { status: 500 }), "/x", [])).toBe(false);
  });

  it("runs the probes and the payment check from the page's action, for admins only", async () => {
    const post = (cookie: string | null, intent: string) => {
      const headers = new Headers({ origin: SHOP, "content-type": "application/x-www-form-urlencoded" });
      if (cookie) headers.set("cookie", cookie);
      return settle(securityPage.action(withUrl({ request: new Request(`${SHOP}/admin/security`, { method: "POST", headers, body: new URLSearchParams({ intent, runId: "r1" }) }), params: {}, context: context() }) as never));
    };
    const probed = await post(adminCookie, "probe");
    expect(probed.status).toBe(200);
    expect((probed.body as { policy: { enabled: boolean }[] }).policy.every((row) => row.enabled)).toBe(true);
    expect(await post(adminCookie, "payment-check")).toMatchObject({ status: 200, body: { runId: "r1", payment: { provider: "local", ok: true } } });
    expect((await post(null, "probe")).status).toBe(401);
    expect((await post(shopper.cookie, "probe")).status).toBe(302);
  });

  it("says which secrets are set, never their values", () => {
    const withStripe = secretsStatus({ stripe: { secretKey: "sk_test_abcdefgh123456", webhookSecret: undefined }, smtpUrl: "smtp://u:p@mail.test:587", authSecret: "x".repeat(40) });
    expect(withStripe.map((secret) => [secret.variable, secret.configured])).toEqual([
      ["STRIPE_SECRET_KEY", true],
      ["STRIPE_WEBHOOK_SECRET", false],
      ["SMTP_URL", true],
      ["BETTER_AUTH_SECRET", true],
    ]);
    expect(JSON.stringify(withStripe)).not.toMatch(/sk_test_abcdefgh123456|u:p@|x{40}/);
    expect(secretsStatus({ stripe: undefined, smtpUrl: undefined, authSecret: undefined }).map((secret) => secret.configured)).toEqual([false, false, false, true]);
  });

  it("names each entry's subject: an order's number, a product's and a code's name as now, a deleted product as recorded", async () => {
    const { db } = get();
    const tag = Math.random().toString(36).slice(2, 8);
    const [kept] = await db.insert(products).values({ name: `Audit Kept ${tag}`, pricePence: 1000, category: "ties" }).returning();
    const [code] = await db.insert(discountCodes).values({ code: `AUD${tag.toUpperCase()}`, discountType: "percentage", discountValue: 10 }).returning();
    const goneId = "00000000-0000-4000-8000-0000000a0d17";
    const action = `test.subject_${tag}`;
    // An admin of this test's own, so the other tests' counts stay as they are.
    const writer = await signedInAccount(db, auth, { admin: true });
    const write = (subjectType: string, subjectId: string, before: unknown, after: unknown) =>
      recordAdminAction(db, { adminId: writer.userId, adminEmail: writer.email, action, subjectType, subjectId, before, after });
    await write("order", orderId, null, { note: "x" });
    await write("product", kept!.id, { name: "Old name" }, { name: "Old name", pricePence: 900 });
    await write("product", goneId, { name: `Audit Gone ${tag}` }, null);
    await write("discount_code", code!.id, { code: code!.code, discount_value: 10 }, { code: code!.code, discount_value: 15 });
    const trail = await listAuditTrail(db, { adminId: null, action, page: 1 });
    expect(new Map(trail.items.map((entry) => [entry.subjectId, entry.subject]))).toEqual(
      new Map([
        [orderId, { label: formatOrderNumber(orderId), href: `/admin/orders/${orderId}` }],
        [kept!.id, { label: `Audit Kept ${tag}`, href: `/admin/products/${kept!.id}/edit` }],
        [goneId, { label: `Audit Gone ${tag}`, href: null }],
        [code!.id, { label: code!.code, href: "/admin/discounts" }],
      ]),
    );
  });

  it("lists the audit trail newest first, filtered by admin and by action, a page at a time", async () => {
    const { db } = get();
    const other = await signedInAccount(db, auth, { admin: true });
    for (let i = 0; i < AUDIT_PAGE_SIZE + 3; i++) {
      await recordAdminAction(db, { adminId, adminEmail: "first@shop.test", action: i % 2 ? "order.status_changed" : "order.note_added", subjectType: "order", subjectId: orderId, before: null, after: { i } });
    }
    // Written a second later: PGlite's clock can give entries of the same millisecond the same time.
    await db.insert(adminAuditLog).values({ adminId: other.userId, adminEmail: other.email, action: "settings.prices_changed", subjectType: "settings", subjectId: null, before: null, after: null, createdAt: sql`now() + interval '1 second'` });
    const all = await listAuditTrail(db, { adminId: null, action: null, page: 1 });
    expect(all.items).toHaveLength(AUDIT_PAGE_SIZE);
    expect(all.items[0]!.action).toBe("settings.prices_changed");
    expect(all.total).toBeGreaterThanOrEqual(AUDIT_PAGE_SIZE + 4);
    expect(all.admins.map((admin) => admin.id)).toEqual(expect.arrayContaining([adminId, other.userId]));
    expect(all.actions).toEqual(expect.arrayContaining(["order.note_added", "order.status_changed", "settings.prices_changed"]));

    const mine = await listAuditTrail(db, { adminId, action: "order.status_changed", page: 1 });
    expect(mine.total).toBe(14);
    expect(mine.items.every((entry) => entry.adminId === adminId && entry.action === "order.status_changed")).toBe(true);
    const times = mine.items.map((entry) => entry.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const page2 = await listAuditTrail(db, { adminId, action: null, page: 2 });
    expect(page2.page).toBe(2);
    expect(page2.items).toHaveLength(3);
    const beyond = await listAuditTrail(db, { adminId, action: null, page: 99 });
    expect(beyond.page).toBe(2);

    const loaded = await settle(securityPage.loader(withUrl({ request: new Request(`${SHOP}/admin/security?admin=${other.userId}`, { headers: { cookie: adminCookie } }), params: {}, context: context() }) as never));
    expect(loaded.status).toBe(200);
    expect((loaded.body as { audit: { items: { adminId: string }[] } }).audit.items.every((entry) => entry.adminId === other.userId)).toBe(true);
  });
});

describe("probe dispatcher", () => {
  it("answers 404 for a path no route has", async () => {
    const answer = await routeDispatcher(routeContext({ app: {} }))(new Request(`${SHOP}/no/such/route/here`));
    expect(answer.status).toBe(404);
  });
});
