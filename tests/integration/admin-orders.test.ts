// The admin orders services and their routes on both engines (admin.md sections 2, 4, 7, 8):
// search, filter, grouping and pages; any-to-any status changes with their audit rows and the
// shipment e-mail; notes and the timeline; the streamed CSV export; the JSON API's 4xx answers;
// the admin login refusing a shopper; and the audit trail refusing to be rewritten.
import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { parseOrderFilter, type AdminOrderFilter } from "../../src/domain/admin/order-filters.ts";
import { adminAccess, adminFulfilment, adminOrders } from "../../src/domain/messages/admin.ts";
import { orderMails } from "../../src/domain/messages/order-mails.ts";
import { validation } from "../../src/domain/messages/forms.ts";
import { formatOrderNumber } from "../../src/domain/order-number.ts";
import { ERASED_EMAIL, erasedCustomer, erasedShippingAddress } from "../../src/domain/admin/personal-data.ts";
import { statusLabel } from "../../src/domain/status.ts";
import { adminSignIn } from "../../src/server/admin/admin-session.server.ts";
import { recordAdminAction } from "../../src/server/admin/audit/audit.server.ts";
import { addOrderNote } from "../../src/server/admin/orders/order-notes.server.ts";
import { changeOrderStatus } from "../../src/server/admin/orders/order-status-change.server.ts";
import { getAdminOrder } from "../../src/server/admin/orders/order-details.server.ts";
import { listAdminOrders } from "../../src/server/admin/orders/orders-list.server.ts";
import { EXPORT_COLUMNS, exportOrdersCsv } from "../../src/server/admin/orders/orders-export.server.ts";
import type { Auth } from "../../src/server/auth/auth.server.ts";
import { readViewer } from "../../src/server/auth/session.server.ts";
import { adminAuditLog, discountCodes, mailOutbox, orders } from "../../src/server/db/schema.ts";
import { action as orderApiAction, loader as orderApiLoader } from "../../src/web/routes/api.admin.order.ts";
import { loader as ordersApiLoader } from "../../src/web/routes/api.admin.orders.ts";
import { loader as exportLoader } from "../../src/web/routes/api.admin.orders-export.ts";
import { action as notesAction } from "../../src/web/routes/api.admin.order-notes.ts";
import { action as trackingAction } from "../../src/web/routes/api.admin.order-tracking.ts";
import { action as ordersPageAction, loader as ordersPageLoader } from "../../src/web/routes/admin.orders.tsx";
import { action as orderPageAction, loader as orderPageLoader } from "../../src/web/routes/admin.order.tsx";
import { loader as printLoader } from "../../src/web/routes/admin.orders.print.tsx";
import { createTestDatabase, describeEachEngine } from "../helpers/databases.ts";
import { insertOrder, makeAuth, makeContext, returned, settle, SHOP, signedInAccount, uniqueEmail, type TestContext } from "../helpers/admin.ts";
import { withUrl } from "../helpers/route-context.ts";
import { requestErrors } from "../../src/domain/messages/requests.ts";

