// The owner's "Erase personal data" and a checkout for the same person at the same moment: either
// the erasure sees the order being written and refuses (it may still be paid), or the checkout
// comes after the erasure and is refused as signed out (the account is gone). Never both done,
// with the person's name, e-mail and address left in an order. Each race is held open at the
// moment that matters with a row lock the test keeps, and PostgreSQL is asked who waits on whom.
// A write for an account erased meanwhile (a checkout, an add to the cart, the sign-in merge) is
// a signed-out answer, on both engines, never a server error or "Product not found".
import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it, vi } from "vitest";
import { cartErrors } from "../../src/domain/messages/cart.ts";
import { checkout as checkoutMessages } from "../../src/domain/messages/checkout.ts";
import type { Auth } from "../../src/server/auth/auth.server.ts";
import { erasePersonalData } from "../../src/server/admin/customers/personal-data.server.ts";
import { addToCart, mergeGuestCart } from "../../src/server/cart/cart.server.ts";
import { withDerivedFields } from "../../src/server/catalog/product-fields.server.ts";
import { createCheckout, type CheckoutBuyer } from "../../src/server/checkout/checkout.server.ts";
import type { Database } from "../../src/server/db/client.server.ts";
import { rowsOf } from "../../src/server/db/raw-rows.server.ts";
import { cartItems, mailOutbox, orders, products, user } from "../../src/server/db/schema.ts";
import { createLocalProvider, type LocalProvider } from "../../src/server/payments/local-provider.server.ts";
import { ensurePriceSettings } from "../../src/server/settings/price-settings.server.ts";
import { refusalResponse } from "../../src/web/lib/api.ts";
import { insertOrder, makeAuth, SHOP, signedInAccount, uniqueEmail } from "../helpers/admin.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { holdTransaction } from "../helpers/held-delete.ts";

const OWNER = { userId: "owner-erases", email: "owner@shop.test", firstName: "", lastName: "" };
const UK_ADDRESS = { address: "1 Savile Row", city: "London", state: "", postalCode: "W1S 3PR", country: "United Kingdom" };
const customerInfo = (email: string) => ({ firstName: "Ama", lastName: "Owusu", email, phone: "" });

type Shopper = Awaited<ReturnType<typeof signedInAccount>>;
const buyerOf = (shopper: Shopper): NonNullable<CheckoutBuyer> => ({ userId: shopper.userId, email: shopper.email, firstName: "Ama", lastName: "Owusu" });

type Started<T> = { outcome: Promise<{ value: T | null; error: unknown }>; finished: () => boolean };
type Erasure = Awaited<ReturnType<typeof erasePersonalData>>;
type Checkout = Awaited<ReturnType<typeof createCheckout>>;

/** Work started now, and whether it has finished, however it ended. */
function started<T>(run: Promise<T>): Started<T> {
  let finished = false;
  const outcome = run.then(
    (value) => ({ value, error: null }),
    (error: unknown) => ({ value: null, error }),
  );
  void outcome.then(() => (finished = true));
  return { outcome, finished: () => finished };
}

/**
 * Until `count` sessions of this database wait on a lock, or the work under test finished without
 * waiting (then the race was not guarded, and the test's assertions say what came of it).
 */
