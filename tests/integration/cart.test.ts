// Carts (storefront.md section 3 "Cart item", section 4 "Cart", section 5 "Add to cart";
// docs/api.md "Cart"): the services on both engines, then the JSON routes with two real users.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { guestLineId } from "../../src/domain/guest-cart.ts";
import { MAX_CART_LINES } from "../../src/domain/cart-limits.ts";
import { apiErrors, cart, cartErrors } from "../../src/domain/messages/cart.ts";
import { priceWithMarkup } from "../../src/domain/markup.ts";
import { createAuth, type Auth } from "../../src/server/auth/auth.server.ts";
import {
  addToCart,
  cartCount,
  listCart,
  mergeGuestCart,
  priceGuestCart,
  removeLine,
  setLineQuantity,
} from "../../src/server/cart/cart.server.ts";
import { withDerivedFields } from "../../src/server/catalog/product-fields.server.ts";
import type { Database } from "../../src/server/db/client.server.ts";
import { cartItems, guestCartMerges, priceSettings, products, user, type NewProduct } from "../../src/server/db/schema.ts";
import { ensurePriceSettings } from "../../src/server/settings/price-settings.server.ts";
import { loader as cartLoader } from "../../src/web/routes/api.cart.ts";
import { action as cartItemAction } from "../../src/web/routes/api.cart-item.ts";
import { action as cartItemsAction } from "../../src/web/routes/api.cart-items.ts";
import { action as mergeAction } from "../../src/web/routes/api.cart-merge.ts";
import { action as priceAction } from "../../src/web/routes/api.cart-price.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { holdProductDelete } from "../helpers/held-delete.ts";
import { routeContext } from "../helpers/route-context.ts";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";

function product(overrides: Partial<NewProduct> & { name: string }): NewProduct {
  return withDerivedFields({
    category: "suits",
    pricePence: 10_000,
    image: `/images/products/${overrides.name.toLowerCase().replace(/\s+/g, "-")}-1.svg`,
    stock: 5,
    ...overrides,
  });
}

/** The catalogue every suite starts from; names are the keys of `ids`. */
const CATALOGUE: NewProduct[] = [
  product({ name: "Navy Suit", availableSizes: ["38R", "40R"], availableColors: ["Navy", "Charcoal"], stock: 5 }),
  product({ name: "Silk Tie", category: "ties", pricePence: 1_000, availableColors: ["Burgundy"], stock: 200 }),
  product({ name: "Last Shirts", category: "shirts", pricePence: 2_500, availableSizes: ["M"], stock: 3 }),
  product({ name: "Plain Belt", category: "accessories", pricePence: 1_999, stock: 50 }),
  product({ name: "Retired Kaftan", category: "kaftan", isActive: false }),
  product({ name: "Sold Out Shoes", category: "shoes", stock: 0 }),
  product({ name: "Flagged Out Loafers", category: "shoes", stock: 9, inStock: false }),
];

type Ids = Record<string, string>;

async function seedCatalogue(db: Database): Promise<Ids> {
  await ensurePriceSettings(db);
  const rows = await db.insert(products).values(CATALOGUE).returning({ id: products.id, name: products.name });
  return Object.fromEntries(rows.map((row) => [row.name, row.id]));
}

async function createUser(db: Database, id: string): Promise<string> {
  await db.insert(user).values({ id, name: id, email: `${id}@example.com` });
  return id;
}

