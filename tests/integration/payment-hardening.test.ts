// Payments and checkout under abuse and failure (issue 10, items 3, 12, 13, 14, 15, 16; decision
// 013): duplicate lines, destinations outside the list, discount limits under concurrent payers,
// refused payments told in words, late events on cancelled orders, and payments recovered after
// a crash. On PGlite and PostgreSQL (the races mean something only on PostgreSQL).
import { randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { DISCOUNT_RESERVATION_MINUTES, PAYMENT_SESSION_MINUTES } from "../../src/domain/discounts.ts";
import { discounts as discountMessages } from "../../src/domain/messages/discounts.ts";
import { cartErrors } from "../../src/domain/messages/cart.ts";
import { checkout as checkoutMessages, checkoutRequestErrors } from "../../src/domain/messages/checkout.ts";
import { createCheckout } from "../../src/server/checkout/checkout.server.ts";
import { quoteShippingForProducts } from "../../src/server/checkout/shipping-quote.server.ts";
import { withDerivedFields } from "../../src/server/catalog/product-fields.server.ts";
import type { Database } from "../../src/server/db/client.server.ts";
import { discountCodes, localPaymentSessions, mailOutbox, orderItems, orders, products } from "../../src/server/db/schema.ts";
import { applyFailedSession } from "../../src/server/payments/apply-payment.server.ts";
import { createLocalProvider, type LocalProvider } from "../../src/server/payments/local-provider.server.ts";
import type { PaymentProvider } from "../../src/server/payments/payment-provider.server.ts";
import { handlePaymentWebhook, verifyPayment } from "../../src/server/payments/payments.server.ts";
import { reconcilePayments, startPaymentReconciler } from "../../src/server/payments/reconcile-payments.server.ts";
import { createStripeProvider } from "../../src/server/payments/stripe-provider.server.ts";
import { ensurePriceSettings } from "../../src/server/settings/price-settings.server.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { startFakeStripe, type FakeStripe } from "../helpers/fake-stripe.ts";
import { adminFulfilment } from "../../src/domain/messages/admin.ts";
import { refundedMailReason } from "../../src/domain/payment-refusals.ts";
import { getAdminOrder } from "../../src/server/admin/orders/order-details.server.ts";

const SHOP = "http://shop.test";
const UK = { address: "1 Savile Row", city: "London", postalCode: "W1S 3PR", country: "United Kingdom" };
const unique = () => randomBytes(4).toString("hex");
const shopper = (name = `buyer-${unique()}`) => ({ firstName: "Ama", lastName: "Owusu", email: `${name}@example.com` });

describeEachEngine("payment hardening", (get) => {
  let provider: LocalProvider;
  const deps = (overrides: Partial<{ provider: PaymentProvider }> = {}) => ({ db: get().db, provider, publicUrl: SHOP, ...overrides });

  beforeAll(async () => {
    await ensurePriceSettings(get().db);
    provider = createLocalProvider(get().db, { publicUrl: SHOP, webhookSecret: "whsec_hardening" });
  });

  async function product(db: Database, stock: number, sizes: string[] = []) {
    const [row] = await db
      .insert(products)
      .values(withDerivedFields({ name: `Kente Kaftan ${unique()}`, category: "kaftans", pricePence: 5_000, image: "/images/products/k-1.svg", stock, availableSizes: sizes }))
      .returning({ id: products.id });
    return row!.id;
  }
  const line = (productId: string, quantity = 1, size: string | null = null) => ({ product_id: productId, quantity, selected_size: size, selected_color: null });
  const stockOf = async (productId: string) => (await get().db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0]!.stock;
  const orderOf = async (orderId: string) => (await get().db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const mailTo = (email: string) => get().db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

  async function checkout(items: ReturnType<typeof line>[], customer = shopper(), extra: Record<string, unknown> = {}) {
    const result = await createCheckout(deps(), null, { items, customerInfo: customer, shippingAddress: UK, ...extra });
    if (!result.ok) throw new Error(`checkout refused: ${result.message}`);
    return { ...result, customer };
  }

  async function payThroughWebhook(sessionId: string) {
    const event = await provider.completeSession(sessionId, { email: null, name: null, address: null });
    if (!event) throw new Error("no open session");
    return handlePaymentWebhook(deps(), event.rawBody, event.headers);
  }

  // ---- item 16 ---------------------------------------------------------------------------------

  it("refuses an order above the most one card payment can take with a 400 and its reason, writing nothing", async () => {
    const [row] = await get()
      .db.insert(products)
      .values(withDerivedFields({ name: `Bespoke Coat ${unique()}`, category: "suits", pricePence: 10_000_000, image: "/images/products/k-1.svg", stock: 500 }))
      .returning({ id: products.id });
    const before = (await get().db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
    // 99 coats at £100,000 (the editor's highest price) and more with the markup: past £21 million,
    // more than the order's columns could hold, and far past a card payment's £999,999.99.
    const result = await createCheckout(deps(), null, { items: [line(row!.id, 99)], customerInfo: shopper(), shippingAddress: UK });
    expect(result).toEqual({ ok: false, status: 400, message: checkoutRequestErrors.orderTooLarge("£999,999.99") });
    expect((await get().db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n).toBe(before);
    expect(await stockOf(row!.id)).toBe(500);
  });

  it("merges duplicate lines and refuses their sum above the stock (2 x 50 with 50 in stock)", async () => {
    const id = await product(get().db, 50);
    const result = await createCheckout(deps(), null, { items: [line(id, 50), line(id, 50)], customerInfo: shopper(), shippingAddress: UK });
    expect(result).toEqual({ ok: false, status: 409, message: expect.stringContaining(cartErrors.stockLimit(50, 0).slice(0, 10)) });
    const ok = await checkout([line(id, 30), line(id, 20)]);
    const items = await get().db.select().from(orderItems).where(eq(orderItems.orderId, ok.orderId));
    expect(items.map((item) => item.quantity)).toEqual([50]);
  });

  it("checks the sizes of one product together against its stock", async () => {
    const id = await product(get().db, 50, ["M", "L"]);
    const result = await createCheckout(deps(), null, { items: [line(id, 30, "M"), line(id, 30, "L")], customerInfo: shopper(), shippingAddress: UK });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.status).toBe(409);
  });

  // ---- item 15 ---------------------------------------------------------------------------------

  it("refuses destinations outside the shop's country list at checkout and in the shipping quote", async () => {
    const id = await product(get().db, 5);
    for (const country of ["Korea, North", "Republic of Cuba", "AFG"]) {
      const result = await createCheckout(deps(), null, { items: [line(id)], customerInfo: shopper(), shippingAddress: { ...UK, country } });
      const message = checkoutMessages.countryNotInList(country);
      expect(result).toEqual({ ok: false, status: 400, message, field: "country", fields: { country: message } });
      expect(await quoteShippingForProducts(get().db, { country, items: [{ productId: id, quantity: 1 }] })).toEqual({ ok: false, message: checkoutMessages.countryNotInList(country) });
    }
    const japan = await quoteShippingForProducts(get().db, { country: "JP", items: [{ productId: id, quantity: 1 }] });
    expect(japan.ok).toBe(true);
  });

  // ---- item 3 ----------------------------------------------------------------------------------

  async function singleUseCode(usedCount = 0) {
    const code = `ONCE${unique()}`.toUpperCase();
    const [row] = await get().db.insert(discountCodes).values({ code, discountType: "percentage", discountValue: 10, usageLimit: 1, usedCount }).returning({ id: discountCodes.id });
    return { code, id: row!.id };
  }
  const usedCountOf = async (id: string) => (await get().db.select({ used: discountCodes.usedCount }).from(discountCodes).where(eq(discountCodes.id, id)))[0]!.used;

  it("refuses a used-up code at checkout", async () => {
    const id = await product(get().db, 5);
    const { code } = await singleUseCode(1);
    const result = await createCheckout(deps(), null, { items: [line(id)], customerInfo: shopper(), shippingAddress: UK, discountCode: code });
    expect(result).toEqual({ ok: false, status: 400, message: discountMessages.usedUp });
  });

  it("lets only one of five concurrent shoppers check out with the last use of a code; the same shopper may try again", async () => {
    const id = await product(get().db, 50);
    const { code } = await singleUseCode();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => createCheckout(deps(), null, { items: [line(id)], customerInfo: shopper(), shippingAddress: UK, discountCode: code })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.message)).toEqual(Array(4).fill(discountMessages.usedUp));
    const winner = results.find((result) => result.ok)!;
    const [order] = await get().db.select().from(orders).where(eq(orders.id, winner.ok ? winner.orderId : ""));
    const again = await createCheckout(deps(), null, { items: [line(id)], customerInfo: order!.customer, shippingAddress: UK, discountCode: code });
    expect(again.ok).toBe(true);
  });

  it("counts a usage_limit=1 code once when five of one shopper's checkouts are paid at once; the others are refunded in full", async () => {
    const id = await product(get().db, 50);
    const { code, id: codeId } = await singleUseCode();
    const customer = shopper();
    const placed = [];
    for (let i = 0; i < 5; i++) placed.push(await checkout([line(id)], customer, { discountCode: code }));
    const answers = await Promise.all(placed.map((each) => payThroughWebhook(each.sessionId)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);

    expect(await usedCountOf(codeId)).toBe(1);
    const rows = await get().db.select().from(orders).where(inArray(orders.id, placed.map((each) => each.orderId)));
    expect(rows.filter((row) => row.paymentStatus === "paid")).toHaveLength(1);
    const refused = rows.filter((row) => row.paymentStatus === "refunded");
    expect(refused).toHaveLength(4);
    for (const row of refused) {
      expect(row).toMatchObject({ status: "cancelled", cancelReason: "discount-used-up", refundError: null });
      expect(row.refundedAt).toBeInstanceOf(Date);
      const [session] = await get().db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, row.stripeSessionId!));
      expect(session!.paymentStatus).toBe("refunded");
      expect(await verifyPayment(deps(), row.stripeSessionId!)).toEqual({ success: false, status: "refunded", reason: "discount-used-up" });
    }
    expect(await stockOf(id)).toBe(49);
    const mails = await mailTo(customer.email);
    expect(mails.filter((mail) => mail.subject.endsWith("we could not fulfil it"))).toHaveLength(4);
    expect(mails.filter((mail) => mail.subject.endsWith("confirmed"))).toHaveLength(1);
  });

  // ---- item 12 ---------------------------------------------------------------------------------

  it("tells the second payer for the last unit, on every verify, that it sold out and was refunded, and mails it", async () => {
    const id = await product(get().db, 1);
    const first = await checkout([line(id)]);
    const second = await checkout([line(id)]);
    await payThroughWebhook(first.sessionId);
    await payThroughWebhook(second.sessionId);
    expect((await verifyPayment(deps(), first.sessionId)).status).toBe("paid");
    for (let i = 0; i < 2; i++) expect(await verifyPayment(deps(), second.sessionId)).toEqual({ success: false, status: "refunded", reason: "sold-out" });
    const mails = await mailTo(second.customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain("sold out");
    expect(mails[0]!.textBody).toContain("refunded in full");
  });

  // ---- item 13 ---------------------------------------------------------------------------------

  it("keeps a cancelled order cancelled when its payment arrives late: no stock taken, the money refunded", async () => {
    const id = await product(get().db, 3);
    const placed = await checkout([line(id)]);
    const event = await provider.completeSession(placed.sessionId, { email: null, name: null, address: null });
    // The session's end reached the shop first (or the shop cancelled the order).
    expect(await applyFailedSession(get().db, placed.sessionId, "expired")).toBe("updated");
    expect((await handlePaymentWebhook(deps(), event!.rawBody, event!.headers)).status).toBe(200);
    const order = await orderOf(placed.orderId);
    expect(order).toMatchObject({ status: "cancelled", paymentStatus: "refunded", cancelReason: "paid-after-cancel", refundError: null });
    expect(order.refundedAt).toBeInstanceOf(Date);
    expect(await stockOf(id)).toBe(3);
    expect(await verifyPayment(deps(), placed.sessionId)).toEqual({ success: false, status: "refunded", reason: "paid-after-cancel" });
  });

  it("a payment arriving after an admin shipped the order keeps it shipped, with its tracking, and takes the stock", async () => {
    const id = await product(get().db, 3);
    const placed = await checkout([line(id)]);
    await get().db.update(orders).set({ status: "shipped", shippedAt: new Date(), carrier: "Royal Mail", trackingNumber: "RM1" }).where(eq(orders.id, placed.orderId));
    expect((await payThroughWebhook(placed.sessionId)).status).toBe(200);
    expect(await orderOf(placed.orderId)).toMatchObject({ status: "shipped", paymentStatus: "paid", trackingNumber: "RM1", paidAt: expect.any(Date) });
    expect(await stockOf(id)).toBe(2);
    // An order still waiting for its payment moves on to Processing, as every paid order does.
    const waiting = await checkout([line(id)]);
    expect((await payThroughWebhook(waiting.sessionId)).status).toBe(200);
    expect(await orderOf(waiting.orderId)).toMatchObject({ status: "processing", paymentStatus: "paid" });
  });

  it("never applies a payment of another amount than the order's total: the order is off, no stock taken, the money back", async () => {
    const id = await product(get().db, 3);
    const placed = await checkout([line(id)]);
    // The provider took 1p for it (say, a promotion set up in the provider's own dashboard).
    await get().db.update(localPaymentSessions).set({ amountPence: 1 }).where(eq(localPaymentSessions.id, placed.sessionId));
    expect((await payThroughWebhook(placed.sessionId)).status).toBe(200);
    const order = await orderOf(placed.orderId);
    expect(order).toMatchObject({ status: "cancelled", paymentStatus: "refunded", cancelReason: "amount-mismatch", refundError: null });
    expect(await stockOf(id)).toBe(3);
    expect(await verifyPayment(deps(), placed.sessionId)).toEqual({ success: false, status: "refunded", reason: "amount-mismatch" });
    const mails = await mailTo(placed.customer.email);
    expect(mails.map((mail) => mail.textBody).join("\n")).toContain(refundedMailReason("amount-mismatch"));
  });

  it("a checkout that ends unpaid cancels the order, unless an admin has moved it on; the timeline says so either way", async () => {
    const id = await product(get().db, 3);
    const left = await checkout([line(id)]);
    expect(await applyFailedSession(get().db, left.sessionId, "expired")).toBe("updated");
    expect(await orderOf(left.orderId)).toMatchObject({ status: "cancelled", paymentStatus: "failed", paymentFailedAt: expect.any(Date) });
    const cancelledTimeline = (await getAdminOrder(get().db, left.orderId))!.timeline;
    expect(cancelledTimeline.at(-1)).toMatchObject({ title: adminFulfilment.paymentNotCompleted, detail: adminFulfilment.paymentNotCompletedDetail(true) });

    // Shipped by an admin before the payment came: the status is the admin's and stays.
    const shipped = await checkout([line(id)]);
    await get().db.update(orders).set({ status: "shipped" }).where(eq(orders.id, shipped.orderId));
    expect(await applyFailedSession(get().db, shipped.sessionId, "expired")).toBe("updated");
    expect(await orderOf(shipped.orderId)).toMatchObject({ status: "shipped", paymentStatus: "failed" });
    expect((await getAdminOrder(get().db, shipped.orderId))!.timeline.map((entry) => entry.title)).toContain(adminFulfilment.paymentNotCompleted);
  });

  it("flags the order for the admin when the refund is impossible, and the reconciler retries it", async () => {
    const id = await product(get().db, 3);
    const placed = await checkout([line(id)]);
    const event = await provider.completeSession(placed.sessionId, { email: null, name: null, address: null });
    await applyFailedSession(get().db, placed.sessionId, "failed");
    const refusing: PaymentProvider = { ...provider, refund: () => Promise.reject(new Error("the card account is closed")) };
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect((await handlePaymentWebhook(deps({ provider: refusing }), event!.rawBody, event!.headers)).status).toBe(200);
    } finally {
      quiet.mockRestore();
    }
    expect(await orderOf(placed.orderId)).toMatchObject({ status: "cancelled", paymentStatus: "refunded", refundedAt: null, refundError: "the card account is closed" });
    expect(await stockOf(id)).toBe(3);

    await reconcilePayments(deps(), new Date(Date.now() + 2 * 60_000));
    expect(await orderOf(placed.orderId)).toMatchObject({ paymentStatus: "refunded", refundError: null, refundedAt: expect.any(Date) });
  });

  // ---- item 14 ---------------------------------------------------------------------------------

  it("applies, exactly once, a payment the provider recorded before a crash, even with two processes sweeping", async () => {
    const id = await product(get().db, 5);
    const placed = await checkout([line(id, 2)]);
    // The provider recorded the payment; the process died before the event reached the order.
    await provider.completeSession(placed.sessionId, { email: null, name: null, address: null });
    expect((await orderOf(placed.orderId)).paymentStatus).toBe("pending");

    // Two processes sweep at once: the claim lets only one of them ask the provider about it.
    const asked: string[] = [];
    const counting: PaymentProvider = { ...provider, getSession: (id) => (asked.push(id), provider.getSession(id)) };
    const reports = await Promise.all([reconcilePayments(deps({ provider: counting })), reconcilePayments(deps({ provider: counting }))]);
    expect(reports.reduce((sum, report) => sum + report.applied, 0)).toBe(1);
    expect(asked.filter((id) => id === placed.sessionId)).toHaveLength(1);
    expect(await orderOf(placed.orderId)).toMatchObject({ paymentStatus: "paid", status: "processing" });
    expect(await stockOf(id)).toBe(3);
    expect((await mailTo(placed.customer.email)).filter((mail) => mail.subject.endsWith("confirmed"))).toHaveLength(1);
    // A later sweep finds nothing to do for it.
    const later = await reconcilePayments(deps(), new Date(Date.now() + 10 * 60_000));
    expect(later.applied).toBe(0);
    expect(await stockOf(id)).toBe(3);
  });

  it("sweeps once as soon as it starts, without waiting for its first interval", async () => {
    const id = await product(get().db, 5);
    const placed = await checkout([line(id)]);
    await provider.completeSession(placed.sessionId, { email: null, name: null, address: null });
    const worker = startPaymentReconciler({ db: get().db, provider, publicUrl: SHOP }, 3_600_000);
    try {
      await vi.waitFor(async () => expect((await orderOf(placed.orderId)).paymentStatus).toBe("paid"), { timeout: 15_000 });
    } finally {
      await worker.stop();
    }
  });

  it("cancels an order a checkout left without a payment session once any session would have expired, and only then", async () => {
    const id = await product(get().db, 5);
    const placed = await checkout([line(id)]);
    // The process stopped between writing the order and recording its session.
    await get().db.update(orders).set({ stripeSessionId: null }).where(eq(orders.id, placed.orderId));
    await reconcilePayments(deps(), new Date(Date.now() + PAYMENT_SESSION_MINUTES * 60_000));
    expect(await orderOf(placed.orderId)).toMatchObject({ status: "pending", paymentStatus: "pending" });
    const report = await reconcilePayments(deps(), new Date(Date.now() + (PAYMENT_SESSION_MINUTES + 6) * 60_000));
    expect(report.cancelled).toBeGreaterThanOrEqual(1);
    expect(await orderOf(placed.orderId)).toMatchObject({ status: "cancelled", paymentStatus: "failed" });
    expect(await stockOf(id)).toBe(5);
  });

  it("cancels an order whose session expired without the event reaching the shop", async () => {
    const id = await product(get().db, 5);
    const placed = await checkout([line(id)]);
    await get().db.update(localPaymentSessions).set({ status: "expired" }).where(eq(localPaymentSessions.id, placed.sessionId));
    await reconcilePayments(deps());
    expect(await orderOf(placed.orderId)).toMatchObject({ status: "cancelled", paymentStatus: "failed" });
  });

  it("a payment page older than its lifetime cannot be paid: it expires, the order is off and no stock is taken", async () => {
    const id = await product(get().db, 5);
    const placed = await checkout([line(id)]);
    const backdate = (minutes: number) =>
      get().db.update(localPaymentSessions).set({ createdAt: new Date(Date.now() - minutes * 60_000) }).where(eq(localPaymentSessions.id, placed.sessionId));
    // Just inside the lifetime the page still reads as open.
    await backdate(PAYMENT_SESSION_MINUTES - 1);
    expect(await provider.getSession(placed.sessionId)).toMatchObject({ status: "open" });
    await backdate(PAYMENT_SESSION_MINUTES + 1);
    expect(await provider.getSession(placed.sessionId)).toMatchObject({ status: "expired" });
    const event = await provider.completeSession(placed.sessionId, { email: null, name: null, address: null });
    expect(event && JSON.parse(event.rawBody)).toMatchObject({ type: "checkout.session.expired" });
    await handlePaymentWebhook(deps(), event!.rawBody, event!.headers);
    expect(await orderOf(placed.orderId)).toMatchObject({ status: "cancelled", paymentStatus: "failed" });
    expect(await provider.session(placed.sessionId)).toMatchObject({ status: "expired", paymentStatus: "unpaid" });
    expect(await stockOf(id)).toBe(5);
  });

  it("the reconciler cancels an order whose payment page outlived its lifetime unpaid, with no visit to the page", async () => {
    const id = await product(get().db, 5);
    const placed = await checkout([line(id)]);
    await get()
      .db.update(localPaymentSessions)
      .set({ createdAt: new Date(Date.now() - (PAYMENT_SESSION_MINUTES + 1) * 60_000) })
      .where(eq(localPaymentSessions.id, placed.sessionId));
    await reconcilePayments(deps());
    expect(await orderOf(placed.orderId)).toMatchObject({ status: "cancelled", paymentStatus: "failed" });
    expect(await stockOf(id)).toBe(5);
  });

  it("keeps sweeping when the database is away: logs, retries and applies once it is back", async () => {
    const id = await product(get().db, 5);
    const placed = await checkout([line(id)]);
    await provider.completeSession(placed.sessionId, { email: null, name: null, address: null });
    let down = true;
    const real = get().db;
    const flaky = new Proxy(real, {
      get(target, property, receiver) {
        if (down && property === "transaction") return () => Promise.reject(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }));
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const worker = startPaymentReconciler({ db: flaky, provider, publicUrl: SHOP }, 3_600_000);
    try {
      await worker.sweep();
      expect(logged).toHaveBeenCalledWith(expect.stringContaining("payment reconciliation: the database is unavailable (terminating connection"));
      expect((await orderOf(placed.orderId)).paymentStatus).toBe("pending");
      down = false;
      await worker.sweep();
      expect((await orderOf(placed.orderId)).paymentStatus).toBe("paid");
    } finally {
      await worker.stop();
      logged.mockRestore();
    }
  });

  // ---- Stripe: late events and reconciliation through the API ---------------------------------

  describeStripe();

  function describeStripe() {
    let fake: FakeStripe;
    let stripe: PaymentProvider;
    const signer = new Stripe("sk_test_signer");
    const stripeDeps = () => ({ db: get().db, provider: stripe, publicUrl: SHOP });
    const signed = (type: string, session: { id: string; payment_status: string }) => {
      const payload = JSON.stringify({ id: `evt_${unique()}`, object: "event", type, data: { object: { ...session, object: "checkout.session" } } });
      return { payload, headers: new Headers({ "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_hardening_stripe" }) }) };
    };

    beforeAll(async () => {
      fake = await startFakeStripe();
      stripe = createStripeProvider({ secretKey: "sk_test_fake", webhookSecret: "whsec_hardening_stripe", api: { host: "127.0.0.1", port: fake.port, protocol: "http" } });
    });
    afterAll(async () => {
      await fake.close();
    });

    it("Stripe: a late, validly signed completed event after expiry refunds through Stripe and takes no stock", async () => {
      const id = await product(get().db, 2);
      const placed = await createCheckout(stripeDeps(), null, { items: [line(id)], customerInfo: shopper(), shippingAddress: UK });
      if (!placed.ok) throw new Error(placed.message);
      const expired = signed("checkout.session.expired", { id: placed.sessionId, payment_status: "unpaid" });
      await handlePaymentWebhook(stripeDeps(), expired.payload, expired.headers);
      const session = fake.pay(placed.sessionId);
      const late = signed("checkout.session.completed", session);
      expect((await handlePaymentWebhook(stripeDeps(), late.payload, late.headers)).status).toBe(200);
      expect(await orderOf(placed.orderId)).toMatchObject({ status: "cancelled", paymentStatus: "refunded", cancelReason: "paid-after-cancel" });
      expect(fake.refunds).toContainEqual(expect.objectContaining({ payment_intent: session.payment_intent }));
      expect(await stockOf(id)).toBe(2);
    });

    it("Stripe: a session is asked to expire after the lifetime the discount holds cover, not Stripe's 24 hours", async () => {
      const id = await product(get().db, 2);
      const before = Math.floor(Date.now() / 1000);
      const placed = await createCheckout(stripeDeps(), null, { items: [line(id)], customerInfo: shopper(), shippingAddress: UK });
      if (!placed.ok) throw new Error(placed.message);
      const created = fake.requests.findLast((request) => request.method === "POST" && request.path === "/v1/checkout/sessions");
      const expiresAt = Number(created?.body.get("expires_at"));
      // At least Stripe's 30 minutes, and within the holds on discount uses.
      expect(expiresAt - before).toBeGreaterThanOrEqual(30 * 60);
      expect(expiresAt - before).toBeLessThanOrEqual(DISCOUNT_RESERVATION_MINUTES * 60 + 5);
    });

    it("Stripe: the reconciler retrieves a paid session whose webhook never came and applies it", async () => {
      const id = await product(get().db, 2);
      const placed = await createCheckout(stripeDeps(), null, { items: [line(id)], customerInfo: shopper(), shippingAddress: UK });
      if (!placed.ok) throw new Error(placed.message);
      fake.pay(placed.sessionId);
      await reconcilePayments(stripeDeps());
      expect(await orderOf(placed.orderId)).toMatchObject({ paymentStatus: "paid", status: "processing" });
      expect(fake.requests.some((request) => request.method === "GET" && request.path === `/v1/checkout/sessions/${placed.sessionId}`)).toBe(true);
      expect(await stockOf(id)).toBe(1);
    });
  }
});
