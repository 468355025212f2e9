// The checkout charges what its page showed on the Pay button, or refuses with the new figures
// (docs/api.md "POST /api/checkout"): the markup raised, a line added in another tab or a code's
// value changed between the page's pricing and Pay. Runs on PGlite and PostgreSQL.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import type { CartLine } from "../../src/domain/cart.ts";
import { linesFingerprint } from "../../src/domain/checkout-shown.ts";
import { DEFAULT_CHECKOUT_LIMIT } from "../../src/domain/checkout.ts";
import { priceWithMarkup } from "../../src/domain/markup.ts";
import { checkoutRequestErrors } from "../../src/domain/messages/checkout.ts";
import { formatGbp } from "../../src/domain/money.ts";
import { orderTotals } from "../../src/domain/order-totals.ts";
import { quoteAllShipping } from "../../src/domain/shipping.ts";
import { withDerivedFields } from "../../src/server/catalog/product-fields.server.ts";
import { listCart, priceGuestCart } from "../../src/server/cart/cart.server.ts";
import { createCheckout, previewDiscount } from "../../src/server/checkout/checkout.server.ts";
import { cartItems, discountCodes, orders, priceSettings, products, user } from "../../src/server/db/schema.ts";
import { createLocalProvider, type LocalProvider } from "../../src/server/payments/local-provider.server.ts";
import { ensurePriceSettings } from "../../src/server/settings/price-settings.server.ts";
import * as checkoutRoute from "../../src/web/routes/api.checkout.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { routeContext, withUrl } from "../helpers/route-context.ts";

const SHOP = "http://shop.test";
const CUSTOMER = { firstName: "Ama", lastName: "Owusu", email: "ama@example.com", phone: "" };
const UK_ADDRESS = { address: "1 Savile Row", city: "London", state: "", postalCode: "W1S 3PR", country: "United Kingdom" };
const JAPAN_ADDRESS = { address: "1-1 Ginza", city: "Tokyo", state: "", postalCode: "104-0061", country: "Japan" };