async function rowsOf(db: Database, userId: string) {
  return db
    .select({ productId: cartItems.productId, size: cartItems.selectedSize, colour: cartItems.selectedColor, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(cartItems.productId, cartItems.selectedSize, cartItems.selectedColor);
}

describeEachEngine("cart services", (get, engine) => {
  let ids: Ids;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    const { db } = get();
    ids = await seedCatalogue(db);
    alice = await createUser(db, "alice");
    bob = await createUser(db, "bob");
  });

  beforeEach(async () => {
    const { db } = get();
    await db.delete(cartItems);
    await db.delete(guestCartMerges);
    // Every test starts from the catalogue as seeded and a 40% markup.
    for (const row of CATALOGUE) {
      await db
        .update(products)
        .set({ pricePence: row.pricePence, stock: row.stock, inStock: row.inStock ?? true, isActive: row.isActive ?? true, availableSizes: row.availableSizes ?? [], availableColors: row.availableColors ?? [] })
        .where(eq(products.name, row.name));
    }
    await db.update(priceSettings).set({ markupPercent: 40 }).where(eq(priceSettings.id, 1));
  });

  const add = (userId: string, name: string, size: string | null, colour: string | null, quantity?: number) =>
    addToCart(get().db, userId, { productId: ids[name], size, colour, quantity });

  describe("adding (storefront.md section 4 'Cart')", () => {
    it("adds a line at the current storefront price and stores '' for no size or colour", async () => {
      const { db } = get();
      const added = await add(alice, "Plain Belt", null, null, 2);
      expect(added).toEqual({
        ok: true,
        line: {
          id: expect.any(String),
          productId: ids["Plain Belt"],
          name: "Plain Belt",
          category: "accessories",
          image: "/images/products/plain-belt-1.svg",
          pictureNote: null,
          size: null,
          colour: null,
          quantity: 2,
          unitPrice: priceWithMarkup(1_999, 40),
          lineTotal: 2 * priceWithMarkup(1_999, 40),
          maxQuantity: 50,
          available: true,
          notice: null,
        },
      });
      expect(await rowsOf(db, alice)).toEqual([{ productId: ids["Plain Belt"], size: "", colour: "", quantity: 2 }]);
    });

    it("adds one when no quantity is given (storefront.md section 5 'Default quantity is 1')", async () => {
      const { db } = get();
      await addToCart(db, alice, { productId: ids["Plain Belt"] });
      expect((await rowsOf(db, alice))[0]!.quantity).toBe(1);
    });

    it("adds to the quantity of an identical line and makes a new line otherwise", async () => {
      const { db } = get();
      const first = await add(alice, "Navy Suit", "40R", "Navy", 1);
      const again = await add(alice, "Navy Suit", "40r", "navy", 2); // the product's spelling wins
      expect(first.ok && again.ok && again.line.id === first.line.id).toBe(true);
      expect(again.ok && again.line.quantity).toBe(3);
      await add(alice, "Navy Suit", "38R", "Navy", 1);
      await add(alice, "Navy Suit", "40R", "Charcoal", 1);
      expect(await rowsOf(db, alice)).toEqual(
        [
          { productId: ids["Navy Suit"], size: "38R", colour: "Navy", quantity: 1 },
          { productId: ids["Navy Suit"], size: "40R", colour: "Charcoal", quantity: 1 },
          { productId: ids["Navy Suit"], size: "40R", colour: "Navy", quantity: 3 },
        ],
      );
    });

    it("chooses the only colour by itself, so the line is the same with or without it", async () => {
      const { db } = get();
      const added = await add(alice, "Silk Tie", null, null, 1);
      expect(added.ok && added.line.colour).toBe("Burgundy");
      await add(alice, "Silk Tie", null, "Burgundy", 1);
      expect(await rowsOf(db, alice)).toEqual([{ productId: ids["Silk Tie"], size: "", colour: "Burgundy", quantity: 2 }]);
    });

    it("refuses missing or unknown options with the spec's messages, storing nothing", async () => {
      const { db } = get();
      expect(await add(alice, "Navy Suit", null, "Navy")).toEqual({ ok: false, reason: "invalid", message: "Please select a size before adding to cart" });
      expect(await add(alice, "Navy Suit", "40R", null)).toEqual({ ok: false, reason: "invalid", message: "Please select a color before adding to cart" });
      expect(await add(alice, "Navy Suit", "46L", "Navy")).toEqual({ ok: false, reason: "invalid", message: cartErrors.invalidSize });
      expect(await add(alice, "Navy Suit", "40R", "Pink")).toEqual({ ok: false, reason: "invalid", message: cartErrors.invalidColour });
      expect(await add(alice, "Plain Belt", "M", null)).toEqual({ ok: false, reason: "invalid", message: cartErrors.invalidSize });
      expect(await rowsOf(db, alice)).toEqual([]);
    });

    it("refuses a quantity that is not a whole number from 1 to 99", async () => {
      for (const quantity of [0, -2, 100, 1.5]) {
        expect(await add(alice, "Plain Belt", null, null, quantity)).toEqual({ ok: false, reason: "invalid", message: cartErrors.invalidQuantity(99) });
      }
      expect(await rowsOf(get().db, alice)).toEqual([]);
    });

    it("answers an unknown, malformed or inactive product as not found", async () => {
      const { db } = get();
      const notFound = { ok: false, reason: "not_found", message: "Product not found" };
      expect(await addToCart(db, alice, { productId: MISSING_ID })).toEqual(notFound);
      expect(await addToCart(db, alice, { productId: "42" })).toEqual(notFound);
      expect(await add(alice, "Retired Kaftan", null, null)).toEqual(notFound);
      expect(await rowsOf(db, alice)).toEqual([]);
    });

    it("refuses a product that is out of stock, by count or by flag", async () => {
      expect(await add(alice, "Sold Out Shoes", null, null)).toEqual({ ok: false, reason: "stock_limit", message: cartErrors.outOfStock });
      expect(await add(alice, "Flagged Out Loafers", null, null)).toEqual({ ok: false, reason: "stock_limit", message: cartErrors.outOfStock });
      expect(await rowsOf(get().db, alice)).toEqual([]);
    });

    it("refuses to take a line past the stock, saying how many are left, and changes nothing", async () => {
      const { db } = get();
      expect(await add(alice, "Last Shirts", "M", null, 4)).toEqual({ ok: false, reason: "stock_limit", message: "Only 3 left in stock" });
      expect(await rowsOf(db, alice)).toEqual([]);
      expect((await add(alice, "Last Shirts", "M", null, 2)).ok).toBe(true);
      expect(await add(alice, "Last Shirts", "M", null, 2)).toEqual({
        ok: false,
        reason: "stock_limit",
        message: "Only 3 left in stock, and you already have 2 in your cart",
      });
      expect((await rowsOf(db, alice))[0]!.quantity).toBe(2);
      expect((await add(alice, "Last Shirts", "M", null, 1)).ok).toBe(true);
      expect((await rowsOf(db, alice))[0]!.quantity).toBe(3);
    });

    it("refuses to take a line past 99 even with more in stock", async () => {
      const { db } = get();
      expect((await add(alice, "Silk Tie", null, null, 99)).ok).toBe(true);
      expect(await add(alice, "Silk Tie", null, null, 1)).toEqual({
        ok: false,
        reason: "stock_limit",
        message: "You can have at most 99 of one item in your cart, and you already have 99",
      });
      expect((await rowsOf(db, alice))[0]!.quantity).toBe(99);
    });

    it("two adds of the same line at once end in one row holding their sum", async () => {
      const { db } = get();
      const results = await Promise.all([add(alice, "Navy Suit", "40R", "Navy", 2), add(alice, "Navy Suit", "40R", "Navy", 3)]);
      expect(results.map((r) => r.ok)).toEqual([true, true]);
      expect(await rowsOf(db, alice)).toEqual([{ productId: ids["Navy Suit"], size: "40R", colour: "Navy", quantity: 5 }]);
    });

    it("many adds at once still end in one row, and never pass the stock", async () => {
      const { db } = get();
      const results = await Promise.all(Array.from({ length: 6 }, () => add(alice, "Last Shirts", "M", null, 1)));
      expect(results.filter((r) => r.ok)).toHaveLength(3);
      expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === "stock_limit")).toBe(true);
      expect(await rowsOf(db, alice)).toEqual([{ productId: ids["Last Shirts"], size: "M", colour: "", quantity: 3 }]);
    });

    it("refuses a new line past 100 different ones, while the lines it has still grow", async () => {
      const { db } = get();
      // 100 lines held (sizes the product does not list are still rows the limit counts).
      await db.insert(cartItems).values(Array.from({ length: MAX_CART_LINES }, (_, index) => ({ userId: alice, productId: ids["Plain Belt"]!, quantity: 1, selectedSize: `S${index}`, selectedColor: "" })));
      expect(await add(alice, "Navy Suit", "40R", "Navy", 1)).toEqual({ ok: false, reason: "stock_limit", message: cartErrors.tooManyLines(MAX_CART_LINES) });
      expect(await rowsOf(db, alice)).toHaveLength(MAX_CART_LINES);
      await db.delete(cartItems).where(and(eq(cartItems.userId, alice), eq(cartItems.selectedSize, "S0")));
      expect(await add(alice, "Navy Suit", "40R", "Navy", 1)).toMatchObject({ ok: true });
      expect(await add(alice, "Navy Suit", "40R", "Navy", 1)).toMatchObject({ ok: true, line: { quantity: 2 } });
    });

    it("adds of different new lines at once never pass 100 lines between them", async () => {
      const { db } = get();
      await db.insert(cartItems).values(Array.from({ length: MAX_CART_LINES - 1 }, (_, index) => ({ userId: alice, productId: ids["Plain Belt"]!, quantity: 1, selectedSize: `S${index}`, selectedColor: "" })));
      const results = await Promise.all([
        add(alice, "Navy Suit", "40R", "Navy", 1),
        add(alice, "Navy Suit", "38R", "Charcoal", 1),
        add(alice, "Silk Tie", null, null, 1),
        add(alice, "Last Shirts", "M", null, 1),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual(Array.from({ length: 3 }, () => ({ ok: false, reason: "stock_limit", message: cartErrors.tooManyLines(MAX_CART_LINES) })));
      expect(await rowsOf(db, alice)).toHaveLength(MAX_CART_LINES);
    });

    it("keeps each shopper's lines apart", async () => {
      const { db } = get();
      await add(alice, "Plain Belt", null, null, 1);
      await add(bob, "Plain Belt", null, null, 4);
      expect((await rowsOf(db, alice))[0]!.quantity).toBe(1);
      expect((await rowsOf(db, bob))[0]!.quantity).toBe(4);
    });
  });

  describe("reading the cart", () => {
    it("lists the shopper's lines newest first with the summary; shipping is free", async () => {
      const { db } = get();
      await add(alice, "Navy Suit", "40R", "Navy", 2);
      await add(alice, "Silk Tie", null, null, 3);
      await add(bob, "Plain Belt", null, null, 1);
      // Added in one instant on a fast machine: the times the lines were added are set, not waited for.
      const addedAt = async (name: string, at: string) =>
        db.update(cartItems).set({ createdAt: new Date(at) }).where(and(eq(cartItems.userId, alice), eq(cartItems.productId, ids[name]!)));
      await addedAt("Navy Suit", "2026-06-01T10:00:00.000Z");
      await addedAt("Silk Tie", "2026-06-01T10:00:01.000Z");
      const view = await listCart(db, alice);
      expect(view.lines.map((l) => [l.name, l.size, l.colour, l.quantity, l.unitPrice, l.lineTotal, l.maxQuantity])).toEqual([
        ["Silk Tie", null, "Burgundy", 3, 1_400, 4_200, 99],
        ["Navy Suit", "40R", "Navy", 2, 14_000, 28_000, 5],
      ]);
      expect(view.summary).toEqual({ itemCount: 5, subtotal: 32_200, shipping: 0, total: 32_200 });
      expect(await cartCount(db, alice)).toBe(5);
      expect(await listCart(db, "nobody")).toEqual({ lines: [], summary: { itemCount: 0, subtotal: 0, shipping: 0, total: 0 } });
    });

    it("prices lines from the catalogue now: a new price or markup shows at once", async () => {
      const { db } = get();
      await add(alice, "Navy Suit", "40R", "Navy", 2);
      expect((await listCart(db, alice)).lines[0]!.unitPrice).toBe(14_000);
      await db.update(products).set({ pricePence: 12_345 }).where(eq(products.id, ids["Navy Suit"]!));
      expect((await listCart(db, alice)).lines[0]!.unitPrice).toBe(priceWithMarkup(12_345, 40));
      await db.update(priceSettings).set({ markupPercent: 25 }).where(eq(priceSettings.id, 1));
      const view = await listCart(db, alice);
      expect(view.lines[0]).toMatchObject({ unitPrice: priceWithMarkup(12_345, 25), lineTotal: 2 * priceWithMarkup(12_345, 25) });
      expect(view.summary.subtotal).toBe(2 * priceWithMarkup(12_345, 25));
    });

    it("shows lines whose product went inactive, sold out or dropped the option as unavailable, outside the totals", async () => {
      const { db } = get();
      await add(alice, "Navy Suit", "40R", "Navy", 1);
      await add(alice, "Silk Tie", null, null, 2);
      await add(alice, "Last Shirts", "M", null, 1);
      await add(alice, "Plain Belt", null, null, 4);
      await db.update(products).set({ isActive: false }).where(eq(products.id, ids["Navy Suit"]!));
      await db.update(products).set({ stock: 0 }).where(eq(products.id, ids["Silk Tie"]!));
      await db.update(products).set({ availableSizes: ["L"] }).where(eq(products.id, ids["Last Shirts"]!));
      await db.update(products).set({ stock: 2 }).where(eq(products.id, ids["Plain Belt"]!));
      const view = await listCart(db, alice);
      const byName = Object.fromEntries(view.lines.map((l) => [l.name, l]));
      expect(byName["Navy Suit"]).toMatchObject({ available: false, maxQuantity: 0, notice: cartErrors.noLongerAvailable });
      expect(byName["Silk Tie"]).toMatchObject({ available: false, maxQuantity: 0, notice: cartErrors.outOfStock });
      expect(byName["Last Shirts"]).toMatchObject({ available: false, size: "M", notice: cartErrors.invalidSize });
      // Still buyable, but more than the stock now: the line says so, and keeps what the shopper chose.
      expect(byName["Plain Belt"]).toMatchObject({ available: true, quantity: 4, maxQuantity: 2, notice: "Only 2 left in stock" });
      expect(view.summary).toEqual({ itemCount: 4, subtotal: 4 * priceWithMarkup(1_999, 40), shipping: 0, total: 4 * priceWithMarkup(1_999, 40) });
      expect(await cartCount(db, alice)).toBe(4);
    });
  });

  describe("changing and removing lines", () => {
    it("sets a line's quantity within the stock", async () => {
      const { db } = get();
      const added = await add(alice, "Navy Suit", "40R", "Navy", 1);
      const lineId = added.ok ? added.line.id : "";
      const set = await setLineQuantity(db, alice, lineId, { quantity: 4 });
      expect(set).toMatchObject({ ok: true, line: { id: lineId, quantity: 4, lineTotal: 4 * 14_000 } });
      expect(await setLineQuantity(db, alice, lineId, { quantity: 6 })).toEqual({ ok: false, reason: "stock_limit", message: "Only 5 left in stock" });
      expect(await setLineQuantity(db, alice, lineId, { quantity: 0 })).toEqual({ ok: false, reason: "invalid", message: cartErrors.invalidQuantity(99) });
      expect((await rowsOf(db, alice))[0]!.quantity).toBe(4);
      expect(await setLineQuantity(db, alice, lineId.toUpperCase(), { quantity: 1 })).toMatchObject({ ok: true, line: { quantity: 1 } });
    });

    it("refuses a new quantity for a line whose product is gone or sold out", async () => {
      const { db } = get();
      const added = await add(alice, "Navy Suit", "40R", "Navy", 2);
      const lineId = added.ok ? added.line.id : "";
      await db.update(products).set({ isActive: false }).where(eq(products.id, ids["Navy Suit"]!));
      expect(await setLineQuantity(db, alice, lineId, { quantity: 1 })).toEqual({ ok: false, reason: "stock_limit", message: cartErrors.noLongerAvailable });
      await db.update(products).set({ isActive: true, inStock: false }).where(eq(products.id, ids["Navy Suit"]!));
      expect(await setLineQuantity(db, alice, lineId, { quantity: 1 })).toEqual({ ok: false, reason: "stock_limit", message: cartErrors.outOfStock });
      expect((await rowsOf(db, alice))[0]!.quantity).toBe(2);
    });

    it("treats another shopper's line, a missing id and a malformed id alike: not found, nothing changed", async () => {
      const { db } = get();
      const added = await add(alice, "Navy Suit", "40R", "Navy", 2);
      const lineId = added.ok ? added.line.id : "";
      const notFound = { ok: false, reason: "not_found", message: cartErrors.lineNotFound };
      expect(await setLineQuantity(db, bob, lineId, { quantity: 1 })).toEqual(notFound);
      expect(await setLineQuantity(db, alice, MISSING_ID, { quantity: 1 })).toEqual(notFound);
      expect(await setLineQuantity(db, alice, "not-an-id", { quantity: 1 })).toEqual(notFound);
      expect(await removeLine(db, bob, lineId)).toBe(false);
      expect(await removeLine(db, alice, MISSING_ID)).toBe(false);
      expect(await removeLine(db, alice, "'; delete from cart_items; --")).toBe(false);
      expect(await rowsOf(db, alice)).toEqual([{ productId: ids["Navy Suit"], size: "40R", colour: "Navy", quantity: 2 }]);
      expect(await removeLine(db, alice, lineId)).toBe(true);
      expect(await rowsOf(db, alice)).toEqual([]);
      expect(await removeLine(db, alice, lineId)).toBe(false);
    });
  });

  describe("merging a guest cart after sign-in (storefront.md section 4 'Authentication')", () => {
    const guest = (productId: string | undefined, quantity: number, size: string | null = null, colour: string | null = null) => ({
      product_id: productId ?? "",
      quantity,
      selected_size: size,
      selected_color: colour,
      created_at: "2026-06-01T10:00:00.000Z",
    });

    if (engine === "postgres") {
      it("a product an admin deletes during the merge is skipped as no longer available, not a server error", async () => {
        const { db } = get();
        const [doomed] = await db.insert(products).values(product({ name: `Doomed Belt ${Date.now()}`, stock: 5 })).returning({ id: products.id });
        const held = await holdProductDelete(db, doomed!.id);
        const merging = mergeGuestCart(db, alice, [guest(doomed!.id, 1), guest(ids["Plain Belt"], 1)]);
        try {
          await held.waitUntilBlocking();
        } finally {
          await held.commit();
        }
        expect(await merging).toEqual({ ok: true, merged: 1, skipped: [{ lineId: guestLineId(doomed!.id, null, null), productId: doomed!.id, reason: cartErrors.noLongerAvailable }] });
        expect(await rowsOf(db, alice)).toEqual([{ productId: ids["Plain Belt"], size: "", colour: "", quantity: 1 }]);
      });
    }

    it("adds quantities to lines the shopper has, creates the others and skips what cannot be bought", async () => {
      const { db } = get();
      await add(alice, "Navy Suit", "40R", "Navy", 1);
      await add(alice, "Last Shirts", "M", null, 2);
      const result = await mergeGuestCart(db, alice, [
        guest(ids["Navy Suit"], 2, "40R", "Navy"), // adds: 1 + 2
        guest(ids["Last Shirts"], 5, "M"), // capped at the stock: 3
        guest(ids["Silk Tie"], 120), // new line, the only colour chosen, capped at 99
        guest(ids["Plain Belt"], 1),
        guest(ids["Plain Belt"], 2), // the same line twice in storage: 1 + 2
        guest(MISSING_ID, 1),
        guest("not-a-uuid", 1, "M"),
        guest(ids["Retired Kaftan"], 1),
        guest(ids["Sold Out Shoes"], 1),
        guest(ids["Navy Suit"], 1, "52L", "Navy"),
        guest(ids["Navy Suit"], 1, "40R"), // colour missing on a two-colour product
      ]);
      expect(result).toEqual({
        ok: true,
        merged: 5,
        skipped: [
          { lineId: guestLineId(MISSING_ID, null, null), productId: MISSING_ID, reason: cartErrors.noLongerAvailable },
          { lineId: "guest-not-a-uuid-M-no-color", productId: "not-a-uuid", reason: cartErrors.noLongerAvailable },
          { lineId: guestLineId(ids["Retired Kaftan"]!, null, null), productId: ids["Retired Kaftan"], reason: cartErrors.noLongerAvailable },
          { lineId: guestLineId(ids["Sold Out Shoes"]!, null, null), productId: ids["Sold Out Shoes"], reason: cartErrors.outOfStock },
          { lineId: guestLineId(ids["Navy Suit"]!, "52L", "Navy"), productId: ids["Navy Suit"], reason: cartErrors.invalidSize },
          { lineId: guestLineId(ids["Navy Suit"]!, "40R", null), productId: ids["Navy Suit"], reason: cartErrors.invalidColour },
        ],
      });
      const rows = await rowsOf(db, alice);
      const byProduct = (name: string) => rows.filter((r) => r.productId === ids[name]);
      expect(byProduct("Navy Suit")).toEqual([{ productId: ids["Navy Suit"], size: "40R", colour: "Navy", quantity: 3 }]);
      expect(byProduct("Last Shirts")).toEqual([{ productId: ids["Last Shirts"], size: "M", colour: "", quantity: 3 }]);
      expect(byProduct("Silk Tie")).toEqual([{ productId: ids["Silk Tie"], size: "", colour: "Burgundy", quantity: 99 }]);
      expect(byProduct("Plain Belt")).toEqual([{ productId: ids["Plain Belt"], size: "", colour: "", quantity: 3 }]);
      expect(rows).toHaveLength(4);
      expect(await rowsOf(db, bob)).toEqual([]);
    });

    it("keeps the account's cart to 100 different lines: guest lines past it are skipped and say why", async () => {
      const { db } = get();
      await db.insert(cartItems).values(Array.from({ length: MAX_CART_LINES - 1 }, (_, index) => ({ userId: alice, productId: ids["Plain Belt"]!, quantity: 1, selectedSize: `S${index}`, selectedColor: "" })));
      await add(alice, "Navy Suit", "40R", "Navy", 1);
      const result = await mergeGuestCart(db, alice, [
        guest(ids["Navy Suit"], 1, "40R", "Navy"), // a line the account has: grows
        guest(ids["Last Shirts"], 1, "M"), // a new line: no room left
      ]);
      expect(result).toEqual({
        ok: true,
        merged: 1,
        skipped: [{ lineId: guestLineId(ids["Last Shirts"]!, "M", null), productId: ids["Last Shirts"], reason: cartErrors.tooManyLines(MAX_CART_LINES) }],
      });
      expect(await rowsOf(db, alice)).toHaveLength(MAX_CART_LINES);
    });

    it("never shrinks a line the shopper already has above a stock that has since fallen", async () => {
      const { db } = get();
      await add(alice, "Plain Belt", null, null, 6);
      await db.update(products).set({ stock: 4 }).where(eq(products.id, ids["Plain Belt"]!));
      expect(await mergeGuestCart(db, alice, [guest(ids["Plain Belt"], 1)])).toMatchObject({ ok: true, merged: 1 });
      expect((await rowsOf(db, alice))[0]!.quantity).toBe(6);
    });

    it("merges nothing from an empty guest cart, and refuses lines it cannot read", async () => {
      const { db } = get();
      expect(await mergeGuestCart(db, alice, [])).toEqual({ ok: true, merged: 0, skipped: [] });
      expect(await mergeGuestCart(db, alice, "lines")).toEqual({ ok: false, reason: "invalid", message: cartErrors.invalidLines });
      expect(await mergeGuestCart(db, alice, [{ product_id: ids["Plain Belt"], quantity: 0 }])).toMatchObject({ ok: false, reason: "invalid" });
      const tooMany = Array.from({ length: 101 }, () => guest(ids["Plain Belt"], 1));
      expect(await mergeGuestCart(db, alice, tooMany)).toEqual({ ok: false, reason: "invalid", message: cartErrors.tooManyLines(100) });
      expect(await rowsOf(db, alice)).toEqual([]);
    });

    it("adds a guest cart once, however often it is sent, even twice at the same moment", async () => {
      const { db } = get();
      const cart = [guest(ids["Silk Tie"], 2), guest(ids["Plain Belt"], 1)];
      // Two tabs signing in at once send the same guest cart.
      const [one, two] = await Promise.all([mergeGuestCart(db, alice, cart), mergeGuestCart(db, alice, [...cart].reverse())]);
      expect([one, two].map((result) => (result.ok ? result.merged : -1)).sort()).toEqual([0, 2]);
      // A merge whose answer was lost leaves the cart in the browser, which sends it again later.
      expect(await mergeGuestCart(db, alice, cart)).toEqual({ ok: true, merged: 0, skipped: [] });
      const quantities = async () => Object.fromEntries((await rowsOf(db, alice)).map((row) => [row.productId, row.quantity]));
      expect(await quantities()).toEqual({ [ids["Silk Tie"]!]: 2, [ids["Plain Belt"]!]: 1 });
      // Another guest cart of the same things (added later, so at another time) adds up, as any does;
      // and another shopper's cart of the same lines is theirs.
      expect(await mergeGuestCart(db, alice, [{ ...guest(ids["Silk Tie"], 2), created_at: "2026-06-02T09:00:00.000Z" }])).toMatchObject({ ok: true, merged: 1 });
      expect((await quantities())[ids["Silk Tie"]!]).toBe(4);
      expect(await mergeGuestCart(db, bob, cart)).toMatchObject({ ok: true, merged: 2 });
      // Lines that do not say when they were added (an API client's) cannot be told from a later
      // cart of the same things: each such cart is added.
      const undated = [{ product_id: ids["Plain Belt"]!, quantity: 1, selected_size: null, selected_color: null }];
      expect(await mergeGuestCart(db, bob, undated)).toMatchObject({ ok: true, merged: 1 });
      expect(await mergeGuestCart(db, bob, undated)).toMatchObject({ ok: true, merged: 1 });
      expect((await rowsOf(db, bob)).find((row) => row.productId === ids["Plain Belt"])!.quantity).toBe(3);
    });

    it("writes nothing when the merge fails part-way through", async () => {
      const { db } = get();
      await add(alice, "Navy Suit", "40R", "Navy", 1);
      const before = await rowsOf(db, alice);
      // A trigger makes the database refuse the belt's line while the others are being written.
      await db.execute(sql.raw(`
        create or replace function refuse_belt() returns trigger language plpgsql as $$
        begin
          if new.product_id = '${ids["Plain Belt"]}' then raise exception 'belt refused'; end if;
          return new;
        end $$`));
      await db.execute(sql.raw("create trigger refuse_belt before insert or update on cart_items for each row execute function refuse_belt()"));
      try {
        await expect(
          mergeGuestCart(db, alice, [guest(ids["Navy Suit"], 2, "40R", "Navy"), guest(ids["Silk Tie"], 1), guest(ids["Plain Belt"], 1)]),
        ).rejects.toThrow();
      } finally {
        await db.execute(sql.raw("drop trigger refuse_belt on cart_items"));
        await db.execute(sql.raw("drop function refuse_belt()"));
      }
      expect(await rowsOf(db, alice)).toEqual(before);
    });

    it("leaves nothing behind when the caller's transaction rolls back after merging", async () => {
      const { db } = get();
      await expect(
        db.transaction(async (tx) => {
          expect(await mergeGuestCart(tx, alice, [guest(ids["Silk Tie"], 2)])).toMatchObject({ ok: true, merged: 1 });
          expect(await tx.select().from(cartItems).where(eq(cartItems.userId, alice))).toHaveLength(1);
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      expect(await rowsOf(db, alice)).toEqual([]);
    });
  });

  describe("pricing a guest cart", () => {
    it("answers the signed-in line shape with guest line ids, current prices and the summary, newest first", async () => {
      const { db } = get();
      await db.update(priceSettings).set({ markupPercent: 50 }).where(eq(priceSettings.id, 1));
      const priced = await priceGuestCart(db, [
        { product_id: ids["Navy Suit"], quantity: 2, selected_size: "40R", selected_color: "Navy", created_at: "2026-06-01T10:00:00.000Z" },
        { product_id: ids["Silk Tie"], quantity: 1, selected_size: null, selected_color: null, created_at: "2026-06-02T10:00:00.000Z" },
        { product_id: MISSING_ID, quantity: 1, selected_size: null, selected_color: null, created_at: "2026-06-03T10:00:00.000Z" },
        { product_id: ids["Sold Out Shoes"], quantity: 1, selected_size: null, selected_color: null },
      ]);
      expect(priced.ok).toBe(true);
      if (!priced.ok) return;
      expect(priced.lines).toEqual([
        {
          id: guestLineId(MISSING_ID, null, null),
          productId: MISSING_ID,
          name: cartErrors.unknownItem,
          category: "",
          image: null,
          pictureNote: null,
          size: null,
          colour: null,
          quantity: 1,
          unitPrice: 0,
          lineTotal: 0,
          maxQuantity: 0,
          available: false,
          notice: cartErrors.noLongerAvailable,
        },
        expect.objectContaining({ id: guestLineId(ids["Silk Tie"]!, null, null), colour: "Burgundy", unitPrice: 1_500, lineTotal: 1_500, available: true }),
        expect.objectContaining({
          id: guestLineId(ids["Navy Suit"]!, "40R", "Navy"),
          name: "Navy Suit",
          image: "/images/products/navy-suit-1.svg",
          // The picture is the Navy one the line asks for: nothing to say (a Charcoal line would).
          pictureNote: null,
          unitPrice: 15_000,
          lineTotal: 30_000,
          maxQuantity: 5,
          available: true,
        }),
        expect.objectContaining({ id: guestLineId(ids["Sold Out Shoes"]!, null, null), available: false, notice: cartErrors.outOfStock }),
      ]);
      expect(priced.summary).toEqual({ itemCount: 3, subtotal: 31_500, shipping: 0, total: 31_500 });
      expect(await db.select().from(cartItems)).toEqual([]);
    });

    it("answers an empty cart without asking the database, and refuses lines it cannot read", async () => {
      const { db } = get();
      expect(await priceGuestCart(db, [])).toEqual({ ok: true, lines: [], summary: { itemCount: 0, subtotal: 0, shipping: 0, total: 0 } });
      expect(await priceGuestCart(db, [{ product_id: 3 }])).toMatchObject({ ok: false, reason: "invalid" });
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The JSON routes, with two real users signed in through better-auth
// ---------------------------------------------------------------------------------------------

const SHOP = "http://shop.test";

describeEachEngine("cart API", (get) => {
  let ids: Ids;
  let auth: Auth;
  const cookies: Record<"a" | "b", string> = { a: "", b: "" };

  async function signUp(email: string): Promise<string> {
    const response = await auth.api.signUpEmail({ body: { name: "Test Shopper", email, password: "correct horse battery" }, asResponse: true });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).toContain("session_token=");
    return cookie;
  }

  beforeAll(async () => {
    const { db } = get();
    ids = await seedCatalogue(db);
    auth = createAuth({ db, config: { publicUrl: SHOP, requireEmailVerification: false, env: "test" }, secret: "test-secret-test-secret-test-secret-0123" });
    cookies.a = await signUp("a@example.com");
    cookies.b = await signUp("b@example.com");
  });

  beforeEach(async () => {
    await get().db.delete(cartItems);
  });

  const context = () => routeContext({ app: { db: get().db, auth, config: { publicUrl: SHOP } }, cspNonce: "", setCookie: () => {} });

  type Who = "a" | "b" | null;
  function request(path: string, method: string, who: Who, body?: unknown, headers: Record<string, string> = {}): Request {
    const init: RequestInit = { method, headers: { ...(who ? { cookie: cookies[who] } : {}), ...headers } };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)["content-type"] ??= "application/json";
    }
    return new Request(`${SHOP}${path}`, init);
  }

  type Handler = (args: never) => Promise<Response>;
  const call = async (handler: Handler, req: Request, params: Record<string, string> = {}) => {
    const response = await (handler as (args: unknown) => Promise<Response>)({ request: req, url: new URL(req.url), params, context: context() });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: string } };
  };

  const getCart = (who: Who) => call(cartLoader, request("/api/cart", "GET", who));
  const postItem = (who: Who, body: unknown, headers?: Record<string, string>) => call(cartItemsAction, request("/api/cart/items", "POST", who, body, headers));
  const patchItem = (who: Who, id: string, body: unknown) => call(cartItemAction, request(`/api/cart/items/${id}`, "PATCH", who, body), { id });
  const deleteItem = (who: Who, id: string) => call(cartItemAction, request(`/api/cart/items/${id}`, "DELETE", who), { id });

  async function aliceLine(): Promise<string> {
    const added = await postItem("a", { productId: ids["Navy Suit"], size: "40R", colour: "Navy", quantity: 2 });
    expect(added.status).toBe(201);
    return (added.body.line as { id: string }).id;
  }

  it("adds to the signed-in shopper's cart: 201 { line, count }, then GET /api/cart lists it", async () => {
    const added = await postItem("a", { productId: ids["Navy Suit"], size: "40R", colour: "Navy", quantity: 2 });
    expect(added).toMatchObject({ status: 201, body: { count: 2, line: { name: "Navy Suit", quantity: 2, unitPrice: 14_000, lineTotal: 28_000 } } });
    await postItem("a", { productId: ids["Silk Tie"], size: null, colour: null });
    const listed = await getCart("a");
    expect(listed.status).toBe(200);
    expect((listed.body.lines as unknown[]).length).toBe(2);
    expect(listed.body.summary).toEqual({ itemCount: 3, subtotal: 29_400, shipping: 0, total: 29_400 });
  });

  it("answers bad input 400, unknown products 404 and the stock limit 409, with the message", async () => {
    expect(await postItem("a", { productId: ids["Navy Suit"], size: null, colour: "Navy" })).toEqual({ status: 400, body: { error: cart.selectSize } });
    expect(await postItem("a", { productId: ids["Navy Suit"], size: "40R", colour: "Navy", quantity: 0 })).toEqual({
      status: 400,
      body: { error: cartErrors.invalidQuantity(99) },
    });
    expect(await postItem("a", { productId: MISSING_ID })).toEqual({ status: 404, body: { error: "Product not found" } });
    expect(await postItem("a", { productId: ids["Retired Kaftan"] })).toEqual({ status: 404, body: { error: "Product not found" } });
    expect(await postItem("a", { productId: ids["Last Shirts"], size: "M", quantity: 4 })).toEqual({ status: 409, body: { error: "Only 3 left in stock" } });
    expect(await postItem("a", { productId: ids["Sold Out Shoes"] })).toEqual({ status: 409, body: { error: cartErrors.outOfStock } });
  });

  it("does not let user B read, change or remove user A's line: 404 like a missing line, A's line unchanged", async () => {
    const lineId = await aliceLine();
    const missing = { status: 404, body: { error: cartErrors.lineNotFound } };

    expect(await getCart("b")).toEqual({ status: 200, body: { lines: [], summary: { itemCount: 0, subtotal: 0, shipping: 0, total: 0 } } });
    expect(await patchItem("b", lineId, { quantity: 1 })).toEqual(missing);
    expect(await deleteItem("b", lineId)).toEqual(missing);
    expect(await patchItem("b", MISSING_ID, { quantity: 1 })).toEqual(missing);
    expect(await deleteItem("b", MISSING_ID)).toEqual(missing);
    expect(await patchItem("b", "not-an-id", { quantity: 1 })).toEqual(missing);

    const [row] = await get().db.select().from(cartItems).where(eq(cartItems.id, lineId));
    expect(row).toMatchObject({ quantity: 2, selectedSize: "40R", selectedColor: "Navy" });
    const seenByA = await getCart("a");
    expect(seenByA.body.lines).toEqual([expect.objectContaining({ id: lineId, quantity: 2 })]);
  });

  it("lets the owner change and remove the line: 200 { line, count } and 200 { count, message }", async () => {
    const lineId = await aliceLine();
    expect(await patchItem("a", lineId, { quantity: 5 })).toMatchObject({ status: 200, body: { count: 5, line: { id: lineId, quantity: 5 } } });
    expect(await patchItem("a", lineId, { quantity: 6 })).toEqual({ status: 409, body: { error: "Only 5 left in stock" } });
    expect(await patchItem("a", lineId, { quantity: "lots" })).toEqual({ status: 400, body: { error: cartErrors.invalidQuantity(99) } });
    expect(await deleteItem("a", lineId)).toEqual({ status: 200, body: { count: 0, message: "Item removed from cart" } });
    expect(await deleteItem("a", lineId)).toEqual({ status: 404, body: { error: cartErrors.lineNotFound } });
  });

  it("answers a signed-out shopper 401 on the signed-in endpoints", async () => {
    const lineId = await aliceLine();
    const signedOut = { status: 401, body: { error: cartErrors.signInRequired } };
    expect(await getCart(null)).toEqual(signedOut);
    expect(await postItem(null, { productId: ids["Plain Belt"] })).toEqual(signedOut);
    expect(await patchItem(null, lineId, { quantity: 1 })).toEqual(signedOut);
    expect(await deleteItem(null, lineId)).toEqual(signedOut);
    expect(await call(mergeAction, request("/api/cart/merge", "POST", null, { lines: [] }))).toEqual(signedOut);
    // A made-up session cookie is no session.
    const forged = new Request(`${SHOP}/api/cart`, { headers: { cookie: "better-auth.session_token=forged.value" } });
    expect(await call(cartLoader, forged)).toEqual(signedOut);
  });

  it("refuses a cross-origin mutation with 403 and a body that is not JSON with 415, storing nothing", async () => {
    const lineId = await aliceLine();
    expect(await postItem("a", { productId: ids["Plain Belt"] }, { origin: "https://evil.example" })).toEqual({
      status: 403,
      body: { error: apiErrors.crossOrigin },
    });
    const crossDelete = new Request(`${SHOP}/api/cart/items/${lineId}`, { method: "DELETE", headers: { cookie: cookies.a, origin: "https://evil.example" } });
    expect(await call(cartItemAction, crossDelete, { id: lineId })).toEqual({ status: 403, body: { error: apiErrors.crossOrigin } });
    const form = new Request(`${SHOP}/api/cart/items`, {
      method: "POST",
      headers: { cookie: cookies.a, "content-type": "application/x-www-form-urlencoded" },
      body: `productId=${ids["Plain Belt"]}`,
    });
    expect(await call(cartItemsAction, form)).toEqual({ status: 415, body: { error: apiErrors.jsonRequired } });
    const broken = new Request(`${SHOP}/api/cart/items`, { method: "POST", headers: { cookie: cookies.a, "content-type": "application/json" }, body: "{" });
    expect(await call(cartItemsAction, broken)).toEqual({ status: 400, body: { error: apiErrors.invalidJson } });
    const huge = new Request(`${SHOP}/api/cart/items`, {
      method: "POST",
      headers: { cookie: cookies.a, "content-type": "application/json" },
      body: JSON.stringify({ productId: ids["Plain Belt"], size: "x".repeat(200_000) }),
    });
    expect(await call(cartItemsAction, huge)).toEqual({ status: 413, body: { error: apiErrors.tooLarge } });
    const rows = await get().db.select().from(cartItems);
    expect(rows.map((r) => [r.id, r.quantity])).toEqual([[lineId, 2]]);
    // The shop's own origin is welcome.
    expect((await postItem("a", { productId: ids["Plain Belt"] }, { origin: SHOP })).status).toBe(201);
  });

  it("merges a guest cart into the signed-in shopper's cart: { merged, skipped, count }", async () => {
    await aliceLine();
    const lines = [
      { product_id: ids["Navy Suit"], quantity: 1, selected_size: "40R", selected_color: "Navy", created_at: "2026-06-01T10:00:00.000Z" },
      { product_id: MISSING_ID, quantity: 1, selected_size: null, selected_color: null, created_at: "2026-06-01T10:00:00.000Z" },
    ];
    const merged = await call(mergeAction, request("/api/cart/merge", "POST", "a", { lines }));
    expect(merged).toEqual({
      status: 200,
      body: {
        merged: 1,
        skipped: [{ lineId: guestLineId(MISSING_ID, null, null), productId: MISSING_ID, reason: cartErrors.noLongerAvailable }],
        count: 3,
      },
    });
    expect(await call(mergeAction, request("/api/cart/merge", "POST", "a", { lines: "none" }))).toEqual({ status: 400, body: { error: cartErrors.invalidLines } });
    const rows = await get().db.select().from(cartItems).where(and(eq(cartItems.productId, ids["Navy Suit"]!)));
    expect(rows.map((r) => r.quantity)).toEqual([3]);
  });

  it("prices a guest cart without sign-in: { lines, summary }", async () => {
    const lines = [{ product_id: ids["Plain Belt"], quantity: 2, selected_size: null, selected_color: null, created_at: "2026-06-01T10:00:00.000Z" }];
    const priced = await call(priceAction, request("/api/cart/price", "POST", null, { lines }));
    expect(priced.status).toBe(200);
    expect(priced.body.lines).toEqual([expect.objectContaining({ id: guestLineId(ids["Plain Belt"]!, null, null), unitPrice: 2_799, lineTotal: 5_598 })]);
    expect(priced.body.summary).toEqual({ itemCount: 2, subtotal: 5_598, shipping: 0, total: 5_598 });
    expect(await call(priceAction, request("/api/cart/price", "POST", null, { lines }, { origin: "https://evil.example" }))).toEqual({
      status: 403,
      body: { error: apiErrors.crossOrigin },
    });
  });
});