async function waitUntilWaiting(db: Database, count: number, finished: () => boolean) {
  await vi.waitFor(
    async () => {
      if (finished()) return;
      const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and cardinality(pg_blocking_pids(pid)) > 0`));
      expect(Number(row!.n)).toBeGreaterThanOrEqual(count);
    },
    { timeout: 10_000, interval: 20 },
  );
}

describeEachEngine("an erasure and a checkout for the same person at once", (get, engine) => {
  let auth: Auth;
  let provider: LocalProvider;
  const deps = () => ({ db: get().db, provider, publicUrl: SHOP });

  beforeAll(async () => {
    await ensurePriceSettings(get().db);
    auth = makeAuth(get().db);
    provider = createLocalProvider(get().db, { publicUrl: SHOP, webhookSecret: "whsec_test_local" });
  });

  async function freshProduct() {
    const [row] = await get()
      .db.insert(products)
      .values(withDerivedFields({ name: `Erasure Race Scarf ${uniqueEmail("p")}`, category: "accessories", pricePence: 2_500, image: "/images/products/p-1.svg", stock: 10 }))
      .returning({ id: products.id });
    return row!.id;
  }

  /** A signed-in shopper with one line in their cart. */
  async function shopperWithCart() {
    const shopper = await signedInAccount(get().db, auth, { admin: false });
    const productId = await freshProduct();
    await get().db.insert(cartItems).values({ userId: shopper.userId, productId, quantity: 1 });
    return { shopper, productId };
  }

  const ordersUnder = (email: string) => get().db.select().from(orders).where(eq(orders.customerEmail, email));

  it("a write for an account erased meanwhile is answered as signed out (401), not a server error or 'Product not found'", async () => {
    const { db } = get();
    const shopper = await signedInAccount(db, auth, { admin: false });
    const productId = await freshProduct();
    // The session was read before the erasure committed; what the request then writes meets no account.
    await db.delete(user).where(eq(user.id, shopper.userId));

    const line = { product_id: productId, quantity: 1, selected_size: null, selected_color: null };
    const placed = await createCheckout(deps(), buyerOf(shopper), { source: "buy-now", items: [line], customerInfo: customerInfo(shopper.email), shippingAddress: UK_ADDRESS });
    expect(placed).toEqual({ ok: false, status: 401, message: checkoutMessages.signedOut });
    expect(await ordersUnder(shopper.email)).toEqual([]);

    // Their cart went with the account: the checkout of it is refused as signed out too, not as an empty cart.
    const fromCart = await createCheckout(deps(), buyerOf(shopper), { source: "cart", account: true, items: [], customerInfo: customerInfo(shopper.email), shippingAddress: UK_ADDRESS });
    expect(fromCart).toEqual({ ok: false, status: 401, message: checkoutMessages.signedOut });

    const added = await addToCart(db, shopper.userId, { productId, quantity: 1 });
    expect(added).toEqual({ ok: false, reason: "signed_out", message: cartErrors.signInRequired });
    if (added.ok) return;
    expect(refusalResponse(added).status).toBe(401);

    const merged = await mergeGuestCart(db, shopper.userId, [{ ...line, created_at: new Date().toISOString() }]);
    expect(merged).toEqual({ ok: false, reason: "signed_out", message: cartErrors.signInRequired });
  });

  // PGlite has one connection: its transactions never overlap, so only PostgreSQL can race them.
  if (engine !== "postgres") return;

  it("an erasure sent while a signed-in shopper's order is being written waits for it, then refuses: the order may still be paid", async () => {
    const { db } = get();
    const { shopper, productId } = await shopperWithCart();
    // The checkout is stopped just before it writes its order: it waits on the product this holds.
    const held = await holdTransaction(db, (tx) => tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("update"));
    const checkout = started(createCheckout(deps(), buyerOf(shopper), { source: "cart", account: true, customerInfo: customerInfo(shopper.email), shippingAddress: UK_ADDRESS }));
    let erasure: Started<Erasure> | undefined;
    try {
      await held.waitUntilBlocking();
      erasure = started(erasePersonalData(db, OWNER, shopper.email, shopper.email));
      await waitUntilWaiting(db, 2, erasure.finished);
    } finally {
      await held.commit();
    }
    const placed = await checkout.outcome;
    const erased = await erasure!.outcome;
    expect(placed.value).toMatchObject({ ok: true });
    expect(erased.value).toMatchObject({ ok: false, reason: "held", orders: [{ reason: "awaiting_payment" }] });
    // Nothing was erased: the account and the order with the person's details are as they were.
    expect(await db.select({ id: user.id }).from(user).where(eq(user.id, shopper.userId))).toHaveLength(1);
    expect(await ordersUnder(shopper.email)).toEqual([expect.objectContaining({ userId: shopper.userId, paymentStatus: "pending", customer: expect.objectContaining({ firstName: "Ama" }) })]);
  });

  it("an erasure sent while a guest's order under the same e-mail is being written waits for it, then refuses", async () => {
    const { db } = get();
    const email = uniqueEmail("guest-erasure");
    await insertOrder(db, { email, status: "delivered", paymentStatus: "paid" });
    const productId = await freshProduct();
    const held = await holdTransaction(db, (tx) => tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("update"));
    const line = { product_id: productId, quantity: 1, selected_size: null, selected_color: null };
    const checkout = started(createCheckout(deps(), null, { items: [line], customerInfo: customerInfo(email), shippingAddress: UK_ADDRESS }));
    let erasure: Started<Erasure> | undefined;
    try {
      await held.waitUntilBlocking();
      erasure = started(erasePersonalData(db, OWNER, email, email));
      await waitUntilWaiting(db, 2, erasure.finished);
    } finally {
      await held.commit();
    }
    expect((await checkout.outcome).value).toMatchObject({ ok: true });
    expect((await erasure!.outcome).value).toMatchObject({ ok: false, reason: "held", orders: [{ reason: "awaiting_payment" }] });
    const left = await ordersUnder(email);
    expect(left.map((order) => order.paymentStatus).sort()).toEqual(["paid", "pending"]);
  });

  for (const [title, formEmail] of [
    ["the account's own e-mail", (shopper: Shopper) => shopper.email],
    ["another e-mail typed in the form", () => uniqueEmail("gift-for")],
  ] as const) {
    it(`a checkout sent while the erasure runs waits for it, then is refused as signed out (${title})`, async () => {
      const { db } = get();
      const { shopper } = await shopperWithCart();
      const typed = formEmail(shopper);
      const [mail] = await db.insert(mailOutbox).values({ toAddress: shopper.email, subject: "Welcome", textBody: "Hello Ama", status: "sent" }).returning({ id: mailOutbox.id });
      // The erasure is stopped when it removes the mails to the person: its account is not deleted yet.
      const held = await holdTransaction(db, (tx) => tx.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.id, mail!.id)).for("update"));
      const erasure = started(erasePersonalData(db, OWNER, shopper.email, shopper.email));
      let checkout: Started<Checkout> | undefined;
      try {
        await held.waitUntilBlocking();
        checkout = started(createCheckout(deps(), buyerOf(shopper), { source: "cart", account: true, customerInfo: customerInfo(typed), shippingAddress: UK_ADDRESS }));
        await waitUntilWaiting(db, 2, checkout.finished);
      } finally {
        await held.commit();
      }
      expect((await erasure.outcome).value).toMatchObject({ ok: true, summary: { accountDeleted: true } });
      expect((await checkout!.outcome).value).toEqual({ ok: false, status: 401, message: checkoutMessages.signedOut });
      expect(await ordersUnder(typed)).toEqual([]);
    });
  }
});
