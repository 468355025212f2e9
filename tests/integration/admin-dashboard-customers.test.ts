// The admin dashboard's and Customers screen's figures against hand-computed data, on both engines:
// customers derived from orders by e-mail (case-insensitive; orders without a valid e-mail
// skipped), paid orders only in revenue and spent, search by name, e-mail and phone, pages, and
// the trigger that keeps customer_stats and order_daily_stats equal to a from-scratch rebuild
// whatever writes the orders (payment, a Buy Now buyer's e-mail arriving, deletion, concurrent
// payments of one customer on PostgreSQL).
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { CUSTOMERS_PAGE_SIZE } from "../../src/domain/admin/customers.ts";
import { CHART_DAYS, dashboardStatCards } from "../../src/domain/admin/dashboard.ts";
import { isAwaitingFulfilment } from "../../src/domain/admin/fulfilment.ts";
import { parseOrderFilter, readOrderFilter } from "../../src/domain/admin/order-filters.ts";
import { formatGbp } from "../../src/domain/money.ts";
import { GUEST_PLACEHOLDER_EMAIL, GUEST_PLACEHOLDER_FIRST_NAME } from "../../src/domain/guest-email.ts";
import { formatOrderNumber, shortOrderId } from "../../src/domain/order-number.ts";
import { listCustomers } from "../../src/server/admin/customers/customers.server.ts";
import { listAdminOrders } from "../../src/server/admin/orders/orders-list.server.ts";
import { loadDashboard } from "../../src/server/admin/dashboard/dashboard.server.ts";
import type { Database, DatabaseHandle } from "../../src/server/db/client.server.ts";
import { customerStats, customerTotals, orderDailyStats, orders, products, user } from "../../src/server/db/schema.ts";
import { loader as customersPageLoader } from "../../src/web/routes/admin.customers.tsx";
import { makeAuth, makeContext, settle, SHOP, signedInAccount } from "../helpers/admin.ts";
import { availableEngines, createTestDatabase, migrateUpTo } from "../helpers/databases.ts";
import { withUrl } from "../helpers/route-context.ts";

const DAY = 86_400_000;
const now = Date.now();
const daysAgo = (days: number, hours = 0) => new Date(now - days * DAY - hours * 3_600_000);

type OrderInput = {
  email: string;
  jsonEmail?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  /** The delivery's phone, where checkout also keeps it. */
  shippingPhone?: string;
  total: number;
  paymentStatus?: string;
  status?: string;
  createdAt?: Date;
};

async function placeOrder(db: Database, input: OrderInput): Promise<string> {
  const [row] = await db
    .insert(orders)
    .values({
      subtotalPence: input.total,
      totalAmountPence: input.total,
      customer: { firstName: input.firstName ?? "", lastName: input.lastName ?? "", email: input.jsonEmail ?? input.email, ...(input.phone ? { phone: input.phone } : {}) },
      // As checkout writes it: the lower-cased copy of the customer's e-mail.
      customerEmail: input.email.toLowerCase(),
      ...(input.shippingPhone ? { shippingAddress: { firstName: input.firstName ?? "", lastName: input.lastName ?? "", address: "1 High Street", city: "London", postalCode: "SW1A 1AA", country: "GB", phone: input.shippingPhone } } : {}),
      paymentStatus: input.paymentStatus ?? "paid",
      status: input.status ?? (input.paymentStatus && input.paymentStatus !== "paid" ? "pending" : "processing"),
      createdAt: input.createdAt ?? new Date(),
    })
    .returning({ id: orders.id });
  return row!.id;
}

/** What the trigger keeps, and what admin_rebuild_stats() computes from scratch: they must agree. */
async function expectStatsMatchRebuild(db: Database) {
  const read = async () => ({
    customers: await db.select().from(customerStats).orderBy(customerStats.email),
    days: await db.select().from(orderDailyStats).orderBy(orderDailyStats.day),
    totals: await db.select().from(customerTotals),
  });
  const kept = await read();
  await db.execute(sql`select admin_rebuild_stats()`);
  const rebuilt = await read();
  expect(kept.customers).toEqual(rebuilt.customers);
  expect(kept.totals).toEqual(rebuilt.totals);
  // A day whose orders all went away keeps a zero row; the rebuild has none.
  expect(kept.days.filter((d) => d.paidOrders !== 0)).toEqual(rebuilt.days);
}

