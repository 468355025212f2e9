// Admin refunds (issue 14, decision 035): in part and in full through the provider that took the
// payment, stock back for the chosen lines, the customer e-mailed, the timeline and audit trail
// written; never more than was paid, however many requests race; a double click refunds once.
// A cancel of a paid order can put its stock back too, never twice with a refund.
// On PGlite and PostgreSQL (the races mean something only on PostgreSQL).
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { adminFulfilment, adminRefunds } from "../../src/domain/messages/admin.ts";
import { orderMails } from "../../src/domain/messages/order-mails.ts";
import { formatOrderNumber } from "../../src/domain/order-number.ts";
import { lineRefundState, shippingLeftToRefund, unitsLeftToRefund } from "../../src/domain/admin/refunds.ts";
import { handleRefundIntent } from "../../src/web/components/admin/refunds/refund-intent.server.ts";
import { withDerivedFields } from "../../src/server/catalog/product-fields.server.ts";
import type { AdminViewer } from "../../src/server/admin/admin-guard.server.ts";
import { changeOrderStatus } from "../../src/server/admin/orders/order-status-change.server.ts";
import { cancelWithRefund } from "../../src/server/admin/orders/cancel-with-refund.server.ts";
import { getAdminOrder } from "../../src/server/admin/orders/order-details.server.ts";
import { IDEMPOTENCY_KEY_MAX_LENGTH, REFUND_RESUME_AFTER_MS, refundOrderPayment, reportStuckRefunds, resumePendingRefunds } from "../../src/server/admin/refunds/refunds.server.ts";
import { restockOrderLines } from "../../src/server/admin/orders/restock.server.ts";
import type { Database } from "../../src/server/db/client.server.ts";
import { adminAuditLog, customerStats, localPaymentSessions, mailOutbox, orderItems, orderRefunds, orders, products } from "../../src/server/db/schema.ts";
import { applyPaidSession } from "../../src/server/payments/apply-payment.server.ts";
import { takeProductStock } from "../../src/server/catalog/product-stock.server.ts";
import { createLocalProvider } from "../../src/server/payments/local-provider.server.ts";
import { verifyPayment } from "../../src/server/payments/payments.server.ts";
import { readStoredShopSettings } from "../../src/server/settings/shop-settings.server.ts";
import type { PaymentProvider } from "../../src/server/payments/payment-provider.server.ts";
import { createStripeProvider } from "../../src/server/payments/stripe-provider.server.ts";
import { makeAuth, makeContext, settle, SHOP, signedInAccount, uniqueEmail } from "../helpers/admin.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { startFakeStripe, type FakeStripe } from "../helpers/fake-stripe.ts";
import { withUrl } from "../helpers/route-context.ts";

const ADMIN: AdminViewer = { userId: "admin-refunds-test", email: "owner@shop.test", firstName: "Olu", lastName: "Owner" };

type PaidOrder = { orderId: string; sessionId: string; email: string; productIds: [string, string]; itemIds: [string, string] };

/**
 * A paid order of 2 x £40 jacket + 1 x £15.01 tie + £4.99 shipping = £100.00, as a payment
 * leaves it: stock already taken (the jacket has 3 left, the tie 0).
 */
async function paidOrder(db: Database, provider: "local" | "stripe", sessionId?: string): Promise<PaidOrder> {
  const email = uniqueEmail("refund");
  const [jacket, tie] = await db
    .insert(products)
    .values([
      withDerivedFields({ name: "Linen Jacket", category: "blazers", pricePence: 2_857, image: "/images/products/s-1.svg", stock: 3 }),
      withDerivedFields({ name: "Silk Tie", category: "ties", pricePence: 1_072, image: "/images/products/p-1.svg", stock: 0, inStock: false }),
    ])
    .returning({ id: products.id });
  const session = sessionId ?? `cs_local_refund_${Math.random().toString(36).slice(2)}`;
  const [order] = await db
    .insert(orders)
    .values({
      status: "processing",
      paymentStatus: "paid",
      subtotalPence: 9_501,
      shippingPence: 499,
      totalAmountPence: 10_000,
      customer: { firstName: "Kofi", lastName: "Mensah", email },
      customerEmail: email,
      shippingAddress: { address: "2 Jermyn Street", city: "London", postalCode: "SW1Y 4UH", country: "United Kingdom" },
      stripeSessionId: session,
      paymentProvider: provider,
      paidAt: new Date(),
    })
    .returning({ id: orders.id });
  const items = await db
    .insert(orderItems)
    .values([
      { orderId: order!.id, productId: jacket!.id, quantity: 2, unitPricePence: 4_000, productName: "Linen Jacket", productCategory: "blazers" },
      { orderId: order!.id, productId: tie!.id, quantity: 1, unitPricePence: 1_501, productName: "Silk Tie", productCategory: "ties" },
    ])
    .returning({ id: orderItems.id, productId: orderItems.productId });
  if (provider === "local") {
    await db.insert(localPaymentSessions).values({
      id: session,
      orderId: order!.id,
      amountPence: 10_000,
      status: "complete",
      paymentStatus: "paid",
      successUrl: `${SHOP}/order-confirmation/${session}`,
      cancelUrl: `${SHOP}/checkout`,
      lines: [],
    });
  }
  const itemFor = (productId: string) => items.find((item) => item.productId === productId)!.id;
  return { orderId: order!.id, sessionId: session, email, productIds: [jacket!.id, tie!.id], itemIds: [itemFor(jacket!.id), itemFor(tie!.id)] };
}

async function stockOf(db: Database, productId: string) {
  const [row] = await db.select({ stock: products.stock, inStock: products.inStock }).from(products).where(eq(products.id, productId));
  return row!;
}

