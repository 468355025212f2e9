// The Stripe payment provider against a local fake Stripe server (issue 5): real Checkout
// Sessions in GBP with lines, shipping and discount; signed webhooks applied exactly once;
// verify-payment; refunds for an oversold last unit. On PGlite and PostgreSQL.
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { priceWithMarkup } from "../../src/domain/markup.ts";
import { createCheckout } from "../../src/server/checkout/checkout.server.ts";
import { withDerivedFields } from "../../src/server/catalog/product-fields.server.ts";
import { discountCodes, mailOutbox, orders, paymentEvents, products } from "../../src/server/db/schema.ts";
import type { PaymentProvider } from "../../src/server/payments/payment-provider.server.ts";
import { handlePaymentWebhook, verifyPayment } from "../../src/server/payments/payments.server.ts";
import { createStripeProvider } from "../../src/server/payments/stripe-provider.server.ts";
import { getAdminOrder } from "../../src/server/admin/orders/order-details.server.ts";
import { adminFulfilment } from "../../src/domain/messages/admin.ts";
import { ensurePriceSettings } from "../../src/server/settings/price-settings.server.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { startFakeStripe, type FakeStripe } from "../helpers/fake-stripe.ts";
import { routeContext, withUrl } from "../helpers/route-context.ts";
import { CHECKOUT_LIMIT_WINDOW_MINUTES, DEFAULT_CHECKOUT_LIMIT, VERIFICATIONS_PER_CHECKOUT } from "../../src/domain/checkout.ts";
import { confirmation } from "../../src/domain/messages/orders.ts";
import * as checkoutVerifyRoute from "../../src/web/routes/api.checkout-verify.ts";

const SHOP = "http://shop.test";
const WEBHOOK_SECRET = "whsec_test_secret";
const CUSTOMER = { firstName: "Ama", lastName: "Owusu", email: "ama@example.com" };
const UK = { address: "1 Savile Row", city: "London", postalCode: "W1S 3PR", country: "United Kingdom" };
const signer = new Stripe("sk_test_signer");

function signedEvent(type: string, session: { id: string; payment_status: string }, eventId = `evt_${Math.random().toString(36).slice(2)}`) {
  const payload = JSON.stringify({ id: eventId, object: "event", type, data: { object: { ...session, object: "checkout.session" } } });
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return { payload, headers: new Headers({ "stripe-signature": header }) };
}

