// A shopper's orders and the test payment page, on both engines: orders are read by their owner's
// session or by number plus e-mail, never by id alone (docs/architecture.md); the /pay page's card
// form applies a payment exactly once through the webhook's code path, and its Cancel cancels.
// Route loaders and actions are called directly with the load context the host would give them.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GUEST_PLACEHOLDER_EMAIL } from "../../src/domain/guest-email.ts";
import { auth as authMessages } from "../../src/domain/messages/account.ts";
import { checkout as checkoutMessages } from "../../src/domain/messages/checkout.ts";
import { orderLookup } from "../../src/domain/messages/orders.ts";
import { paymentPage } from "../../src/domain/messages/payment-page.ts";
import { validation } from "../../src/domain/messages/forms.ts";
import { formatOrderNumber } from "../../src/domain/order-number.ts";
import { orderMails } from "../../src/domain/messages/order-mails.ts";
import { formatGbp } from "../../src/domain/money.ts";
import { cardMessages, TEST_CARDS } from "../../src/domain/test-cards.ts";
import { signUp } from "../../src/server/auth/accounts.server.ts";
import { createAuth, type Auth } from "../../src/server/auth/auth.server.ts";
import { withDerivedFields } from "../../src/server/catalog/product-fields.server.ts";
import { createCheckout, type CheckoutBuyer } from "../../src/server/checkout/checkout.server.ts";
import type { Database } from "../../src/server/db/client.server.ts";
import { cartItems, localPaymentSessions, mailOutbox, orders, paymentEvents, products, rateLimit, user } from "../../src/server/db/schema.ts";
import { findOrderByNumber, listOrdersForUser, ORDER_LOOKUP_LIMIT, type OrderOwner } from "../../src/server/orders/orders.server.ts";
import { createLocalProvider, isLocalProvider, type LocalProvider } from "../../src/server/payments/local-provider.server.ts";
import { DECLINES_KEPT_PER_ORDER, recordPaymentDecline } from "../../src/server/payments/payment-declines.server.ts";
import { getAdminOrder } from "../../src/server/admin/orders/order-details.server.ts";
import { adminFulfilment } from "../../src/domain/messages/admin.ts";
import type { PaymentProvider } from "../../src/server/payments/payment-provider.server.ts";
import { ensurePriceSettings } from "../../src/server/settings/price-settings.server.ts";
import { loader as accountOrdersLoader } from "../../src/web/routes/account.orders.tsx";
import { loader as apiAuthLoader } from "../../src/web/routes/api.auth.ts";
import { loader as authLoader } from "../../src/web/routes/auth.tsx";
import { loader as confirmationLoader } from "../../src/web/routes/order-confirmation.tsx";
import { action as lookupAction } from "../../src/web/routes/orders.lookup.tsx";
import { loader as checkoutLoader } from "../../src/web/routes/checkout.tsx";
import { action as payAction, loader as payLoader } from "../../src/web/routes/pay.tsx";
import { describeEachEngine } from "../helpers/databases.ts";
import { routeContext, withUrl } from "../helpers/route-context.ts";

const SHOP = "http://shop.test";
const CUSTOMER = { firstName: "Ama", lastName: "Owusu", email: "Ama.Owusu@Example.com", phone: "" };
const UK_ADDRESS = { address: "1 Savile Row", city: "London", state: "", postalCode: "W1S 3PR", country: "United Kingdom" };
const GOOD_CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", cardName: "Ama Owusu" };

/** A `data()` answer's payload and init, or a thrown/returned Response (redirects). */
async function settle(run: unknown): Promise<{ status: number; body: unknown; headers: Headers }> {
  try {
    const value = (await run) as { data?: unknown; init?: ResponseInit | null; type?: string } | Response | null;
    if (value instanceof Response) return { status: value.status, body: null, headers: value.headers };
    if (value && typeof value === "object" && "data" in value && value.type === "DataWithResponseInit") {
      return { status: value.init?.status ?? 200, body: value.data, headers: new Headers(value.init?.headers) };
    }
    return { status: 200, body: value, headers: new Headers() };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: null, headers: thrown.headers };
    const init = (thrown as { init?: ResponseInit | null; type?: string }).init;
    if ((thrown as { type?: string }).type === "DataWithResponseInit") return { status: init?.status ?? 500, body: null, headers: new Headers(init?.headers) };
    throw thrown;
  }
}