async function orderRow(db: Database, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

describeEachEngine("admin refunds", (get, engine) => {
  let local: PaymentProvider;
  let fake: FakeStripe;
  let stripe: PaymentProvider;

  beforeAll(async () => {
    local = createLocalProvider(get().db, { publicUrl: SHOP, webhookSecret: "whsec_test_local" });
    fake = await startFakeStripe();
    stripe = createStripeProvider({ secretKey: "sk_test_fake", webhookSecret: "whsec_x", api: { host: "127.0.0.1", port: fake.port, protocol: "http" } });
  });

  afterAll(async () => {
    await fake.close();
  });

  /** The paid order, its £100.00 taken through (fake) Stripe, so a refund can be refused there. */
  async function paidThroughStripe(db: Database) {
    const checkout = await stripe.createSession({
      orderId: randomUUID(),
      lines: [{ name: "Linen Jacket", quantity: 1, unitAmountPence: 9_501 }],
      shipping: { amountPence: 499, label: "Standard" },
      discount: null,
      totalPence: 10_000,
      customerEmail: "kofi@example.com",
      collectShippingCountries: null,
      successUrl: `${SHOP}/ok`,
      cancelUrl: `${SHOP}/cancel`,
      termsUrl: `${SHOP}/terms`,
    });
    const session = fake.pay(checkout.id);
    return { ...(await paidOrder(db, "stripe", checkout.id)), paymentIntent: session.payment_intent };
  }

  it("refunds in part, then the rest: statuses, stock for the chosen lines, e-mails, timeline, audit", async () => {
    const { db } = get();
    const order = await paidOrder(db, "local");
    const deps = { db, provider: local, publicUrl: "http://shop.test" };

    const first = await refundOrderPayment(deps, ADMIN, order.orderId, { amount: "30.00", reason: "One jacket came back", restock: [{ itemId: order.itemIds[0], quantity: 1 }] });
    expect(first).toMatchObject({ ok: true, order: { paymentStatus: "partially_refunded", refundedPence: 3_000 } });
    expect(await stockOf(db, order.productIds[0])).toEqual({ stock: 4, inStock: true });
    expect((await stockOf(db, order.productIds[1])).stock).toBe(0);
    // The refund dialog's lines read what the order page loads: one jacket refunded, one left.
    const afterFirst = (await getAdminOrder(db, order.orderId))!;
    const jacket = afterFirst.items.find((item) => item.id === order.itemIds[0])!;
    expect(jacket).toMatchObject({ quantity: 2, restockedQuantity: 1, cancelRestockedQuantity: 0 });
    expect(lineRefundState(jacket, jacket.lineTotalPence)).toMatchObject({ refundedUnits: 1, cancelledUnits: 0, leftUnits: 1 });

    const second = await refundOrderPayment(deps, ADMIN, order.orderId, { amount: "70", reason: "Order cancelled by the customer", restock: true });
    expect(second).toMatchObject({ ok: true, order: { paymentStatus: "refunded", refundedPence: 10_000 } });
    // "All lines" is what was not back yet: the second jacket and the tie.
    expect(await stockOf(db, order.productIds[0])).toEqual({ stock: 5, inStock: true });
    expect(await stockOf(db, order.productIds[1])).toEqual({ stock: 1, inStock: true });

    const row = await orderRow(db, order.orderId);
    expect(row).toMatchObject({ paymentStatus: "refunded", refundedPence: 10_000, refundError: null });
    expect(row.refundedAt).toBeInstanceOf(Date);
    const [session] = await db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, order.sessionId));
    expect(session).toMatchObject({ refundedPence: 10_000, paymentStatus: "refunded" });

    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.orderId));
    expect(mails.map((mail) => mail.toAddress)).toEqual([order.email, order.email]);
    expect(mails.map((mail) => mail.textBody).join("\n")).toContain("We have refunded £30.00 of your order");
    expect(mails.map((mail) => mail.textBody).join("\n")).toContain("Reason: Order cancelled by the customer");
    // Signed with the shop's name, as every order e-mail is.
    const { shopName } = await readStoredShopSettings(db);
    for (const mail of mails) expect(mail.textBody.endsWith(orderMails.signOff(shopName))).toBe(true);

    const audit = await db.select().from(adminAuditLog).where(and(eq(adminAuditLog.subjectId, order.orderId), eq(adminAuditLog.action, "order.refunded")));
    expect(audit).toHaveLength(2);
    const detail = await getAdminOrder(db, order.orderId);
    expect(detail!.timeline.filter((entry) => entry.kind === "refund").map((entry) => entry.title)).toEqual([adminRefunds.timelineTitle("£30.00"), adminRefunds.timelineTitle("£70.00")]);
    expect(detail).toMatchObject({ refundedPence: 10_000, refundError: null });

    // Nothing is left to give back.
    expect(await refundOrderPayment(deps, ADMIN, order.orderId, { amount: "0.01", reason: "again", restock: false })).toEqual({ ok: false, reason: "conflict", message: adminRefunds.nothingLeft });
  });

  it("a paid order cancelled with its items kept out of stock can put them back by cancelling again with restock; with nothing left to put back, nothing is written", async () => {
    const { db } = get();
    const order = await paidOrder(db, "local");
    await changeOrderStatus(db, ADMIN, order.orderId, { status: "cancelled", restock: false, notifyCustomer: false });
    expect(await stockOf(db, order.productIds[0])).toEqual({ stock: 3, inStock: true });
    expect(await changeOrderStatus(db, ADMIN, order.orderId, { status: "cancelled", restock: true, notifyCustomer: false })).toMatchObject({ ok: true, order: { status: "cancelled" } });
    expect(await stockOf(db, order.productIds[0])).toEqual({ stock: 5, inStock: true });
    expect(await stockOf(db, order.productIds[1])).toEqual({ stock: 1, inStock: true });
    const timeline = () => getAdminOrder(db, order.orderId).then((page) => page!.timeline);
    expect((await timeline()).some((line) => line.detail?.startsWith("Back to stock: "))).toBe(true);
    const entries = (await timeline()).length;
    // Again: everything is back already, so it changes nothing and writes no entry.
    expect(await changeOrderStatus(db, ADMIN, order.orderId, { status: "cancelled", restock: true, notifyCustomer: false })).toMatchObject({ ok: true });
    expect(await stockOf(db, order.productIds[0])).toEqual({ stock: 5, inStock: true });
    expect(await timeline()).toHaveLength(entries);
  });

  it("a refund dialog opened before someone cancelled the order with its items restocked is told those units are back already, and nothing is refunded", async () => {
    const { db } = get();
    const order = await paidOrder(db, "local");
    const deps = { db, provider: local, publicUrl: "http://shop.test" };
    // The dialog was filled in while the order was still processing: one jacket, back to stock.
    const dialog = { amount: "40", reason: "One back", restock: [{ itemId: order.itemIds[0], quantity: 1 }], units: [{ itemId: order.itemIds[0], quantity: 1 }] };
    expect(await changeOrderStatus(db, ADMIN, order.orderId, { status: "cancelled", restock: true, notifyCustomer: false })).toMatchObject({ ok: true });
    expect(await refundOrderPayment(deps, ADMIN, order.orderId, dialog)).toEqual({ ok: false, reason: "conflict", message: adminRefunds.restockedMeanwhile(2, "Linen Jacket", 0) });
    expect(await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.orderId))).toEqual([]);
    expect((await stockOf(db, order.productIds[0])).stock).toBe(5);
    // Sent again without restocking, as the message says, the money goes back.
    expect(await refundOrderPayment(deps, ADMIN, order.orderId, { ...dialog, restock: false })).toMatchObject({ ok: true, refund: { amountPence: 4_000, restocked: [] } });
    expect((await stockOf(db, order.productIds[0])).stock).toBe(5);
  });

  it("cancelling a paid order puts its items back in stock when asked, once, and a later refund does not put them back again", async () => {
    const { db } = get();
    const order = await paidOrder(db, "local");
    expect((await getAdminOrder(db, order.orderId))!.cancelChoices).toEqual({ restockableUnits: 3, canNotify: true, alreadySent: false });
    const cancelled = await changeOrderStatus(db, ADMIN, order.orderId, { status: "cancelled", restock: true, notifyCustomer: false });
    expect(cancelled).toMatchObject({ ok: true, mailed: false, order: { status: "cancelled", cancelChoices: null } });
    expect(await stockOf(db, order.productIds[0])).toEqual({ stock: 5, inStock: true });
    expect(await stockOf(db, order.productIds[1])).toEqual({ stock: 1, inStock: true });
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.orderId))).toHaveLength(0);

    // The timeline says what went back and that nobody was told.
    const page = (await getAdminOrder(db, order.orderId))!;
    // Back in stock by the cancel, not refunded: the refund dialog tells them apart.
    expect(page.items.map((item) => lineRefundState(item, item.lineTotalPence)).map((state) => [state.cancelledUnits, state.refundedUnits]).sort()).toEqual([[1, 0], [2, 0]]);
    const entry = page.timeline.find((line) => line.title === "Status changed: Processing → Cancelled")!;
    expect(entry.detail).toMatch(/^Back to stock: (2 x Linen Jacket, 1 x Silk Tie|1 x Silk Tie, 2 x Linen Jacket)\. · /);
    expect(entry.detail).toContain(adminFulfilment.customerNotNotified);

    // Reopened, the order is promised its items again: they come out of stock once more.
    expect(await changeOrderStatus(db, ADMIN, order.orderId, { status: "processing" })).toMatchObject({ ok: true });
    expect(await stockOf(db, order.productIds[0])).toEqual({ stock: 3, inStock: true });
    expect(await stockOf(db, order.productIds[1])).toEqual({ stock: 0, inStock: false });
    expect((await getAdminOrder(db, order.orderId))!.cancelChoices).toEqual({ restockableUnits: 3, canNotify: true, alreadySent: false });
    // Cancelled again, they go back again, once.
    await changeOrderStatus(db, ADMIN, order.orderId, { status: "cancelled", restock: true, notifyCustomer: false });
    expect((await stockOf(db, order.productIds[0])).stock).toBe(5);
    expect((await getAdminOrder(db, order.orderId))!.timeline.some((line) => line.detail?.startsWith("Taken from stock again: "))).toBe(true);

    // Sold meanwhile: reopening is refused rather than promising units the shop no longer has.
    await db.update(products).set({ stock: 1 }).where(eq(products.id, order.productIds[0]));
    const refused = await changeOrderStatus(db, ADMIN, order.orderId, { status: "processing" });
    expect(refused).toMatchObject({ ok: false, reason: "stock_limit", message: adminFulfilment.reopenStockShort("Linen Jacket", 1) });
    expect((await orderRow(db, order.orderId)).status).toBe("cancelled");
    expect(await stockOf(db, order.productIds[1])).toEqual({ stock: 1, inStock: true });
    await db.update(products).set({ stock: 5 }).where(eq(products.id, order.productIds[0]));

    // The refund that follows gives the money back and, its units being back already, no stock.
    const refund = await refundOrderPayment({ db, provider: local }, ADMIN, order.orderId, { amount: "100", reason: "Cancelled", restock: true });
    expect(refund).toMatchObject({ ok: true, refund: { restocked: [] } });
    expect(await stockOf(db, order.productIds[0])).toEqual({ stock: 5, inStock: true });
    expect((await stockOf(db, order.productIds[1])).stock).toBe(1);
  });

  it("reopening a cancelled order takes back only what the cancel put back, not units a refund returned", async () => {
    const { db } = get();
    const order = await paidOrder(db, "local");
    // One of the two jackets comes back and is refunded; then the order is cancelled with restock.
    const refund = await refundOrderPayment({ db, provider: local }, ADMIN, order.orderId, { amount: "40", reason: "Returned one", restock: [{ itemId: order.itemIds[0], quantity: 1 }] });
    expect(refund).toMatchObject({ ok: true });
    expect((await stockOf(db, order.productIds[0])).stock).toBe(4);
    expect(await changeOrderStatus(db, ADMIN, order.orderId, { status: "cancelled", restock: true, notifyCustomer: false })).toMatchObject({ ok: true });
    expect((await stockOf(db, order.productIds[0])).stock).toBe(5);
    expect((await stockOf(db, order.productIds[1])).stock).toBe(1);

    // Reopened, the order is promised the jacket it still has and the tie, not the returned jacket.
    expect(await changeOrderStatus(db, ADMIN, order.orderId, { status: "processing" })).toMatchObject({ ok: true });
    expect((await stockOf(db, order.productIds[0])).stock).toBe(4);
    expect((await stockOf(db, order.productIds[1])).stock).toBe(0);
    const page = (await getAdminOrder(db, order.orderId))!;
    expect(page.cancelChoices).toEqual({ restockableUnits: 2, canNotify: true, alreadySent: false });
    expect(page.timeline.find((line) => line.title === "Status changed: Cancelled → Processing")!.detail).toMatch(/^Taken from stock again: (1 x Linen Jacket, 1 x Silk Tie|1 x Silk Tie, 1 x Linen Jacket)/);
    // Cancelled again, the same two units go back, and the returned jacket is not counted twice.
    await changeOrderStatus(db, ADMIN, order.orderId, { status: "cancelled", restock: true, notifyCustomer: false });
    expect((await stockOf(db, order.productIds[0])).stock).toBe(5);
    expect((await stockOf(db, order.productIds[1])).stock).toBe(1);
  });

  it("a jacket returned through a refund that was at the provider while the order was cancelled stays in stock when the order is reopened", async () => {
    const { db } = get();
    const order = await paidOrder(db, "local");
    // One jacket is refunded and restocked; while the provider answers, another admin cancels with restock.
    const racing: PaymentProvider = {
      ...local,
      refundPart: async (sessionId, refund) => {
        expect(await changeOrderStatus(db, ADMIN, order.orderId, { status: "cancelled", restock: true, notifyCustomer: false })).toMatchObject({ ok: true });
        return local.refundPart(sessionId, refund);
      },
    };
    const refund = await refundOrderPayment({ db, provider: racing }, ADMIN, order.orderId, { amount: "40", reason: "Returned one", restock: [{ itemId: order.itemIds[0], quantity: 1 }] });
    // The cancel had put both jackets back: the refund moves no stock, and counts one as returned.
    expect(refund).toMatchObject({ ok: true, refund: { restocked: [] } });
    expect((await stockOf(db, order.productIds[0])).stock).toBe(5);
    // Reopened, the order is promised the jacket it kept and the tie, as when the two came one after the other.
    expect(await changeOrderStatus(db, ADMIN, order.orderId, { status: "processing" })).toMatchObject({ ok: true });
    expect((await stockOf(db, order.productIds[0])).stock).toBe(4);
    expect((await stockOf(db, order.productIds[1])).stock).toBe(0);
    const [jacket] = await db.select().from(orderItems).where(eq(orderItems.id, order.itemIds[0]));
    expect(jacket).toMatchObject({ restockedQuantity: 1, cancelRestockedQuantity: 0 });
  });

  it("cancelling a paid order without restocking keeps the stock and e-mails the customer, as the API's defaults say", async () => {
    const { db } = get();
    const order = await paidOrder(db, "local");
    expect(await changeOrderStatus(db, ADMIN, order.orderId, { status: "cancelled" })).toMatchObject({ ok: true, mailed: true });
    expect((await stockOf(db, order.productIds[0])).stock).toBe(3);
    expect((await getAdminOrder(db, order.orderId))!.timeline.find((line) => line.title === "Status changed: Processing → Cancelled")!.detail).toBe(adminFulfilment.keptOutOfStock(3));
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.orderId))).toHaveLength(1);
    // A restock asked of an order that was never paid puts nothing back: its payment took no stock.
    const unpaid = await paidOrder(db, "local");
    await db.update(orders).set({ paymentStatus: "pending", paidAt: null, status: "pending" }).where(eq(orders.id, unpaid.orderId));
    expect(await changeOrderStatus(db, ADMIN, unpaid.orderId, { status: "cancelled", restock: true })).toMatchObject({ ok: true, mailed: false });
    expect((await stockOf(db, unpaid.productIds[0])).stock).toBe(3);
  });

  it("a payment arriving again after a refund changes nothing, and the shopper's confirmation still shows the order", async () => {
    const { db } = get();
    const order = await paidOrder(db, "local");
    const deps = { db, provider: local, publicUrl: "http://shop.test" };
    await refundOrderPayment(deps, ADMIN, order.orderId, { amount: "40", reason: "Part", restock: false });
    expect(await applyPaidSession(db, order.sessionId)).toEqual({ kind: "paid", orderId: order.orderId, firstTime: false });
    expect((await stockOf(db, order.productIds[0])).stock).toBe(3);
    await refundOrderPayment(deps, ADMIN, order.orderId, { amount: "60", reason: "Rest", restock: false });
    expect(await applyPaidSession(db, order.sessionId)).toEqual({ kind: "paid", orderId: order.orderId, firstTime: false });
    expect(await verifyPayment(deps, order.sessionId)).toMatchObject({ success: true, status: "paid", order: { id: order.orderId } });
    expect(await orderRow(db, order.orderId)).toMatchObject({ paymentStatus: "refunded", refundedPence: 10_000, status: "processing" });
  });

  it("counts what the shop kept in the customers' figures", async () => {
    const { db } = get();
    const order = await paidOrder(db, "local");
    await refundOrderPayment({ db, provider: local }, ADMIN, order.orderId, { amount: "25", reason: "Late delivery", restock: false });
    const [stats] = await db.select().from(customerStats).where(eq(customerStats.email, order.email));
    expect(stats).toMatchObject({ paidOrders: 1, paidTotalPence: 7_500 });
  });

  it("refuses more than is left, an unpaid order, and a bad request, changing nothing", async () => {
    const { db } = get();
    const order = await paidOrder(db, "local");
    const deps = { db, provider: local, publicUrl: "http://shop.test" };
    expect(await refundOrderPayment(deps, ADMIN, order.orderId, { amount: "100.01", reason: "x", restock: false })).toEqual({ ok: false, reason: "conflict", message: adminRefunds.amountTooHigh("£100.00"), field: "amount" });
    expect(await refundOrderPayment(deps, ADMIN, order.orderId, { amount: "-5", reason: "x", restock: false })).toEqual({ ok: false, reason: "invalid", message: adminRefunds.amountInvalid, field: "amount" });
    expect(await refundOrderPayment(deps, ADMIN, order.orderId, { amount: "5", reason: "", restock: false })).toEqual({ ok: false, reason: "invalid", message: adminRefunds.reasonRequired, field: "reason" });
    // More units back to stock than the line has (2 jackets): the dialog never sends it, the server refuses it all the same.
    expect(await refundOrderPayment(deps, ADMIN, order.orderId, { amount: "5", reason: "x", restock: [{ itemId: order.itemIds[0], quantity: 3 }] })).toEqual({ ok: false, reason: "invalid", message: adminRefunds.restockInvalid });
    expect((await stockOf(db, order.productIds[0])).stock).toBe(3);
    await db.update(orders).set({ paymentStatus: "pending" }).where(eq(orders.id, order.orderId));
    expect(await refundOrderPayment(deps, ADMIN, order.orderId, { amount: "5", reason: "x", restock: false })).toEqual({ ok: false, reason: "conflict", message: adminRefunds.notRefundable });
    expect(await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.orderId))).toEqual([]);
    expect((await orderRow(db, order.orderId)).refundedPence).toBe(0);
  });

  it("refunds once for a double click (the same idempotency key), even at the same moment", async () => {
    const { db } = get();
    const order = await paidOrder(db, "local");
    const deps = { db, provider: local, publicUrl: "http://shop.test" };
    const input = { amount: "10", reason: "Double click", restock: [{ itemId: order.itemIds[0], quantity: 1 }] };
    const results = await Promise.all([
      refundOrderPayment(deps, ADMIN, order.orderId, input, "dialog-1"),
      refundOrderPayment(deps, ADMIN, order.orderId, input, "dialog-1"),
    ]);
    expect(results.filter((result) => result.ok)).not.toHaveLength(0);
    const again = await refundOrderPayment(deps, ADMIN, order.orderId, input, "dialog-1");
    expect(again).toMatchObject({ ok: true, replayed: true });
    const refunds = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.orderId));
    expect(refunds).toHaveLength(1);
    expect((await orderRow(db, order.orderId)).refundedPence).toBe(1_000);
    expect((await stockOf(db, order.productIds[0])).stock).toBe(4);
    // A key over the limit is refused: cut short, two different keys could read as one request.
    const long = "k".repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1);
    expect(await refundOrderPayment(deps, ADMIN, order.orderId, input, long)).toMatchObject({ ok: false, reason: "invalid", message: adminRefunds.idempotencyKeyTooLong(IDEMPOTENCY_KEY_MAX_LENGTH) });
    expect((await orderRow(db, order.orderId)).refundedPence).toBe(1_000);
  });

  it(`never refunds more than was paid when refunds race${engine === "postgres" ? " (real concurrent transactions)" : ""}`, async () => {
    const { db } = get();
    const order = await paidOrder(db, "local");
    const deps = { db, provider: local, publicUrl: "http://shop.test" };
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) => refundOrderPayment(deps, ADMIN, order.orderId, { amount: "30", reason: `Race ${index}`, restock: true }, `race-${index}`)),
    );
    const succeeded = results.filter((result) => result.ok);
    expect(succeeded).toHaveLength(3);
    for (const result of results.filter((candidate) => !candidate.ok)) expect(result).toMatchObject({ ok: false, reason: "conflict" });
    const row = await orderRow(db, order.orderId);
    expect(row).toMatchObject({ refundedPence: 9_000, paymentStatus: "partially_refunded" });
    const refunds = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.orderId));
    expect(refunds.reduce((sum, refund) => sum + refund.amountPence, 0)).toBe(9_000);
    // Restock "all" ran three times, but each unit came back once.
    expect((await stockOf(db, order.productIds[0])).stock).toBe(5);
    expect((await stockOf(db, order.productIds[1])).stock).toBe(1);
    const [session] = await db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, order.sessionId));
    expect(session!.refundedPence).toBe(9_000);
  });

  it("a restock asked for more than a line has left puts back what is left, not nothing", async () => {
    const { db } = get();
    const order = await paidOrder(db, "local");
    // Two refunds checked the line at once and each asked for units; one put a jacket back first.
    await db.transaction((tx) => restockOrderLines(tx, [{ itemId: order.itemIds[0], quantity: 1 }], "refund"));
    const second = await db.transaction((tx) => restockOrderLines(tx, [{ itemId: order.itemIds[0], quantity: 2 }], "refund"));
    expect(second.restocked).toEqual([{ itemId: order.itemIds[0], productId: order.productIds[0], quantity: 1 }]);
    expect((await stockOf(db, order.productIds[0])).stock).toBe(5);
    const [line] = await db.select().from(orderItems).where(eq(orderItems.id, order.itemIds[0]));
    expect(line!.restockedQuantity).toBe(2);
    // Nothing left to put back: nothing goes.
    expect((await db.transaction((tx) => restockOrderLines(tx, [{ itemId: order.itemIds[0], quantity: 1 }], "refund"))).restocked).toEqual([]);
    expect((await stockOf(db, order.productIds[0])).stock).toBe(5);
  });

  if (engine === "postgres") {
    it("a cancel putting stock back and a payment of the same products wait for each other without a deadlock", async () => {
      const { db } = get();
      // The cancel's lines in the opposite order to their products, as a payment locks them.
      const [low, high] = [randomUUID(), randomUUID()].sort() as [string, string];
      const [lineOfHigh, lineOfLow] = [randomUUID(), randomUUID()].sort() as [string, string];
      await db.insert(products).values([
        withDerivedFields({ id: low, name: "Low Scarf", category: "accessories", pricePence: 1_000, image: "/images/products/s-1.svg", stock: 5 }),
        withDerivedFields({ id: high, name: "High Scarf", category: "accessories", pricePence: 1_000, image: "/images/products/s-1.svg", stock: 5 }),
      ]);
      const email = uniqueEmail("deadlock");
      const [order] = await db
        .insert(orders)
        .values({ status: "processing", paymentStatus: "paid", subtotalPence: 2_000, shippingPence: 0, totalAmountPence: 2_000, customer: { firstName: "Ama", lastName: "Owusu", email }, customerEmail: email, paymentProvider: "local", paidAt: new Date() })
        .returning({ id: orders.id });
      await db.insert(orderItems).values([
        { id: lineOfHigh, orderId: order!.id, productId: high, quantity: 1, unitPricePence: 1_000, productName: "High Scarf", productCategory: "accessories" },
        { id: lineOfLow, orderId: order!.id, productId: low, quantity: 1, unitPricePence: 1_000, productName: "Low Scarf", productCategory: "accessories" },
      ]);
      // Another shopper's payment has taken the first of the two products and is about to take the second.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const payment = db.transaction(async (tx) => {
        expect(await takeProductStock(tx, low, 1)).toBe(true);
        holding();
        await gate;
        expect(await takeProductStock(tx, high, 1)).toBe(true);
      });
      await held;
      const cancel = changeOrderStatus(db, ADMIN, order!.id, { status: "cancelled", restock: true, notifyCustomer: false });
      // Once the cancel waits for a lock the payment holds, the payment goes on.
      await expect
        .poll(async () => ((await db.execute(sql`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`)) as unknown as { rows: { waiting: number }[] }).rows[0]!.waiting, { timeout: 10_000 })
        .toBeGreaterThan(0);
      release();
      const [cancelled] = await Promise.all([cancel, payment]);
      expect(cancelled).toMatchObject({ ok: true, order: { status: "cancelled" } });
      // Each took one and the cancel put one back.
      expect((await stockOf(db, low)).stock).toBe(5);
      expect((await stockOf(db, high)).stock).toBe(5);
    });
  }

  it("a refund that succeeds while another is at the provider tells the customer only what is back, and the refused one stays flagged", async () => {
    const { db } = get();
    const order = await paidOrder(db, "local");
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The provider refuses the first refund, but only after the second has gone through.
    const refusing: PaymentProvider = { ...local, refundPart: async () => { await gate; throw new Error("The card account is closed"); } };
    const first = refundOrderPayment({ db, provider: refusing, publicUrl: "http://shop.test" }, ADMIN, order.orderId, { amount: "60", reason: "Most of it", restock: false }, "in-flight-1");
    await expect.poll(async () => (await orderRow(db, order.orderId)).refundedPence).toBe(6_000);
    const second = await refundOrderPayment({ db, provider: local, publicUrl: "http://shop.test" }, ADMIN, order.orderId, { amount: "40", reason: "The rest", restock: false }, "in-flight-2");
    expect(second).toMatchObject({ ok: true });
    expect(await orderRow(db, order.orderId)).toMatchObject({ paymentStatus: "partially_refunded", refundedAt: null });
    const [mail] = (await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.orderId))).filter((row) => row.subject === adminRefunds.mailSubject(formatOrderNumber(order.orderId)));
    expect(mail!.textBody).toContain(orderMails.refundedSoFar("£40.00", "£100.00"));
    // The trail says what this refund changed: nothing was back before it, £40 after (not the
    // £60 still at the provider).
    const [entry] = await db.select().from(adminAuditLog).where(and(eq(adminAuditLog.subjectId, order.orderId), eq(adminAuditLog.action, "order.refunded")));
    expect(entry).toMatchObject({ before: { refundedPence: 0 }, after: { refundedPence: 4_000, amountPence: 4_000 } });
    release();
    expect(await first).toMatchObject({ ok: false, reason: "provider" });
    expect(await orderRow(db, order.orderId)).toMatchObject({ paymentStatus: "partially_refunded", refundedPence: 4_000, refundedAt: null, refundError: "The card account is closed" });
  });

  it("a refund an outage left pending is finished later, once, with the lines it asked to restock; a refusal then gives its amount back", async () => {
    const { db } = get();
    const order = await paidOrder(db, "local");
    const outage = Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" });
    // The database went away while the provider was asked: nothing is known of the money.
    const away: PaymentProvider = { ...local, refundPart: () => Promise.reject(outage) };
    const left = await refundOrderPayment({ db, provider: away }, ADMIN, order.orderId, { amount: "30.00", reason: "Jacket back", restock: [{ itemId: order.itemIds[0], quantity: 1 }] }, "dialog-1");
    expect(left).toEqual({ ok: false, reason: "provider", message: adminRefunds.unconfirmed });
    const [pending] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.orderId));
    expect(pending).toMatchObject({ status: "pending", amountPence: 3_000 });
    expect((await orderRow(db, order.orderId)).refundedPence).toBe(3_000);

    // The same request again at once: the first may still be at the provider.
    expect(await refundOrderPayment({ db, provider: local }, ADMIN, order.orderId, { amount: "30.00", reason: "Jacket back", restock: true }, "dialog-1")).toEqual({ ok: false, reason: "conflict", message: adminRefunds.underWay });
    // Too soon for the sweep as well.
    expect(await resumePendingRefunds({ db, provider: local })).toBe(0);

    // A rate limit (every process sweeping at once after the outage) says nothing of the money either.
    const limited: PaymentProvider = { ...local, refundPart: () => Promise.reject(Object.assign(new Error("Too many requests"), { type: "StripeRateLimitError" })) };
    expect(await resumePendingRefunds({ db, provider: limited }, new Date(Date.now() + REFUND_RESUME_AFTER_MS + 1_000))).toBe(0);
    expect((await db.select().from(orderRefunds).where(eq(orderRefunds.id, pending!.id)))[0]).toMatchObject({ status: "pending" });
    // The same request through another provider (the shop switched meanwhile) is not sent there.
    await db.update(orderRefunds).set({ createdAt: new Date(Date.now() - REFUND_RESUME_AFTER_MS - 1_000) }).where(eq(orderRefunds.id, pending!.id));
    expect(await refundOrderPayment({ db, provider: stripe }, ADMIN, order.orderId, { amount: "30.00", reason: "Jacket back", restock: true }, "dialog-1")).toEqual({ ok: false, reason: "conflict", message: adminRefunds.underWay });

    // The provider had in fact refunded before the answer was lost: asked again with the same key,
    // it answers that refund and takes nothing more.
    await local.refundPart(order.sessionId, { amountPence: 3_000, idempotencyKey: `admin-refund-${pending!.id}`, orderId: order.orderId, reason: "Jacket back" });
    const later = new Date(Date.now() + REFUND_RESUME_AFTER_MS + 1_000);
    const sweeps = await Promise.all([resumePendingRefunds({ db, provider: local }, later), resumePendingRefunds({ db, provider: local }, later)]);
    expect(sweeps.reduce((sum, count) => sum + count, 0)).toBe(1);
    const [done] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, pending!.id));
    expect(done).toMatchObject({ status: "succeeded", restocked: [{ itemId: order.itemIds[0], quantity: 1 }] });
    expect(await orderRow(db, order.orderId)).toMatchObject({ paymentStatus: "partially_refunded", refundedPence: 3_000 });
    const [session] = await db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, order.sessionId));
    expect(session!.refundedPence).toBe(3_000);
    // The jacket asked for is back in stock, once; the customer is told once.
    expect((await stockOf(db, order.productIds[0])).stock).toBe(4);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.orderId))).toHaveLength(1);
    expect(await db.select().from(adminAuditLog).where(and(eq(adminAuditLog.subjectId, order.orderId), eq(adminAuditLog.action, "order.refunded")))).toHaveLength(1);

    // A second refund left pending, which the provider refuses when asked again: its amount is given back.
    await refundOrderPayment({ db, provider: away }, ADMIN, order.orderId, { amount: "10.00", reason: "Goodwill", restock: false }, "dialog-2");
    expect((await orderRow(db, order.orderId)).refundedPence).toBe(4_000);
    const refusing: PaymentProvider = { ...local, refundPart: () => Promise.reject(new Error("the card was closed")) };
    // The admin presses Refund again in the same dialog once the first request is long over.
    await db.update(orderRefunds).set({ createdAt: new Date(Date.now() - REFUND_RESUME_AFTER_MS - 1_000) }).where(eq(orderRefunds.idempotencyKey, "dialog-2"));
    expect(await refundOrderPayment({ db, provider: refusing }, ADMIN, order.orderId, { amount: "10.00", reason: "Goodwill", restock: false }, "dialog-2")).toEqual({
      ok: false,
      reason: "provider",
      message: adminRefunds.providerFailed("the card was closed"),
    });
    expect(await orderRow(db, order.orderId)).toMatchObject({ paymentStatus: "partially_refunded", refundedPence: 3_000, refundError: "the card was closed" });

    // Past 23 hours a pending refund is no longer asked again (Stripe forgets its key after 24):
    // the log names it once, for the owner to check at the provider.
    await refundOrderPayment({ db, provider: away }, ADMIN, order.orderId, { amount: "5.00", reason: "Late", restock: false }, "dialog-3");
    await db.update(orderRefunds).set({ createdAt: new Date(Date.now() - 24 * 60 * 60_000) }).where(eq(orderRefunds.idempotencyKey, "dialog-3"));
    const [stuck] = await db.select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, "dialog-3"));
    const reported = new Set<string>();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(await reportStuckRefunds({ db, provider: local }, reported)).toContain(stuck!.id);
      expect(warn.mock.calls.map(([line]) => line)).toContain(adminRefunds.stuckInLog(formatOrderNumber(order.orderId), "£5.00"));
      expect(await reportStuckRefunds({ db, provider: local }, reported)).not.toContain(stuck!.id);
    } finally {
      warn.mockRestore();
    }
    expect(await resumePendingRefunds({ db, provider: local })).toBe(0);
    expect((await db.select().from(orderRefunds).where(eq(orderRefunds.id, stuck!.id)))[0]).toMatchObject({ status: "pending" });
  });

  it("a jacket refunded without going back to stock is not offered again: the order page offers 1 of 2 left, and 2 more are refused", async () => {
    const { db } = get();
    const order = await paidOrder(db, "local");
    const [jacketId] = order.itemIds;
    // As the order page's dialog sends it: the chosen units, restock unticked.
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "refund", orderId: order.orderId, amount: "40.00", reason: "Kept it, money back", restock: "[]", units: JSON.stringify([{ itemId: jacketId, quantity: 1 }]), shipping: "false", idempotencyKey: "one-jacket" })) form.set(name, value);
    const answer = await handleRefundIntent({ db, kickMail: () => {}, payments: local, config: { publicUrl: SHOP } as never }, ADMIN, form);
    expect(answer.data).toMatchObject({ ok: true });
    expect((await stockOf(db, order.productIds[0])).stock).toBe(3);

    const page = (await getAdminOrder(db, order.orderId))!;
    const jacket = page.items.find((item) => item.id === jacketId)!;
    expect(lineRefundState(jacket, jacket.lineTotalPence)).toMatchObject({ refundedUnits: 1, leftUnits: 1, leftPence: 4_000 });
    expect(unitsLeftToRefund(jacket)).toBe(1);

    const twoMore = await refundOrderPayment({ db, provider: local }, ADMIN, order.orderId, { amount: "40", reason: "Both", restock: false, units: [{ itemId: jacketId, quantity: 2 }] });
    expect(twoMore).toEqual({ ok: false, reason: "invalid", message: adminRefunds.unitsTooMany(1) });
    expect(await orderRow(db, order.orderId)).toMatchObject({ refundedPence: 4_000, paymentStatus: "partially_refunded" });
    const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.orderId));
    expect(refund!.covered).toEqual({ lines: [{ itemId: jacketId, quantity: 1 }], shipping: false });
  });

  it("shipping refunded once is not offered again, and a second refund of it is refused", async () => {
    const { db } = get();
    const order = await paidOrder(db, "local");
    expect(await refundOrderPayment({ db, provider: local }, ADMIN, order.orderId, { amount: "4.99", reason: "Late", restock: false, units: [], shipping: true })).toMatchObject({ ok: true });
    const page = (await getAdminOrder(db, order.orderId))!;
    expect(page.shippingRefunded).toBe(true);
    expect(shippingLeftToRefund(page)).toBe(0);
    expect(await refundOrderPayment({ db, provider: local }, ADMIN, order.orderId, { amount: "4.99", reason: "Late", restock: false, shipping: true })).toEqual({
      ok: false,
      reason: "invalid",
      message: adminRefunds.shippingAlreadyRefunded,
    });
    expect((await orderRow(db, order.orderId)).refundedPence).toBe(499);
  });

  it("the database refuses a refunded amount above the total, whatever the code does", async () => {
    const { db } = get();
    const order = await paidOrder(db, "local");
    await expect(db.update(orders).set({ refundedPence: 10_001 }).where(eq(orders.id, order.orderId))).rejects.toThrow();
  });

  it("refunds through Stripe's Refunds API with the amount and an idempotency key", async () => {
    const { db } = get();
    const order = await paidThroughStripe(db);
    const result = await refundOrderPayment({ db, provider: stripe }, ADMIN, order.orderId, { amount: "12.34", reason: "Missing button", restock: false });
    expect(result).toMatchObject({ ok: true, order: { paymentStatus: "partially_refunded", refundedPence: 1_234 } });
    const made = fake.refunds.filter((refund) => refund.payment_intent === order.paymentIntent);
    expect(made).toEqual([expect.objectContaining({ amount: 1_234 })]);
    const request = fake.requests.filter((entry) => entry.path === "/v1/refunds").at(-1)!;
    expect(request.idempotencyKey).toBe(`admin-refund-${result.ok ? result.refund.id : ""}`);
    expect(request.body.get("metadata[reason]")).toBe("Missing button");
  });

  it("keeps Stripe's refusal for the order page and gives the reservation back", async () => {
    const { db } = get();
    const order = await paidThroughStripe(db);
    fake.failRefunds("The card account is closed");
    try {
      const result = await refundOrderPayment({ db, provider: stripe }, ADMIN, order.orderId, { amount: "50", reason: "Faulty", restock: true });
      expect(result).toMatchObject({ ok: false, reason: "provider" });
      expect(result.ok ? "" : result.message).toContain("The card account is closed");
    } finally {
      fake.failRefunds(null);
    }
    const row = await orderRow(db, order.orderId);
    expect(row).toMatchObject({ paymentStatus: "paid", refundedPence: 0 });
    expect(row.refundError).toContain("The card account is closed");
    expect((await stockOf(db, order.productIds[0])).stock).toBe(3);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.orderId))).toEqual([]);
    const detail = await getAdminOrder(db, order.orderId);
    expect(detail!.timeline.some((entry) => entry.title === adminRefunds.timelineFailed("£50.00"))).toBe(true);
    // The refusal does not stop a later refund.
    expect(await refundOrderPayment({ db, provider: stripe }, ADMIN, order.orderId, { amount: "50", reason: "Faulty", restock: false })).toMatchObject({ ok: true });
    expect((await orderRow(db, order.orderId)).refundError).toBeNull();
  });

  it("a refused refund's units and shipping are offered again", async () => {
    const { db } = get();
    const order = await paidThroughStripe(db);
    const [jacketId] = order.itemIds;
    fake.failRefunds("The card account is closed");
    try {
      const units = [{ itemId: jacketId, quantity: 2 }];
      expect(await refundOrderPayment({ db, provider: stripe }, ADMIN, order.orderId, { amount: "84.99", reason: "Returned", restock: false, units, shipping: true })).toMatchObject({ ok: false, reason: "provider" });
    } finally {
      fake.failRefunds(null);
    }
    const page = (await getAdminOrder(db, order.orderId))!;
    const jacket = page.items.find((item) => item.id === jacketId)!;
    expect(unitsLeftToRefund(jacket)).toBe(2);
    expect(shippingLeftToRefund(page)).toBe(499);
    const units = [{ itemId: jacketId, quantity: 2 }];
    expect(await refundOrderPayment({ db, provider: stripe }, ADMIN, order.orderId, { amount: "84.99", reason: "Returned", restock: false, units, shipping: true })).toMatchObject({ ok: true });
    expect((await orderRow(db, order.orderId)).refundError).toBeNull();
  });

  it("POST /api/admin/orders/:id/refunds answers 201, then 200 for the same Idempotency-Key, 409 past the total", async () => {
    const { db } = get();
    const auth = makeAuth(db);
    const kicks = { count: 0 };
    const context = makeContext(db, auth, kicks, { payments: local });
    const admin = await signedInAccount(db, auth, { admin: true });
    const order = await paidOrder(db, "local");
    const route = await import("../../src/web/routes/api.admin.order-refunds.ts");
    const post = (body: unknown, key?: string) =>
      settle(
        route.action(
          withUrl({
            request: new Request(`${SHOP}/api/admin/orders/${order.orderId}/refunds`, {
              method: "POST",
              headers: { cookie: admin.cookie, origin: SHOP, "content-type": "application/json", ...(key ? { "idempotency-key": key } : {}) },
              body: JSON.stringify(body),
            }),
            params: { id: order.orderId },
            context,
          }) as never,
        ),
      );
    const created = await post({ amount: "40", reason: "Wrong size", restock: [{ itemId: order.itemIds[0], quantity: 1 }] }, "k-1");
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ refund: { amountPence: 4_000, status: "succeeded" }, order: { paymentStatus: "partially_refunded", refundedPence: 4_000 } });
    expect(kicks.count).toBe(1);
    expect((await post({ amount: "40", reason: "Wrong size", restock: false }, "k-1")).status).toBe(200);
    expect(await post({ amount: "60.01", reason: "Too much", restock: false })).toMatchObject({ status: 409, body: { error: adminRefunds.amountTooHigh("£60.00") } });
    expect(await post({ amount: "", reason: "x" })).toMatchObject({ status: 400, body: { error: adminRefunds.amountInvalid } });
    // More than £0.00, but not in pounds and pence: the format is what is wrong.
    for (const amount of ["1.001", "1e3"]) expect(await post({ amount, reason: "x" })).toMatchObject({ status: 400, body: { error: adminRefunds.amountFormat } });
    // A key that is not text would be dropped, and a double click refunded twice: refused.
    expect(await post({ amount: "1", reason: "Double click", restock: false, idempotencyKey: 7 })).toMatchObject({ status: 400, body: { error: adminRefunds.idempotencyKeyNotText } });
    // Restock lines the order does not have, or more units than were bought: the request is wrong (400), like a quantity of -1.
    for (const restock of [[{ itemId: order.itemIds[1], quantity: 4 }], [{ itemId: "no-such-line", quantity: 1 }], [{ itemId: order.itemIds[1], quantity: -1 }]]) {
      expect(await post({ amount: "1", reason: "Restock", restock })).toMatchObject({ status: 400, body: { error: adminRefunds.restockInvalid } });
    }
    const listed = await settle(
      route.loader(withUrl({ request: new Request(`${SHOP}/api/admin/orders/${order.orderId}/refunds`, { headers: { cookie: admin.cookie } }), params: { id: order.orderId }, context }) as never),
    );
    expect(listed.body).toMatchObject({ refunds: [{ amountPence: 4_000, reason: "Wrong size" }] });

    // A paid £0.00 order (a 100% code): nothing to refund, not "refunded in full".
    const free = await paidOrder(db, "local");
    await db.update(orders).set({ totalAmountPence: 0 }).where(eq(orders.id, free.orderId));
    const refusedFree = await settle(
      route.action(
        withUrl({
          request: new Request(`${SHOP}/api/admin/orders/${free.orderId}/refunds`, { method: "POST", headers: { cookie: admin.cookie, origin: SHOP, "content-type": "application/json" }, body: JSON.stringify({ amount: "1", reason: "Goodwill" }) }),
          params: { id: free.orderId },
          context,
        }) as never,
      ),
    );
    expect(refusedFree).toMatchObject({ status: 409, body: { error: adminRefunds.nothingPaid } });

    // An order that does not exist is what is wrong first, before an empty amount or reason.
    const unknown = await settle(
      route.action(
        withUrl({
          request: new Request(`${SHOP}/api/admin/orders/nope/refunds`, { method: "POST", headers: { cookie: admin.cookie, origin: SHOP, "content-type": "application/json" }, body: "{}" }),
          params: { id: "nope" },
          context,
        }) as never,
      ),
    );
    expect(unknown).toMatchObject({ status: 404, body: { error: adminFulfilment.orderNotFound } });
  });

  it("cancels a paid order with its refund in one step: the refund first, then the cancel, and one e-mail that says both", async () => {
    const { db } = get();
    const order = await paidOrder(db, "local");
    const deps = { db, payments: local, publicUrl: SHOP };
    const change = { restock: true, notifyCustomer: true, expectedStatus: "processing" };
    const key = randomUUID();
    const done = await cancelWithRefund(deps, ADMIN, order.orderId, change, { amount: "100.00", idempotencyKey: key });
    expect(done).toMatchObject({ ok: true, refundedPence: 10_000, order: { status: "cancelled", paymentStatus: "refunded" } });
    // The cancel put the items back, once: the refund left stock alone.
    expect(await stockOf(db, order.productIds[0])).toEqual({ stock: 5, inStock: true });
    expect(await stockOf(db, order.productIds[1])).toEqual({ stock: 1, inStock: true });
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.orderId));
    expect(mails.map((mail) => mail.subject)).toEqual([orderMails.cancelledSubject(formatOrderNumber(order.orderId))]);
    expect(mails[0]!.textBody).toContain(orderMails.cancelledRefunded("£100.00"));
    const trail = await db.select().from(adminAuditLog).where(eq(adminAuditLog.subjectId, order.orderId));
    expect(trail.map((entry) => entry.action).sort()).toEqual(["order.refunded", "order.status_changed"]);
    expect(trail.find((entry) => entry.action === "order.refunded")!.after).toMatchObject({ reason: adminFulfilment.cancelRefundReason, amountPence: 10_000 });
    // The refund covered the whole order: nothing is offered again later.
    const [record] = await db.select({ covered: orderRefunds.covered }).from(orderRefunds).where(eq(orderRefunds.orderId, order.orderId));
    expect(record!.covered.shipping).toBe(true);
    expect(Object.fromEntries(record!.covered.lines.map((line) => [line.itemId, line.quantity]))).toEqual({ [order.itemIds[0]]: 2, [order.itemIds[1]]: 1 });

    // Sent again (a double click): the same refund, nothing more given back, no second e-mail.
    expect(await cancelWithRefund(deps, ADMIN, order.orderId, { ...change, expectedStatus: undefined }, { amount: "100.00", idempotencyKey: key })).toMatchObject({ ok: true, refundedPence: 10_000 });
    expect(await orderRow(db, order.orderId)).toMatchObject({ refundedPence: 10_000, paymentStatus: "refunded" });
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.orderId))).toHaveLength(1);
  });

  it("leaves a paid order as it was when its cancel's refund is refused or the order changed meanwhile", async () => {
    const { db } = get();
    const order = await paidOrder(db, "local");
    const deps = { db, payments: local, publicUrl: SHOP };
    const change = { restock: true, notifyCustomer: true, expectedStatus: "processing" };
    const refused = await cancelWithRefund(deps, ADMIN, order.orderId, change, { amount: "100.01", idempotencyKey: randomUUID() });
    expect(refused).toMatchObject({ ok: false, reason: "refund_refused" });
    expect((refused as { message: string }).message).toMatch(/^The order was not cancelled: its refund did not go through\./);
    await db.update(orders).set({ status: "shipped" }).where(eq(orders.id, order.orderId));
    expect(await cancelWithRefund(deps, ADMIN, order.orderId, change, { amount: "100.00", idempotencyKey: randomUUID() })).toMatchObject({
      ok: false,
      reason: "changed",
      message: adminFulfilment.statusChangedMeanwhile("Shipped"),
    });
    expect(await orderRow(db, order.orderId)).toMatchObject({ status: "shipped", paymentStatus: "paid", refundedPence: 0 });
    expect(await stockOf(db, order.productIds[0])).toEqual({ stock: 3, inStock: true });
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.orderId))).toHaveLength(0);
    expect(await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.orderId))).toHaveLength(0);
  });
});
