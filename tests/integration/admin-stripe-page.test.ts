// The Stripe screen and its sync API (issue 14; admin.md sections 2, 6, 8, 9): cards over paid
// orders only, the transactions table searched and paged on the server, Access Denied for a
// signed-in non-admin, the sync queued as a background job (409 with the local provider), run by
// the job runner against the fake Stripe server. On PGlite and PostgreSQL.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { adminPayments } from "../../src/domain/messages/admin.ts";
import { startJobRunner } from "../../src/server/admin/jobs/jobs.server.ts";
import { stripeSyncJob } from "../../src/server/admin/stripe/stripe-sync-job.server.ts";
import type { AppConfig } from "../../src/server/config/env.server.ts";
import { getPaymentsOverview, TRANSACTIONS_PAGE_SIZE } from "../../src/server/admin/stripe/payments-overview.server.ts";
import type { Auth } from "../../src/server/auth/auth.server.ts";
import { withDerivedFields } from "../../src/server/catalog/product-fields.server.ts";
import { adminAuditLog, orders, products } from "../../src/server/db/schema.ts";
import { createStripeProvider } from "../../src/server/payments/stripe-provider.server.ts";
import { ensurePriceSettings } from "../../src/server/settings/price-settings.server.ts";
import { loader as layoutLoader } from "../../src/web/routes/admin.tsx";
import { loader as stripeLoader } from "../../src/web/routes/admin.stripe.tsx";
import { action as syncAction, loader as syncLoader } from "../../src/web/routes/api.admin.stripe-sync.ts";
import { insertOrder, makeAuth, makeContext, settle, SHOP, signedInAccount, uniqueEmail } from "../helpers/admin.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { startFakeStripe, type FakeStripe } from "../helpers/fake-stripe.ts";
import { withUrl } from "../helpers/route-context.ts";

