// Checkout and payments (storefront.md section 7 "create-checkout", "verify-payment"; issue 5):
// the server prices everything, payments apply exactly once, the last unit is never oversold.
// Runs on PGlite and PostgreSQL with the built-in local payment provider.
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import { formatGbp } from "../../src/domain/money.ts";
import { CHECKOUT_LIMIT_WINDOW_MINUTES, DEFAULT_CHECKOUT_LIMIT } from "../../src/domain/checkout.ts";
import { GUEST_PLACEHOLDER_EMAIL } from "../../src/domain/guest-email.ts";
import { discounts as discountMessages } from "../../src/domain/messages/discounts.ts";
import { checkout as checkoutMessages, checkoutRequestErrors } from "../../src/domain/messages/checkout.ts";
import { validation } from "../../src/domain/messages/forms.ts";
import { cartErrors } from "../../src/domain/messages/cart.ts";
import { priceWithMarkup } from "../../src/domain/markup.ts";
import { formatOrderNumber } from "../../src/domain/order-number.ts";
import { checkoutLimitRule, createCheckout, DISCOUNT_GUESS_LIMIT, DISCOUNT_HOLD_LIMIT, previewDiscount } from "../../src/server/checkout/checkout.server.ts";
import { quoteShippingForProducts } from "../../src/server/checkout/shipping-quote.server.ts";
import { withDerivedFields } from "../../src/server/catalog/product-fields.server.ts";
import type { Database } from "../../src/server/db/client.server.ts";
import { adminAuditLog, cartItems, discountCodes, localPaymentSessions, mailOutbox, orderItems, orders, paymentEvents, products, user } from "../../src/server/db/schema.ts";
import { createLocalProvider, type LocalProvider } from "../../src/server/payments/local-provider.server.ts";
import { handlePaymentWebhook, verifyPayment } from "../../src/server/payments/payments.server.ts";
import { readAttempts } from "../../src/server/security/rate-limit.server.ts";
import { ensurePriceSettings } from "../../src/server/settings/price-settings.server.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { holdProductDelete } from "../helpers/held-delete.ts";
import { changeOrderStatus } from "../../src/server/admin/orders/order-status-change.server.ts";
import { getAdminOrder } from "../../src/server/admin/orders/order-details.server.ts";
import { adminFulfilment } from "../../src/domain/messages/admin.ts";
import { routeContext, withUrl } from "../helpers/route-context.ts";
import * as checkoutRoute from "../../src/web/routes/api.checkout.ts";
import * as checkoutDiscountRoute from "../../src/web/routes/api.checkout-discount.ts";

const SHOP = "http://shop.test";
const CUSTOMER = { firstName: "Ama", lastName: "Owusu", email: "ama@example.com", phone: "" };
const UK_ADDRESS = { address: "1 Savile Row", city: "London", state: "", postalCode: "W1S 3PR", country: "United Kingdom" };