describeEachEngine("shoppers' orders", (get) => {
  let provider: LocalProvider;
  let auth: Auth;
  let suitId: string;
  let kicks = 0;

  const deps = () => ({ db: get().db, provider, publicUrl: SHOP });
  /** SHOP_EMAIL: without a contact e-mail in Settings, the owner's "New order" notices go here. */
  const OWNER = "owner@shop.test";
  const context = (payments: PaymentProvider = provider, clientIp = "203.0.113.9") =>
    routeContext({
      app: { db: get().db, auth, payments, config: { publicUrl: SHOP, shopEmail: OWNER, requireEmailVerification: false }, kickMail: () => void kicks++ },
      cspNonce: "",
      setCookie: () => {},
      clientIp,
    });

  async function newUser(db: Database, name: string): Promise<NonNullable<CheckoutBuyer>> {
    const id = `u-${name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
    const email = `${id}@example.com`;
    await db.insert(user).values({ id, name, email });
    return { userId: id, email, firstName: name, lastName: "Test" };
  }

  /** The account as the account page reads it, its address confirmed. */
  const confirmed = (buyer: NonNullable<CheckoutBuyer>): OrderOwner => ({ userId: buyer.userId, email: buyer.email, emailVerified: true });

  const suitLine = (quantity = 1) => ({ product_id: suitId, quantity, selected_size: "40R", selected_color: "Navy" });

  async function checkout(buyer: CheckoutBuyer, body: Record<string, unknown> = {}) {
    const result = await createCheckout(deps(), buyer, { source: "buy-now", items: [suitLine()], customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS, ...body });
    if (!result.ok) throw new Error(result.message);
    return result;
  }

  function pay(sessionId: string, fields: Record<string, string>, clientIp?: string) {
    const request = new Request(`${SHOP}/pay/${sessionId}`, { method: "POST", body: new URLSearchParams({ intent: "pay", ...fields }) });
    return settle(payAction({ request, params: { sessionId }, context: context(provider, clientIp) } as never));
  }

  function cancel(sessionId: string) {
    const request = new Request(`${SHOP}/pay/${sessionId}`, { method: "POST", body: new URLSearchParams({ intent: "cancel" }) });
    return settle(payAction({ request, params: { sessionId }, context: context() } as never));
  }

  function openPage(sessionId: string, payments: PaymentProvider = provider) {
    const request = new Request(`${SHOP}/pay/${sessionId}`);
    return settle(payLoader({ request, params: { sessionId }, context: context(payments) } as never));
  }

  async function orderOf(orderId: string) {
    const [row] = await get().db.select().from(orders).where(eq(orders.id, orderId));
    return row!;
  }

  async function suitStock() {
    const [row] = await get().db.select({ stock: products.stock }).from(products).where(eq(products.id, suitId));
    return row!.stock;
  }

  beforeAll(async () => {
    const { db } = get();
    await ensurePriceSettings(db);
    provider = createLocalProvider(db, { publicUrl: SHOP, webhookSecret: "whsec_test_orders" });
    auth = createAuth({ db, config: { publicUrl: SHOP, requireEmailVerification: false, env: "test" }, secret: "test-secret-test-secret-test-secret-0123" });
  });

  beforeEach(async () => {
    const { db } = get();
    await db.delete(orders);
    await db.delete(paymentEvents);
    await db.delete(mailOutbox);
    await db.delete(cartItems);
    await db.delete(products);
    await db.delete(rateLimit);
    const [row] = await db
      .insert(products)
      .values(withDerivedFields({ name: "Navy Wool Suit", category: "suits", pricePence: 20_000, image: "/images/products/suit-1.svg", stock: 10, availableSizes: ["40R"], availableColors: ["Navy"] }))
      .returning({ id: products.id });
    suitId = row!.id;
  });

  describe("listOrdersForUser", () => {
    it("lists only the shopper's own orders, newest first, with their lines; a second user's never appear", async () => {
      const { db } = get();
      const kofi = await newUser(db, "Kofi");
      const yaa = await newUser(db, "Yaa");
      const older = await checkout(kofi, { items: [suitLine(2)] });
      const newer = await checkout(kofi);
      const theirs = await checkout(yaa);
      await db.update(orders).set({ createdAt: new Date("2025-01-02T10:00:00Z") }).where(eq(orders.id, older.orderId));
      await db.update(orders).set({ createdAt: new Date("2025-03-04T10:00:00Z") }).where(eq(orders.id, newer.orderId));

      const listed = await listOrdersForUser(db, confirmed(kofi));
      expect(listed.map((order) => order.number)).toEqual([formatOrderNumber(newer.orderId), formatOrderNumber(older.orderId)]);
      expect(listed[1]).toMatchObject({ status: "pending", paymentStatus: "pending", placedAt: "2025-01-02T10:00:00.000Z" });
      expect(listed[1]!.items).toEqual([expect.objectContaining({ name: "Navy Wool Suit", size: "40R", colour: "Navy", quantity: 2, productId: suitId })]);
      expect(listed[1]!.totalPence).toBe((await orderOf(older.orderId)).totalAmountPence);
      expect(JSON.stringify(listed)).not.toContain(formatOrderNumber(theirs.orderId).slice(1));

      expect((await listOrdersForUser(db, confirmed(yaa))).map((order) => order.number)).toEqual([formatOrderNumber(theirs.orderId)]);
      expect(await listOrdersForUser(db, { userId: "nobody", email: "nobody@example.com", emailVerified: true })).toEqual([]);
    });

    it("leaves out checkouts whose payment was cancelled: they were never placed", async () => {
      const { db } = get();
      const kofi = await newUser(db, "Kofi");
      const cancelled = await checkout(kofi);
      await cancel(cancelled.sessionId);
      const paid = await checkout(kofi);
      await pay(paid.sessionId, GOOD_CARD);
      const listed = await listOrdersForUser(db, confirmed(kofi));
      expect(listed.map((order) => [order.number, order.status, order.paymentStatus])).toEqual([[formatOrderNumber(paid.orderId), "processing", "paid"]]);
    });

    it("adds the orders placed without signing in with the account's address once the account has confirmed it", async () => {
      const { db } = get();
      const efua = await newUser(db, "Efua");
      const asGuest = await checkout(null, { customerInfo: { ...CUSTOMER, email: efua.email.toUpperCase() } });
      const signedIn = await checkout(efua);
      const someoneElses = await checkout(null);
      await db.update(orders).set({ createdAt: new Date("2025-01-02T10:00:00Z") }).where(eq(orders.id, asGuest.orderId));
      const numbers = async (owner: OrderOwner) => (await listOrdersForUser(db, owner)).map((order) => order.number);
      // Not confirmed: anyone can sign up with an address that is not theirs.
      expect(await numbers({ ...confirmed(efua), emailVerified: false })).toEqual([formatOrderNumber(signedIn.orderId)]);
      expect(await numbers(confirmed(efua))).toEqual([formatOrderNumber(signedIn.orderId), formatOrderNumber(asGuest.orderId)]);
      // Another account's order to the same address stays that account's.
      const kojo = await newUser(db, "Kojo");
      const kojosOrder = await checkout(kojo, { customerInfo: { ...CUSTOMER, email: efua.email } });
      expect(await numbers(confirmed(efua))).not.toContain(formatOrderNumber(kojosOrder.orderId));
      expect(await numbers(confirmed(efua))).not.toContain(formatOrderNumber(someoneElses.orderId));
    });
  });

  describe("guest orders and the address confirmation link", () => {
    const PASSWORD = "correct horse battery";

    /** Opens the newest link mailed to `email` through the shop's routes, as a browser with these cookies (or none) would. */
    async function openMailedLink(email: string, cookie = "") {
      const mails = await get().db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
      const link = mails.at(-1)?.textBody.match(/https?:\/\/\S+/)?.[0];
      if (!link) throw new Error("no confirmation link was mailed");
      const request = new Request(link, { headers: cookie ? { cookie } : {} });
      const route = new URL(link).pathname.startsWith("/api/auth/") ? apiAuthLoader : authLoader;
      return settle(route(withUrl({ request, context: context(), params: {} }) as never));
    }

    async function signedUp(email: string) {
      const created = await signUp({ auth, db: get().db }, { firstName: "Mal", lastName: "Lory", email, password: PASSWORD }, { headers: new Headers(), ip: "203.0.113.66" });
      if (!created.ok || !created.userId) throw new Error("sign-up failed");
      return created.setCookies.map((setCookie) => setCookie.split(";")[0]).join("; ");
    }

    async function myOrders(cookie: string): Promise<string[]> {
      const request = new Request(`${SHOP}/account/orders`, { headers: { cookie } });
      const answer = (await accountOrdersLoader({ request, context: context(), params: {} } as never)) as { orders: { number: string }[] };
      return answer.orders.map((order) => order.number);
    }

    it("an account opened by someone else with a shopper's address does not get the shopper's guest orders when the shopper opens the link; the account holder's own browser confirms it", async () => {
      const gina = `gina-${Date.now()}@example.com`;
      const asGuest = await checkout(null, { customerInfo: { ...CUSTOMER, email: gina } });
      // A stranger signs up with Gina's address, choosing the password, and is signed in at once.
      const stranger = await signedUp(gina);
      expect(await myOrders(stranger)).toEqual([]);

      // Gina opens the "confirm your e-mail address" link from her mailbox, in her own browser.
      await openMailedLink(gina);
      expect(await myOrders(stranger)).not.toContain(formatOrderNumber(asGuest.orderId));
      expect((await get().db.select({ confirmed: user.emailVerified }).from(user).where(eq(user.email, gina)))[0]?.confirmed).toBe(false);

      // The account holder opens it where they are signed in (they read that mailbox too): confirmed.
      await openMailedLink(gina, stranger);
      expect(await myOrders(stranger)).toEqual([formatOrderNumber(asGuest.orderId)]);
    });
  });

  describe("findOrderByNumber", () => {
    it("needs the order number and the e-mail used, both; number as shown, with or without #, any case", async () => {
      const { db } = get();
      const placed = await checkout(null);
      const number = formatOrderNumber(placed.orderId); // "#1A2B3C4D"
      for (const typed of [number, number.slice(1), number.toLowerCase(), ` ${number.slice(1).toLowerCase()} `, placed.orderId]) {
        expect((await findOrderByNumber(db, typed, "ama.owusu@example.com"))?.number, typed).toBe(number);
      }
      expect((await findOrderByNumber(db, number, "  AMA.OWUSU@EXAMPLE.COM "))?.number).toBe(number);
      expect(await findOrderByNumber(db, number, "someone.else@example.com")).toBeNull();
      expect(await findOrderByNumber(db, "#00000000", CUSTOMER.email)).toBeNull();
      expect(await findOrderByNumber(db, number.slice(0, 5), CUSTOMER.email)).toBeNull();
      expect(await findOrderByNumber(db, "", CUSTOMER.email)).toBeNull();
      expect(await findOrderByNumber(db, number, "")).toBeNull();
    });

    it("tells the shopper how it was sent and what was refunded, once the payment says so", async () => {
      const { db } = get();
      const placed = await checkout(null);
      const number = formatOrderNumber(placed.orderId);
      expect(await findOrderByNumber(db, number, CUSTOMER.email)).toMatchObject({ refundedPence: 0, carrier: null, trackingNumber: null });
      await db.update(orders).set({ status: "shipped", carrier: "Royal Mail Tracked 48", trackingNumber: "TT123456785GB" }).where(eq(orders.id, placed.orderId));
      // A refund reserved while the provider is asked is not yet the shopper's news.
      await db.update(orders).set({ paymentStatus: "paid", refundedPence: 1000 }).where(eq(orders.id, placed.orderId));
      expect(await findOrderByNumber(db, number, CUSTOMER.email)).toMatchObject({ refundedPence: 0, carrier: "Royal Mail Tracked 48", trackingNumber: "TT123456785GB" });
      await db.update(orders).set({ paymentStatus: "partially_refunded" }).where(eq(orders.id, placed.orderId));
      expect(await findOrderByNumber(db, number, CUSTOMER.email)).toMatchObject({ refundedPence: 1000 });
    });

    it("never finds a guest Buy Now order by its placeholder e-mail", async () => {
      const placed = await checkout(null, { customerInfo: null, shippingAddress: null });
      expect((await orderOf(placed.orderId)).customerEmail).toBe(GUEST_PLACEHOLDER_EMAIL);
      expect(await findOrderByNumber(get().db, formatOrderNumber(placed.orderId), GUEST_PLACEHOLDER_EMAIL)).toBeNull();
    });
  });

  describe("/pay/:sessionId", () => {
    it("a declined card answers 400 with the message, keeps what was typed except the card number and CVC, and the order stays pending", async () => {
      const placed = await checkout(null);
      const answer = await pay(placed.sessionId, { ...GOOD_CARD, cardNumber: "4000 0000 0000 0002" });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ ok: false, messages: [cardMessages.declined], fieldErrors: { cardNumber: cardMessages.declined }, values: { expiry: "12/40", cardName: "Ama Owusu" } });
      expect(JSON.stringify(answer.body)).not.toContain(TEST_CARDS.declined);
      expect(JSON.stringify(answer.body)).not.toContain('"123"');
      expect(await orderOf(placed.orderId)).toMatchObject({ status: "pending", paymentStatus: "pending" });
      expect(await suitStock()).toBe(10);
      // The owner sees the attempt on the order's timeline, as Stripe's declined payments are.
      const declined = async () => (await getAdminOrder(get().db, placed.orderId))!.timeline.filter((entry) => entry.kind === "declined");
      expect(await declined()).toEqual([expect.objectContaining({ title: adminFulfilment.paymentDeclined, detail: adminFulfilment.paymentDeclinedDetail(cardMessages.declined, true) })]);

      const bad = await pay(placed.sessionId, { ...GOOD_CARD, cardNumber: "1234", expiry: "13/40" });
      expect(bad).toMatchObject({ status: 400, body: { fieldErrors: { cardNumber: cardMessages.invalidNumber } } });
      // A mistyped card never reached a bank: nothing more on the timeline.
      expect(await declined()).toHaveLength(1);
      // Card after card: the timeline keeps the first DECLINES_KEPT_PER_ORDER.
      for (let attempt = 1; attempt <= DECLINES_KEPT_PER_ORDER; attempt++) await pay(placed.sessionId, { ...GOOD_CARD, cardNumber: TEST_CARDS.declined });
      expect(await declined()).toHaveLength(DECLINES_KEPT_PER_ORDER);
      expect((await pay(placed.sessionId, GOOD_CARD)).status).toBe(302);
      expect(await orderOf(placed.orderId)).toMatchObject({ paymentStatus: "paid" });
    });

    it("a declined attempt comes after 'Order placed' on the timeline although its event's time is in whole seconds", async () => {
      const placed = await checkout(null);
      const created = (await orderOf(placed.orderId)).createdAt;
      // The event's time, truncated to its second, is up to a second before the order's own.
      const at = new Date(Math.floor(created.getTime() / 1000) * 1000 - 1);
      expect(await recordPaymentDecline(get().db, { eventId: `evt_${placed.orderId}`, provider: "local", sessionId: placed.sessionId, orderId: null, reason: cardMessages.declined, at })).toBe(true);
      const timeline = (await getAdminOrder(get().db, placed.orderId))!.timeline;
      expect(timeline.map((entry) => entry.kind)).toEqual(["created", "declined"]);
      expect(timeline[1]!.at).toBe(created.toISOString());
    });

    it("4242 pays the order exactly once: submitting the form again changes nothing more", async () => {
      const placed = await checkout(null);
      const successUrl = `${SHOP}/order-confirmation/${placed.sessionId}`;
      const kicksBefore = kicks;
      const first = await pay(placed.sessionId, GOOD_CARD);
      expect(first.status).toBe(302);
      expect(first.headers.get("location")).toBe(successUrl);
      expect(kicks).toBe(kicksBefore + 1);
      expect(await orderOf(placed.orderId)).toMatchObject({ status: "processing", paymentStatus: "paid" });
      expect(await suitStock()).toBe(9);

      const again = await pay(placed.sessionId, GOOD_CARD);
      expect(again.status).toBe(302);
      expect(again.headers.get("location")).toBe(successUrl);
      expect(await suitStock()).toBe(9);
      expect(await get().db.select().from(paymentEvents)).toHaveLength(1);
      const mails = await get().db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, CUSTOMER.email));
      expect(mails.filter((mail) => mail.subject.includes("confirmed"))).toHaveLength(1);

      // The page itself now sends the shopper on to the confirmation.
      const page = await openPage(placed.sessionId);
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe(successUrl);
    });

    it("Cancel expires the session and cancels the order; the page then says the session has expired", async () => {
      const placed = await checkout(null);
      const answer = await cancel(placed.sessionId);
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe(`${SHOP}/checkout/cancelled?order=${placed.orderId}`);
      expect(await orderOf(placed.orderId)).toMatchObject({ status: "cancelled", paymentStatus: "failed" });

      const page = await openPage(placed.sessionId);
      expect(page.body).toEqual({ state: "expired" });
      // Paying a cancelled session is not possible any more.
      const late = await pay(placed.sessionId, GOOD_CARD);
      expect(late.status).toBe(302);
      expect(late.headers.get("location")).toBe(`/pay/${placed.sessionId}`);
      expect(await orderOf(placed.orderId)).toMatchObject({ status: "cancelled", paymentStatus: "failed" });
      expect(await suitStock()).toBe(10);
    });

    it("a page closed by a newer checkout of the cart names that order only when it was paid, not when its payment was refused and given back", async () => {
      const buyer = await newUser(get().db, "Efua");
      const cartCheckout = async () => {
        await get().db.delete(cartItems).where(eq(cartItems.userId, buyer.userId));
        await get().db.insert(cartItems).values({ userId: buyer.userId, productId: suitId, quantity: 1, selectedSize: "40R", selectedColor: "Navy" });
        return checkout(buyer, { source: "cart", items: [] });
      };
      const first = await cartCheckout();
      const second = await cartCheckout();
      // The suit sells out while the shopper pays on the newer page: the payment is taken, refused
      // and refunded at once (decision 013), so the cart was not paid for.
      await get().db.update(products).set({ stock: 0 }).where(eq(products.id, suitId));
      await pay(second.sessionId, GOOD_CARD);
      expect(await orderOf(second.orderId)).toMatchObject({ paymentStatus: "refunded", cancelReason: "sold-out" });
      expect((await openPage(first.sessionId)).body).toEqual({ state: "replaced", paidOrderNumber: null });

      await get().db.update(products).set({ stock: 10 }).where(eq(products.id, suitId));
      const third = await cartCheckout();
      const fourth = await cartCheckout();
      await pay(fourth.sessionId, GOOD_CARD);
      expect((await openPage(third.sessionId)).body).toEqual({ state: "replaced", paidOrderNumber: formatOrderNumber(fourth.orderId) });
    });

    it("shows who an order with an address goes to, and starts a signed-in Buy Now's delivery form from the account", async () => {
      const placed = await checkout(null, { shippingAddress: { ...UK_ADDRESS, city: " London ", state: " " } });
      const open = await openPage(placed.sessionId);
      expect(open.body).toMatchObject({ state: "open", session: { recipient: { name: "Ama Owusu", address: "1 Savile Row, London, W1S 3PR, United Kingdom" }, prefill: null } });

      const buyer = await newUser(get().db, "Kwame");
      const buyNow = await checkout(buyer, { customerInfo: null, shippingAddress: null });
      expect((await openPage(buyNow.sessionId)).body).toMatchObject({ state: "open", session: { recipient: null, prefill: { name: "Kwame Test", phone: "" } } });
    });

    it("shows the amount due and lines of an open session; unknown ids are 404; no page with another provider", async () => {
      const placed = await checkout(null, { items: [suitLine(2)] });
      const order = await orderOf(placed.orderId);
      const page = await openPage(placed.sessionId);
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({
        state: "open",
        session: { amountPence: order.totalAmountPence, lines: [{ name: "Navy Wool Suit", quantity: 2 }], shippingPence: 0, discountPence: 0, customerEmail: CUSTOMER.email, countries: null },
      });
      expect(await openPage("cs_local_unknown")).toMatchObject({ status: 404, body: { state: "not-found" } });

      const stripeLike = { ...provider, name: "stripe" } as unknown as PaymentProvider;
      expect(isLocalProvider(stripeLike)).toBe(false);
      expect((await openPage(placed.sessionId, stripeLike)).status).toBe(404);
    });

    it("asks a guest Buy Now buyer for the recipient, e-mail and address, checks them, and the order learns them", async () => {
      const placed = await checkout(null, { customerInfo: null, shippingAddress: null });
      const page = await openPage(placed.sessionId);
      const countries = (page.body as { session: { countries: { code: string; name: string }[] } }).session.countries;
      expect(countries).toContainEqual({ code: "GB", name: "United Kingdom" });
      expect(countries.map((country) => country.code)).not.toContain("JP");

      const missing = await pay(placed.sessionId, GOOD_CARD);
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({
        fieldErrors: { name: paymentPage.recipientNameRequired, email: validation.emailRequired, line1: checkoutMessages.streetRequired, city: checkoutMessages.cityRequired, postalCode: checkoutMessages.postalCodeRequired },
      });
      const address = { name: "Yaw Boateng", email: "yaw@example.com", line1: "2 High Street", city: "Leeds", postalCode: "LS1 1AA", country: "JP" };
      const elsewhere = await pay(placed.sessionId, { ...GOOD_CARD, ...address });
      expect(elsewhere).toMatchObject({ status: 400, body: { fieldErrors: { country: paymentPage.countryNotOffered }, values: { email: "yaw@example.com", city: "Leeds" } } });
      const badEmail = await pay(placed.sessionId, { ...GOOD_CARD, ...address, email: "yaw@", country: "GB" });
      expect(badEmail).toMatchObject({ status: 400, body: { fieldErrors: { email: validation.invalidEmail } } });
      // A declined card is not tried while the address is still wrong.
      const both = await pay(placed.sessionId, { ...GOOD_CARD, cardNumber: TEST_CARDS.declined, ...address, city: "", country: "GB" });
      expect(both).toMatchObject({ status: 400, body: { messages: [checkoutMessages.cityRequired] } });
      expect((await getAdminOrder(get().db, placed.orderId))!.timeline.filter((entry) => entry.kind === "declined")).toEqual([]);
      expect((await orderOf(placed.orderId)).paymentStatus).toBe("pending");

      const paid = await pay(placed.sessionId, { ...GOOD_CARD, cardName: "Yaw Boateng", ...address, country: "GB" });
      expect(paid.status).toBe(302);
      const order = await orderOf(placed.orderId);
      expect(order).toMatchObject({ paymentStatus: "paid", customerEmail: "yaw@example.com", customer: { firstName: "Yaw", lastName: "Boateng" } });
      expect(order.shippingAddress).toMatchObject({ address: "2 High Street", city: "Leeds", postalCode: "LS1 1AA", country: "United Kingdom" });
      const [session] = await get().db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, placed.sessionId));
      expect(session).toMatchObject({ status: "complete", paymentStatus: "paid" });
      expect((await findOrderByNumber(get().db, formatOrderNumber(placed.orderId), "yaw@example.com"))?.paymentStatus).toBe("paid");
    });

    it("an order paid on this page tells the shop (SHOP_EMAIL without a contact e-mail in Settings)", async () => {
      const placed = await checkout(null);
      expect((await pay(placed.sessionId, GOOD_CARD)).status).toBe(302);
      const notices = await get().db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, OWNER));
      expect(notices.map((mail) => mail.subject)).toEqual([orderMails.newOrderSubject(formatOrderNumber(placed.orderId), formatGbp((await orderOf(placed.orderId)).totalAmountPence))]);
    });

    it("a guest's Buy Now for someone else: the buyer is the card's name, the parcel the recipient's", async () => {
      const placed = await checkout(null, { customerInfo: null, shippingAddress: null });
      const address = { name: "Yaw Boateng", email: "ama@example.com", line1: "2 High Street", city: "Leeds", postalCode: "LS1 1AA", country: "GB" };
      expect((await pay(placed.sessionId, { ...GOOD_CARD, ...address })).status).toBe(302);
      const order = await orderOf(placed.orderId);
      expect(order.customer).toMatchObject({ firstName: "Ama", lastName: "Owusu", email: "ama@example.com" });
      expect(order.shippingAddress).toMatchObject({ firstName: "Yaw", lastName: "Boateng", city: "Leeds" });
    });
  });

  describe("/orders/lookup", () => {
    function lookUp(fields: Record<string, string>, clientIp = "198.51.100.7") {
      const request = new Request(`${SHOP}/orders/lookup`, { method: "POST", body: new URLSearchParams(fields) });
      return settle(lookupAction({ request, params: {}, context: context(provider, clientIp) } as never));
    }

    it("answers a wrong e-mail and a wrong number with the same neutral message, and the right pair with the order", async () => {
      const placed = await checkout(null);
      await pay(placed.sessionId, GOOD_CARD);
      const number = formatOrderNumber(placed.orderId);
      const wrongEmail = await lookUp({ orderNumber: number, email: "other@example.com" });
      const wrongNumber = await lookUp({ orderNumber: "#ABCDEF12", email: CUSTOMER.email });
      expect(wrongEmail).toMatchObject({ status: 404, body: { ok: false, message: orderLookup.notFound } });
      expect(wrongNumber.body).toEqual({ ...(wrongEmail.body as object), values: { orderNumber: "#ABCDEF12", email: CUSTOMER.email } });

      const found = await lookUp({ orderNumber: number.slice(1).toLowerCase(), email: CUSTOMER.email.toUpperCase() });
      expect(found.status).toBe(200);
      expect(found.body).toMatchObject({ ok: true, order: { number, status: "processing", paymentStatus: "paid", items: [{ name: "Navy Wool Suit", quantity: 1 }] } });

      expect(await lookUp({ orderNumber: "", email: CUSTOMER.email })).toMatchObject({ status: 400, body: { field: "orderNumber", message: orderLookup.numberRequired } });
      expect(await lookUp({ orderNumber: number, email: "nope" })).toMatchObject({ status: 400, body: { field: "email", message: validation.invalidEmail } });
    });

    it("accepts every form of the number the shop has shown: #last 8, last 8, first 8 (older toasts), the whole id", async () => {
      const placed = await checkout(null);
      const number = formatOrderNumber(placed.orderId);
      for (const typed of [number, ` ${number.slice(1).toLowerCase()} `, placed.orderId.slice(0, 8).toUpperCase(), `#${placed.orderId.slice(0, 8)}`, placed.orderId]) {
        const found = await lookUp({ orderNumber: typed, email: CUSTOMER.email }, "198.51.100.21");
        expect([typed, found.status]).toEqual([typed, 200]);
        expect(found.body).toMatchObject({ ok: true, order: { number } });
      }
    });

    it("takes an address whose domain is in another script, mails it in ASCII form and finds the order however the domain is typed", async () => {
      const placed = await checkout(null, { customerInfo: { ...CUSTOMER, email: "kofi@bücher.de" } });
      expect(await orderOf(placed.orderId)).toMatchObject({ customerEmail: "kofi@xn--bcher-kva.de", customer: { email: "kofi@xn--bcher-kva.de" } });
      await pay(placed.sessionId, GOOD_CARD);
      const mails = await get().db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "kofi@xn--bcher-kva.de"));
      expect(mails.filter((mail) => mail.subject.includes("confirmed"))).toHaveLength(1);
      const number = formatOrderNumber(placed.orderId);
      for (const email of ["kofi@bücher.de", "KOFI@BÜCHER.DE", "kofi@xn--bcher-kva.de"]) {
        const found = await lookUp({ orderNumber: number, email }, "198.51.100.31");
        expect([email, found.status]).toEqual([email, 200]);
      }
    });

    it("keeps a phone number and postcode typed in Arabic-Indic digits in ASCII digits, as carriers read them", async () => {
      const riyadh = { address: "King Fahd Road 12", city: "Riyadh", state: "", postalCode: "١٢٣٤٥", country: "Saudi Arabia" };
      const placed = await checkout(null, { customerInfo: { ...CUSTOMER, phone: "+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧" }, shippingAddress: riyadh });
      expect(await orderOf(placed.orderId)).toMatchObject({ customer: { phone: "+966 50 123 4567" }, shippingAddress: { postalCode: "12345" } });
    });

    it("limits look-ups per address so order numbers cannot be guessed", async () => {
      for (let i = 0; i < ORDER_LOOKUP_LIMIT.max; i++) {
        expect((await lookUp({ orderNumber: `#0000${String(i).padStart(4, "0")}`, email: "guess@example.com" }, "192.0.2.77")).status).toBe(404);
      }
      const limited = await lookUp({ orderNumber: "#00009999", email: "guess@example.com" }, "192.0.2.77");
      expect(limited).toMatchObject({ status: 429, body: { message: authMessages.tooManyAttempts } });
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect((await lookUp({ orderNumber: "#00009999", email: "guess@example.com" }, "192.0.2.78")).status).toBe(404);
    });
  });

  describe("/account/orders and /order-confirmation", () => {
    it("sends a signed-out shopper to sign in, and shows a signed-in one only their own orders", async () => {
      const { db } = get();
      const signedOut = await settle(accountOrdersLoader({ request: new Request(`${SHOP}/account/orders`), params: {}, context: context() } as never));
      expect(signedOut.status).toBe(302);
      expect(signedOut.headers.get("location")).toBe("/auth?redirect=account%2Forders");

      const email = `orders-${Date.now()}@example.com`;
      const created = await signUp({ auth, db }, { firstName: "Esi", lastName: "Mensah", email, password: "correct horse battery" }, { headers: new Headers(), ip: "203.0.113.60" });
      if (!created.ok || !created.userId) throw new Error("sign-up failed");
      const mine = await checkout({ userId: created.userId, email, firstName: "Esi", lastName: "Mensah" });
      await pay(mine.sessionId, GOOD_CARD);
      const someoneElse = await newUser(db, "Other");
      await checkout(someoneElse);

      const cookie = created.setCookies.map((value) => value.split(";")[0]).join("; ");
      const page = await settle(accountOrdersLoader({ request: new Request(`${SHOP}/account/orders`, { headers: { cookie } }), params: {}, context: context() } as never));
      expect(page.status).toBe(200);
      const listed = (page.body as { orders: { number: string; status: string }[] }).orders;
      expect(listed.map((order) => [order.number, order.status])).toEqual([[formatOrderNumber(mine.orderId), "processing"]]);
    });

    it("a returning shopper's checkout starts with the address of their own last order, never another shopper's", async () => {
      const { db } = get();
      const email = `returning-${Date.now()}@example.com`;
      const created = await signUp({ auth, db }, { firstName: "Kofi", lastName: "Boateng", email, password: "correct horse battery" }, { headers: new Headers(), ip: "203.0.113.61" });
      if (!created.ok || !created.userId) throw new Error("sign-up failed");
      const cookie = created.setCookies.map((value) => value.split(";")[0]).join("; ");
      const open = async () =>
        ((await settle(checkoutLoader({ request: new Request(`${SHOP}/checkout`, { headers: { cookie } }), params: {}, context: context() } as never))).body as {
          customer: Record<string, string>;
        }).customer;

      // Before any order: the account's details, an empty address in the default country.
      expect(await open()).toMatchObject({ firstName: "Kofi", lastName: "Boateng", email, address: "", city: "", postalCode: "", country: "United Kingdom" });

      const buyer = { userId: created.userId, email, firstName: "Kofi", lastName: "Boateng" };
      await checkout(buyer, { shippingAddress: UK_ADDRESS });
      const jersey = { address: "12 Bath Street", city: "St Helier", state: "", postalCode: "JE2 4ST", country: "Jersey" };
      await checkout(buyer, { shippingAddress: jersey });
      // Someone else's later order changes nothing.
      await checkout(await newUser(db, "Other"), { shippingAddress: { ...UK_ADDRESS, address: "99 Elsewhere Road" } });

      expect(await open()).toMatchObject({ firstName: "Kofi", email, ...jersey });
    });

    it("the confirmation page without a session id goes straight to /, and renders nothing about an order on the server", async () => {
      const bare = await settle((async () => confirmationLoader({ request: new Request(`${SHOP}/order-confirmation`), params: {}, context: context() } as never))());
      expect(bare.status).toBe(302);
      expect(bare.headers.get("location")).toBe("/");
      const placed = await checkout(null);
      const withId = await settle((async () => confirmationLoader({ request: new Request(`${SHOP}/order-confirmation/${placed.sessionId}`), params: { sessionId: placed.sessionId }, context: context() } as never))());
      expect(withId).toMatchObject({ status: 200, body: null });
    });
  });
});