const filter = (query: string): AdminOrderFilter => {
  const parsed = parseOrderFilter(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(parsed.problem.message);
  return parsed.filter;
};

async function collect(chunks: AsyncGenerator<string>): Promise<string> {
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return text;
}

describeEachEngine("admin orders", (get, engine) => {
  let auth: Auth;
  let context: TestContext;
  let admin: { userId: string; email: string; firstName: string; lastName: string };
  let adminCookie: string;
  const kicks = { count: 0 };

  beforeAll(async () => {
    const { db } = get();
    auth = makeAuth(db);
    context = makeContext(db, auth, kicks);
    const account = await signedInAccount(db, auth, { admin: true });
    admin = { userId: account.userId, email: account.email, firstName: "Ada", lastName: "Admin" };
    adminCookie = account.cookie;
  });

  const api = (path: string, init: RequestInit = {}) =>
    new Request(SHOP + path, { ...init, headers: { cookie: adminCookie, origin: SHOP, "content-type": "application/json", ...(init.headers ?? {}) } });
  const page = (path: string, init: RequestInit = {}) => new Request(SHOP + path, { ...init, headers: { cookie: adminCookie, origin: SHOP } });

  it("searches name, e-mail, order id and payment session id, case-insensitively", async () => {
    const { db } = get();
    const tag = Math.random().toString(36).slice(2, 8);
    const email = uniqueEmail(`kwame${tag}`);
    const id = await insertOrder(db, { firstName: `Kwame${tag}`, lastName: "Asante", email, sessionId: `cs_test_SESSION${tag}` });
    for (const query of [`kwame${tag.toUpperCase()}`, `KWAME${tag} asante`, email.toUpperCase(), formatOrderNumber(id), id.slice(0, 13).toUpperCase(), `session${tag}`]) {
      const page = await listAdminOrders(db, filter(`search=${encodeURIComponent(query)}`));
      expect(page.items.map((order) => order.id), query).toEqual([id]);
    }
    expect((await listAdminOrders(db, filter(`search=${tag}%25`))).total).toBe(0);
  });

  it("finds an order by its postcode, typed with or without the space, and by the discount code it used", async () => {
    const { db } = get();
    const tag = Math.random().toString(36).slice(2, 6).toUpperCase();
    const postcode = `Q${tag} 9ZZ`;
    const byPostcode = await insertOrder(db, {});
    await db
      .update(orders)
      .set({ shippingAddress: sql`jsonb_set(${orders.shippingAddress}, '{postalCode}', to_jsonb(${postcode}::text))` })
      .where(eq(orders.id, byPostcode));
    for (const query of [postcode, postcode.toLowerCase().replace(" ", "")]) {
      expect((await listAdminOrders(db, filter(`search=${encodeURIComponent(query)}`))).items.map((order) => order.id), query).toEqual([byPostcode]);
    }

    const [code] = await db.insert(discountCodes).values({ code: `USED${tag}`, discountType: "percentage", discountValue: 10 }).returning();
    const withCode = await insertOrder(db, {});
    await db.update(orders).set({ discountCodeId: code!.id, discountPence: 100 }).where(eq(orders.id, withCode));
    const found = await listAdminOrders(db, filter(`search=used${tag.toLowerCase()}`));
    expect(found.items.map((order) => order.id)).toEqual([withCode]);
    expect(found.items[0]!.discountCode).toBe(`USED${tag}`);
    // The export lists what the page lists.
    let csv = "";
    for await (const chunk of exportOrdersCsv(db, { search: `used${tag.toLowerCase()}`, status: null })) csv += chunk;
    expect(csv.split("\r\n").filter(Boolean)).toHaveLength(2);
  });

  it("finds an order by its tracking number and by the name of a product bought, as the database keeps them", async () => {
    const { db } = get();
    const tag = Math.random().toString(36).slice(2, 8);
    const id = await insertOrder(db, {
      items: [
        { name: `Agbada${tag} Set`, category: "traditional", quantity: 1, unitPricePence: 25000 },
        { name: `Silk Tie ${tag}`, category: "ties", quantity: 2, unitPricePence: 3000 },
      ],
    });
    const [row] = await db.select({ itemNames: orders.itemNames }).from(orders).where(eq(orders.id, id));
    expect(row!.itemNames).toContain(`Agbada${tag} Set`);
    expect(row!.itemNames).toContain(`Silk Tie ${tag}`);
    for (const query of [`agbada${tag}`, `SILK TIE ${tag}`]) {
      expect((await listAdminOrders(db, filter(`search=${encodeURIComponent(query)}`))).items.map((order) => order.id), query).toEqual([id]);
    }
    expect(await changeOrderStatus(db, admin, id, { status: "shipped", carrier: "Royal Mail", trackingNumber: `RM${tag}GB` })).toMatchObject({ ok: true });
    expect((await listAdminOrders(db, filter(`search=rm${tag}gb`))).items.map((order) => order.id)).toEqual([id]);
  });

  it("finds an order whose customer name is stored under the older first_name / last_name keys", async () => {
    const { db } = get();
    const tag = Math.random().toString(36).slice(2, 8);
    const email = uniqueEmail(`legacy${tag}`);
    const id = await insertOrder(db, { email });
    await db.update(orders).set({ customer: { first_name: `Yaw${tag}`, last_name: "Boateng", email } as never }).where(eq(orders.id, id));
    for (const query of [`yaw${tag}`, `YAW${tag} boateng`]) {
      const page = await listAdminOrders(db, filter(`search=${encodeURIComponent(query)}`));
      expect(page.items.map((order) => order.id), query).toEqual([id]);
    }
  });

  it("sends the Orders page what its cards show, and the JSON API the whole order", async () => {
    const { db } = get();
    const tag = Math.random().toString(36).slice(2, 8);
    const id = await insertOrder(db, { firstName: `Card${tag}`, lastName: "Owusu", sessionId: `cs_test_card${tag}` });
    const page = await settle(ordersPageLoader(withUrl({ request: api(`/admin/orders?search=card${tag}`), params: {}, context }) as never));
    const [item] = (page.body as { result: { items: Record<string, unknown>[] } }).result.items;
    expect(Object.keys(item!).sort()).toEqual([
      "cancelChoices", "carrier", "createdAt", "customer", "customerEmail", "discountCode", "discountPence", "id", "items", "number", "paymentStatus", "refundedPence", "shippingAddress", "shippingPence", "status", "totalAmount", "trackingNumber",
    ]);
    expect(item).toMatchObject({ id, number: formatOrderNumber(id), customer: { firstName: `Card${tag}`, lastName: "Owusu" } });
    expect(Object.keys((item!.items as Record<string, unknown>[])[0]!).sort()).toEqual(
      ["colour", "id", "lineTotalPence", "productCategory", "productName", "quantity", "size", "unitPricePence"],
    );
    const json = await settle(ordersApiLoader(withUrl({ request: api(`/api/admin/orders?search=card${tag}`), params: {}, context }) as never));
    expect((json.body as { items: Record<string, unknown>[] }).items[0]).toMatchObject({ id, paymentStatus: "paid", paymentSessionId: `cs_test_card${tag}` });
  });

  it("finds every order whose e-mail contains a searched e-mail, and only those", async () => {
    const { db } = get();
    const tag = Math.random().toString(36).slice(2, 8);
    const exact = await insertOrder(db, { email: `jo${tag}@shop-${tag}.test` });
    const longer = await insertOrder(db, { email: `bigjo${tag}@shop-${tag}.test.uk` });
    await insertOrder(db, { email: `jo${tag}@other-${tag}.test` });
    await insertOrder(db, { email: `jo${tag}x@shop-${tag}.test` });
    const ids = async (query: string) => (await listAdminOrders(db, filter(`search=${encodeURIComponent(query)}`))).items.map((order) => order.id).sort();
    expect(await ids(`JO${tag}@shop-${tag}.test`)).toEqual([exact, longer].sort());
    expect((await listAdminOrders(db, filter(`search=${encodeURIComponent(`jo${tag}@shop-${tag}.test`)}`))).total).toBe(2);
    // LIKE's wildcards in an e-mail are taken literally, before and after the "@".
    expect(await ids(`jo${tag}@shop_${tag}.test`)).toEqual([]);
    expect(await ids(`j_${tag}@shop-${tag}.test`)).toEqual([]);
  });

  it("filters by status, groups by customer e-mail then newest first, and pages on the server", async () => {
    const { db } = get();
    const tag = Math.random().toString(36).slice(2, 8);
    const a = `a-${tag}@example.com`;
    const b = `b-${tag}@example.com`;
    const older = await insertOrder(db, { email: b, firstName: `Grp${tag}`, status: "delivered", createdAt: new Date("2026-01-01T10:00:00Z") });
    const newer = await insertOrder(db, { email: b, firstName: `Grp${tag}`, status: "delivered", createdAt: new Date("2026-02-01T10:00:00Z") });
    const first = await insertOrder(db, { email: a, firstName: `Grp${tag}`, status: "delivered", createdAt: new Date("2025-12-01T10:00:00Z") });
    await insertOrder(db, { email: a, firstName: `Grp${tag}`, status: "cancelled" });

    const all = await listAdminOrders(db, filter(`search=grp${tag}&status=delivered&pageSize=2`));
    expect(all.total).toBe(3);
    expect(all.pageCount).toBe(2);
    expect(all.items.map((order) => order.id)).toEqual([first, newer]);
    expect(all.customerOrderCounts).toEqual({ [a]: 1, [b]: 2 });
    const second = await listAdminOrders(db, filter(`search=grp${tag}&status=delivered&pageSize=2&page=2`));
    expect(second.items.map((order) => order.id)).toEqual([older]);
    // A page past the end shows the last one.
    expect((await listAdminOrders(db, filter(`search=grp${tag}&status=delivered&pageSize=2&page=9`))).page).toBe(2);
  });

  it("answers the JSON list with its documented shape and 400 for a bad filter", async () => {
    const { db } = get();
    const tag = Math.random().toString(36).slice(2, 8);
    const id = await insertOrder(db, { firstName: `Json${tag}` });
    const ok = await settle(ordersApiLoader(withUrl({ request: api(`/api/admin/orders?search=json${tag}`), params: {}, context }) as never));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ total: 1, page: 1, pageSize: 20, pageCount: 1 });
    const [item] = (ok.body as { items: Record<string, unknown>[] }).items;
    expect(item).toMatchObject({ id, number: formatOrderNumber(id), status: "processing", paymentStatus: "paid", totalAmount: 19999 + 499 });
    expect(item).toHaveProperty("customer.email");
    expect(item).toHaveProperty("shippingAddress.city", "London");
    expect(item).toHaveProperty("items.0.productName", "Navy Suit");
    expect(item).toHaveProperty("createdAt");
    const bad = await settle(ordersApiLoader(withUrl({ request: api("/api/admin/orders?status=lost"), params: {}, context }) as never));
    expect(bad).toMatchObject({ status: 400, body: { error: "Unknown order status" } });
    // A filter given twice is refused in either order (the first value used to win).
    for (const query of ["status=processing&status=zzz", "status=zzz&status=processing", "status=shipped&status=pending"]) {
      const twice = await settle(ordersApiLoader(withUrl({ request: api(`/api/admin/orders?${query}`), params: {}, context }) as never));
      expect(twice, query).toMatchObject({ status: 400, body: { error: requestErrors.repeatedParameter("status") } });
    }
  });

  it("moves an order from any status to any status, audited, and e-mails the customer once when shipped", async () => {
    const { db } = get();
    const email = uniqueEmail("ship");
    const id = await insertOrder(db, { email, status: "cancelled" });
    const shipped = await changeOrderStatus(db, admin, id, { status: "Shipped", carrier: " Royal Mail ", trackingNumber: "RM123456789GB" });
    expect(shipped).toMatchObject({ ok: true, mailed: true, order: { status: "shipped", carrier: "Royal Mail", trackingNumber: "RM123456789GB" } });
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, id));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: email, subject: adminFulfilment.shippedMailSubject(formatOrderNumber(id)) });
    expect(mails[0]!.textBody).toContain("RM123456789GB");
    // Saving shipped again (a double click, a second tab) changes nothing: no e-mail, no timeline
    // entry, the same shipping date. A new tracking number is a change, but not a second e-mail.
    const [{ shippedAt }] = (await db.select({ shippedAt: orders.shippedAt }).from(orders).where(eq(orders.id, id))) as [{ shippedAt: Date }];
    expect(await changeOrderStatus(db, admin, id, { status: "shipped" })).toMatchObject({ ok: true, mailed: false });
    expect(await changeOrderStatus(db, admin, id, { status: "shipped", carrier: "Royal Mail", trackingNumber: "RM123456789GB" })).toMatchObject({ ok: true, mailed: false });
    expect(await changeOrderStatus(db, admin, id, { status: "shipped", carrier: "DPD", trackingNumber: "DPD42" })).toMatchObject({ ok: true, mailed: false, order: { trackingNumber: "DPD42" } });
    expect((await db.select({ shippedAt: orders.shippedAt }).from(orders).where(eq(orders.id, id)))[0]!.shippedAt).toEqual(shippedAt);
    expect(await changeOrderStatus(db, admin, id, { status: "pending" })).toMatchObject({ ok: true, order: { status: "pending" } });
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.subjectId, id)).orderBy(adminAuditLog.createdAt);
    expect(audit.map((row) => [row.action, (row.before as { status: string }).status, (row.after as { status: string }).status, row.adminId])).toEqual([
      ["order.status_changed", "cancelled", "shipped", admin.userId],
      ["order.status_changed", "shipped", "shipped", admin.userId],
      ["order.status_changed", "shipped", "pending", admin.userId],
    ]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, id))).toHaveLength(1);
  });

  it("changes nothing when the order's status is no longer the one the admin's page showed", async () => {
    const { db } = get();
    const id = await insertOrder(db, { email: uniqueEmail("seen"), status: "processing" });
    // Admin 1 marks it shipped; admin 2, still looking at Processing, cancels it.
    expect(await changeOrderStatus(db, admin, id, { status: "shipped", trackingNumber: "RM1", expectedStatus: "processing" })).toMatchObject({ ok: true, mailed: true });
    expect(await changeOrderStatus(db, admin, id, { status: "cancelled", restock: true, expectedStatus: "processing" })).toEqual({
      ok: false,
      reason: "changed",
      message: adminFulfilment.statusChangedMeanwhile("Shipped"),
    });
    expect((await db.select().from(orders).where(eq(orders.id, id)))[0]).toMatchObject({ status: "shipped", trackingNumber: "RM1" });
    expect(await db.select().from(adminAuditLog).where(eq(adminAuditLog.subjectId, id))).toHaveLength(1);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, id))).toHaveLength(1);
    // The page's form, and the JSON API: 409 with the same message.
    const form = new FormData();
    for (const [key, value] of Object.entries({ intent: "status", orderId: id, status: "delivered", expectedStatus: "processing" })) form.set(key, value);
    expect(await settle(ordersPageAction(withUrl({ request: page("/admin/orders", { method: "POST", body: form }), params: {}, context }) as never))).toMatchObject({
      status: 409,
      body: { ok: false, message: adminFulfilment.statusChangedMeanwhile("Shipped") },
    });
    const patched = await settle(orderApiAction(withUrl({ request: api(`/api/admin/orders/${id}`, { method: "PATCH", body: JSON.stringify({ status: "delivered", expectedStatus: "processing" }), headers: { "content-type": "application/json" } }), params: { id }, context }) as never));
    expect(patched).toMatchObject({ status: 409, body: { error: adminFulfilment.statusChangedMeanwhile("Shipped") } });
    // Seen as it is now, the change goes through.
    form.set("expectedStatus", "shipped");
    expect(await settle(ordersPageAction(withUrl({ request: page("/admin/orders", { method: "POST", body: form }), params: {}, context }) as never))).toMatchObject({ status: 200, body: { ok: true } });
  });

  it("tells the buyer when a paid order is cancelled, once; an order never paid is cancelled quietly", async () => {
    const { db } = get();
    const email = uniqueEmail("cancel");
    const paid = await insertOrder(db, { email, status: "processing" });
    expect(await changeOrderStatus(db, admin, paid, { status: "cancelled" })).toMatchObject({ ok: true, mailed: true, order: { status: "cancelled" } });
    expect(await changeOrderStatus(db, admin, paid, { status: "cancelled" })).toMatchObject({ ok: true, mailed: false });
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, paid));
    expect(mails.map((mail) => [mail.toAddress, mail.subject])).toEqual([[email, orderMails.cancelledSubject(formatOrderNumber(paid))]]);
    expect(mails[0]!.textBody).toMatch(/Your payment of £[\d,]+\.\d\d has not been refunded yet: we will be in touch about it\./);

    const unpaid = await insertOrder(db, { status: "pending", paymentStatus: "pending" });
    expect(await changeOrderStatus(db, admin, unpaid, { status: "cancelled" })).toMatchObject({ ok: true, mailed: false });
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, unpaid))).toHaveLength(0);
  });

  // Two admins (or two tabs) marking the same order shipped at once: the row lock makes one of
  // them see the other's change, so the customer gets one e-mail. Only PostgreSQL really races.
  if (engine === "postgres") {
    it("two simultaneous 'shipped' changes e-mail the customer once", async () => {
      const { db } = get();
      const id = await insertOrder(db, { status: "processing" });
      const results = await Promise.all(Array.from({ length: 4 }, (_, i) => changeOrderStatus(db, admin, id, { status: "shipped", trackingNumber: `T${i}` })));
      expect(results.every((result) => result.ok)).toBe(true);
      expect(results.filter((result) => result.ok && result.mailed)).toHaveLength(1);
      expect(await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, id))).toHaveLength(1);
      expect(await db.select().from(adminAuditLog).where(eq(adminAuditLog.subjectId, id))).toHaveLength(4);
    });
  }

  it("never reopens an order whose payment the shop gave back on arrival: nothing was paid or taken from stock for it", async () => {
    const { db } = get();
    const refused = await insertOrder(db, { status: "cancelled", paymentStatus: "refunded" });
    await db.update(orders).set({ cancelReason: "sold-out" }).where(eq(orders.id, refused));
    for (const status of ["pending", "processing", "shipped", "delivered"]) {
      expect(await changeOrderStatus(db, admin, refused, { status, expectedStatus: "cancelled" })).toEqual({
        ok: false,
        reason: "conflict",
        message: adminFulfilment.paymentGivenBackNotReopened(statusLabel(status)),
      });
    }
    const patched = await settle(orderApiAction(withUrl({ request: api(`/api/admin/orders/${refused}`, { method: "PATCH", body: JSON.stringify({ status: "processing" }), headers: { "content-type": "application/json" } }), params: { id: refused }, context }) as never));
    expect(patched).toMatchObject({ status: 409, body: { error: adminFulfilment.paymentGivenBackNotReopened("Processing") } });
    const [still] = await db.select().from(orders).where(eq(orders.id, refused));
    expect(still).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(await db.select().from(adminAuditLog).where(eq(adminAuditLog.subjectId, refused))).toHaveLength(0);
    // An order an admin cancelled (its payment kept) can still be reopened.
    const cancelledByAdmin = await insertOrder(db, { status: "cancelled", paymentStatus: "paid" });
    expect(await changeOrderStatus(db, admin, cancelledByAdmin, { status: "processing" })).toMatchObject({ ok: true, order: { status: "processing" } });
  });

  it("never sends an order whose customer was erased: processing and shipped are refused with the reason, pending and cancelled are not, and its label is left out", async () => {
    const { db } = get();
    // As erasure leaves an order: no name, no street, the marker for the e-mail, the country kept.
    const erase = async (id: string) =>
      db.update(orders).set({ customer: erasedCustomer(), customerEmail: ERASED_EMAIL, shippingAddress: erasedShippingAddress({ country: "United Kingdom" }) }).where(eq(orders.id, id));
    const cancelled = await insertOrder(db, { status: "cancelled", paymentStatus: "refunded" });
    await erase(cancelled);
    for (const status of ["processing", "shipped", "delivered"]) {
      expect(await changeOrderStatus(db, admin, cancelled, { status })).toEqual({ ok: false, reason: "conflict", message: adminFulfilment.erasedOrderNotSent(statusLabel(status)) });
    }
    // The order page's form and the JSON API say why, with 409.
    const form = new FormData();
    for (const [key, value] of Object.entries({ intent: "status", orderId: cancelled, status: "processing", expectedStatus: "cancelled" })) form.set(key, value);
    expect(await settle(orderPageAction(withUrl({ request: page(`/admin/orders/${cancelled}`, { method: "POST", body: form }), params: { id: cancelled }, context }) as never))).toMatchObject({
      status: 409,
      body: { ok: false, message: adminFulfilment.erasedOrderNotSent("Processing") },
    });
    const patched = await settle(orderApiAction(withUrl({ request: api(`/api/admin/orders/${cancelled}`, { method: "PATCH", body: JSON.stringify({ status: "shipped" }), headers: { "content-type": "application/json" } }), params: { id: cancelled }, context }) as never));
    expect(patched).toMatchObject({ status: 409, body: { error: adminFulfilment.erasedOrderNotSent("Shipped") } });
    const [still] = await db.select().from(orders).where(eq(orders.id, cancelled));
    expect(still!.status).toBe("cancelled");
    expect(await changeOrderStatus(db, admin, cancelled, { status: "pending" })).toMatchObject({ ok: true, order: { status: "pending" } });
    expect(await changeOrderStatus(db, admin, cancelled, { status: "cancelled" })).toMatchObject({ ok: true, order: { status: "cancelled" } });

    // Sent before the erasure: it may still be marked delivered, never made to wait for packing again.
    const shipped = await insertOrder(db, { status: "shipped" });
    await erase(shipped);
    expect(await changeOrderStatus(db, admin, shipped, { status: "processing" })).toMatchObject({ ok: false, reason: "conflict" });
    expect(await changeOrderStatus(db, admin, shipped, { status: "delivered" })).toMatchObject({ ok: true, order: { status: "delivered" } });

    // Its label and packing slip are left out of a print, and stamped when printed anyway.
    const print = async (query: string) => (await settle(printLoader(withUrl({ request: page(`/admin/orders/print?${query}`), params: {}, context }) as never))).body as { labels: { stamp: string | null; shipTo: string[] }[]; erased: string[] };
    const leftOut = await print(`ids=${shipped}`);
    expect(leftOut.labels).toEqual([]);
    expect(leftOut.erased).toEqual([formatOrderNumber(shipped)]);
    const anyway = await print(`ids=${shipped}&anyway=1`);
    expect(anyway.labels).toEqual([expect.objectContaining({ stamp: adminFulfilment.stampErased, shipTo: [adminOrders.erasedCustomer, "UNITED KINGDOM"] })]);
  });

  it("refuses an unknown status and an unknown order, changing nothing", async () => {
    const { db } = get();
    const id = await insertOrder(db);
    expect(await changeOrderStatus(db, admin, id, { status: "lost" })).toEqual({ ok: false, reason: "invalid", message: adminFulfilment.unknownStatus });
    expect(await changeOrderStatus(db, admin, "no-such-order", { status: "shipped" })).toMatchObject({ ok: false, reason: "not_found" });
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    expect(row!.status).toBe("processing");
    expect(await db.select().from(adminAuditLog).where(eq(adminAuditLog.subjectId, id))).toEqual([]);
  });

  it("PATCH /api/admin/orders/:id answers 200, 400 on an unknown status, 404 on an unknown order, 415 without JSON", async () => {
    const { db } = get();
    const id = await insertOrder(db);
    const patch = (orderId: string, body: string, headers: Record<string, string> = {}) =>
      settle(orderApiAction(withUrl({ request: api(`/api/admin/orders/${orderId}`, { method: "PATCH", body, headers }), params: { id: orderId }, context }) as never));
    expect(await patch(id, JSON.stringify({ status: "delivered" }))).toMatchObject({ status: 200, body: { id, status: "delivered" } });
    expect(await patch(id, JSON.stringify({ status: "teleported" }))).toMatchObject({ status: 400, body: { error: adminFulfilment.unknownStatus } });
    expect(await patch(id, JSON.stringify({}))).toMatchObject({ status: 400 });
    expect(await patch("missing", JSON.stringify({ status: "shipped" }))).toMatchObject({ status: 404, body: { error: adminFulfilment.orderNotFound } });
    expect(await patch(id, "{not json")).toMatchObject({ status: 400 });
    expect(await patch(id, "status=shipped", { "content-type": "application/x-www-form-urlencoded" })).toMatchObject({ status: 415 });
    const unknown = await settle(orderApiLoader(withUrl({ request: api("/api/admin/orders/missing"), params: { id: "missing" }, context }) as never));
    expect(unknown.status).toBe(404);

    // Shipped, then saved as shipped again without them: the carrier and tracking number the
    // customer was e-mailed stay. A value that is not text is refused, never thrown away.
    const shipped = { status: "shipped", carrier: "Royal Mail", trackingNumber: "RM1GB" };
    expect(await patch(id, JSON.stringify(shipped))).toMatchObject({ status: 200, body: shipped });
    expect(await patch(id, JSON.stringify({ status: "shipped" }))).toMatchObject({ status: 200, body: shipped });
    expect(await patch(id, JSON.stringify({ status: "shipped", carrier: 5 }))).toMatchObject({ status: 400, body: { error: validation.notText("Carrier") } });
    expect(await patch(id, JSON.stringify({ status: "shipped", trackingNumber: ["x"] }))).toMatchObject({ status: 400, body: { error: validation.notText("Tracking number") } });
    expect(await patch(id, JSON.stringify({ status: "shipped", trackingNumber: null }))).toMatchObject({ status: 200, body: { carrier: "Royal Mail", trackingNumber: null } });
    // A cancel's choices are booleans: "yes" is refused, not read as true or false.
    expect(await patch(id, JSON.stringify({ status: "cancelled", restock: "yes" }))).toMatchObject({ status: 400, body: { error: adminFulfilment.cancelChoiceInvalid("restock") } });
    expect(await patch(id, JSON.stringify({ status: "cancelled", notifyCustomer: 0 }))).toMatchObject({ status: 400, body: { error: adminFulfilment.cancelChoiceInvalid("notifyCustomer") } });
    expect(await patch(id, JSON.stringify({ status: "cancelled", restock: false, notifyCustomer: false }))).toMatchObject({ status: 200, body: { status: "cancelled" } });
    const mails = await db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.orderId, id));
    expect(mails.map((mail) => mail.subject)).not.toContain(orderMails.cancelledSubject(formatOrderNumber(id)));
  });

  it("refuses text PostgreSQL cannot store (a NUL, half a surrogate pair) with 400 and changes nothing", async () => {
    const { db } = get();
    const id = await insertOrder(db);
    const before = await getAdminOrder(db, id);
    const patch = (body: string) => settle(orderApiAction(withUrl({ request: api(`/api/admin/orders/${id}`, { method: "PATCH", body }), params: { id }, context }) as never));
    const note = (body: string) => settle(notesAction(withUrl({ request: api(`/api/admin/orders/${id}/notes`, { method: "POST", body }), params: { id }, context }) as never));
    // Written as JSON escapes, as a client sends them.
    for (const body of ['{"status":"shipped","carrier":"A\\u0000"}', '{"status":"shipped","trackingNumber":"RM1\\ud800"}']) {
      expect(await patch(body)).toMatchObject({ status: 400, body: { error: requestErrors.unstorableText } });
    }
    for (const body of ['{"note":"A\\u0000B"}', '{"note":"note\\ud800"}', '{"note\\udc00":"ok"}']) {
      expect(await note(body)).toMatchObject({ status: 400, body: { error: requestErrors.unstorableText } });
    }
    // A bidirectional override is refused the same way (it would show reversed in the list and e-mails).
    expect(await patch('{"status":"shipped","carrier":"Royal \\u202eMail"}')).toMatchObject({ status: 400, body: { error: requestErrors.unstorableText } });
    expect(await note('{"note":"call \\u2066back"}')).toMatchObject({ status: 400, body: { error: requestErrors.unstorableText } });
    // The pages' forms answer it as their other refusals, returned (not thrown: that was the error
    // screen) with the back office's one message (docs/api.md), against the field it was found in.
    const form = (fields: Record<string, string>) =>
      returned(ordersPageAction(withUrl({ request: new Request(`${SHOP}/admin/orders`, { method: "POST", headers: { cookie: adminCookie }, body: new URLSearchParams(fields) }), params: {}, context }) as never));
    const refused = (intent: string, field: string) => ({ status: 400, body: { ok: false, intent, message: requestErrors.unstorableText, field } });
    expect(await form({ intent: "status", orderId: id, status: "shipped", carrier: "bad\u0000x" })).toMatchObject(refused("status", "carrier"));
    expect(await form({ intent: "note", orderId: id, note: "bad\u0000x" })).toMatchObject(refused("note", "note"));
    expect(await form({ intent: "note", orderId: id, note: "G\u202eus" })).toMatchObject(refused("note", "note"));
    const orderPage = (fields: Record<string, string>) =>
      returned(orderPageAction(withUrl({ request: new Request(`${SHOP}/admin/orders/${id}`, { method: "POST", headers: { cookie: adminCookie }, body: new URLSearchParams(fields) }), params: { id }, context }) as never));
    expect(await orderPage({ intent: "note", orderId: id, note: "hi\u0000" })).toMatchObject(refused("note", "note"));
    expect(await orderPage({ intent: "refund", orderId: id, amount: "1.00", reason: "a\u0000", restock: "[]", idempotencyKey: "nul-refund" })).toMatchObject(refused("refund", "reason"));
    // Bytes that are not UTF-8 (%FF) hold no field the page can name: the message alone.
    const broken = new Request(`${SHOP}/admin/orders/${id}`, { method: "POST", headers: { cookie: adminCookie, "content-type": "application/x-www-form-urlencoded" }, body: "intent=note&orderId=" + id + "&note=hi%FF" });
    expect(await returned(orderPageAction(withUrl({ request: broken, params: { id }, context }) as never))).toMatchObject({ status: 400, body: { ok: false, intent: "note", message: requestErrors.unstorableText } });
    // A tracking number over the limit is refused, not cut short and e-mailed wrong.
    expect(await changeOrderStatus(db, admin, id, { status: "shipped", trackingNumber: "RM".repeat(51) })).toMatchObject({
      ok: false,
      reason: "invalid",
      message: adminFulfilment.shipmentFieldTooLong("Tracking number", 100),
    });
    const after = await getAdminOrder(db, id);
    expect(after!.status).toBe(before!.status);
    expect(after!.timeline).toHaveLength(before!.timeline.length);
  });

  it("the Orders page's status and note forms answer the spec's texts", async () => {
    const { db } = get();
    const id = await insertOrder(db);
    const post = (fields: Record<string, string>) =>
      settle(ordersPageAction(withUrl({ request: new Request(`${SHOP}/admin/orders`, { method: "POST", headers: { cookie: adminCookie }, body: new URLSearchParams(fields) }), params: {}, context }) as never));
    expect(await post({ intent: "status", orderId: id, status: "shipped" })).toMatchObject({ status: 200, body: { ok: true, message: adminOrders.statusUpdated } });
    expect(await post({ intent: "status", orderId: id, status: "nonsense" })).toMatchObject({ status: 400, body: { ok: false, message: adminOrders.statusUpdateFailed } });
    // A refused note names its field, so the form marks the note box rather than only saying it.
    expect(await post({ intent: "note", orderId: id, note: "  " })).toMatchObject({ status: 400, body: { ok: false, message: adminFulfilment.noteEmpty, field: "note" } });
  });

  it("keeps internal notes and shows the whole story on the timeline", async () => {
    const { db } = get();
    const id = await insertOrder(db);
    expect(await addOrderNote(db, admin, id, "   ")).toMatchObject({ ok: false, reason: "invalid", message: adminFulfilment.noteEmpty });
    expect(await addOrderNote(db, admin, id, "x".repeat(2001))).toMatchObject({ ok: false, reason: "invalid" });
    expect(await addOrderNote(db, admin, "missing", "hello")).toMatchObject({ ok: false, reason: "not_found" });
    const posted = await settle(notesAction(withUrl({ request: api(`/api/admin/orders/${id}/notes`, { method: "POST", body: JSON.stringify({ note: "Customer asked for gift wrap" }) }), params: { id }, context }) as never));
    expect(posted).toMatchObject({ status: 201, body: { kind: "note", detail: "Customer asked for gift wrap", by: admin.email } });
    await changeOrderStatus(db, admin, id, { status: "shipped", trackingNumber: "TRK1" });
    const detail = await getAdminOrder(db, id);
    expect(detail!.timeline.map((entry) => entry.kind)).toEqual(["created", "paid", "note", "shipped", "email"]);
    expect(detail!.timeline[3]).toMatchObject({ title: "Status changed: Processing → Shipped", detail: "Tracking: TRK1", by: admin.email });
    expect(detail!.timeline[4]!.title).toContain(adminFulfilment.shippedMailSubject(formatOrderNumber(id)));
  });

  it("exports the filtered orders as CSV in batches, every order once, formulas defused", async () => {
    const { db } = get();
    const tag = Math.random().toString(36).slice(2, 8);
    const same = new Date("2026-03-01T12:00:00.123Z");
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await insertOrder(db, { firstName: `=cmd|${tag}`, lastName: `Exp${i}`, createdAt: i < 3 ? same : new Date(`2026-03-0${i}T09:00:00Z`) }));
    const csv = await collect(exportOrdersCsv(db, { search: tag, status: null }, 2));
    const lines = csv.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(`\uFEFF${EXPORT_COLUMNS.join(",")}`);
    expect(lines).toHaveLength(6);
    for (const id of ids) expect(lines.filter((line) => line.includes(id))).toHaveLength(1);
    expect(csv).toContain(`'=cmd|${tag} Exp0`);
    expect(csv).not.toMatch(/,=cmd/);
    expect(lines[1]).toContain("204.98");
    // Times in London time, as every back-office screen shows them (1 March is winter: no offset).
    expect(lines.filter((line) => line.includes(",2026-03-01 12:00:00,"))).toHaveLength(3);

    // A HEAD (a link checker) is answered but is not an export: nothing in the audit trail.
    const head = await settle(exportLoader(withUrl({ request: api(`/api/admin/orders/export.csv?search=${tag}`, { method: "HEAD" }), params: {}, context }) as never));
    expect(head.status).toBe(200);
    expect(await db.select().from(adminAuditLog).where(sql`${adminAuditLog.action} = 'orders.exported' and ${adminAuditLog.after}->>'search' = ${tag}`)).toEqual([]);
    const response = await settle(exportLoader(withUrl({ request: api(`/api/admin/orders/export.csv?search=${tag}`), params: {}, context }) as never));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect((response.body as string).split("\r\n").filter(Boolean)).toHaveLength(6);
    const [exported] = await db.select().from(adminAuditLog).where(sql`${adminAuditLog.action} = 'orders.exported' and ${adminAuditLog.after}->>'search' = ${tag}`);
    expect(exported).toMatchObject({ adminId: admin.userId });
  });

  it("shows the discount code an order used, on its page, in the list and in the export, with what was refunded", async () => {
    const { db } = get();
    const tag = Math.random().toString(36).slice(2, 8);
    const code = `TEN${tag}`.toUpperCase();
    const [discount] = await db.insert(discountCodes).values({ code, discountType: "percentage", discountValue: 10 }).returning();
    const id = await insertOrder(db, { lastName: `Code${tag}` });
    await db.update(orders).set({ discountCodeId: discount!.id, discountPence: 2000, refundedPence: 1550, paymentStatus: "partially_refunded" }).where(eq(orders.id, id));
    const plain = await insertOrder(db, { lastName: `Plain${tag}` });

    expect((await getAdminOrder(db, id))!.discountCode).toBe(code);
    expect((await getAdminOrder(db, plain))!.discountCode).toBeNull();
    const listed = await listAdminOrders(db, filter(`search=${tag}`));
    expect(Object.fromEntries(listed.items.map((order) => [order.id, order.discountCode]))).toEqual({ [id]: code, [plain]: null });

    const rows = parse((await collect(exportOrdersCsv(db, { search: tag, status: null }))).replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];
    const cell = (row: Record<string, string>, column: string) => row[column];
    const coded = rows.find((row) => row["Order id"] === id)!;
    expect(cell(coded, "Discount code")).toBe(code);
    expect(cell(coded, "Discount (GBP)")).toBe("20.00");
    expect(cell(coded, "Refunded (GBP)")).toBe("15.50");
    const uncoded = rows.find((row) => row["Order id"] === plain)!;
    expect(cell(uncoded, "Discount code")).toBe("");
    expect(cell(uncoded, "Refunded (GBP)")).toBe("0.00");
  });

  it("exports a postcode and phone with a leading zero and a long tracking number as text a spreadsheet keeps whole", async () => {
    const { db } = get();
    const tag = Math.random().toString(36).slice(2, 8);
    const id = await insertOrder(db, { lastName: `Zero${tag}` });
    const [row] = await db.select({ shippingAddress: orders.shippingAddress }).from(orders).where(eq(orders.id, id));
    await db
      .update(orders)
      .set({ shippingAddress: { ...row!.shippingAddress!, city: "Dresden", postalCode: "01067", country: "Germany", phone: "07700900123" }, trackingNumber: "9400111899223197428490" })
      .where(eq(orders.id, id));
    const [exported] = parse((await collect(exportOrdersCsv(db, { search: tag, status: null }))).replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];
    expect(exported!["Postal code"]).toBe("'01067");
    expect(exported!["Shipping phone"]).toBe("'07700900123");
    expect(exported!["Tracking number"]).toBe("'9400111899223197428490");
    expect(exported!["City"]).toBe("Dresden");
  });

  it("opens and prints an order by its id in capitals too (a UUID is the same in either case)", async () => {
    const { db } = get();
    const id = await insertOrder(db);
    const shouted = id.toUpperCase();
    expect((await getAdminOrder(db, shouted))?.id).toBe(id);
    const answer = await settle(printLoader(withUrl({ request: page(`/admin/orders/print?ids=${shouted}&ids=${id}&ids=not-an-id`), params: {}, context }) as never));
    expect(answer.body).toMatchObject({ ids: [id] });
    // The order's page moves to the address its forms post to.
    const moved = await settle(orderPageLoader(withUrl({ request: page(`/admin/orders/${shouted}?back=x`), params: { id: shouted }, context }) as never));
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe(`/admin/orders/${id}?back=x`);
  });

  it("the print page answers 404 when none of the ids it was given is an order", async () => {
    const { db } = get();
    const answer = await settle(printLoader(withUrl({ request: page("/admin/orders/print?ids=garbage"), params: {}, context }) as never));
    expect(answer).toMatchObject({ status: 404, body: { ids: [] } });
    // No order chosen at all is the page's own empty state, not a missing order.
    expect((await settle(printLoader(withUrl({ request: page("/admin/orders/print"), params: {}, context }) as never))).status).toBe(200);
    expect((await settle(printLoader(withUrl({ request: page(`/admin/orders/print?ids=${await insertOrder(db)}&ids=garbage`), params: {}, context }) as never))).status).toBe(200);
  });

  it("corrects a shipped order's tracking in place: audited before and after, on the timeline, e-mailed only when asked", async () => {
    const { db } = get();
    const email = uniqueEmail("track");
    const id = await insertOrder(db, { email, status: "processing" });
    const tracking = (orderId: string, body: unknown, cookie = adminCookie) =>
      settle(
        trackingAction(
          withUrl({
            request: new Request(`${SHOP}/api/admin/orders/${orderId}/tracking`, { method: "PATCH", body: JSON.stringify(body), headers: { cookie, origin: SHOP, "content-type": "application/json" } }),
            params: { id: orderId },
            context,
          }) as never,
        ),
      );
    // Not shipped yet: its tracking belongs to Mark shipped.
    expect(await tracking(id, { carrier: "DPD", trackingNumber: "X1" })).toMatchObject({ status: 409, body: { error: adminFulfilment.trackingNotShipped("Processing") } });
    expect(await tracking("no-such-order", { carrier: "DPD", trackingNumber: "X1" })).toMatchObject({ status: 404, body: { error: adminFulfilment.orderNotFound } });
    await changeOrderStatus(db, admin, id, { status: "shipped", carrier: "Royal Mail", trackingNumber: "RM12345678GB" });
    const [shipped] = await db.select().from(orders).where(eq(orders.id, id));
    const mailsBefore = (await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, id))).length;

    // Refused: not text, too long, a choice that is not a boolean; nothing changes.
    expect(await tracking(id, { carrier: 5, trackingNumber: "X" })).toMatchObject({ status: 400, body: { error: validation.notText("Carrier") } });
    expect(await tracking(id, { carrier: "DPD" })).toMatchObject({ status: 400, body: { error: adminFulfilment.trackingFieldMissing("Tracking number") } });
    expect(await tracking(id, { carrier: "DPD", trackingNumber: "x".repeat(101) })).toMatchObject({ status: 400, body: { error: adminFulfilment.shipmentFieldTooLong("Tracking number", 100) } });
    expect(await tracking(id, { carrier: "DPD", trackingNumber: "X", notifyCustomer: "yes" })).toMatchObject({ status: 400 });

    // Corrected quietly: the status and shipping date stay, no e-mail, one audit row.
    expect(await tracking(id, { carrier: " Royal Mail ", trackingNumber: "RM87654321GB" })).toMatchObject({
      status: 200,
      body: { changed: true, customerNotified: false, order: { status: "shipped", carrier: "Royal Mail", trackingNumber: "RM87654321GB" } },
    });
    const [after] = await db.select().from(orders).where(eq(orders.id, id));
    expect(after).toMatchObject({ status: "shipped", shippedAt: shipped!.shippedAt });
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, id))).toHaveLength(mailsBefore);
    const audit = await db.select().from(adminAuditLog).where(and(eq(adminAuditLog.subjectId, id), eq(adminAuditLog.action, "order.tracking_changed")));
    expect(audit.map((row) => [row.adminId, row.before, row.after])).toEqual([
      [admin.userId, { carrier: "Royal Mail", trackingNumber: "RM12345678GB" }, { carrier: "Royal Mail", trackingNumber: "RM87654321GB", customerNotified: false }],
    ]);
    // The same again is no change: no second row.
    expect(await tracking(id, { carrier: "Royal Mail", trackingNumber: "RM87654321GB" })).toMatchObject({ status: 200, body: { changed: false } });

    // Delivered orders can be corrected too; with Notify the customer gets the new tracking.
    await changeOrderStatus(db, admin, id, { status: "delivered" });
    expect(await tracking(id, { carrier: "DPD", trackingNumber: "15501234567890", notifyCustomer: true })).toMatchObject({ status: 200, body: { customerNotified: true } });
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, id));
    expect(mails).toHaveLength(mailsBefore + 1);
    const mail = mails.find((row) => row.subject === adminFulfilment.trackingUpdatedMailSubject(formatOrderNumber(id)))!;
    expect(mail.toAddress).toBe(email);
    expect(mail.textBody).toContain(orderMails.trackingNumber("15501234567890"));
    expect(mail.textBody).toContain(orderMails.carrier("DPD"));

    const timeline = (await getAdminOrder(db, id))!.timeline.filter((entry) => entry.title === adminFulfilment.trackingChangedTitle);
    expect(timeline.map((entry) => [entry.detail, entry.by])).toEqual([
      [`${adminFulfilment.trackingChangedDetail("Royal Mail RM12345678GB", "Royal Mail RM87654321GB")} · ${adminFulfilment.customerNotNotified}`, admin.email],
      [adminFulfilment.trackingChangedDetail("Royal Mail RM87654321GB", "DPD 15501234567890"), admin.email],
    ]);

    // A shopper is refused (403), and the page's form does the same as the API.
    const shopper = await signedInAccount(db, auth, { admin: false });
    expect((await tracking(id, { carrier: "X", trackingNumber: "Y" }, shopper.cookie)).status).toBe(403);
    const form = new FormData();
    for (const [key, value] of Object.entries({ intent: "tracking", orderId: id, carrier: "Evri", trackingNumber: "H01", notifyCustomer: "" })) form.set(key, value);
    expect(await settle(orderPageAction(withUrl({ request: page(`/admin/orders/${id}`, { method: "POST", body: form }), params: { id }, context }) as never))).toMatchObject({
      status: 200,
      body: { ok: true, message: adminFulfilment.trackingSaved },
    });
    expect((await db.select().from(orders).where(eq(orders.id, id)))[0]).toMatchObject({ carrier: "Evri", trackingNumber: "H01" });

    // Two admins correct it at once, each from what their page showed: the second is told, and
    // neither its number nor an e-mail of it goes out.
    const mailsNow = (await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, id))).length;
    const shown = { carrier: "Evri", trackingNumber: "H01" };
    expect(await tracking(id, { carrier: "DPD", trackingNumber: "D1", notifyCustomer: true, expected: shown })).toMatchObject({ status: 200, body: { changed: true } });
    expect(await tracking(id, { carrier: "DHL", trackingNumber: "H2", notifyCustomer: true, expected: shown })).toMatchObject({ status: 409, body: { error: adminFulfilment.trackingChangedMeanwhile } });
    expect((await db.select().from(orders).where(eq(orders.id, id)))[0]).toMatchObject({ carrier: "DPD", trackingNumber: "D1" });
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, id))).toHaveLength(mailsNow + 1);
    expect(await tracking(id, { carrier: "DHL", trackingNumber: "H2", expected: "Evri" })).toMatchObject({ status: 400, body: { error: adminFulfilment.trackingExpectedInvalid } });
    // The page's form sends what it showed too.
    const stale = new FormData();
    for (const [key, value] of Object.entries({ intent: "tracking", orderId: id, carrier: "DHL", trackingNumber: "H2", notifyCustomer: "", expectedCarrier: "Evri", expectedTrackingNumber: "H01" })) stale.set(key, value);
    expect(await settle(orderPageAction(withUrl({ request: page(`/admin/orders/${id}`, { method: "POST", body: stale }), params: { id }, context }) as never))).toMatchObject({
      status: 409,
      body: { ok: false, message: adminFulfilment.trackingChangedMeanwhile },
    });
  });

  it("the print page leaves out orders not to send (cancelled, refunded in full, not paid), names each apart, and stamps them when printed anyway", async () => {
    const { db } = get();
    const refunded = await insertOrder(db, { status: "processing", paymentStatus: "refunded" });
    const unpaid = await insertOrder(db, { status: "pending", paymentStatus: "pending" });
    const cancelled = await insertOrder(db, { status: "cancelled", paymentStatus: "refunded" });
    const partly = await insertOrder(db, { status: "processing", paymentStatus: "partially_refunded" });
    const ids = [refunded, unpaid, cancelled, partly].map((id) => `ids=${id}`).join("&");
    const answer = await settle(printLoader(withUrl({ request: page(`/admin/orders/print?${ids}`), params: {}, context }) as never));
    expect(answer.body).toMatchObject({
      refunded: [formatOrderNumber(refunded)],
      unpaid: [formatOrderNumber(unpaid)],
      cancelled: [formatOrderNumber(cancelled)],
    });
    // Those that must not be sent, the unpaid one among them, are left off paper; the part refund prints.
    type Printed = { labels: { number: string; stamp: string | null }[]; slips: { order: { id: string }; stamp: string | null }[] };
    expect((answer.body as Printed).labels.map((label) => label.number)).toEqual([formatOrderNumber(partly)]);
    const slips = await settle(printLoader(withUrl({ request: page(`/admin/orders/print?doc=slip&${ids}`), params: {}, context }) as never));
    expect((slips.body as Printed).slips.map((slip) => slip.order.id)).toEqual([partly]);
    // Asked for anyway, every sheet prints, and theirs carry the stamp.
    const anyway = await settle(printLoader(withUrl({ request: page(`/admin/orders/print?${ids}&anyway=1`), params: {}, context }) as never));
    expect((anyway.body as Printed).labels.map((label) => [label.number, label.stamp])).toEqual([
      [formatOrderNumber(refunded), adminFulfilment.stampRefunded],
      [formatOrderNumber(unpaid), adminFulfilment.stampUnpaid],
      [formatOrderNumber(cancelled), adminFulfilment.stampCancelled],
      [formatOrderNumber(partly), null],
    ]);
    const slipsAnyway = await settle(printLoader(withUrl({ request: page(`/admin/orders/print?doc=slip&${ids}&anyway=1`), params: {}, context }) as never));
    expect((slipsAnyway.body as Printed).slips.map((slip) => [slip.order.id, slip.stamp])).toEqual([
      [refunded, adminFulfilment.stampRefunded],
      [unpaid, adminFulfilment.stampUnpaid],
      [cancelled, adminFulfilment.stampCancelled],
      [partly, null],
    ]);
  });

  it("the admin login signs a shopper out again and says access is denied", async () => {
    const { db } = get();
    const shopper = await signedInAccount(db, auth, { admin: false });
    const result = await adminSignIn({ db, auth }, { email: shopper.email, password: shopper.password }, { headers: new Headers(), ip: "203.0.113.77" });
    expect(result).toEqual({ ok: false, status: 403, message: adminAccess.accessDenied });
    const ok = await adminSignIn({ db, auth }, { email: admin.email, password: "correct horse battery" }, { headers: new Headers(), ip: "203.0.113.77" });
    expect(ok.ok).toBe(true);
    const wrong = await adminSignIn({ db, auth }, { email: admin.email, password: "wrong password!" }, { headers: new Headers(), ip: "203.0.113.77" });
    expect(wrong).toMatchObject({ ok: false, status: 401 });
    // The shopper's pre-existing session is untouched; only the one the admin login opened was revoked.
    expect(await readViewer({ db, auth }, new Headers({ cookie: shopper.cookie }))).not.toBeNull();
  });

  it("the audit trail cannot be changed or deleted", async () => {
    const { db } = get();
    await db.transaction(async (tx) => {
      await recordAdminAction(tx, { adminId: admin.userId, action: "test.append", subjectType: "test", subjectId: "t1", before: null, after: { a: 1 } });
    });
    await expect(db.update(adminAuditLog).set({ action: "rewritten" }).where(eq(adminAuditLog.subjectId, "t1"))).rejects.toThrow();
    await expect(db.delete(adminAuditLog).where(eq(adminAuditLog.subjectId, "t1"))).rejects.toThrow();
    // Written in the caller's transaction: a rolled-back change leaves no audit row.
    await db
      .transaction(async (tx) => {
        await recordAdminAction(tx, { adminId: admin.userId, action: "test.rollback", subjectType: "test", subjectId: "t2", before: null, after: null });
        throw new Error("roll back");
      })
      .catch(() => {});
    expect(await db.select().from(adminAuditLog).where(eq(adminAuditLog.subjectId, "t2"))).toEqual([]);
  });
});

describe("the Orders page's loader", () => {
  it("shows the empty state on a shop without orders and the spec's error when the database fails", async () => {
    const handle = await createTestDatabase("pglite");
    try {
      const auth = makeAuth(handle.db);
      const { cookie } = await signedInAccount(handle.db, auth, { admin: true });
      const context = makeContext(handle.db, auth);
      const load = () => settle(ordersPageLoader(withUrl({ request: new Request(`${SHOP}/admin/orders?search=%20Ama%20&status=bogus&page=x`, { headers: { cookie } }), params: {}, context }) as never));
      const empty = await load();
      expect(empty.status).toBe(200);
      expect(empty.body).toMatchObject({ view: { search: "Ama", status: null }, result: { total: 0, items: [], page: 1, pageCount: 1 }, error: null });

      // The session is read before the failure: break only the orders table.
      await handle.db.execute(sql`alter table orders rename to orders_gone`);
      const failed = await load();
      expect(failed.status).toBe(200);
      const body = failed.body as { result: unknown; error: string };
      expect(body.result).toBeNull();
      expect(adminOrders.loadFailed(body.error)).toMatch(/^Error loading orders: .+/);
    } finally {
      await handle.close();
    }
  });
});