describeEachEngine("checkout and payments", (get, engine) => {
  let provider: LocalProvider;
  let ids: Record<string, string>;
  const deps = () => ({ db: get().db, provider, publicUrl: SHOP });

  async function resetCatalogue(db: Database) {
    await db.delete(orders);
    await db.delete(paymentEvents);
    await db.delete(mailOutbox);
    await db.delete(cartItems);
    await db.delete(discountCodes);
    await db.delete(products);
    const rows = await db
      .insert(products)
      .values([
        withDerivedFields({ name: "Navy Wool Suit", category: "suits", pricePence: 20_000, image: "/images/products/suit-1.svg", stock: 5, availableSizes: ["40R"], availableColors: ["Navy"] }),
        withDerivedFields({ name: "Last Silk Tie", category: "ties", pricePence: 1_000, image: "/images/products/tie-1.svg", stock: 1, availableColors: ["Burgundy"] }),
      ])
      .returning({ id: products.id, name: products.name });
    ids = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  }

  beforeAll(async () => {
    await ensurePriceSettings(get().db);
    provider = createLocalProvider(get().db, { publicUrl: SHOP, webhookSecret: "whsec_test_local" });
  });

  beforeEach(async () => {
    await resetCatalogue(get().db);
  });

  const suitLine = (quantity = 1) => ({ product_id: ids["Navy Wool Suit"]!, quantity, selected_size: "40R", selected_color: "Navy" });

  async function pay(sessionId: string) {
    const event = await provider.completeSession(sessionId, { email: null, name: null, address: null });
    if (!event) throw new Error("no such session");
    return { event, answer: await handlePaymentWebhook(deps(), event.rawBody, event.headers) };
  }

  it("prices the order on the server and ignores prices sent by the browser", async () => {
    const result = await createCheckout(deps(), null, {
      items: [{ ...suitLine(2), price: 1, unit_price: 1 }],
      customerInfo: CUSTOMER,
      shippingAddress: UK_ADDRESS,
      total: 1,
      subtotal: 1,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.sessionId).toMatch(/^cs_/);
    expect(result.url).toBe(`${SHOP}/pay/${result.sessionId}`);
    const [order] = await get().db.select().from(orders).where(eq(orders.id, result.orderId));
    const unit = priceWithMarkup(20_000, 40);
    expect(order).toMatchObject({ status: "pending", paymentStatus: "pending", subtotalPence: unit * 2, shippingPence: 0, totalAmountPence: unit * 2, stripeSessionId: result.sessionId });
    const items = await get().db.select().from(orderItems).where(eq(orderItems.orderId, result.orderId));
    expect(items).toEqual([expect.objectContaining({ quantity: 2, unitPricePence: unit, selectedSize: "40R", selectedColor: "Navy", productName: "Navy Wool Suit", productCategory: "suits" })]);
    const [session] = await get().db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, result.sessionId));
    expect(session?.amountPence).toBe(unit * 2);
  });

  it("keeps a postcode as the post office writes it, whatever the shopper typed", async () => {
    const result = await createCheckout(deps(), null, { items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: { ...UK_ADDRESS, postalCode: " sw1a1aa " } });
    if (!result.ok) throw new Error(result.message);
    const [order] = await get().db.select({ address: orders.shippingAddress }).from(orders).where(eq(orders.id, result.orderId));
    expect(order!.address?.postalCode).toBe("SW1A 1AA");
  });

  it("adds the shipping of the destination and refuses restricted countries", async () => {
    const japan = await createCheckout(deps(), null, { items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: { ...UK_ADDRESS, postalCode: "104-0061", country: "Japan" }, shippingMethod: "express" });
    expect(japan.ok).toBe(true);
    if (japan.ok) {
      const [order] = await get().db.select().from(orders).where(eq(orders.id, japan.orderId));
      expect(order!.shippingPence).toBeGreaterThan(0);
      expect(order!.shippingMethod).toBe("express");
      expect(order!.totalAmountPence).toBe(order!.subtotalPence + order!.shippingPence);
    }
    const iran = await createCheckout(deps(), null, { items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: { ...UK_ADDRESS, country: "Iran" } });
    // storefront.md section 5's block, as docs/api.md lists it (it answered 'Shipping not available to Iran: ...').
    const block = "Cannot ship to Iran. Please select a different shipping address.";
    expect(iran).toEqual({ ok: false, status: 400, message: block, field: "country", fields: { country: block } });
  });

  it("answers an empty cart and missing details with the spec's messages", async () => {
    expect(await createCheckout(deps(), null, { items: [], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS })).toMatchObject({ ok: false, message: checkoutMessages.cartEmpty });
    expect(await createCheckout(deps(), null, { items: [suitLine()], customerInfo: { ...CUSTOMER, email: "" }, shippingAddress: UK_ADDRESS })).toMatchObject({ ok: false, message: checkoutMessages.customerInfoRequired });
    expect(await createCheckout(deps(), null, { items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: { ...UK_ADDRESS, city: "" } })).toMatchObject({ ok: false, message: checkoutMessages.cityRequired });
    expect(await get().db.select().from(orders)).toHaveLength(0);
  });

  it("names every form field it refuses, with its problem, and takes invisible-only names as empty and only phone numbers as phones", async () => {
    const zeroWidth = "\u200b\u200b";
    const refused = await createCheckout(deps(), null, {
      items: [suitLine()],
      customerInfo: { ...CUSTOMER, firstName: zeroWidth, lastName: "L".repeat(101), phone: "abc" },
      shippingAddress: { ...UK_ADDRESS, city: "\u3164" },
    });
    expect(refused).toEqual({
      ok: false,
      status: 400,
      message: checkoutMessages.customerInfoRequired,
      field: "firstName",
      fields: {
        firstName: checkoutMessages.customerInfoRequired,
        lastName: validation.tooLong("Last name", 100),
        phone: validation.invalidPhone,
        city: checkoutMessages.cityRequired,
      },
    });
    // The route answers the same names in its JSON, for the page to mark the fields.
    const context = routeContext({ app: { db: get().db, payments: provider, config: { publicUrl: SHOP, checkoutLimit: DEFAULT_CHECKOUT_LIMIT } }, clientIp: "198.51.100.40" });
    const body = JSON.stringify({ source: "cart", items: [suitLine()], customerInfo: { ...CUSTOMER, phone: "1".repeat(40) }, shippingAddress: UK_ADDRESS });
    const request = new Request(SHOP + "/api/checkout", { method: "POST", headers: { origin: SHOP, "content-type": "application/json" }, body });
    const answer = await checkoutRoute.action(withUrl({ request, params: {}, context }) as never);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: validation.invalidPhone, field: "phone", fields: { phone: validation.invalidPhone } });
    expect(await get().db.select().from(orders)).toHaveLength(0);
    // A Persian name keeps its zero-width non-joiner, and a phone as people write it is taken.
    const persian = "\u0632\u0647\u200c\u0631\u0627";
    const placed = await createCheckout(deps(), null, { items: [suitLine()], customerInfo: { ...CUSTOMER, firstName: persian, phone: "+44 (0)20 7946 0000 ext. 12" }, shippingAddress: UK_ADDRESS });
    expect(placed.ok).toBe(true);
    const [order] = await get().db.select().from(orders);
    expect(order!.customer).toMatchObject({ firstName: persian, phone: "+44 (0)20 7946 0000 ext. 12" });
  });

  it("applies a discount code on the server and counts its use only when paid", async () => {
    await get().db.insert(discountCodes).values({ code: "SAVE10", discountType: "percentage", discountValue: 10, usageLimit: 5 });
    const result = await createCheckout(deps(), null, { items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS, discountCode: " save10 " });
    if (!result.ok) throw new Error(result.message);
    const [order] = await get().db.select().from(orders).where(eq(orders.id, result.orderId));
    const unit = priceWithMarkup(20_000, 40);
    expect(order!.discountPence).toBe(Math.round(unit / 10));
    expect(order!.totalAmountPence).toBe(unit - Math.round(unit / 10));
    expect((await get().db.select().from(discountCodes))[0]!.usedCount).toBe(0);
    await pay(result.sessionId);
    expect((await get().db.select().from(discountCodes))[0]!.usedCount).toBe(1);
    // The order e-mail names the code, as the checkout's summary did.
    const [mail] = await get().db.select().from(mailOutbox).where(and(eq(mailOutbox.orderId, result.orderId), eq(mailOutbox.toAddress, CUSTOMER.email)));
    expect(mail!.textBody).toContain(`Discount (SAVE10): -${formatGbp(Math.round(unit / 10))}`);

    const unknown = await createCheckout(deps(), null, { items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS, discountCode: "NOPE" });
    expect(unknown).toMatchObject({ ok: false, message: discountMessages.notFound });
  });

  it("applies a payment exactly once: webhook replays and verify-payment change nothing more", async () => {
    const result = await createCheckout(deps(), null, { items: [suitLine(2)], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS });
    if (!result.ok) throw new Error(result.message);
    const { event, answer } = await pay(result.sessionId);
    expect(answer.status).toBe(200);
    const replay = await handlePaymentWebhook(deps(), event.rawBody, event.headers);
    expect(replay.status).toBe(200);
    const verified = await verifyPayment(deps(), result.sessionId);
    expect(verified).toMatchObject({ success: true, status: "paid", order: { id: result.orderId, itemCount: 2, email: CUSTOMER.email } });
    // What the confirmation page shows: the lines, the totals and where it goes.
    expect(verified.success && verified.order.details).toMatchObject({
      number: formatOrderNumber(result.orderId),
      items: [{ name: "Navy Wool Suit", size: "40R", colour: "Navy", quantity: 2 }],
      totalPence: verified.success ? verified.order.totalPence : -1,
      deliveryAddress: "1 Savile Row, London, W1S 3PR, United Kingdom",
      // Who it goes to, as the payment page shows it.
      recipient: "Ama Owusu",
    });

    const [order] = await get().db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(order).toMatchObject({ status: "processing", paymentStatus: "paid" });
    const [suit] = await get().db.select().from(products).where(eq(products.id, ids["Navy Wool Suit"]!));
    expect(suit!.stock).toBe(3);
    const mails = await get().db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, CUSTOMER.email));
    expect(mails.filter((mail) => mail.subject.includes("confirmed"))).toHaveLength(1);
  });

  it("verify-payment alone applies the payment when the webhook has not come", async () => {
    const result = await createCheckout(deps(), null, { items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS });
    if (!result.ok) throw new Error(result.message);
    expect(await verifyPayment(deps(), result.sessionId)).toEqual({ success: false, status: "pending" });
    await provider.completeSession(result.sessionId, { email: null, name: null, address: null }); // paid, event never delivered
    const [first, second] = await Promise.all([verifyPayment(deps(), result.sessionId), verifyPayment(deps(), result.sessionId)]);
    expect(first.success && second.success).toBe(true);
    const [suit] = await get().db.select().from(products).where(eq(products.id, ids["Navy Wool Suit"]!));
    expect(suit!.stock).toBe(4);
  });

  it("refuses a webhook with a bad signature and changes nothing", async () => {
    const result = await createCheckout(deps(), null, { items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS });
    if (!result.ok) throw new Error(result.message);
    const event = await provider.completeSession(result.sessionId, { email: null, name: null, address: null });
    const forged = event!.rawBody.replace(result.sessionId, result.sessionId); // same body, wrong secret below
    const headers = new Headers({ "local-signature": "t=1,v1=00" });
    expect((await handlePaymentWebhook(deps(), forged, headers)).status).toBe(400);
    const [order] = await get().db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(order!.paymentStatus).toBe("pending");
  });

  it("never oversells the last unit: the second payer is refunded and stock never goes below 0", async () => {
    const tieLine = { product_id: ids["Last Silk Tie"]!, quantity: 1, selected_size: null, selected_color: "Burgundy" };
    const a = await createCheckout(deps(), null, { items: [tieLine], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS });
    const b = await createCheckout(deps(), null, { items: [tieLine], customerInfo: { ...CUSTOMER, email: "kofi@example.com" }, shippingAddress: UK_ADDRESS });
    if (!a.ok || !b.ok) throw new Error("both checkouts open while one unit is left");
    await Promise.all([pay(a.sessionId), pay(b.sessionId)]);

    const all = await get().db.select().from(orders);
    expect(all.filter((order) => order.paymentStatus === "paid")).toHaveLength(1);
    const refunded = all.filter((order) => order.paymentStatus === "refunded");
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.status).toBe("cancelled");
    const [session] = await get().db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, refunded[0]!.stripeSessionId!));
    expect(session!.paymentStatus).toBe("refunded");
    const [tie] = await get().db.select().from(products).where(eq(products.id, ids["Last Silk Tie"]!));
    expect(tie).toMatchObject({ stock: 0, inStock: false });

    // Once sold out, a new checkout is refused before payment.
    const c = await createCheckout(deps(), null, { items: [tieLine], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS });
    expect(c).toMatchObject({ ok: false, status: 409 });
  });

  async function signedInShopper() {
    const userId = `u-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    await get().db.insert(user).values({ id: userId, name: "Kofi Mensah", email: `${userId}@example.com` });
    return { userId, email: `${userId}@example.com`, firstName: "Kofi", lastName: "Mensah" };
  }
  const cartOf = async (userId: string) =>
    (await get().db.select().from(cartItems).where(eq(cartItems.userId, userId))).map((row) => ({ productId: row.productId, quantity: row.quantity, size: row.selectedSize, colour: row.selectedColor }));

  it("checks out a signed-in shopper's server cart and keeps it until the payment succeeds (issue 15, item 2)", async () => {
    const buyer = await signedInShopper();
    await get().db.insert(cartItems).values({ userId: buyer.userId, productId: ids["Navy Wool Suit"]!, quantity: 1, selectedSize: "40R", selectedColor: "Navy" });
    // Items sent alongside are ignored: the server's cart is the one bought.
    const result = await createCheckout(deps(), buyer, { items: [suitLine(5)], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS });
    if (!result.ok) throw new Error(result.message);
    const items = await get().db.select().from(orderItems).where(eq(orderItems.orderId, result.orderId));
    expect(items.map((item) => item.quantity)).toEqual([1]);
    const [order] = await get().db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(order).toMatchObject({ userId: buyer.userId, fromAccountCart: true });
    // Back from the payment page: the cart is still there.
    expect(await cartOf(buyer.userId)).toEqual([{ productId: ids["Navy Wool Suit"], quantity: 1, size: "40R", colour: "Navy" }]);
    await pay(result.sessionId);
    expect(await cartOf(buyer.userId)).toEqual([]);
  });

  it("a signed-in Buy Now ships where the payment page says, to the recipient named there; the buyer stays the customer", async () => {
    const buyer = await signedInShopper();
    const result = await createCheckout(deps(), buyer, { source: "buy-now", items: [suitLine()], customerInfo: null, shippingAddress: null });
    if (!result.ok) throw new Error(result.message);
    const [session] = await get().db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, result.sessionId));
    // The page is told to ask where it goes: the shop has the buyer's e-mail but no address.
    expect(session).toMatchObject({ customerEmail: buyer.email, collectCountries: expect.arrayContaining(["GB"]) });
    const event = await provider.completeSession(result.sessionId, {
      email: buyer.email,
      name: "Ama Mensah",
      phone: "+44 7700 900456",
      address: { line1: "3 Mill Lane", city: "York", postalCode: "yo11aa", country: "United Kingdom" },
    });
    await handlePaymentWebhook(deps(), event!.rawBody, event!.headers);
    const [order] = await get().db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(order).toMatchObject({ paymentStatus: "paid", userId: buyer.userId, customerEmail: buyer.email, customer: { firstName: "Kofi", lastName: "Mensah" } });
    expect(order!.shippingAddress).toEqual({ firstName: "Ama", lastName: "Mensah", address: "3 Mill Lane", city: "York", postalCode: "YO1 1AA", country: "United Kingdom", phone: "+44 7700 900456" });
  });

  it("the order e-mail links the order lookup with its number filled in, in the text and the HTML part (issue 15, item 15)", async () => {
    const result = await createCheckout(deps(), null, { items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS });
    if (!result.ok) throw new Error(result.message);
    await pay(result.sessionId);
    const [mail] = await get().db.select().from(mailOutbox).where(eq(mailOutbox.orderId, result.orderId));
    const number = formatOrderNumber(result.orderId);
    const link = `${SHOP}/orders/lookup?order=${encodeURIComponent(number)}`;
    expect(link).toMatch(/order=%23[0-9A-F]{8}$/);
    expect(mail!.subject).toBe(`Order ${number} confirmed`);
    expect(mail!.textBody).toContain(`with its number and your e-mail address: ${link}`);
    expect(mail!.htmlBody).toContain(`<a href="${link}">look up order ${number}</a>`);
    expect(mail!.htmlBody).toContain("Navy Wool Suit (40R, Navy)");
  });

  it("paying takes out only what was paid: what was added after checkout stays", async () => {
    const buyer = await signedInShopper();
    await get().db.insert(cartItems).values([
      { userId: buyer.userId, productId: ids["Navy Wool Suit"]!, quantity: 2, selectedSize: "40R", selectedColor: "Navy" },
      { userId: buyer.userId, productId: ids["Last Silk Tie"]!, quantity: 1, selectedSize: "", selectedColor: "Burgundy" },
    ]);
    const result = await createCheckout(deps(), buyer, { items: [], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS });
    if (!result.ok) throw new Error(result.message);
    // After the session was made: one more of the suit, and the suit again without a colour.
    await get().db.update(cartItems).set({ quantity: 3 }).where(eq(cartItems.productId, ids["Navy Wool Suit"]!));
    await get().db.insert(cartItems).values({ userId: buyer.userId, productId: ids["Navy Wool Suit"]!, quantity: 1, selectedSize: "40R", selectedColor: "" });
    await pay(result.sessionId);
    expect(await get().db.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, result.orderId))).toEqual([{ paymentStatus: "paid" }]);
    const left = await cartOf(buyer.userId);
    expect(left).toHaveLength(2);
    expect(left).toEqual(
      expect.arrayContaining([
        { productId: ids["Navy Wool Suit"], quantity: 1, size: "40R", colour: "Navy" },
        { productId: ids["Navy Wool Suit"], quantity: 1, size: "40R", colour: "" },
      ]),
    );
  });

  it("the confirmation's verify-payment (Stripe's confirm path) empties the cart too, once", async () => {
    const buyer = await signedInShopper();
    await get().db.insert(cartItems).values({ userId: buyer.userId, productId: ids["Navy Wool Suit"]!, quantity: 2, selectedSize: "40R", selectedColor: "Navy" });
    const result = await createCheckout(deps(), buyer, { items: [], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS });
    if (!result.ok) throw new Error(result.message);
    // The provider says paid, the webhook has not come: the confirmation page applies it.
    await get().db.update(localPaymentSessions).set({ status: "complete", paymentStatus: "paid" }).where(eq(localPaymentSessions.id, result.sessionId));
    expect(await verifyPayment(deps(), result.sessionId)).toMatchObject({ success: true });
    expect(await cartOf(buyer.userId)).toEqual([]);
    // The shopper adds the suit again; a second verify (a reload) or a late webhook changes nothing.
    await get().db.insert(cartItems).values({ userId: buyer.userId, productId: ids["Navy Wool Suit"]!, quantity: 1, selectedSize: "40R", selectedColor: "Navy" });
    expect(await verifyPayment(deps(), result.sessionId)).toMatchObject({ success: true });
    expect(await cartOf(buyer.userId)).toEqual([{ productId: ids["Navy Wool Suit"], quantity: 1, size: "40R", colour: "Navy" }]);
  });

  it("two tabs: a newer checkout of the same cart closes the older one, so the cart is paid for once; a cancelled one leaves the cart", async () => {
    const buyer = await signedInShopper();
    await get().db.insert(cartItems).values({ userId: buyer.userId, productId: ids["Navy Wool Suit"]!, quantity: 1, selectedSize: "40R", selectedColor: "Navy" });
    const first = await createCheckout(deps(), buyer, { items: [], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS });
    const second = await createCheckout(deps(), buyer, { items: [], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS });
    if (!first.ok || !second.ok) throw new Error("checkout refused");
    // The first page can no longer be paid: its session is closed and its order off, naming the second.
    const [closed] = await get().db.select().from(orders).where(eq(orders.id, first.orderId));
    expect(closed).toMatchObject({ status: "cancelled", paymentStatus: "failed", replacedBy: second.orderId, checkoutCart: `account:${buyer.userId}` });
    expect(await provider.completeSession(first.sessionId, { email: null, name: null, address: null })).toBeNull();
    // The owner reads why on its timeline; the open one says it awaits payment.
    const closedPage = await getAdminOrder(get().db, first.orderId);
    expect(closedPage!.timeline.map((entry) => entry.detail)).toContain(adminFulfilment.replacedByNewerCheckout(formatOrderNumber(second.orderId)));
    expect((await getAdminOrder(get().db, second.orderId))!.timeline[0]!.detail).toMatch(/, awaiting payment$/);
    // Cancel on the second payment page: the cart is untouched.
    const cancelled = await provider.expireSession(second.sessionId);
    await handlePaymentWebhook(deps(), cancelled!.rawBody, cancelled!.headers);
    expect(await cartOf(buyer.userId)).toHaveLength(1);
    const third = await createCheckout(deps(), buyer, { items: [], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS });
    if (!third.ok) throw new Error(third.message);
    await pay(third.sessionId);
    expect(await cartOf(buyer.userId)).toEqual([]);
    const paid = await get().db.select({ id: orders.id }).from(orders).where(eq(orders.paymentStatus, "paid"));
    expect(paid).toEqual([{ id: third.orderId }]);
    // Stock is taken at payment only, once.
    const [suit] = await get().db.select({ stock: products.stock }).from(products).where(eq(products.id, ids["Navy Wool Suit"]!));
    expect(suit!.stock).toBe(4);
    // The cancelled second order is not named as replaced: the shopper ended it.
    const [second_] = await get().db.select({ replacedBy: orders.replacedBy }).from(orders).where(eq(orders.id, second.orderId));
    expect(second_!.replacedBy).toBeNull();
  });

  it("an unpaid order the owner cancels can no longer be paid: its payment page is closed and its payment marked failed", async () => {
    const buyer = await signedInShopper();
    await get().db.insert(cartItems).values({ userId: buyer.userId, productId: ids["Navy Wool Suit"]!, quantity: 1, selectedSize: "40R", selectedColor: "Navy" });
    const placed = await createCheckout(deps(), buyer, { items: [], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS });
    if (!placed.ok) throw new Error(placed.message);
    const owner = { userId: "owner-cancels", email: "owner@shop.test", firstName: "", lastName: "" };
    const cancelled = await changeOrderStatus(get().db, owner, placed.orderId, { status: "cancelled", expectedStatus: "pending" }, SHOP, provider);
    expect(cancelled).toMatchObject({ ok: true, order: { status: "cancelled", paymentStatus: "failed" } });
    // The shopper, still on the payment page, cannot pay: the session is closed.
    expect(await provider.completeSession(placed.sessionId, { email: null, name: null, address: null })).toBeNull();
    const [session] = await get().db.select({ status: localPaymentSessions.status }).from(localPaymentSessions).where(eq(localPaymentSessions.id, placed.sessionId));
    expect(session!.status).toBe("expired");
    expect(await cartOf(buyer.userId)).toHaveLength(1);
    // Who closed it is in the audit trail, with the payment's change.
    const trail = await get().db.select().from(adminAuditLog).where(and(eq(adminAuditLog.subjectId, placed.orderId), eq(adminAuditLog.action, "order.payment_page_closed")));
    expect(trail).toMatchObject([{ adminEmail: owner.email, before: { paymentStatus: "pending" }, after: { paymentStatus: "failed" } }]);
    // The order's timeline says the cancel closed the page, and who did it, not that the shopper left.
    const timeline = (await getAdminOrder(get().db, placed.orderId))!.timeline;
    expect(timeline.find((entry) => entry.title === adminFulfilment.paymentPageClosed)).toMatchObject({ detail: adminFulfilment.paymentPageClosedDetail, by: owner.email });
    expect(timeline.map((entry) => entry.title)).not.toContain(adminFulfilment.paymentNotCompleted);
  });

  if (engine === "postgres") {
    it("a product an admin deletes while it is checked out is refused by name (409), not a server error", async () => {
      const db = get().db;
      const [doomed] = await db
        .insert(products)
        .values(withDerivedFields({ name: "Doomed Cravat", category: "ties", pricePence: 2_000, image: "/images/products/p-1.svg", stock: 5 }))
        .returning({ id: products.id });
      const held = await holdProductDelete(db, doomed!.id);
      const line = { product_id: doomed!.id, quantity: 1, selected_size: null, selected_color: null };
      const placed = createCheckout(deps(), null, { items: [line], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS });
      try {
        // The checkout waits on the product the delete holds (PostgreSQL says so), then finds it gone.
        await held.waitUntilBlocking();
      } finally {
        await held.commit();
      }
      expect(await placed).toEqual({ ok: false, status: 409, message: `Doomed Cravat: ${cartErrors.noLongerAvailable}` });
      // Nothing half-written: no order line for it.
      expect(await db.select().from(orderItems).where(eq(orderItems.productName, "Doomed Cravat"))).toEqual([]);
    });
  }

  it("asks for a postal code where the destination has them, and not in Ghana or the UAE, where the label then has no postcode line", async () => {
    const noCode = { address: "House No. 12, Kwame Nkrumah Avenue", city: "Accra", state: "Greater Accra", postalCode: "", country: "Ghana" };
    const accra = await createCheckout(deps(), null, { items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: noCode });
    if (!accra.ok) throw new Error(accra.message);
    const [order] = await get().db.select({ address: orders.shippingAddress }).from(orders).where(eq(orders.id, accra.orderId));
    expect(order!.address).toMatchObject({ city: "Accra", postalCode: "", country: "Ghana" });
    expect((await createCheckout(deps(), null, { items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: { ...noCode, city: "Dubai", country: "United Arab Emirates" } })).ok).toBe(true);
    // Where postal codes exist, a missing one is the spec's missing shipping information, marked on its field.
    expect(await createCheckout(deps(), null, { items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: { ...UK_ADDRESS, postalCode: " " } })).toEqual({
      ok: false,
      status: 400,
      message: checkoutMessages.shippingInfoRequired,
      field: "postalCode",
      fields: { postalCode: checkoutMessages.fieldRequired },
    });
    // A real code typed loosely is taken, and stored as the post office writes it.
    const dublin = await createCheckout(deps(), null, { items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: { address: "1 Grafton Street", city: "Dublin", postalCode: "d02 x285", country: "Ireland" } });
    if (!dublin.ok) throw new Error(dublin.message);
    const [irish] = await get().db.select({ address: orders.shippingAddress }).from(orders).where(eq(orders.id, dublin.orderId));
    expect(irish!.address).toMatchObject({ postalCode: "D02 X285" });
  });

  it("a signed-in page's checkout arriving signed out is told so (401), not that its cart is empty", async () => {
    const request = { source: "cart", account: true, items: [], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS, discountCode: "SAVE10" };
    expect(await createCheckout(deps(), null, request)).toMatchObject({ ok: false, status: 401, message: checkoutMessages.signedOut });
    expect(await previewDiscount(get().db, null, request)).toMatchObject({ ok: false, status: 401, message: checkoutMessages.signedOut });
    // A guest's request with nothing in it is still the spec's empty cart.
    expect(await createCheckout(deps(), null, { ...request, account: undefined, discountCode: null })).toMatchObject({ ok: false, status: 400, message: checkoutMessages.cartEmpty });
  });

  it("a guest's checkouts are one cart per browser: the same browser's newer checkout closes the older, another browser's and Buy Now are left open", async () => {
    const tab = { ...deps(), browserCart: "browser-key-aaaaaaaaaaaaaaaa" };
    const otherBrowser = { ...deps(), browserCart: "browser-key-bbbbbbbbbbbbbbbb" };
    const older = await createCheckout(tab, null, { items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS });
    const elsewhere = await createCheckout(otherBrowser, null, { items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS });
    const buyNow = await createCheckout(tab, null, { source: "buy-now", items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS });
    const newer = await createCheckout(tab, null, { items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS });
    if (!older.ok || !elsewhere.ok || !buyNow.ok || !newer.ok) throw new Error("checkout refused");
    const states = new Map((await get().db.select({ id: orders.id, paymentStatus: orders.paymentStatus, replacedBy: orders.replacedBy }).from(orders)).map((row) => [row.id, row]));
    expect(states.get(older.orderId)).toMatchObject({ paymentStatus: "failed", replacedBy: newer.orderId });
    for (const open of [elsewhere, buyNow, newer]) expect(states.get(open.orderId)).toMatchObject({ paymentStatus: "pending", replacedBy: null });
    const [session] = await get().db.select({ status: localPaymentSessions.status }).from(localPaymentSessions).where(eq(localPaymentSessions.id, older.sessionId));
    expect(session!.status).toBe("expired");
  });

  it("a checkout whose older page was paid meanwhile leaves that payment alone", async () => {
    const tab = { ...deps(), browserCart: "browser-key-cccccccccccccccc" };
    const older = await createCheckout(tab, null, { items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS });
    if (!older.ok) throw new Error(older.message);
    // Paid at the provider, its event not yet applied: the provider will not close a paid session.
    const event = await provider.completeSession(older.sessionId, { email: null, name: null, address: null });
    const newer = await createCheckout(tab, null, { items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS });
    if (!newer.ok) throw new Error(newer.message);
    await handlePaymentWebhook(deps(), event!.rawBody, event!.headers);
    const [paid] = await get().db.select().from(orders).where(eq(orders.id, older.orderId));
    expect(paid).toMatchObject({ paymentStatus: "paid", status: "processing", replacedBy: null });
  });

  it("a limited code held by the shopper's own older checkout is theirs to use again: by e-mail, or by the same cart under another e-mail", async () => {
    await get().db.insert(discountCodes).values({ code: "ONCE", discountType: "percentage", discountValue: 20, usageLimit: 1 });
    const tab = { ...deps(), browserCart: "browser-key-dddddddddddddddd" };
    const held = await createCheckout(tab, null, { items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS, discountCode: "ONCE" });
    if (!held.ok) throw new Error(held.message);
    const typo = { ...CUSTOMER, email: "ama.owusu@example.com" };
    // Back from the payment page with the e-mail corrected: the same browser's cart gets the code again.
    const preview = await previewDiscount(get().db, null, { source: "cart", items: [suitLine()], discountCode: "ONCE" }, { browserCart: tab.browserCart });
    expect(preview).toMatchObject({ ok: true, code: "ONCE" });
    const again = await createCheckout(tab, null, { items: [suitLine()], customerInfo: typo, shippingAddress: UK_ADDRESS, discountCode: "ONCE" });
    expect(again.ok).toBe(true);
    // Another browser and another shopper still find the use held.
    const other = await previewDiscount(get().db, null, { source: "cart", items: [suitLine()], discountCode: "ONCE" }, { browserCart: "browser-key-eeeeeeeeeeeeeeee" });
    expect(other).toMatchObject({ ok: false, message: discountMessages.usedUp });
  });

  it("Buy Now by a signed-in shopper leaves their cart alone when paid", async () => {
    const buyer = await signedInShopper();
    await get().db.insert(cartItems).values({ userId: buyer.userId, productId: ids["Navy Wool Suit"]!, quantity: 1, selectedSize: "40R", selectedColor: "Navy" });
    const result = await createCheckout(deps(), buyer, { source: "buy-now", items: [suitLine()], customerInfo: null, shippingAddress: null });
    if (!result.ok) throw new Error(result.message);
    await pay(result.sessionId);
    expect(await cartOf(buyer.userId)).toEqual([{ productId: ids["Navy Wool Suit"], quantity: 1, size: "40R", colour: "Navy" }]);
  });

  it("refuses every code from an address that tried 20 codes that do not exist, for 15 minutes; other addresses are not affected", async () => {
    const db = get().db;
    await db.insert(discountCodes).values({ code: "REAL10", discountType: "percentage", discountValue: 10 });
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const preview = (code: string, from = address) =>
      previewDiscount(db, null, { source: "cart", items: [suitLine()], discountCode: code }, { clientAddress: from });
    // A real code does not count, however often it is tried.
    for (let i = 0; i < 3; i++) expect(await preview("REAL10")).toMatchObject({ ok: true, code: "REAL10" });
    for (let i = 0; i < DISCOUNT_GUESS_LIMIT.max; i++) expect(await preview(`GUESS${i}`)).toEqual({ ok: false, status: 400, message: discountMessages.notFound });
    expect(await preview("REAL10")).toEqual({ ok: false, status: 429, message: discountMessages.tooManyGuesses, retryAfterSeconds: expect.any(Number) });
    // Checkout itself refuses the code from that address too.
    const placed = await createCheckout({ ...deps(), clientAddress: address }, null, { items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS, discountCode: "REAL10" });
    expect(placed).toEqual({ ok: false, status: 429, message: discountMessages.tooManyGuesses, retryAfterSeconds: expect.any(Number) });
    // The endpoints say when to try again (seconds until the 15-minute window ends).
    const context = routeContext({ app: { db, payments: provider, config: { publicUrl: SHOP, checkoutLimit: DEFAULT_CHECKOUT_LIMIT } }, clientIp: address });
    const body = JSON.stringify({ source: "cart", items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS, discountCode: "REAL10" });
    for (const [route, path] of [[checkoutDiscountRoute, "/api/checkout/discount"], [checkoutRoute, "/api/checkout"]] as const) {
      const request = new Request(SHOP + path, { method: "POST", headers: { origin: SHOP, "content-type": "application/json" }, body });
      const answer = await route.action(withUrl({ request, params: {}, context }) as never);
      expect(answer.status).toBe(429);
      const retryAfter = Number(answer.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(DISCOUNT_GUESS_LIMIT.windowMs / 1000);
    }
    // The same IPv6 /64 is the same client; another address is someone else.
    expect(await preview("REAL10", "2001:db8:5:6::1")).toMatchObject({ ok: true });
    expect(await preview("REAL10", "198.51.100.251" === address ? "198.51.100.252" : "198.51.100.251")).toMatchObject({ ok: true });
  });

  it("guesses sent all at once are counted as they come: at most 20 unknown codes are looked up in the window", async () => {
    const db = get().db;
    await db.insert(discountCodes).values({ code: "BURST10", discountType: "percentage", discountValue: 10 });
    const address = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
    const preview = (code: string) => previewDiscount(db, null, { source: "cart", items: [suitLine()], discountCode: code }, { clientAddress: address });
    // A real code among them takes no guess away.
    const answers = await Promise.all([preview("BURST10"), ...Array.from({ length: 30 }, (_, i) => preview(`BURST-GUESS-${i}`))]);
    expect(answers[0]).toMatchObject({ ok: true, code: "BURST10" });
    const guesses = answers.slice(1);
    expect(guesses.filter((answer) => !answer.ok && answer.status === 400)).toHaveLength(DISCOUNT_GUESS_LIMIT.max);
    expect(guesses.filter((answer) => !answer.ok && answer.status === 429)).toHaveLength(30 - DISCOUNT_GUESS_LIMIT.max);
  });

  it("takes at most 10 checkouts with a limited code from one address while their orders hold its uses; unlimited codes and other addresses are not held back", async () => {
    const db = get().db;
    await db.insert(discountCodes).values([
      { code: "FEW100", discountType: "fixed", discountValue: 100, usageLimit: 100 },
      { code: "ANY100", discountType: "fixed", discountValue: 100 },
    ]);
    const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const place = (code: string, from = address, i = 0) =>
      createCheckout({ ...deps(), clientAddress: from }, null, {
        items: [suitLine()],
        customerInfo: { ...CUSTOMER, email: `holder-${i}@example.com` },
        shippingAddress: UK_ADDRESS,
        discountCode: code,
      });
    for (let i = 0; i < DISCOUNT_HOLD_LIMIT.max; i++) expect(await place("FEW100", address, i)).toMatchObject({ ok: true });
    expect(await place("FEW100", address, 99)).toEqual({ ok: false, status: 429, message: discountMessages.tooManyHolds, retryAfterSeconds: expect.any(Number) });
    // The refused one is not a checkout started: the address has used 10 of its checkouts, not 11.
    expect((await readAttempts(db, checkoutLimitRule(DEFAULT_CHECKOUT_LIMIT), address)).count).toBe(DISCOUNT_HOLD_LIMIT.max);
    expect(await place("ANY100")).toMatchObject({ ok: true });
    expect(await place("FEW100", "2001:db8:77::1")).toMatchObject({ ok: true });
  });

  it("takes 30 checkouts from one address in 10 minutes, then refuses with 429 until the window ends; refused forms, provider failures and other addresses do not count", async () => {
    const address = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
    const start = new Date();
    const shopper = { ...CUSTOMER, email: `limit-${address}@example.com` };
    const place = (from: string, at = start, customerInfo: typeof CUSTOMER | null = shopper) =>
      createCheckout({ ...deps(), clientAddress: from, now: at }, null, { items: [suitLine()], customerInfo, shippingAddress: UK_ADDRESS });
    // A form the checkout refuses is not a checkout started.
    for (let i = 0; i < 5; i++) expect(await place(address, start, null)).toMatchObject({ ok: false, status: 400 });
    // Nor is one the payment provider could not open: the shopper tries again at no cost.
    const down = { ...provider, createSession: () => Promise.reject(new Error("provider down")) };
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (let i = 0; i < 3; i++) {
      expect(await createCheckout({ ...deps(), provider: down, clientAddress: address, now: start }, null, { items: [suitLine()], customerInfo: shopper, shippingAddress: UK_ADDRESS })).toMatchObject({
        ok: false,
        status: 502,
      });
    }
    quiet.mockRestore();
    for (let i = 0; i < DEFAULT_CHECKOUT_LIMIT; i++) expect(await place(address)).toMatchObject({ ok: true });
    const refused = await place(address);
    expect(refused).toEqual({ ok: false, status: 429, message: checkoutRequestErrors.tooManyCheckouts, retryAfterSeconds: CHECKOUT_LIMIT_WINDOW_MINUTES * 60 });
    // The refused attempt wrote no order and opened no payment session.
    const written = await get().db.select({ status: orders.status }).from(orders).where(eq(orders.customerEmail, shopper.email));
    expect(written.filter((order) => order.status === "pending")).toHaveLength(DEFAULT_CHECKOUT_LIMIT);
    expect(await place("2001:db8:51::1")).toMatchObject({ ok: true });
    const later = new Date(start.getTime() + CHECKOUT_LIMIT_WINDOW_MINUTES * 60_000 + 1_000);
    expect(await place(address, later)).toMatchObject({ ok: true });
    // The owner's setting: 0 turns the limit off.
    expect(await createCheckout({ ...deps(), clientAddress: address, checkoutLimit: 0 }, null, { items: [suitLine()], customerInfo: shopper, shippingAddress: UK_ADDRESS })).toMatchObject({ ok: true });
  });

  it("Buy Now refuses in the spec's words what the button would have: a product gone, a size or a colour left out", async () => {
    const buyNow = (item: Record<string, unknown>) => createCheckout(deps(), null, { source: "buy-now", items: [item], customerInfo: null, shippingAddress: null });
    const [twoColours] = await get()
      .db.insert(products)
      .values(withDerivedFields({ name: "Two-Colour Shirt", category: "shirts", pricePence: 4_000, image: "/images/products/shirt-1.svg", stock: 9, availableSizes: ["M"], availableColors: ["White", "Blue"] }))
      .returning({ id: products.id });

    expect(await buyNow({ ...suitLine(), selected_size: null })).toEqual({ ok: false, status: 400, message: "Please select a size before proceeding to checkout" });
    expect(await buyNow({ ...suitLine(), selected_size: "  " })).toEqual({ ok: false, status: 400, message: "Please select a size before proceeding to checkout" });
    expect(await buyNow({ product_id: twoColours!.id, quantity: 1, selected_size: "M", selected_color: null })).toEqual({
      ok: false,
      status: 400,
      message: "Please select a color before proceeding to checkout",
    });
    expect(await buyNow({ ...suitLine(), product_id: "00000000-0000-4000-8000-000000000000" })).toEqual({ ok: false, status: 404, message: "Product not found" });
    expect(await buyNow({ ...suitLine(), product_id: "not-an-id" })).toEqual({ ok: false, status: 404, message: "Product not found" });
    // Buy Now is one line: two (or none) say so, not "Your cart is empty".
    for (const items of [[suitLine(), suitLine()], []]) {
      expect(await createCheckout(deps(), null, { source: "buy-now", items, customerInfo: null, shippingAddress: null })).toEqual({ ok: false, status: 400, message: "Buy Now takes exactly one item" });
    }
    await get().db.update(products).set({ isActive: false }).where(eq(products.id, twoColours!.id));
    expect(await buyNow({ product_id: twoColours!.id, quantity: 1, selected_size: "M", selected_color: "Blue" })).toEqual({ ok: false, status: 404, message: "Product not found" });
    // A size the product does not offer is not a missing one: the line's own notice says so.
    const offered = await buyNow({ ...suitLine(), selected_size: "52L" });
    expect(offered).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("Navy Wool Suit: ") });
    expect(await get().db.select({ id: orders.id }).from(orders)).toEqual([]);
  });

  it("Buy Now for a guest uses the placeholder e-mail until the payment page collects the real one", async () => {
    const result = await createCheckout(deps(), null, { source: "buy-now", items: [suitLine()], customerInfo: null, shippingAddress: null });
    if (!result.ok) throw new Error(result.message);
    const [before] = await get().db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(before!.customer.email).toBe(GUEST_PLACEHOLDER_EMAIL);
    // The payment page shows each line's size and colour (issue 15, item 11).
    const [session] = await get().db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, result.sessionId));
    expect(session!.lines).toEqual([expect.objectContaining({ name: "Navy Wool Suit", description: "Size 40R, Colour Navy" })]);
    const event = await provider.completeSession(result.sessionId, {
      email: "buyer@example.com",
      name: "Yaw Boateng",
      phone: "+44 7700 900123",
      address: { line1: "2 High Street", city: "Leeds", postalCode: "ls11aa", country: "United Kingdom" },
    });
    await handlePaymentWebhook(deps(), event!.rawBody, event!.headers);
    const [after] = await get().db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(after).toMatchObject({ paymentStatus: "paid", customerEmail: "buyer@example.com", customer: { email: "buyer@example.com", firstName: "Yaw", lastName: "Boateng", phone: "+44 7700 900123" } });
    expect(after!.shippingAddress).toMatchObject({ firstName: "Yaw", lastName: "Boateng", address: "2 High Street", city: "Leeds", postalCode: "LS1 1AA", country: "United Kingdom", phone: "+44 7700 900123" });
  });

  it("a cancelled payment cancels the order; a late paid event after it is not lost", async () => {
    const result = await createCheckout(deps(), null, { items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS });
    if (!result.ok) throw new Error(result.message);
    const expired = await provider.expireSession(result.sessionId);
    await handlePaymentWebhook(deps(), expired!.rawBody, expired!.headers);
    const [order] = await get().db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(order).toMatchObject({ status: "cancelled", paymentStatus: "failed" });
    // An expired session cannot be paid any more.
    expect(await provider.completeSession(result.sessionId, { email: null, name: null, address: null })).toBeNull();
  });

  it("quotes shipping for products by id: both methods in pence, express null in a free zone, restrictions", async () => {
    const items = [{ productId: ids["Navy Wool Suit"]!, quantity: 1 }];
    const japan = await quoteShippingForProducts(get().db, { country: "Japan", items });
    expect(japan.ok).toBe(true);
    if (japan.ok) {
      expect(japan.quotes.standard).toMatchObject({ restricted: false, carrier: "China Post" });
      expect(japan.quotes.express!.amount).toBeGreaterThan(japan.quotes.standard.amount);
      expect(Number.isInteger(japan.quotes.standard.amount)).toBe(true);
    }
    const uk = await quoteShippingForProducts(get().db, { country: "United Kingdom", items });
    expect(uk.ok && uk.quotes.express).toBeNull();
    const cuba = await quoteShippingForProducts(get().db, { country: "Cuba", items });
    expect(cuba.ok && cuba.quotes).toMatchObject({ restricted: true, restrictionReason: expect.any(String) });
    expect(await quoteShippingForProducts(get().db, { country: "Japan", items: [{ productId: "00000000-0000-4000-8000-000000000000", quantity: 1 }] })).toMatchObject({ ok: false });
    expect(await quoteShippingForProducts(get().db, { items })).toMatchObject({ ok: false, message: "Country is required" });
    // Another spelling is read as the listed name before the rules see it; a territory is a destination of its own.
    const spelled = await quoteShippingForProducts(get().db, { country: "u.k.", items });
    expect(spelled.ok && spelled.quotes.standard.note).toBe("Free standard shipping to the United Kingdom");
    const bermuda = await quoteShippingForProducts(get().db, { country: "Bermuda", items });
    expect(bermuda.ok && bermuda.quotes.standard.amount).toBeGreaterThan(0);
    expect(bermuda.ok && bermuda.quotes.express!.amount).toBeGreaterThan(bermuda.ok ? bermuda.quotes.standard.amount : 0);
    expect(await quoteShippingForProducts(get().db, { country: "Atlantis", items })).toEqual({ ok: false, message: checkoutMessages.countryNotInList("Atlantis") });
  });
});
