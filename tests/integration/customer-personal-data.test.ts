// A shopper's personal data on the owner's request (the privacy page's "Your rights"), on both
// engines: the download holds everything kept about them and the trail says who took it; erasure
// waits while an order still needs their details, and otherwise leaves no trace of their e-mail,
// name, phone or address in any column of any table, while their orders keep their amounts and the
// customers summary stays equal to a rebuild from the orders.
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { Auth } from "../../src/server/auth/auth.server.ts";
import type { Database } from "../../src/server/db/client.server.ts";
import { rowsOf } from "../../src/server/db/raw-rows.server.ts";
import {
  adminAuditLog,
  adminJobs,
  cartItems,
  contactMessages,
  customerStats,
  customerTotals,
  discountCodes,
  localPaymentSessions,
  mailOutbox,
  orderDailyStats,
  orders,
  orderItems,
  orderRefunds,
  products,
  profiles,
  rateLimit,
  user,
  verification,
} from "../../src/server/db/schema.ts";
import { NO_ADDRESS_AFTER_ERASURE, queueMail } from "../../src/server/mail/outbox.server.ts";
import { exportOrdersCsv } from "../../src/server/admin/orders/orders-export.server.ts";
import { listCustomers } from "../../src/server/admin/customers/customers.server.ts";
import { listAdminOrders } from "../../src/server/admin/orders/orders-list.server.ts";
import { loadDashboard } from "../../src/server/admin/dashboard/dashboard.server.ts";
import { parseOrderFilter } from "../../src/domain/admin/order-filters.ts";
import { formatOrderNumber } from "../../src/domain/order-number.ts";
import { loader as downloadLoader } from "../../src/web/routes/api.admin.customer-data.ts";
import { action as erasureAction } from "../../src/web/routes/api.admin.customer-erasure.ts";
import { action as customersPageAction } from "../../src/web/routes/admin.customers.tsx";
import { makeAuth, makeContext, settle, SHOP, signedInAccount, TEST_DATA_DIR, uniqueEmail, type TestContext } from "../helpers/admin.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { withUrl } from "../helpers/route-context.ts";

const FIRST = "Zebedee";
const LAST = "Quillfeather";
const PHONE = "+44 7700 900123";
const STREET = "17 Marigold Crescent";
const POSTCODE = "QX9 8ZZ";
// The key of the guest cart's cookie in the person's browser, which a checkout from it records.
const BROWSER_CART = `zebcart${Date.now()}`;

type Person = { email: string; userId: string; cookie: string; delivered: string; toShip: string; refunded: string };

async function placeOrder(db: Database, email: string, fields: { status: string; paymentStatus: string; totalPence: number; refundedPence?: number; userId?: string; discountCodeId?: string; createdAt?: Date }) {
  const [row] = await db
    .insert(orders)
    .values({
      userId: fields.userId ?? null,
      status: fields.status,
      paymentStatus: fields.paymentStatus,
      subtotalPence: fields.totalPence - 499,
      shippingPence: 499,
      totalAmountPence: fields.totalPence,
      refundedPence: fields.refundedPence ?? 0,
      discountCodeId: fields.discountCodeId ?? null,
      customer: { firstName: FIRST, lastName: LAST, email, phone: PHONE },
      customerEmail: email,
      shippingAddress: { firstName: FIRST, lastName: LAST, address: STREET, city: "Bramblehurst", postalCode: POSTCODE, country: "United Kingdom", phone: PHONE },
      paymentProvider: "local",
      paidAt: new Date(),
      createdAt: fields.createdAt ?? new Date(Date.now() - 3 * 86_400_000),
    })
    .returning({ id: orders.id });
  await db.insert(orderItems).values({ orderId: row!.id, quantity: 1, unitPricePence: fields.totalPence - 499, productName: "Charcoal Overcoat", productCategory: "coats", selectedSize: "40R" });
  return row!.id;
}