describeEachEngine("admin Stripe screen", (get) => {
  let auth: Auth;
  let fake: FakeStripe;
  let admin: { cookie: string };
  let shopper: { cookie: string };

  beforeAll(async () => {
    const { db } = get();
    auth = makeAuth(db);
    fake = await startFakeStripe();
    admin = await signedInAccount(db, auth, { admin: true });
    shopper = await signedInAccount(db, auth, { admin: false });
    await ensurePriceSettings(db);
  });

  afterAll(async () => {
    await fake.close();
  });

  const page = (url: string, cookie: string, extra: Record<string, unknown> = {}) =>
    settle(stripeLoader(withUrl({ request: new Request(SHOP + url, { headers: { cookie } }), params: {}, context: makeContext(get().db, auth, { count: 0 }, extra) }) as never));

  it("counts revenue of paid orders only, less refunds, and lists every order newest first", async () => {
    const { db } = get();
    const before = await getPaymentsOverview(db, { search: "", page: 1 });
    const name = `Zainab${Math.random().toString(36).slice(2, 7)}`;
    const email = uniqueEmail("stripe-screen");
    const paid = await insertOrder(db, { email, firstName: name, paymentStatus: "paid", items: [{ name: "Suit", category: "suits", quantity: 2, unitPricePence: 10_000 }] });
    await insertOrder(db, { email, firstName: name, paymentStatus: "pending", createdAt: new Date(Date.now() - 30_000) });
    await insertOrder(db, { email, firstName: name, paymentStatus: "failed", status: "cancelled", createdAt: new Date(Date.now() - 20_000) });
    // Cancelled by an admin before it was paid: an order, but no longer awaiting payment.
    await insertOrder(db, { firstName: `Other${name}`.slice(0, 8), lastName: "Quist", paymentStatus: "pending", status: "cancelled" });
    const partly = await insertOrder(db, { email, firstName: name, paymentStatus: "paid", createdAt: new Date(Date.now() - 10_000) });
    await db.update(orders).set({ paymentStatus: "partially_refunded", refundedPence: 5_000 }).where(eq(orders.id, partly));

    const after = await getPaymentsOverview(db, { search: "", page: 1 });
    // 20,499 (2 x 100.00 + 4.99 shipping) + (199.99 + 4.99 - 50.00)
    expect(after.cards.totalRevenuePence - before.cards.totalRevenuePence).toBe(20_499 + 15_498);
    expect(after.cards.totalOrders - before.cards.totalOrders).toBe(5);
    expect(after.cards.paidOrders - before.cards.paidOrders).toBe(2);
    expect(after.cards.pendingOrders - before.cards.pendingOrders).toBe(1);
    // Every order is in one part: the failed one and the one cancelled unpaid
    // are counted beside Paid and Pending, as is an order refunded in full.
    expect(after.cards.failedOrders - before.cards.failedOrders).toBe(1);
    expect(after.cards.cancelledUnpaidOrders - before.cards.cancelledUnpaidOrders).toBe(1);
    const refunded = await insertOrder(db, { email, firstName: name, paymentStatus: "paid", createdAt: new Date(Date.now() - 5_000) });
    await db.update(orders).set({ paymentStatus: "refunded", refundedPence: 20_498 }).where(eq(orders.id, refunded));
    const last = await getPaymentsOverview(db, { search: "", page: 1 });
    expect(last.cards.refundedOrders - before.cards.refundedOrders).toBe(1);
    expect(last.cards.paidOrders - before.cards.paidOrders).toBe(2);
    for (const cards of [before.cards, after.cards, last.cards]) {
      expect(cards.paidOrders + cards.pendingOrders + cards.refundedOrders + cards.failedOrders + cards.cancelledUnpaidOrders).toBe(cards.totalOrders);
    }

    const found = await getPaymentsOverview(db, { search: name.toLowerCase(), page: 1 });
    expect(found.total).toBe(5);
    expect(found.transactions.map((row) => row.paymentStatus)).toEqual(["refunded", "partially_refunded", "failed", "pending", "paid"]);
    expect(found.transactions.at(-1)).toMatchObject({ id: paid, items: 2, amountPence: 20_499, customerName: `${name} Owusu`, customerEmail: email });
    expect(await getPaymentsOverview(db, { search: "no such customer zzzz", page: 1 })).toMatchObject({ total: 0, transactions: [] });
  });

  it("names a customer stored under the spec's first_name / last_name keys, as the Orders screen does", async () => {
    const { db } = get();
    const tag = Math.random().toString(36).slice(2, 8);
    const email = uniqueEmail(`legacy${tag}`);
    const id = await insertOrder(db, { email });
    await db.update(orders).set({ customer: { first_name: `Yaw${tag}`, last_name: " Boateng ", email } as never }).where(eq(orders.id, id));
    const found = await getPaymentsOverview(db, { search: `yaw${tag}`, page: 1 });
    expect(found.transactions).toMatchObject([{ id, customerName: `Yaw${tag} Boateng`, customerEmail: email }]);
  });

  it("pages on the server, and a page past the end shows the last one", async () => {
    const { db } = get();
    const name = `Pager${Math.random().toString(36).slice(2, 7)}`;
    for (let index = 0; index < TRANSACTIONS_PAGE_SIZE + 3; index++) {
      await insertOrder(db, { firstName: name, createdAt: new Date(Date.now() - index * 1000) });
    }
    const second = await getPaymentsOverview(db, { search: name.toLowerCase(), page: 2 });
    expect(second).toMatchObject({ total: TRANSACTIONS_PAGE_SIZE + 3, page: 2, pageCount: 2 });
    expect(second.transactions).toHaveLength(3);
    expect((await getPaymentsOverview(db, { search: name.toLowerCase(), page: 9 })).page).toBe(2);
  });

  it("shows a signed-in non-admin Access Denied with no data, on the page and in the layout", async () => {
    const answer = await page("/admin/stripe", shopper.cookie);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ denied: true, provider: "local", overview: null, search: "", activeSync: null });
    const layout = await settle(
      layoutLoader(withUrl({ request: new Request(`${SHOP}/admin/stripe`, { headers: { cookie: shopper.cookie } }), params: {}, context: makeContext(get().db, auth) }) as never),
    );
    expect(layout).toMatchObject({ status: 403, body: { denied: true, email: null } });
    // Elsewhere in the area a non-admin is still sent to the shop.
    const orders = await settle(
      layoutLoader(withUrl({ request: new Request(`${SHOP}/admin/orders`, { headers: { cookie: shopper.cookie } }), params: {}, context: makeContext(get().db, auth) }) as never),
    );
    expect(orders).toMatchObject({ status: 302 });
  });

  it("the local provider: the page says so and the sync API answers 409 with the reason", async () => {
    const answer = await page("/admin/stripe", admin.cookie);
    expect(answer.body).toMatchObject({ denied: false, provider: "local" });
    const sync = await settle(
      syncAction(withUrl({ request: new Request(`${SHOP}/api/admin/stripe/sync`, { method: "POST", headers: { cookie: admin.cookie, origin: SHOP } }), params: {}, context: makeContext(get().db, auth) }) as never),
    );
    expect(sync).toMatchObject({ status: 409, body: { error: adminPayments.nothingToSync } });
  });

  it("every admin page says when the built-in test provider takes the payments, and says nothing with Stripe", async () => {
    const layout = (context: ReturnType<typeof makeContext>) =>
      settle(layoutLoader(withUrl({ request: new Request(`${SHOP}/admin/orders`, { headers: { cookie: admin.cookie } }), params: {}, context }) as never));
    expect(await layout(makeContext(get().db, auth))).toMatchObject({ status: 200, body: { denied: false, testPayments: true } });
    const payments = createStripeProvider({ secretKey: "sk_test_fake", webhookSecret: undefined, api: { host: "127.0.0.1", port: fake.port, protocol: "http" } });
    expect(await layout(makeContext(get().db, auth, { count: 0 }, { payments }))).toMatchObject({ status: 200, body: { denied: false, testPayments: false } });
  });

  it("with Stripe: POST queues one sync job, the runner syncs every active product, GET follows it", async () => {
    const { db } = get();
    await db.insert(products).values([withDerivedFields({ name: `Sync Suit ${Math.random()}`, category: "suits", pricePence: 20_000, image: "/images/products/s-1.svg", stock: 2 })]);
    const payments = createStripeProvider({ secretKey: "sk_test_fake", webhookSecret: undefined, api: { host: "127.0.0.1", port: fake.port, protocol: "http" } });
    const kicks = { count: 0, jobs: 0 };
    const context = makeContext(db, auth, kicks, { payments });
    const post = () => settle(syncAction(withUrl({ request: new Request(`${SHOP}/api/admin/stripe/sync`, { method: "POST", headers: { cookie: admin.cookie, origin: SHOP } }), params: {}, context }) as never));
    const first = await post();
    expect(first.status).toBe(202);
    const jobId = (first.body as { job: { id: string; status: string } }).job.id;
    // A second click while it is queued answers the same job.
    const second = await post();
    expect(second).toMatchObject({ status: 200, body: { job: { id: jobId } } });
    expect(kicks.jobs).toBe(2);
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.subjectId, jobId));
    expect(audit.map((row) => row.action)).toEqual(["stripe.products_sync_started"]);

    const runner = startJobRunner({ db, services: { payments, config: { publicUrl: SHOP } as AppConfig }, handlers: [stripeSyncJob], pollMs: 60_000 });
    try {
      runner.kick();
      await runner.idle();
    } finally {
      await runner.stop();
    }
    const followed = await settle(syncLoader(withUrl({ request: new Request(`${SHOP}/api/admin/stripe/sync`, { headers: { cookie: admin.cookie } }), params: {}, context }) as never));
    const active = await db.select({ id: products.id }).from(products).where(eq(products.isActive, true));
    expect(followed.body).toMatchObject({ job: { id: jobId, status: "succeeded", progress: { done: expect.any(Number) }, result: { failed: [] } } });
    expect([...fake.products.values()].filter((product) => product.active)).toHaveLength(active.length);
  });
});