describeEachEngine("Stripe provider", (get) => {
  let fake: FakeStripe;
  let provider: PaymentProvider;
  let ids: Record<string, string>;
  const deps = () => ({ db: get().db, provider, publicUrl: SHOP });

  beforeAll(async () => {
    fake = await startFakeStripe();
    provider = createStripeProvider({ secretKey: "sk_test_fake", webhookSecret: WEBHOOK_SECRET, api: { host: "127.0.0.1", port: fake.port, protocol: "http" } });
    await ensurePriceSettings(get().db);
  });

  afterAll(async () => {
    await fake.close();
  });

  beforeEach(async () => {
    const { db } = get();
    await db.delete(orders);
    await db.delete(paymentEvents);
    await db.delete(discountCodes);
    await db.delete(products);
    const rows = await db
      .insert(products)
      .values([
        withDerivedFields({ name: "Charcoal Suit", category: "suits", pricePence: 30_000, image: "/images/products/s-1.svg", stock: 4, availableSizes: ["42R"], availableColors: ["Charcoal"] }),
        withDerivedFields({ name: "One Left Pocket Square", category: "accessories", pricePence: 1_500, image: "/images/products/p-1.svg", stock: 1 }),
      ])
      .returning({ id: products.id, name: products.name });
    ids = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  });

  const suit = (quantity = 1) => ({ product_id: ids["Charcoal Suit"]!, quantity, selected_size: "42R", selected_color: "Charcoal" });

  it("creates a real Checkout Session in GBP with the lines, shipping, discount and return URLs", async () => {
    await get().db.insert(discountCodes).values({ code: "WELCOME5", discountType: "fixed", discountValue: 500 });
    const result = await createCheckout(deps(), null, { items: [suit(2)], customerInfo: CUSTOMER, shippingAddress: { ...UK, postalCode: "104-0061", country: "Japan" }, discountCode: "welcome5" });
    if (!result.ok) throw new Error(result.message);
    expect(result.url).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\/cs_test_/);

    const create = fake.requests.find((request) => request.path === "/v1/checkout/sessions")!;
    const unit = priceWithMarkup(30_000, 40);
    expect(create.body.get("mode")).toBe("payment");
    expect(create.body.get("line_items[0][price_data][currency]")).toBe("gbp");
    expect(create.body.get("line_items[0][price_data][unit_amount]")).toBe(String(unit));
    expect(create.body.get("line_items[0][quantity]")).toBe("2");
    expect(Number(create.body.get("shipping_options[0][shipping_rate_data][fixed_amount][amount]"))).toBeGreaterThan(0);
    expect(create.body.get("discounts[0][coupon]")).toMatch(/^coupon_/);
    expect(create.body.get("success_url")).toBe(`${SHOP}/order-confirmation/{CHECKOUT_SESSION_ID}`);
    expect(create.body.get("customer_email")).toBe(CUSTOMER.email);
    expect(create.idempotencyKey).toBe(`checkout-${result.orderId}`);

    const [order] = await get().db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(fake.sessions.get(result.sessionId)!.amount_total).toBe(order!.totalAmountPence);
    expect(order).toMatchObject({ paymentProvider: "stripe", stripeSessionId: result.sessionId, discountPence: 500 });
  });

  it("applies a signed completed webhook once; replays and verify-payment change nothing more", async () => {
    const result = await createCheckout(deps(), null, { items: [suit()], customerInfo: CUSTOMER, shippingAddress: UK });
    if (!result.ok) throw new Error(result.message);
    const session = fake.pay(result.sessionId);
    const event = signedEvent("checkout.session.completed", session);
    expect((await handlePaymentWebhook(deps(), event.payload, event.headers)).status).toBe(200);
    expect((await handlePaymentWebhook(deps(), event.payload, event.headers)).status).toBe(200);
    expect(await verifyPayment(deps(), result.sessionId)).toMatchObject({ success: true, status: "paid" });
    const [row] = await get().db.select().from(products).where(eq(products.id, ids["Charcoal Suit"]!));
    expect(row!.stock).toBe(3);
    const [order] = await get().db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(order).toMatchObject({ paymentStatus: "paid", status: "processing" });
  });

  it("a declined card is on its order's timeline once, however often Stripe sends the event; the order still waits for payment", async () => {
    const result = await createCheckout(deps(), null, { items: [suit()], customerInfo: CUSTOMER, shippingAddress: UK });
    if (!result.ok) throw new Error(result.message);
    // The session names its order on the payment too: a declined attempt's event is about the payment.
    const create = fake.requests.findLast((request) => request.path === "/v1/checkout/sessions")!;
    expect(create.body.get("payment_intent_data[metadata][orderId]")).toBe(result.orderId);
    // Delivered a minute after the bank's answer: the timeline keeps the answer's time. The order
    // is made two minutes old first, so the answer comes after it as a real one does.
    await get().db.update(orders).set({ createdAt: new Date(Date.now() - 120_000) }).where(eq(orders.id, result.orderId));
    const created = Math.floor(Date.now() / 1000) - 60;
    const intent = (metadata: Record<string, string>, eventId: string) => {
      const payload = JSON.stringify({
        id: eventId,
        object: "event",
        type: "payment_intent.payment_failed",
        created,
        data: { object: { id: "pi_test_1", object: "payment_intent", metadata, last_payment_error: { message: "Your card has insufficient funds." } } },
      });
      return { payload, headers: new Headers({ "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) }) };
    };
    const declined = intent({ orderId: result.orderId }, "evt_declined_1");
    expect((await handlePaymentWebhook(deps(), declined.payload, declined.headers)).status).toBe(200);
    expect((await handlePaymentWebhook(deps(), declined.payload, declined.headers)).status).toBe(200);
    // A payment of something else (no order of ours named) is acknowledged and left alone.
    const foreign = intent({}, "evt_declined_2");
    expect((await handlePaymentWebhook(deps(), foreign.payload, foreign.headers)).status).toBe(200);
    const detail = await getAdminOrder(get().db, result.orderId);
    expect(detail!.timeline.filter((entry) => entry.kind === "declined")).toEqual([
      expect.objectContaining({ at: new Date(created * 1000).toISOString(), title: adminFulfilment.paymentDeclined, detail: adminFulfilment.paymentDeclinedDetail("Your card has insufficient funds.", true) }),
    ]);
    expect(detail).toMatchObject({ paymentStatus: "pending", status: "pending" });
  });

  it("answers an id no order has 'unknown' without asking Stripe; an order's own session is still verified", async () => {
    // Each made-up id used to become a request to Stripe, spending the allowance the shop's own
    // checkouts and refunds need.
    const before = fake.requests.length;
    for (const id of ["cs_live_made_up_1", "cs_test_made_up_2", "anything"]) expect(await verifyPayment(deps(), id)).toEqual({ success: false, status: "unknown" });
    expect(fake.requests.slice(before)).toEqual([]);

    const result = await createCheckout(deps(), null, { items: [suit()], customerInfo: CUSTOMER, shippingAddress: UK });
    if (!result.ok) throw new Error(result.message);
    fake.pay(result.sessionId);
    const asked = fake.requests.length;
    expect(await verifyPayment(deps(), result.sessionId)).toMatchObject({ success: true, status: "paid", order: { id: result.orderId } });
    expect(fake.requests.slice(asked).map((request) => `${request.method} ${request.path}`)).toContain(`GET /v1/checkout/sessions/${result.sessionId}`);
  });

  it("answers the confirmation page of an order already paid from the shop's records, the same answer, without asking Stripe again", async () => {
    const result = await createCheckout(deps(), null, { items: [suit(2)], customerInfo: CUSTOMER, shippingAddress: UK });
    if (!result.ok) throw new Error(result.message);
    const asked = () => fake.requests.filter((request) => request.path === `/v1/checkout/sessions/${result.sessionId}`).length;
    // Not paid yet: only Stripe knows whether the shopper has paid meanwhile.
    expect(await verifyPayment(deps(), result.sessionId)).toEqual({ success: false, status: "pending" });
    expect(asked()).toBe(1);
    fake.pay(result.sessionId);
    const fromStripe = await verifyPayment(deps(), result.sessionId);
    expect(fromStripe).toMatchObject({ success: true, status: "paid", order: { id: result.orderId, itemCount: 2 } });
    expect(asked()).toBe(2);
    // The shopper reloads the confirmation page, then comes back to it later.
    const before = fake.requests.length;
    for (let visit = 0; visit < 3; visit++) expect(await verifyPayment(deps(), result.sessionId)).toEqual(fromStripe);
    expect(fake.requests.slice(before)).toEqual([]);
  });

  it("verify-payment takes 3 checks an address for each checkout it may start in 10 minutes, then 429 with the time to wait; other addresses and a real order go on", async () => {
    const { db } = get();
    const result = await createCheckout(deps(), null, { items: [suit()], customerInfo: CUSTOMER, shippingAddress: UK });
    if (!result.ok) throw new Error(result.message);
    fake.pay(result.sessionId);
    const limit = DEFAULT_CHECKOUT_LIMIT * VERIFICATIONS_PER_CHECKOUT;
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const verify = async (sessionId: string, clientIp = address) => {
      const app = { db, payments: provider, config: { publicUrl: SHOP, checkoutLimit: DEFAULT_CHECKOUT_LIMIT }, kickMail: () => {} };
      const request = new Request(SHOP + "/api/checkout/verify", { method: "POST", headers: { origin: SHOP, "content-type": "application/json" }, body: JSON.stringify({ sessionId }) });
      return checkoutVerifyRoute.action(withUrl({ request, params: {}, context: routeContext({ app, clientIp }) }) as never);
    };
    // The confirmation page of a real order, within the limit.
    const first = await verify(result.sessionId);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ success: true, status: "paid" });
    for (let i = 1; i < limit; i++) expect((await verify(`cs_live_made_up_${i}`)).status).toBe(200);
    const stripeRequests = fake.requests.length;
    const refused = await verify(result.sessionId);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: confirmation.tooManyChecks });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CHECKOUT_LIMIT_WINDOW_MINUTES * 60);
    expect(fake.requests.length).toBe(stripeRequests);
    // Another shopper's address is not held back, and their order is confirmed.
    const elsewhere = await verify(result.sessionId, "203.0.113.77");
    expect(elsewhere.status).toBe(200);
    expect(await elsewhere.json()).toMatchObject({ success: true, status: "paid", order: { id: result.orderId } });
  });

  it("waits on an unpaid completed session (async method) and applies async success or failure", async () => {
    const first = await createCheckout(deps(), null, { items: [suit()], customerInfo: CUSTOMER, shippingAddress: UK });
    const second = await createCheckout(deps(), null, { items: [suit()], customerInfo: CUSTOMER, shippingAddress: UK });
    if (!first.ok || !second.ok) throw new Error("checkout failed");
    const pending = signedEvent("checkout.session.completed", { id: first.sessionId, payment_status: "unpaid" });
    await handlePaymentWebhook(deps(), pending.payload, pending.headers);
    expect((await get().db.select().from(orders).where(eq(orders.id, first.orderId)))[0]!.paymentStatus).toBe("pending");
    expect(await verifyPayment(deps(), first.sessionId)).toEqual({ success: false, status: "pending" });

    const succeeded = signedEvent("checkout.session.async_payment_succeeded", { id: first.sessionId, payment_status: "paid" });
    await handlePaymentWebhook(deps(), succeeded.payload, succeeded.headers);
    expect((await get().db.select().from(orders).where(eq(orders.id, first.orderId)))[0]!.paymentStatus).toBe("paid");

    const failed = signedEvent("checkout.session.async_payment_failed", { id: second.sessionId, payment_status: "unpaid" });
    await handlePaymentWebhook(deps(), failed.payload, failed.headers);
    expect((await get().db.select().from(orders).where(eq(orders.id, second.orderId)))[0]).toMatchObject({ paymentStatus: "failed", status: "cancelled" });
  });

  it("an expired session cancels its order, and a late expiry never undoes a payment", async () => {
    const result = await createCheckout(deps(), null, { items: [suit()], customerInfo: CUSTOMER, shippingAddress: UK });
    if (!result.ok) throw new Error(result.message);
    const session = fake.pay(result.sessionId);
    const paid = signedEvent("checkout.session.completed", session);
    await handlePaymentWebhook(deps(), paid.payload, paid.headers);
    const expired = signedEvent("checkout.session.expired", { id: result.sessionId, payment_status: "paid" });
    await handlePaymentWebhook(deps(), expired.payload, expired.headers);
    expect((await get().db.select().from(orders).where(eq(orders.id, result.orderId)))[0]!.paymentStatus).toBe("paid");
  });

  it("a newer checkout of the same cart expires the older Checkout Session at Stripe, unless it was paid meanwhile", async () => {
    const tab = { ...deps(), browserCart: "stripe-browser-key-aaaaaaaaaa" };
    const older = await createCheckout(tab, null, { items: [suit()], customerInfo: CUSTOMER, shippingAddress: UK });
    const newer = await createCheckout(tab, null, { items: [suit()], customerInfo: CUSTOMER, shippingAddress: UK });
    if (!older.ok || !newer.ok) throw new Error("checkout refused");
    expect(fake.requests.some((request) => request.path === `/v1/checkout/sessions/${older.sessionId}/expire`)).toBe(true);
    expect((await provider.getSession(older.sessionId))!.status).toBe("expired");
    expect((await get().db.select().from(orders).where(eq(orders.id, older.orderId)))[0]).toMatchObject({ status: "cancelled", replacedBy: newer.orderId });

    // Paid on Stripe's page before the next checkout, its webhook still on the way: Stripe will not
    // expire a complete session, and the payment is applied when the event comes.
    const session = fake.pay(newer.sessionId);
    const third = await createCheckout(tab, null, { items: [suit()], customerInfo: CUSTOMER, shippingAddress: UK });
    if (!third.ok) throw new Error(third.message);
    const paid = signedEvent("checkout.session.completed", session);
    await handlePaymentWebhook(deps(), paid.payload, paid.headers);
    expect((await get().db.select().from(orders).where(eq(orders.id, newer.orderId)))[0]).toMatchObject({ paymentStatus: "paid", replacedBy: null });
  });

  it("refuses a webhook signed with another secret, or not signed", async () => {
    const result = await createCheckout(deps(), null, { items: [suit()], customerInfo: CUSTOMER, shippingAddress: UK });
    if (!result.ok) throw new Error(result.message);
    const session = fake.pay(result.sessionId);
    const payload = JSON.stringify({ id: "evt_forged", object: "event", type: "checkout.session.completed", data: { object: session } });
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    expect((await handlePaymentWebhook(deps(), payload, new Headers({ "stripe-signature": forged }))).status).toBe(400);
    expect((await handlePaymentWebhook(deps(), payload, new Headers())).status).toBe(400);
    expect((await get().db.select().from(orders).where(eq(orders.id, result.orderId)))[0]!.paymentStatus).toBe("pending");
  });

  it("refunds the second payer for the last unit through Stripe", async () => {
    const line = { product_id: ids["One Left Pocket Square"]!, quantity: 1, selected_size: null, selected_color: null };
    const a = await createCheckout(deps(), null, { items: [line], customerInfo: CUSTOMER, shippingAddress: UK });
    const b = await createCheckout(deps(), null, { items: [line], customerInfo: { ...CUSTOMER, email: "kofi@example.com" }, shippingAddress: UK });
    if (!a.ok || !b.ok) throw new Error("checkout failed");
    const events = [a, b].map((result) => signedEvent("checkout.session.completed", fake.pay(result.sessionId)));
    await Promise.all(events.map((event) => handlePaymentWebhook(deps(), event.payload, event.headers)));
    const all = await get().db.select().from(orders);
    expect(all.map((order) => order.paymentStatus).sort()).toEqual(["paid", "refunded"]);
    const refunded = all.find((order) => order.paymentStatus === "refunded")!;
    expect(fake.refunds).toContainEqual(expect.objectContaining({ payment_intent: fake.sessions.get(refunded.stripeSessionId!)!.payment_intent }));
    const [square] = await get().db.select().from(products).where(eq(products.id, ids["One Left Pocket Square"]!));
    expect(square).toMatchObject({ stock: 0, inStock: false });
  });

  it("Buy Now asks Stripe to collect the address in the free zones and records what it collected", async () => {
    const result = await createCheckout(deps(), null, { source: "buy-now", items: [suit()], customerInfo: null, shippingAddress: null });
    if (!result.ok) throw new Error(result.message);
    const create = fake.requests.filter((request) => request.path === "/v1/checkout/sessions").at(-1)!;
    expect(create.body.has("customer_email")).toBe(false);
    const allowed = [...create.body.entries()].filter(([key]) => key.startsWith("shipping_address_collection[allowed_countries]")).map(([, value]) => value);
    expect(allowed).toEqual(expect.arrayContaining(["GB", "US", "FR", "DE"]));
    expect(allowed).not.toContain("JP");
    // The recipient's phone too, for the carrier (issue 15, item 11).
    expect(create.body.get("phone_number_collection[enabled]")).toBe("true");
    // Stripe's page is the first the shopper sees after the product page: it gives the terms above Pay.
    expect(create.body.get("custom_text[submit][message]")).toBe("By paying you accept our [Terms of Sale](http://shop.test/terms), which give you 14 days from delivery to cancel.");

    const session = fake.pay(result.sessionId, { email: "buyer@example.com", name: "Yaw Boateng", address: { line1: "2 High Street", line2: null as never, city: "Leeds", state: null as never, postal_code: "LS1 1AA", country: "GB" } });
    const event = signedEvent("checkout.session.completed", session);
    await handlePaymentWebhook(deps(), event.payload, event.headers);
    const [order] = await get().db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(order).toMatchObject({ paymentStatus: "paid", customerEmail: "buyer@example.com" });
    expect(order!.shippingAddress).toMatchObject({ address: "2 High Street", city: "Leeds", postalCode: "LS1 1AA", country: "United Kingdom" });
  });

  it("a Buy Now present: the buyer is who paid (the card's name), the parcel goes to the recipient", async () => {
    const result = await createCheckout(deps(), null, { source: "buy-now", items: [suit()], customerInfo: null, shippingAddress: null });
    if (!result.ok) throw new Error(result.message);
    const address = { line1: "2 High Street", line2: null as never, city: "Leeds", state: null as never, postal_code: "LS1 1AA", country: "GB" };
    const session = fake.pay(result.sessionId, { email: "ama@example.com", name: "Yaw Boateng", billingName: "Ama Owusu", address });
    const event = signedEvent("checkout.session.completed", session);
    await handlePaymentWebhook(deps(), event.payload, event.headers);
    const [order] = await get().db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(order!.customer).toMatchObject({ firstName: "Ama", lastName: "Owusu", email: "ama@example.com" });
    expect(order!.shippingAddress).toMatchObject({ firstName: "Yaw", lastName: "Boateng" });
    // The order e-mail goes to the buyer and greets them, not the recipient.
    const [mail] = await get().db.select().from(mailOutbox).where(eq(mailOutbox.orderId, result.orderId));
    expect(mail!.textBody.startsWith("Dear Ama,")).toBe(true);
    expect(mail!.textBody).toContain("Delivering to: Yaw Boateng, 2 High Street");
  });

  it("a Buy Now whose payment page names no recipient ships to the buyer, named whole", async () => {
    const result = await createCheckout(deps(), null, { source: "buy-now", items: [suit()], customerInfo: null, shippingAddress: null });
    if (!result.ok) throw new Error(result.message);
    const address = { line1: "2 High Street", line2: null as never, city: "Leeds", state: null as never, postal_code: "LS1 1AA", country: "GB" };
    const event = signedEvent("checkout.session.completed", fake.pay(result.sessionId, { email: "ama@example.com", billingName: "Ama Owusu", address }));
    await handlePaymentWebhook(deps(), event.payload, event.headers);
    const [order] = await get().db.select().from(orders).where(eq(orders.id, result.orderId));
    // Not "Guest Owusu": the placeholder's first name beside the buyer's last.
    expect(order!.shippingAddress).toMatchObject({ firstName: "Ama", lastName: "Owusu" });
  });

  it("answers 'Failed to process checkout' and cancels the order when Stripe cannot be reached", async () => {
    fake.failCreates(true);
    const result = await createCheckout(deps(), null, { items: [suit()], customerInfo: CUSTOMER, shippingAddress: UK }).finally(() => fake.failCreates(false));
    expect(result).toMatchObject({ ok: false, status: 502, message: "Failed to process checkout. Please try again." });
    const [order] = await get().db.select().from(orders);
    expect(order).toMatchObject({ status: "cancelled", paymentStatus: "failed" });
  });
});