/** Every row of every table whose text (any text, array or JSON column) holds one of the needles. */
async function tracesOf(db: Database, needles: string[]): Promise<string[]> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY', 'tsvector')`),
  );
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    for (const needle of needles) {
      const rows = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from ${sql.identifier(table_name)} where position(${needle.toLowerCase()} in lower(${sql.identifier(column_name)}::text)) > 0`),
      );
      if (Number(rows[0]?.n) > 0) found.push(`${table_name}.${column_name} holds "${needle}"`);
    }
  }
  return found;
}

const outbox = path.join(TEST_DATA_DIR, "outbox");

/** The download and the erasure, as the owner's browser (or a shopper's, given their cookie) calls them. */
function personalDataRoutes(shop: () => { context: TestContext; adminCookie: string }) {
  return {
    download: async (email: string, cookie = shop().adminCookie) =>
      settle(downloadLoader(withUrl({ request: new Request(`${SHOP}/api/admin/customers/personal-data?email=${encodeURIComponent(email)}`, { headers: { cookie } }), params: {}, context: shop().context }) as never)),
    erase: async (email: string, confirmation: string, cookie = shop().adminCookie) =>
      settle(
        erasureAction(
          withUrl({
            request: new Request(`${SHOP}/api/admin/customers/erasure`, { method: "POST", headers: { cookie, origin: SHOP, "content-type": "application/json" }, body: JSON.stringify({ email, confirmation }) }),
            params: {},
            context: shop().context,
          }) as never,
        ),
      ),
  };
}

describeEachEngine("a customer's personal data", (get) => {
  let auth: Auth;
  let context: TestContext;
  let adminCookie: string;
  let person: Person;
  let otherEmail: string;
  const { download, erase } = personalDataRoutes(() => ({ context, adminCookie }));

  beforeAll(async () => {
    const { db } = get();
    auth = makeAuth(db);
    context = makeContext(db, auth);
    adminCookie = (await signedInAccount(db, auth, { admin: true })).cookie;
    const email = uniqueEmail("zebedee");
    const account = await signedInAccount(db, auth, { admin: false, email });
    await db.update(user).set({ name: `${FIRST} ${LAST}` }).where(eq(user.id, account.userId));
    await db.insert(profiles).values({ id: account.userId, firstName: FIRST, lastName: LAST, phone: PHONE });
    const [product] = await db.insert(products).values({ name: "Personal Data Scarf", pricePence: 2500, category: "accessories" }).returning({ id: products.id });
    await db.insert(cartItems).values({ userId: account.userId, productId: product!.id, quantity: 2, selectedSize: "One size" });
    const [code] = await db.insert(discountCodes).values({ code: `ZEB${Date.now()}`, discountType: "percentage", discountValue: 10 }).returning({ id: discountCodes.id });
    const delivered = await placeOrder(db, email, { status: "delivered", paymentStatus: "paid", totalPence: 25_000, userId: account.userId, discountCodeId: code!.id });
    const refunded = await placeOrder(db, email, { status: "cancelled", paymentStatus: "refunded", totalPence: 12_000, refundedPence: 12_000 });
    const toShip = await placeOrder(db, email, { status: "processing", paymentStatus: "paid", totalPence: 9_000 });
    person = { email, userId: account.userId, cookie: account.cookie, delivered, toShip, refunded };
    await db.update(orders).set({ checkoutCart: `browser:${BROWSER_CART}` }).where(eq(orders.id, refunded));
    await db.update(orders).set({ checkoutCart: `account:${account.userId}` }).where(eq(orders.id, delivered));

    await db.insert(localPaymentSessions).values({
      id: `cs_local_${Date.now()}`,
      orderId: refunded,
      amountPence: 12_000,
      customerEmail: email,
      successUrl: `${SHOP}/order-success`,
      cancelUrl: `${SHOP}/cart`,
      lines: [{ name: "Charcoal Overcoat", quantity: 1, unitAmountPence: 11_501 }],
      collected: { name: `${FIRST} ${LAST}`, phone: PHONE, address: { line1: STREET, city: "Bramblehurst", postalCode: POSTCODE, country: "GB" } },
    });
    await db.insert(contactMessages).values({ firstName: FIRST, lastName: LAST, email, phone: PHONE, subject: "Sleeve length", message: `Please ring ${PHONE} about my coat.` });
    await db.insert(mailOutbox).values([
      { toAddress: email, subject: "Your order is confirmed", textBody: `Dear ${FIRST}, it goes to ${STREET}.`, orderId: delivered, status: "sent" },
      { toAddress: "owner@shop.test", subject: "New order", textBody: `${FIRST} ${LAST} (${email}) ordered.`, orderId: delivered, status: "sent" },
    ]);
    await db.insert(adminAuditLog).values([
      { adminId: "admin-1", adminEmail: "owner@shop.test", action: "order.note_added", subjectType: "order", subjectId: delivered, before: null, after: { note: `${FIRST} rang from ${PHONE}; leave it at ${STREET}` } },
      { adminId: "admin-1", adminEmail: "owner@shop.test", action: "order.details_changed", subjectType: "order", subjectId: delivered, before: { shippingAddress: { address: "16 Marigold Crescent", postalCode: POSTCODE } }, after: { shippingAddress: { address: STREET, postalCode: POSTCODE } } },
      // The owner looked their orders up by surname and postcode to export them: the trail keeps the search.
      { adminId: "admin-1", adminEmail: "owner@shop.test", action: "orders.exported", subjectType: "orders", subjectId: null, before: null, after: { search: LAST, status: null } },
      { adminId: "admin-1", adminEmail: "owner@shop.test", action: "orders.exported", subjectType: "orders", subjectId: null, before: null, after: { search: POSTCODE.replace(" ", "").toLowerCase(), status: "delivered" } },
    ]);
    await db.insert(orderRefunds).values({ orderId: refunded, amountPence: 12_000, reason: `${FIRST} changed his mind`, status: "succeeded", provider: "local", idempotencyKey: `k-${Date.now()}`, adminId: "admin-1" });
    await db.insert(rateLimit).values({ id: `rl-${Date.now()}`, key: `shop:password-reset:${email}`, count: 1, lastRequest: Date.now() });
    await db.insert(verification).values({ id: `v-${Date.now()}`, identifier: `email-change:${email}`, value: "x", expiresAt: new Date(Date.now() + 3_600_000) });
    mkdirSync(outbox, { recursive: true });
    writeFileSync(path.join(outbox, `2026-11-29T10-00-00-000Z-${email}-abc123.eml`), `To: ${email}\n\nDear ${FIRST}`);

    otherEmail = uniqueEmail("someone-else");
    await db.insert(orders).values({
      status: "delivered",
      paymentStatus: "paid",
      subtotalPence: 5_000,
      totalAmountPence: 5_000,
      customer: { firstName: "Olu", lastName: "Bankole", email: otherEmail },
      customerEmail: otherEmail,
      shippingAddress: { address: "2 Other Road", city: "Leeds", postalCode: "LS1 1AA", country: "United Kingdom" },
    });
  });

  it("downloads everything held about the person as one JSON file, and the trail says who took it", async () => {
    const { db } = get();
    const answer = await download(person.email.toUpperCase());
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="personal-data-zebedee-.*\.json"$/);
    const data = answer.body as Record<string, unknown> & { account: Record<string, unknown>; orders: Record<string, unknown>[] };
    expect(data.format).toBe("menswear-shop/personal-data/v1");
    expect(data.email).toBe(person.email);
    expect(data.account).toMatchObject({ name: `${FIRST} ${LAST}`, email: person.email, profile: { firstName: FIRST, lastName: LAST, phone: PHONE } });
    expect(data.account.cart).toEqual([expect.objectContaining({ product: "Personal Data Scarf", quantity: 2 })]);
    expect((data.account.sessions as unknown[]).length).toBeGreaterThan(0);
    expect(data.orders.map((order) => order.number).sort()).toEqual([person.delivered, person.refunded, person.toShip].map(formatOrderNumber).sort());
    const delivered = data.orders.find((order) => order.id === person.delivered)!;
    expect(delivered).toMatchObject({ totalPence: 25_000, customer: { firstName: FIRST, phone: PHONE }, shippingAddress: { address: STREET, postalCode: POSTCODE }, items: [expect.objectContaining({ product: "Charcoal Overcoat" })] });
    expect(delivered.discountCode).toMatch(/^ZEB/);
    expect(data.orders.find((order) => order.id === person.refunded)!.paymentPageDetails).toMatchObject({ phone: PHONE });
    expect(data.contactMessages).toEqual([expect.objectContaining({ subject: "Sleeve length", phone: PHONE })]);
    expect((data.emails as { subject: string }[]).map((mail) => mail.subject)).toEqual(expect.arrayContaining(["New order", "Your order is confirmed"]));
    expect((data.staffActions as { action: string }[]).map((entry) => entry.action)).toEqual(expect.arrayContaining(["order.note_added", "order.details_changed"]));
    // The shop's keys are not the person's data: no password hash, no session token.
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/"password"|"token"|"secret"/);

    const [entry] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "customer.data_exported"));
    expect(entry).toMatchObject({ subjectType: "customer", subjectId: person.email, before: null });
    expect(JSON.stringify(entry!.after)).not.toContain(FIRST);
  });

  it("answers 400 without an address and 404 for a person it holds nothing about", async () => {
    expect((await download("")).status).toBe(400);
    expect((await download(uniqueEmail("nobody"))).status).toBe(404);
  });

  it("refuses a shopper and a guest", async () => {
    expect((await download(person.email, person.cookie)).status).toBe(403);
    expect((await erase(person.email, person.email, person.cookie)).status).toBe(403);
    expect((await download(person.email, "")).status).toBe(401);
  });

  it("refuses to erase while an order is paid and not yet sent, naming it, and changes nothing", async () => {
    const { db } = get();
    const answer = await erase(person.email, person.email);
    expect(answer.status).toBe(409);
    const body = answer.body as { error: string; orders: { orderId: string; number: string }[] };
    expect(body.orders).toEqual([{ orderId: person.toShip, number: formatOrderNumber(person.toShip), reason: "to_ship" }]);
    expect(body.error).toContain(`${formatOrderNumber(person.toShip)} (paid and not yet shipped)`);
    expect(await db.select().from(user).where(eq(user.id, person.userId))).toHaveLength(1);
    expect(await db.select().from(customerStats).where(eq(customerStats.email, person.email))).toHaveLength(1);
  });

  it("refuses an erasure whose typed address is not the person's", async () => {
    const answer = await erase(person.email, "someone@example.com");
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: expect.stringContaining("Type the customer's e-mail address") });
  });

  it("erases: no trace of the e-mail, name, phone or address in any table; orders keep their amounts; the summaries stay right", async () => {
    const { db } = get();
    await db.update(orders).set({ status: "shipped", shippedAt: new Date() }).where(eq(orders.id, person.toShip));
    const dashboardBefore = await loadDashboard(db);
    const customersBefore = (await listCustomers(db)).summary;
    const [totalsBefore] = await db.select().from(customerTotals);
    const daysBefore = await db.select().from(orderDailyStats).orderBy(orderDailyStats.day);
    // The cookie's key and the account's id would tie the kept orders to the person's browser and to them.
    const needles = [person.email, FIRST, LAST, PHONE, PHONE.replace(/\D/g, ""), STREET, "Marigold", POSTCODE, POSTCODE.replace(" ", ""), BROWSER_CART, person.userId];
    expect((await tracesOf(db, needles)).length).toBeGreaterThan(10);

    // Through the Customers page's form, as the owner's browser posts it.
    const form = new URLSearchParams({ intent: "erase", email: person.email, confirmation: ` ${person.email.toUpperCase()} ` });
    const answer = await settle(
      customersPageAction(
        withUrl({ request: new Request(`${SHOP}/admin/customers`, { method: "POST", headers: { cookie: adminCookie, origin: SHOP, "content-type": "application/x-www-form-urlencoded" }, body: form }), params: {}, context }) as never,
      ),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, message: expect.stringContaining("3 orders kept without their details") });

    expect(await tracesOf(db, needles)).toEqual([]);
    expect(readdirSync(outbox).filter((name) => name.includes("zebedee"))).toEqual([]);

    // The orders stay for the accounts: amounts, items, status, the delivery country.
    const kept = await db.select().from(orders).where(eq(orders.id, person.delivered));
    expect(kept[0]).toMatchObject({ totalAmountPence: 25_000, status: "delivered", paymentStatus: "paid", customerEmail: "erased", userId: null, shippingAddress: { country: "United Kingdom", address: "" } });
    expect(await db.select().from(orderItems).where(eq(orderItems.orderId, person.delivered))).toHaveLength(1);
    expect(kept[0]!.discountCodeId).not.toBeNull();

    // Gone from Customers and from a search of orders; the figures are those of a rebuild.
    expect(await db.select().from(customerStats).where(eq(customerStats.email, person.email))).toEqual([]);
    expect((await listCustomers(db, { search: LAST })).total).toBe(0);
    const filter = parseOrderFilter(new URLSearchParams({ search: LAST }));
    if (!filter.ok) throw new Error("filter");
    expect((await listAdminOrders(db, filter.filter)).total).toBe(0);
    const [totalsAfter] = await db.select().from(customerTotals);
    expect(totalsAfter).toMatchObject({ customers: totalsBefore!.customers - 1, payingCustomers: totalsBefore!.payingCustomers - 1 });
    expect(await db.select().from(orderDailyStats).orderBy(orderDailyStats.day)).toEqual(daysBefore);
    const dashboardAfter = await loadDashboard(db);
    expect(dashboardAfter.figures.revenuePence).toBe(dashboardBefore.figures.revenuePence);
    expect(dashboardAfter.figures.customers).toBe(dashboardBefore.figures.customers - 1);
    // Customers' figures: one customer fewer, the same revenue and orders (the orders are still the shop's).
    const customersAfter = (await listCustomers(db)).summary;
    expect(customersAfter).toEqual({ ...customersBefore, totalCustomers: customersBefore.totalCustomers - 1 });
    expect(customersAfter.totalRevenuePence).toBe(dashboardAfter.figures.revenuePence);
    const kept2 = { customers: await db.select().from(customerStats).orderBy(customerStats.email), totals: await db.select().from(customerTotals) };
    await db.execute(sql`select admin_rebuild_stats()`);
    expect({ customers: await db.select().from(customerStats).orderBy(customerStats.email), totals: await db.select().from(customerTotals) }).toEqual(kept2);

    // The CSV export keeps the order's figures under a name that says why it has no customer.
    let csv = "";
    for await (const chunk of exportOrdersCsv(db, { search: person.delivered, status: null })) csv += chunk;
    const [, line] = csv.trim().split("\n");
    expect(line).toContain("Erased customer");
    expect(line).toContain("250.00");
    expect(line).toContain("United Kingdom");

    // The other customer is untouched.
    expect(await db.select().from(customerStats).where(eq(customerStats.email, otherEmail))).toHaveLength(1);

    // The erasure is in the trail, by counts and order ids only; the trail itself stays append-only.
    const [entry] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "customer.personal_data_erased"));
    expect(entry).toMatchObject({ subjectType: "customer", subjectId: null, after: { accountDeleted: true, contactMessages: 1 } });
    expect((entry!.after as { orders: string[] }).orders.sort()).toEqual([person.delivered, person.refunded, person.toShip].sort());
    await expect(db.update(adminAuditLog).set({ after: null }).where(eq(adminAuditLog.id, entry!.id))).rejects.toThrow();
    const [note] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "order.note_added"));
    expect(note!.after).toEqual({ note: "[erased] rang from [erased]; leave it at [erased]" });
  });

  it("sends nothing about an erased order later (a status change's mail): it is kept as failed, saying why", async () => {
    const { db } = get();
    const id = await queueMail(db, { to: "erased", subject: "Your order was delivered", text: "Delivered.", orderId: person.delivered });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(mail).toMatchObject({ status: "failed", lastError: NO_ADDRESS_AFTER_ERASURE });
  });

  it("then holds nothing more: a second download or erasure answers 404", async () => {
    expect((await download(person.email)).status).toBe(404);
    expect((await erase(person.email, person.email)).status).toBe(404);
  });
});

describeEachEngine("a customer whose address is inside another's", (get) => {
  let context: TestContext;
  let adminCookie: string;
  const { download, erase } = personalDataRoutes(() => ({ context, adminCookie }));
  const theirs = { street: "4 Juniper Row", postcode: "JR4 4JR" };

  it("downloads and erases only that customer: another's trail entries, sign-in tokens and mail files stay as they were", async () => {
    const { db } = get();
    const auth = makeAuth(db);
    context = makeContext(db, auth);
    adminCookie = (await signedInAccount(db, auth, { admin: true })).cookie;
    const email = uniqueEmail("jo");
    // The same address with more in front and behind: other people's.
    const others = [`big.${email}`, `${email}.au`];
    const mine = await placeOrder(db, email, { status: "delivered", paymentStatus: "paid", totalPence: 6_000 });
    for (const other of others) {
      const order = await placeOrder(db, other, { status: "delivered", paymentStatus: "paid", totalPence: 7_000 });
      await db.insert(adminAuditLog).values({
        adminId: "admin-1",
        adminEmail: "owner@shop.test",
        action: "order.details_changed",
        subjectType: "order",
        subjectId: order,
        before: { customer: { email: other }, shippingAddress: { address: theirs.street, postalCode: theirs.postcode } },
        after: { customer: { email: other }, shippingAddress: { address: "5 Juniper Row", postalCode: theirs.postcode } },
      });
      await db.insert(verification).values({ id: `v-${other}`, identifier: `email-change:${other}`, value: "x", expiresAt: new Date(Date.now() + 3_600_000) });
    }
    mkdirSync(outbox, { recursive: true });
    const files = [email, ...others].map((address) => `2026-11-29T10-00-00-000Z-${address}-abc123.eml`);
    for (const [at, name] of files.entries()) writeFileSync(path.join(outbox, name), `To: ${[email, ...others][at]}\n\nYour order is on its way.`);
    const trailBefore = await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "order.details_changed"));

    const data = (await download(email)).body as { orders: { id: string }[]; staffActions: unknown[] };
    expect(data.orders.map((order) => order.id)).toEqual([mine]);
    expect(JSON.stringify(data)).not.toContain(theirs.street);

    const answer = await erase(email, email);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ orders: [mine] });
    expect(await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "order.details_changed"))).toEqual(trailBefore);
    expect((await db.select().from(verification).where(sql`${verification.id} in (${sql.join(others.map((other) => sql`${`v-${other}`}`), sql`, `)})`)).length).toBe(2);
    const left = readdirSync(outbox);
    expect(left).not.toContain(files[0]);
    expect(left).toEqual(expect.arrayContaining(files.slice(1)));
  });
});

describeEachEngine("a customer whose domain is in another script", (get) => {
  let context: TestContext;
  let adminCookie: string;
  const { download, erase } = personalDataRoutes(() => ({ context, adminCookie }));

  it("is found by the address as the card shows it (and as they wrote it), not only by the stored ASCII form", async () => {
    const { db } = get();
    const auth = makeAuth(db);
    context = makeContext(db, auth);
    adminCookie = (await signedInAccount(db, auth, { admin: true })).cookie;
    const local = `kofi-${Date.now()}`;
    const stored = `${local}@xn--bcher-kva.de`;
    const asShown = `${local}@Bücher.de`;
    const order = await placeOrder(db, stored, { status: "delivered", paymentStatus: "paid", totalPence: 8_000 });

    const answer = await download(asShown);
    expect(answer.status).toBe(200);
    expect((answer.body as { orders: { id: string }[] }).orders.map((row) => row.id)).toEqual([order]);

    const erased = await erase(asShown, ` ${asShown} `);
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ orders: [order] });
    expect(await db.select().from(customerStats).where(eq(customerStats.email, stored))).toEqual([]);
  });
});

describeEachEngine("a person the shop knows only outside orders and accounts", (get) => {
  let context: TestContext;
  let adminCookie: string;
  const { download, erase } = personalDataRoutes(() => ({ context, adminCookie }));

  beforeAll(async () => {
    const { db } = get();
    const auth = makeAuth(db);
    context = makeContext(db, auth);
    adminCookie = (await signedInAccount(db, auth, { admin: true })).cookie;
  });

  // Each a person with one trace and nothing else: no order, no account, no message, no mail.
  const traces: { kind: string; leave: (db: Database, email: string) => Promise<void>; inDownload: (data: Record<string, unknown[]>) => unknown[]; left: (db: Database, email: string) => Promise<unknown[]> }[] = [
    {
      kind: "a staff note on another customer's order naming their address",
      leave: async (db, email) => {
        const order = await placeOrder(db, uniqueEmail("neighbour"), { status: "delivered", paymentStatus: "paid", totalPence: 4_000 });
        await db.insert(adminAuditLog).values({ adminId: "admin-1", adminEmail: "owner@shop.test", action: "order.note_added", subjectType: "order", subjectId: order, before: null, after: { note: `Gift: the buyer says to write to ${email.toUpperCase()} if it is late` } });
      },
      inDownload: (data) => data.staffActions!,
      left: (db, email) => db.select().from(adminAuditLog).where(sql`position(${email} in lower(${adminAuditLog.after}::text)) > 0`),
    },
    {
      kind: "a sign-in throttle counter of their address and network",
      leave: async (db, email) => {
        await db.insert(rateLimit).values({ id: `rl-${email}`, key: `shop:sign-in-account-ip:${email}|203.0.113.7`, count: 3, lastRequest: Date.now() });
      },
      inDownload: (data) => data.attemptCounters!,
      left: (db, email) => db.select().from(rateLimit).where(sql`position(${email} in ${rateLimit.key}) > 0`),
    },
    {
      kind: "a password-reset counter of their address",
      leave: async (db, email) => {
        await db.insert(rateLimit).values({ id: `rl-${email}`, key: `shop:reset-request-email:${email}`, count: 1, lastRequest: Date.now() });
      },
      inDownload: (data) => data.attemptCounters!,
      left: (db, email) => db.select().from(rateLimit).where(sql`position(${email} in ${rateLimit.key}) > 0`),
    },
    {
      kind: "a background job's report naming their address",
      leave: async (db, email) => {
        await db.insert(adminJobs).values({ kind: "import", status: "failed", payload: { file: "customers.csv" }, error: `Row 3: ${email} is not a product` });
      },
      inDownload: (data) => data.backgroundJobs!,
      left: (db, email) => db.select().from(adminJobs).where(sql`position(${email} in lower(${adminJobs.error})) > 0`),
    },
  ];

  for (const trace of traces) {
    it(`downloads and erases ${trace.kind}; then holds nothing`, async () => {
      const { db } = get();
      const email = uniqueEmail("trace");
      await trace.leave(db, email);

      const answer = await download(email);
      expect(answer.status).toBe(200);
      expect(JSON.stringify(trace.inDownload(answer.body as Record<string, unknown[]>)).toLowerCase()).toContain(email);

      const erased = await erase(email, email);
      expect(erased.status).toBe(200);
      expect(await trace.left(db, email)).toEqual([]);
      expect((await download(email)).status).toBe(404);
      expect((await erase(email, email)).status).toBe(404);
    });
  }
});

describeEachEngine("a staff note on another customer's order naming the person", (get) => {
  let context: TestContext;
  let adminCookie: string;
  const { download, erase } = personalDataRoutes(() => ({ context, adminCookie }));

  it("is downloaded and loses the address (in any case, its domain in either script) on erasure, the other customer's words kept", async () => {
    const { db } = get();
    const auth = makeAuth(db);
    context = makeContext(db, auth);
    adminCookie = (await signedInAccount(db, auth, { admin: true })).cookie;
    const local = `kwame-${Date.now()}`;
    const email = `${local}@xn--bcher-kva.de`;
    const mine = await placeOrder(db, email, { status: "delivered", paymentStatus: "paid", totalPence: 6_000 });
    const theirs = await placeOrder(db, uniqueEmail("olu"), { status: "delivered", paymentStatus: "paid", totalPence: 7_000 });
    const note = (text: string) => ({ adminId: "admin-1", adminEmail: "owner@shop.test", action: "order.note_added", subjectType: "order", subjectId: theirs, before: null, after: { note: text } });
    const [naming] = await db.insert(adminAuditLog).values(note(`Olu Bankole's gift: his brother ${local.toUpperCase()}@Bücher.de pays, also ${email}.`)).returning();
    // Another person's address that holds theirs: not theirs.
    const [other] = await db.insert(adminAuditLog).values(note(`Copy to big.${local}@bücher.de`)).returning();

    const data = (await download(email)).body as { staffActions: { order?: string; theirOrder?: boolean; after: unknown }[] };
    const notes = data.staffActions.filter((entry) => entry.order === formatOrderNumber(theirs));
    expect(notes).toEqual([expect.objectContaining({ theirOrder: false, after: naming!.after })]);

    expect((await erase(email, email)).body).toMatchObject({ orders: [mine] });
    const [after] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.id, naming!.id));
    expect(after!.after).toEqual({ note: "Olu Bankole's gift: his brother [erased] pays, also [erased]." });
    const [untouched] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.id, other!.id));
    expect(untouched!.after).toEqual(other!.after);
  });
});