for (const engine of availableEngines()) {
  describe(`admin dashboard and customers [${engine}]`, () => {
    // Each test gets its own empty database: these figures are shop-wide.
    const opened: DatabaseHandle[] = [];
    async function freshDb(): Promise<Database> {
      const handle = await createTestDatabase(engine);
      opened.push(handle);
      return handle.db;
    }
    afterEach(async () => {
      for (const handle of opened.splice(0)) await handle.close();
    });

    it("derives customers from orders by e-mail: paid orders only in the figures, invalid e-mails skipped", async () => {
      const db = await freshDb();
      // Ama: two paid orders written with differently-cased e-mails, and a newer unpaid one.
      const ama1 = await placeOrder(db, { email: "Ama.Owusu@Example.com", firstName: "Ama", lastName: "Owusu", total: 12_000, createdAt: daysAgo(10) });
      const ama2 = await placeOrder(db, { email: "ama.owusu@example.com", jsonEmail: "AMA.OWUSU@EXAMPLE.COM", firstName: "Ama", lastName: "Owusu", phone: "+44 7700 900123", total: 8_050, createdAt: daysAgo(3) });
      const ama3 = await placeOrder(db, { email: "ama.owusu@example.com", firstName: "Ama", lastName: "Owusu", total: 5_000, paymentStatus: "pending", createdAt: daysAgo(1) });
      const ama4 = await placeOrder(db, { email: "ama.owusu@example.com", firstName: "Ama", lastName: "Owusu", total: 1_000, paymentStatus: "failed", status: "cancelled", createdAt: daysAgo(20) });
      // Kofi: one paid order. Yaw: only a failed checkout (a customer with nothing spent: "Never").
      await placeOrder(db, { email: "kofi@example.com", firstName: "Kofi", lastName: "Mensah", phone: "020 7946 0018", total: 25_000, createdAt: daysAgo(5) });
      await placeOrder(db, { email: "yaw@example.com", firstName: "Yaw", lastName: "", total: 4_000, paymentStatus: "failed", status: "cancelled", createdAt: daysAgo(2) });
      // Skipped: the Buy Now placeholder and an e-mail that is not one.
      await placeOrder(db, { email: GUEST_PLACEHOLDER_EMAIL, total: 9_999, createdAt: daysAgo(1) });
      await placeOrder(db, { email: "not-an-email", total: 7_777, createdAt: daysAgo(1) });
      await db.insert(user).values({ id: "u-kofi", name: "Kofi Mensah", email: "kofi@example.com" });

      const list = await listCustomers(db);
      // Yaw, who never paid, is listed but not counted among the customers (buyers).
      expect(list.summary).toEqual({
        totalCustomers: 2,
        customersNotPaying: 1,
        totalRevenuePence: 12_000 + 8_050 + 25_000,
        totalOrders: 3,
        averageOrderValuePence: Math.round((12_000 + 8_050 + 25_000) / 3),
      });
      expect(list.total).toBe(3);
      expect(list.items.map((c) => c.email)).toEqual(["kofi@example.com", "ama.owusu@example.com", "yaw@example.com"]);
      const [kofi, ama, yaw] = list.items;
      expect(kofi).toMatchObject({ displayName: "Kofi Mensah", initial: "K", totalOrders: 1, totalSpentPence: 25_000, hasAccount: true, phone: "020 7946 0018" });
      expect(ama).toMatchObject({
        displayName: "Ama Owusu",
        totalOrders: 2,
        ordersPlaced: 4,
        totalSpentPence: 20_050,
        hasAccount: false,
        // Last Order is the last paid one, not the newer unpaid order.
        lastOrderAt: daysAgo(3).toISOString(),
      });
      // The 3 most recent orders, paid or not, newest first; the failed one 20 days ago is the 4th.
      expect(ama!.recentOrders.map((o) => o.id)).toEqual([ama3, ama2, ama1]);
      expect(ama!.recentOrders[0]).toMatchObject({ shortId: shortOrderId(ama3), number: formatOrderNumber(ama3), totalPence: 5_000, paymentStatus: "pending" });
      expect(ama4).toBeTruthy();
      expect(yaw).toMatchObject({ displayName: "Yaw", totalOrders: 0, totalSpentPence: 0, lastOrderAt: null, ordersPlaced: 1 });
      await expectStatsMatchRebuild(db);
    });

    it("searches by name, e-mail and phone, case-insensitively, and says when nothing matches", async () => {
      const db = await freshDb();
      await placeOrder(db, { email: "ama@example.com", firstName: "Ama", lastName: "Owusu", phone: "+44 7700 900123", total: 1_000 });
      await placeOrder(db, { email: "kofi.mensah@shop.test", firstName: "Kofi", lastName: "Mensah", total: 2_000 });
      await placeOrder(db, { email: "efua_50%@example.com", firstName: "Efua", lastName: "Asante", total: 3_000 });
      const emails = async (search: string) => (await listCustomers(db, { search })).items.map((c) => c.email);
      expect(await emails("OWUSU")).toEqual(["ama@example.com"]);
      expect(await emails("ama owusu")).toEqual(["ama@example.com"]);
      expect(await emails("SHOP.TEST")).toEqual(["kofi.mensah@shop.test"]);
      expect(await emails("7700 900123")).toEqual(["ama@example.com"]);
      expect(await emails("7700-900-123")).toEqual(["ama@example.com"]);
      expect(await emails("+447700900123")).toEqual(["ama@example.com"]);
      // An apostrophe is found whichever one was typed, at checkout or in the search.
      await placeOrder(db, { email: "siobhan@example.com", firstName: "Siobhán", lastName: "O\u2019Neill", total: 500 });
      expect(await emails("o'neill")).toEqual(["siobhan@example.com"]);
      expect(await emails("O\u2019Neill")).toEqual(["siobhan@example.com"]);
      const orderIds = async (search: string) => {
        const parsed = parseOrderFilter(new URLSearchParams({ search }));
        if (!parsed.ok) throw new Error(parsed.problem.message);
        return (await listAdminOrders(db, parsed.filter)).items.map((order) => order.customerEmail);
      };
      expect(await orderIds("o'neill")).toEqual(["siobhan@example.com"]);
      expect(await orderIds("o\u2019neill")).toEqual(["siobhan@example.com"]);
      // A number as the owner hears it on a call finds it stored in international format, and the
      // other way round; the Orders search finds that customer's orders too.
      await placeOrder(db, { email: "yaw@example.com", firstName: "Yaw", lastName: "Boateng", phone: "07700 900456", total: 700 });
      for (const typed of ["07700 900123", "07700900123", "0044 7700 900123"]) expect(await emails(typed), typed).toEqual(["ama@example.com"]);
      for (const typed of ["+44 7700 900456", "+447700900456", "07700-900-456"]) expect(await emails(typed), typed).toEqual(["yaw@example.com"]);
      expect(await orderIds("07700 900123")).toEqual(["ama@example.com"]);
      expect(await orderIds("+44 7700 900456")).toEqual(["yaw@example.com"]);
      expect(await orderIds("07700 900999")).toEqual([]);
      await expectStatsMatchRebuild(db);
      // LIKE's wildcards are taken literally.
      expect(await emails("_50%")).toEqual(["efua_50%@example.com"]);
      expect(await emails("%")).toEqual(["efua_50%@example.com"]);
      const none = await listCustomers(db, { search: "nobody-like-this" });
      expect(none).toMatchObject({ total: 0, items: [], pageCount: 0, search: "nobody-like-this" });
      // The summary cards are the shop's, whatever the search.
      expect(none.summary.totalCustomers).toBe(5);
    });

    it("keeps a customer's last known phone and name when a newer order has none, and finds them by it", async () => {
      const db = await freshDb();
      await placeOrder(db, { email: "oliver@example.com", firstName: "Oliver", lastName: "Bennett", phone: "07700 900123", total: 9_000, createdAt: daysAgo(6) });
      const withoutPhone = await placeOrder(db, { email: "oliver@example.com", firstName: "Oliver", lastName: "Bennett", total: 4_000, createdAt: daysAgo(3) });
      // The newest: a guest's Buy Now whose payment page gave his e-mail but neither a name nor a phone.
      await placeOrder(db, { email: "oliver@example.com", firstName: GUEST_PLACEHOLDER_FIRST_NAME, lastName: "", total: 2_000, createdAt: daysAgo(1) });
      const card = async (email: string) => (await listCustomers(db)).items.find((c) => c.email === email);
      const emails = async (search: string) => (await listCustomers(db, { search })).items.map((c) => c.email);
      expect(await card("oliver@example.com")).toMatchObject({ displayName: "Oliver Bennett", initial: "O", phone: "07700 900123" });
      for (const typed of ["900123", "07700 900123", "+44 7700 900123", "bennett"]) expect(await emails(typed), typed).toEqual(["oliver@example.com"]);
      expect(await emails("guest")).toEqual([]);
      await expectStatsMatchRebuild(db);

      // A newer number replaces the old one, whichever order learns it.
      await db
        .update(orders)
        .set({ customer: { firstName: "Oliver", lastName: "Bennett", email: "oliver@example.com", phone: "07700 900456" } })
        .where(eq(orders.id, withoutPhone));
      expect(await card("oliver@example.com")).toMatchObject({ phone: "07700 900456" });
      expect(await emails("900123")).toEqual([]);
      await expectStatsMatchRebuild(db);
      // That order gone, the older number is the last known again.
      await db.delete(orders).where(eq(orders.id, withoutPhone));
      expect(await card("oliver@example.com")).toMatchObject({ displayName: "Oliver Bennett", phone: "07700 900123" });
      await expectStatsMatchRebuild(db);

      // A phone given only for the delivery counts too; a customer who never gave a name is shown by e-mail.
      await placeOrder(db, { email: "ekow@example.com", firstName: "Ekow", lastName: "Addo", shippingPhone: "020 7946 0321", total: 3_000, createdAt: daysAgo(4) });
      await placeOrder(db, { email: "ekow@example.com", firstName: "", lastName: "", total: 1_000, createdAt: daysAgo(2) });
      await placeOrder(db, { email: "nameless@example.com", firstName: GUEST_PLACEHOLDER_FIRST_NAME, lastName: "", total: 1_500 });
      expect(await card("ekow@example.com")).toMatchObject({ displayName: "Ekow Addo", phone: "020 7946 0321" });
      expect(await card("nameless@example.com")).toMatchObject({ displayName: "nameless@example.com", phone: "" });
      expect(await emails("7946 0321")).toEqual(["ekow@example.com"]);
      await expectStatsMatchRebuild(db);
    });

    it("the Customers page shows and finds a phone given on an older order", async () => {
      const db = await freshDb();
      const auth = makeAuth(db);
      const admin = await signedInAccount(db, auth, { admin: true });
      await placeOrder(db, { email: "oliver@example.com", firstName: "Oliver", lastName: "Bennett", phone: "07700 900123", total: 9_000, createdAt: daysAgo(6) });
      await placeOrder(db, { email: "oliver@example.com", firstName: "Oliver", lastName: "Bennett", total: 4_000, createdAt: daysAgo(1) });
      const page = async (search: string) => {
        const answer = await settle(
          customersPageLoader(withUrl({ request: new Request(`${SHOP}/admin/customers?search=${encodeURIComponent(search)}`, { headers: { cookie: admin.cookie } }), params: {}, context: makeContext(db, auth) }) as never),
        );
        expect(answer.status).toBe(200);
        return (answer.body as { customers: { items: { email: string; displayName: string; phone: string }[] } }).customers.items;
      };
      expect(await page("900123")).toEqual([expect.objectContaining({ email: "oliver@example.com", displayName: "Oliver Bennett", phone: "07700 900123" })]);
      expect(await page("")).toEqual([expect.objectContaining({ email: "oliver@example.com", phone: "07700 900123" })]);
    });

    it("an existing shop's customers get their last known phone and name when the shop upgrades", async () => {
      const handle = await createTestDatabase(engine, { migrated: false });
      opened.push(handle);
      const { db } = handle;
      await migrateUpTo(handle, "0026_customer_stats_last_known_contact");
      // Written with the columns orders had then: a later migration's columns do not exist yet.
      const placeOrderOf0025 = (email: string, firstName: string, lastName: string, phone: string | null, total: number, createdAt: Date) =>
        db.execute(sql`
          insert into orders (status, payment_status, subtotal_pence, total_amount_pence, customer, customer_email, created_at)
          values ('processing', 'paid', ${total}, ${total}, ${JSON.stringify({ firstName, lastName, email, ...(phone ? { phone } : {}) })}::jsonb, ${email}, ${createdAt.toISOString()})`);
      await placeOrderOf0025("oliver@example.com", "Oliver", "Bennett", "07700 900123", 9_000, daysAgo(6));
      await placeOrderOf0025("oliver@example.com", GUEST_PLACEHOLDER_FIRST_NAME, "", null, 4_000, daysAgo(1));
      await placeOrderOf0025("kofi@example.com", "Kofi", "Mensah", "020 7946 0018", 25_000, daysAgo(5));
      const before = await db.select().from(customerStats).orderBy(customerStats.email);
      expect(before.map(({ email, firstName, phone }) => ({ email, firstName, phone }))).toEqual([
        { email: "kofi@example.com", firstName: "Kofi", phone: "020 7946 0018" },
        { email: "oliver@example.com", firstName: "Guest", phone: "" },
      ]);
      await handle.migrate();
      expect((await listCustomers(db, { search: "900123" })).items).toEqual([expect.objectContaining({ email: "oliver@example.com", displayName: "Oliver Bennett", phone: "07700 900123" })]);
      expect((await listCustomers(db)).summary).toMatchObject({ totalCustomers: 2, totalRevenuePence: 38_000, totalOrders: 3 });
      await expectStatsMatchRebuild(db);
    });

    it("pages customers by total spent, highest first", async () => {
      const db = await freshDb();
      const count = CUSTOMERS_PAGE_SIZE + 2;
      for (let i = 0; i < count; i++) await placeOrder(db, { email: `c${String(i).padStart(2, "0")}@example.com`, total: 1_000 + i * 100 });
      const first = await listCustomers(db, { page: 1 });
      expect(first).toMatchObject({ total: count, page: 1, pageCount: 2 });
      expect(first.items).toHaveLength(CUSTOMERS_PAGE_SIZE);
      expect(first.items[0]!.email).toBe(`c${count - 1}@example.com`);
      const second = await listCustomers(db, { page: 2 });
      expect(second.items.map((c) => c.email)).toEqual(["c01@example.com", "c00@example.com"]);
      // A page past the end shows the last one.
      expect((await listCustomers(db, { page: 99 })).page).toBe(2);
    });

    it("keeps the figures in step with payments, a Buy Now buyer's e-mail arriving, and deletions", async () => {
      const db = await freshDb();
      const id = await placeOrder(db, { email: GUEST_PLACEHOLDER_EMAIL, firstName: "Guest", total: 6_000, paymentStatus: "pending" });
      expect((await listCustomers(db)).total).toBe(0);
      // The payment page learned the buyer (payments.server.ts recordCollectedDetails), then the payment arrived.
      await db
        .update(orders)
        .set({ customer: { firstName: "Adjoa", lastName: "Boateng", email: "Adjoa@Example.com" }, customerEmail: "adjoa@example.com" })
        .where(eq(orders.id, id));
      let [adjoa] = (await listCustomers(db)).items;
      expect(adjoa).toMatchObject({ email: "adjoa@example.com", displayName: "Adjoa Boateng", totalOrders: 0, totalSpentPence: 0 });
      expect((await listCustomers(db)).summary).toMatchObject({ totalCustomers: 0, customersNotPaying: 1 });
      expect((await loadDashboard(db)).figures).toMatchObject({ customers: 0, customersNotPaying: 1 });
      await db.update(orders).set({ paymentStatus: "paid", status: "processing" }).where(eq(orders.id, id));
      [adjoa] = (await listCustomers(db)).items;
      expect(adjoa).toMatchObject({ totalOrders: 1, totalSpentPence: 6_000 });
      expect((await listCustomers(db)).summary).toMatchObject({ totalCustomers: 1, customersNotPaying: 0 });
      expect((await loadDashboard(db)).figures).toMatchObject({ customers: 1, customersNotPaying: 0 });
      await expectStatsMatchRebuild(db);
      // Refunded in full, she is a customer no longer counted; the money back, counted again.
      await db.update(orders).set({ paymentStatus: "refunded", refundedPence: 6_000 }).where(eq(orders.id, id));
      expect((await listCustomers(db)).summary).toMatchObject({ totalCustomers: 0, customersNotPaying: 1 });
      await expectStatsMatchRebuild(db);
      await db.update(orders).set({ paymentStatus: "paid", refundedPence: 0 }).where(eq(orders.id, id));
      expect((await listCustomers(db)).summary).toMatchObject({ totalCustomers: 1, customersNotPaying: 0 });
      expect((await loadDashboard(db)).figures).toMatchObject({ revenuePence: 6_000, paidOrders: 1, awaitingFulfilment: 1 });
      // A part refund leaves the rest of the order to send: still awaiting fulfilment.
      await db.update(orders).set({ paymentStatus: "partially_refunded" }).where(eq(orders.id, id));
      expect((await loadDashboard(db)).figures).toMatchObject({ awaitingFulfilment: 1 });
      await db.update(orders).set({ paymentStatus: "paid" }).where(eq(orders.id, id));
      // Shipping it changes nothing the customer figures count, and ends "awaiting fulfilment".
      await db.update(orders).set({ status: "shipped" }).where(eq(orders.id, id));
      expect((await loadDashboard(db)).figures).toMatchObject({ revenuePence: 6_000, paidOrders: 1, awaitingFulfilment: 0 });
      await expectStatsMatchRebuild(db);
      await db.delete(orders).where(eq(orders.id, id));
      expect((await listCustomers(db)).summary).toEqual({ totalCustomers: 0, customersNotPaying: 0, totalRevenuePence: 0, totalOrders: 0, averageOrderValuePence: 0 });
      expect((await loadDashboard(db)).figures).toMatchObject({ revenuePence: 0, paidOrders: 0, customers: 0, customersNotPaying: 0 });
      await expectStatsMatchRebuild(db);
    });

    it("dashboard: six figures, the 5 newest orders and 30 days of paid sales", async () => {
      const db = await freshDb();
      await db.insert(products).values([
        { name: "Navy Suit", pricePence: 20_000, category: "suits", isActive: true, image: "/images/products/navy-suit-1.svg", hasValidImage: true },
        { name: "Old Tie", pricePence: 2_000, category: "ties", isActive: false, image: "/images/products/old-tie.svg", hasValidImage: true },
        { name: "White Shirt", pricePence: 4_000, category: "shirts", isActive: true, image: "/images/products/white-shirt.svg", hasValidImage: true },
        // Active but without an image: the shop does not list it, so it is not counted as on sale.
        { name: "Unphotographed Scarf", pricePence: 3_000, category: "accessories", isActive: true },
      ]);
      await placeOrder(db, { email: "a@example.com", firstName: "Ama", lastName: "Owusu", total: 10_000, status: "delivered", createdAt: daysAgo(40) });
      await placeOrder(db, { email: "a@example.com", total: 20_000, status: "shipped", createdAt: daysAgo(2) });
      await placeOrder(db, { email: "b@example.com", total: 30_000, status: "processing", createdAt: daysAgo(2, 1) });
      await placeOrder(db, { email: "c@example.com", total: 40_000, status: "pending", createdAt: daysAgo(0) });
      await placeOrder(db, { email: "c@example.com", total: 99_000, paymentStatus: "pending", createdAt: daysAgo(0) });
      await placeOrder(db, { email: "d@example.com", total: 55_000, paymentStatus: "failed", status: "cancelled", createdAt: daysAgo(1) });
      const newest = await placeOrder(db, { email: "e@example.com", firstName: "Esi", lastName: "Ofori", total: 1_500, status: "cancelled", createdAt: new Date(now + 1000) });

      const dashboard = await loadDashboard(db);
      const paidTotal = 10_000 + 20_000 + 30_000 + 40_000 + 1_500;
      expect(dashboard.figures).toEqual({
        revenuePence: paidTotal,
        paidOrders: 5,
        // Paid and not shipped, delivered or cancelled: the processing and the pending-status one.
        awaitingFulfilment: 2,
        averageOrderValuePence: Math.round(paidTotal / 5),
        // Buyers: a, b, c and e (a cancelled order still paid); d only had a failed checkout.
        customers: 4,
        customersNotPaying: 1,
        activeProducts: 2,
        totalProducts: 4,
      });
      expect(dashboard.recentOrders).toHaveLength(5);
      expect(dashboard.recentOrders[0]).toMatchObject({ id: newest, number: formatOrderNumber(newest), customerName: "Esi Ofori", customerEmail: "e@example.com", totalPence: 1_500, status: "cancelled", paymentStatus: "paid" });
      expect(dashboard.days).toHaveLength(CHART_DAYS);
      // The order 40 days ago is outside the chart; every other paid order is in it.
      expect(dashboard.days.reduce((sum, d) => sum + d.revenuePence, 0)).toBe(paidTotal - 10_000);
      expect(dashboard.days.reduce((sum, d) => sum + d.paidOrders, 0)).toBe(4);
      const days = dashboard.days.map((d) => d.day);
      expect([...days].sort()).toEqual(days);
    });

    it("each order figure's link lists exactly the orders it counts", async () => {
      const db = await freshDb();
      await placeOrder(db, { email: "a@example.com", total: 10_000, status: "processing" });
      await placeOrder(db, { email: "b@example.com", total: 10_000, status: "pending" }); // paid, status left at pending
      await placeOrder(db, { email: "c@example.com", total: 10_000, paymentStatus: "partially_refunded", status: "processing" });
      // Refunded in full, still marked to be sent: the Processing list shows it, neither figure counts it.
      await placeOrder(db, { email: "d@example.com", total: 10_000, paymentStatus: "refunded", status: "processing" });
      await placeOrder(db, { email: "e@example.com", total: 10_000, status: "shipped" });
      await placeOrder(db, { email: "f@example.com", total: 10_000, status: "cancelled" }); // paid, cancelled, not refunded
      await placeOrder(db, { email: "g@example.com", total: 10_000, paymentStatus: "pending" }); // a checkout never paid
      const { figures } = await loadDashboard(db);
      expect(figures).toMatchObject({ paidOrders: 5, awaitingFulfilment: 3 });
      const listed = async (href: string) => {
        const url = new URL(href, "http://shop.test");
        expect(url.pathname).toBe("/admin/orders");
        return listAdminOrders(db, readOrderFilter(url.searchParams));
      };
      const cards = dashboardStatCards(figures, formatGbp);
      const ordersCard = cards.find((card) => card.key === "orders")!;
      const awaitingCard = cards.find((card) => card.key === "awaiting")!;
      const paid = await listed(ordersCard.href!);
      expect(paid.total).toBe(figures.paidOrders);
      expect(paid.items.map((order) => order.customerEmail).sort()).toEqual(["a@example.com", "b@example.com", "c@example.com", "e@example.com", "f@example.com"]);
      const awaiting = await listed(awaitingCard.href!);
      expect(awaiting.total).toBe(figures.awaitingFulfilment);
      expect(awaiting.items.map((order) => order.customerEmail).sort()).toEqual(["a@example.com", "b@example.com", "c@example.com"]);
      expect(awaiting.items.every((order) => isAwaitingFulfilment(order))).toBe(true);
      // The status filter narrows within a figure's orders: its Processing ones leave out the refunded one.
      expect((await listed(`${awaitingCard.href}&status=processing`)).total).toBe(2);
      expect((await listed("/admin/orders?status=processing")).total).toBe(3);
    });

    it("dashboard: an unpaid guest Buy Now lists no e-mail rather than the placeholder", async () => {
      const db = await freshDb();
      // As checkout stores it: the name "Guest" and the placeholder address.
      const id = await placeOrder(db, { email: GUEST_PLACEHOLDER_EMAIL, firstName: "Guest", total: 9_000, paymentStatus: "pending" });
      const [recent] = (await loadDashboard(db)).recentOrders;
      expect(recent).toMatchObject({ id, customerName: "Guest", customerEmail: "" });
    });

    it("dashboard of a shop without orders: zeros, no recent orders, 30 empty days", async () => {
      const db = await freshDb();
      const dashboard = await loadDashboard(db);
      expect(dashboard.figures).toEqual({ revenuePence: 0, paidOrders: 0, awaitingFulfilment: 0, averageOrderValuePence: 0, customers: 0, customersNotPaying: 0, activeProducts: 0, totalProducts: 0 });
      expect(dashboard.recentOrders).toEqual([]);
      expect(dashboard.days).toHaveLength(CHART_DAYS);
      expect(dashboard.days.every((d) => d.paidOrders === 0 && d.revenuePence === 0)).toBe(true);
      expect(await listCustomers(db)).toMatchObject({ total: 0, items: [], summary: { totalCustomers: 0, averageOrderValuePence: 0 } });
    });

    it("the SQL and the domain agree on which e-mails are customers", async () => {
      const db = await freshDb();
      const { isCustomerEmail } = await import("../../src/domain/admin/customers.ts");
      const candidates = ["a@b", "ama@example.com", "", "no-at-sign", "two@@example.com", "a b@example.com", "@example.com", "ama@", GUEST_PLACEHOLDER_EMAIL, "x@y@z"];
      for (const email of candidates) {
        const result = await db.execute(sql`select admin_is_customer_email(${email}) as valid`);
        const [row] = (result as unknown as { rows: { valid: boolean }[] }).rows;
        expect({ email, valid: row!.valid }).toEqual({ email, valid: isCustomerEmail(email) });
      }
    });

    if (engine === "postgres") {
      it("concurrent payments of one customer's orders are all counted", async () => {
        const db = await freshDb();
        const ids: string[] = [];
        for (let i = 0; i < 12; i++) ids.push(await placeOrder(db, { email: "busy@example.com", total: 1_000 + i, paymentStatus: "pending" }));
        // Each payment in its own transaction on its own connection, all at once (as webhooks arrive).
        await Promise.all(
          ids.map((id) =>
            db.transaction(async (tx) => {
              await tx.update(orders).set({ paymentStatus: "paid", status: "processing" }).where(eq(orders.id, id));
              await tx.execute(sql`select pg_sleep(0.02)`);
            }),
          ),
        );
        const [busy] = (await listCustomers(db)).items;
        expect(busy).toMatchObject({ totalOrders: 12, totalSpentPence: ids.reduce((sum, _, i) => sum + 1_000 + i, 0) });
        await expectStatsMatchRebuild(db);
      });
    }
  });
}