describeEachEngine("checkout charges what its page showed", (get) => {
  let provider: LocalProvider;
  let ids: Record<string, string>;
  const deps = () => ({ db: get().db, provider, publicUrl: SHOP });
  const setMarkup = (markupPercent: number) => get().db.update(priceSettings).set({ markupPercent }).where(eq(priceSettings.id, 1));

  beforeAll(async () => {
    await ensurePriceSettings(get().db);
    provider = createLocalProvider(get().db, { publicUrl: SHOP, webhookSecret: "whsec_test_local" });
  });

  beforeEach(async () => {
    const db = get().db;
    await db.delete(orders);
    await db.delete(cartItems);
    await db.delete(discountCodes);
    await db.delete(products);
    await setMarkup(40);
    const rows = await db
      .insert(products)
      .values([
        withDerivedFields({ name: "Plain Test Piece", category: "accessories", pricePence: 10_000, image: "/images/products/suit-1.svg", stock: 5 }),
        withDerivedFields({ name: "Costly Test Piece", category: "accessories", pricePence: 50_000, image: "/images/products/suit-1.svg", stock: 5 }),
      ])
      .returning({ id: products.id, name: products.name });
    ids = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  });

  const line = (name: string) => ({ product_id: ids[name]!, quantity: 1, selected_size: "", selected_color: "" });

  /** What the checkout page shows and sends: its lines' fingerprint and the total on its Pay button, as it adds them up. */
  function shownBy(lines: CartLine[], { discount = 0, country = "United Kingdom", method = "standard" as "standard" | "express" } = {}) {
    const quotes = quoteAllShipping({ country, items: lines.map((l) => ({ name: l.name, category: l.category, quantity: l.quantity })) });
    const shipping = method === "express" && quotes.express ? quotes.express.amount : quotes.standard.amount;
    const subtotal = lines.reduce((sum, l) => sum + l.lineTotal, 0);
    return { expectedTotalPence: orderTotals(subtotal, discount, shipping).total, linesFingerprint: linesFingerprint(lines) };
  }

  async function guestPageShows(...names: string[]) {
    const priced = await priceGuestCart(get().db, names.map(line));
    if (!priced.ok) throw new Error(priced.message);
    return priced.lines;
  }

  it("a guest's page showed £140.00; the owner raised the markup to 90% before Pay: 409 with £190.00 and its lines, nothing written; Pay again places £190.00", async () => {
    const items = [line("Plain Test Piece")];
    const shown = shownBy(await guestPageShows("Plain Test Piece"));
    expect(shown.expectedTotalPence).toBe(14_000);
    await setMarkup(90);

    const refused = await createCheckout(deps(), null, { items, customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS, ...shown });
    expect(refused).toMatchObject({
      ok: false,
      status: 409,
      message: checkoutRequestErrors.pricesChanged("£190.00"),
      changed: { totals: { subtotal: 19_000, discount: 0, shipping: 0, total: 19_000 }, lines: [expect.objectContaining({ productId: ids["Plain Test Piece"], quantity: 1, unitPrice: 19_000 })] },
    });
    expect(checkoutRequestErrors.pricesChanged("£190.00")).toBe("Prices in your cart changed: the total is now £190.00. Check it and press Pay again.");
    expect(await get().db.select().from(orders)).toHaveLength(0);

    // The route's JSON carries the new figures for the page to show.
    const context = routeContext({ app: { db: get().db, payments: provider, config: { publicUrl: SHOP, checkoutLimit: DEFAULT_CHECKOUT_LIMIT } }, clientIp: "198.51.100.41" });
    const body = JSON.stringify({ source: "cart", items, customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS, ...shown });
    const request = new Request(SHOP + "/api/checkout", { method: "POST", headers: { origin: SHOP, "content-type": "application/json" }, body });
    const answer = await checkoutRoute.action(withUrl({ request, params: {}, context }) as never);
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ error: checkoutRequestErrors.pricesChanged("£190.00"), totals: { total: 19_000 }, lines: [{ unitPrice: 19_000 }] });

    // The second press sends what the page now shows: charged knowingly.
    if (refused.ok || !refused.changed) throw new Error("expected the new figures");
    const again = await createCheckout(deps(), null, { items, customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS, ...shownBy(refused.changed.lines) });
    if (!again.ok) throw new Error(again.message);
    const [order] = await get().db.select().from(orders).where(eq(orders.id, again.orderId));
    expect(order!.totalAmountPence).toBe(19_000);
  });

  it("a signed-in page showed £140.00; another tab added a £700.00 line before Pay: 409 with £840.00 and both lines; Pay again places them", async () => {
    const db = get().db;
    const userId = `u-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    await db.insert(user).values({ id: userId, name: "Kofi Mensah", email: `${userId}@example.com` });
    const buyer = { userId, email: `${userId}@example.com`, firstName: "Kofi", lastName: "Mensah" };
    await db.insert(cartItems).values({ userId, productId: ids["Plain Test Piece"]!, quantity: 1 });
    const shown = shownBy((await listCart(db, userId)).lines);
    expect(shown.expectedTotalPence).toBe(14_000);
    await db.insert(cartItems).values({ userId, productId: ids["Costly Test Piece"]!, quantity: 1 });

    const request = { source: "cart", account: true, customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS };
    const refused = await createCheckout(deps(), buyer, { ...request, ...shown });
    expect(refused).toMatchObject({ ok: false, status: 409, message: checkoutRequestErrors.cartChanged("£840.00"), changed: { totals: { total: 84_000 } } });
    if (refused.ok || !refused.changed) throw new Error("expected the new figures");
    expect(refused.changed.lines.map((l) => l.productId).sort()).toEqual([ids["Plain Test Piece"], ids["Costly Test Piece"]].sort());
    expect(await db.select().from(orders)).toHaveLength(0);

    const again = await createCheckout(deps(), buyer, { ...request, ...shownBy(refused.changed.lines) });
    if (!again.ok) throw new Error(again.message);
    const [order] = await db.select().from(orders).where(eq(orders.id, again.orderId));
    expect(order!.totalAmountPence).toBe(84_000);
  });

  it("the shown total includes the discount and the destination's shipping: as shown it is placed; a code's value changed meanwhile is refused with the new total", async () => {
    const db = get().db;
    await db.insert(discountCodes).values({ code: "TENOFF", discountType: "percentage", discountValue: 10 });
    const items = [line("Plain Test Piece")];
    const preview = await previewDiscount(db, null, { source: "cart", items, discountCode: "TENOFF" });
    if (!preview.ok) throw new Error(preview.message);
    const lines = await guestPageShows("Plain Test Piece");
    const shown = shownBy(lines, { discount: preview.amount, country: "Japan", method: "express" });
    // £140.00 less 10%, plus Japan's express rate.
    expect(shown.expectedTotalPence).toBe(14_000 - 1_400 + 1_950);
    const request = { items, customerInfo: CUSTOMER, shippingAddress: JAPAN_ADDRESS, shippingMethod: "express", discountCode: "TENOFF" };
    const placed = await createCheckout(deps(), null, { ...request, ...shown });
    if (!placed.ok) throw new Error(placed.message);

    await db.update(discountCodes).set({ discountValue: 5 }).where(eq(discountCodes.code, "TENOFF"));
    const refused = await createCheckout(deps(), null, { ...request, ...shown });
    expect(refused).toMatchObject({ ok: false, status: 409, message: checkoutRequestErrors.totalChanged(formatGbp(14_000 - 700 + 1_950)), changed: { totals: { discount: 700, shipping: 1_950 } } });
  });

  it("never charges less than the server's price: a lower total sent with the right lines is refused, not taken", async () => {
    const items = [line("Plain Test Piece")];
    const shown = shownBy(await guestPageShows("Plain Test Piece"));
    const refused = await createCheckout(deps(), null, { items, customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS, ...shown, expectedTotalPence: 100 });
    expect(refused).toMatchObject({ ok: false, status: 409, message: checkoutRequestErrors.totalChanged("£140.00"), changed: { totals: { total: 14_000 } } });
    expect(await get().db.select().from(orders)).toHaveLength(0);
  });

  it("a page opened before the shown figures were sent (neither field) is priced as before; malformed figures are refused with a message", async () => {
    const items = [line("Plain Test Piece")];
    await setMarkup(90);
    const older = await createCheckout(deps(), null, { items, customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS });
    if (!older.ok) throw new Error(older.message);
    const [order] = await get().db.select().from(orders).where(eq(orders.id, older.orderId));
    expect(order!.totalAmountPence).toBe(19_000);

    expect(await createCheckout(deps(), null, { items, customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS, linesFingerprint: "not-a-print" })).toMatchObject({
      ok: false,
      status: 400,
      message: checkoutRequestErrors.linesFingerprintInvalid,
    });
    expect(await createCheckout(deps(), null, { items, customerInfo: CUSTOMER, shippingAddress: UK_ADDRESS, expectedTotalPence: 140.5 })).toMatchObject({
      ok: false,
      status: 400,
      message: checkoutRequestErrors.expectedTotalInvalid,
    });
  });

  it("Buy Now sent with the price its product page showed: a price raised meanwhile is refused in Buy Now's words", async () => {
    const item = { ...line("Plain Test Piece"), quantity: 2 };
    const shown = { expectedTotalPence: 2 * priceWithMarkup(10_000, 40), linesFingerprint: linesFingerprint([{ productId: item.product_id, size: null, colour: null, quantity: 2, unitPrice: priceWithMarkup(10_000, 40) }]) };
    expect(await createCheckout(deps(), null, { source: "buy-now", items: [item], customerInfo: null, shippingAddress: null, ...shown })).toMatchObject({ ok: true });
    await setMarkup(90);
    expect(await createCheckout(deps(), null, { source: "buy-now", items: [item], customerInfo: null, shippingAddress: null, ...shown })).toMatchObject({
      ok: false,
      status: 409,
      message: checkoutRequestErrors.buyNowPriceChanged("£380.00"),
    });
  });
});
