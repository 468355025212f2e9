// A cart line shows the picture of its colour (the one the product page shows when that colour is
// chosen), not the product's first picture, wherever the server hands lines out: the signed-in
// cart (services, GET /api/cart, the /cart and /checkout loaders) and a guest cart priced by
// POST /api/cart/price. A colour without a picture of its own shows the first picture, as before.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import type { CartLine, CartView } from "../../src/domain/cart.ts";
import { createAuth, type Auth } from "../../src/server/auth/auth.server.ts";
import { addToCart, listCart, priceGuestCart, setLineQuantity } from "../../src/server/cart/cart.server.ts";
import { withDerivedFields } from "../../src/server/catalog/product-fields.server.ts";
import type { Database } from "../../src/server/db/client.server.ts";
import { cartItems, products, user, type NewProduct } from "../../src/server/db/schema.ts";
import { ensurePriceSettings } from "../../src/server/settings/price-settings.server.ts";
import { loader as apiCartLoader } from "../../src/web/routes/api.cart.ts";
import { action as cartItemsAction } from "../../src/web/routes/api.cart-items.ts";
import { action as priceAction } from "../../src/web/routes/api.cart-price.ts";
import { loader as cartPageLoader } from "../../src/web/routes/cart.tsx";
import { loader as checkoutPageLoader } from "../../src/web/routes/checkout.tsx";
import { describeEachEngine } from "../helpers/databases.ts";
import { routeContext } from "../helpers/route-context.ts";

/** Pictures named by colour: White and Navy have one each, Sky Blue has none. */
const SHIRT = {
  white: "/images/products/oxford-shirt-white.jpg",
  navy: "/images/products/oxford-shirt-navy.jpg",
  detail: "/images/products/oxford-shirt-detail.jpg",
};

/** The seed catalogue's numbered layout: image 1 the first colour, 2 a detail, 3 the second colour. */
const SUIT = [1, 2, 3].map((n) => `/images/products/kensington-navy-two-piece-suit-${n}.svg`);

const CATALOGUE: NewProduct[] = [
  withDerivedFields({
    name: "Oxford Shirt",
    category: "shirts",
    pricePence: 4_000,
    image: SHIRT.white,
    productGallery: [SHIRT.white, SHIRT.navy, SHIRT.detail],
    availableSizes: ["M"],
    availableColors: ["White", "Navy", "Sky Blue"],
    stock: 20,
  }),
  withDerivedFields({
    name: "Kensington Navy Two-Piece Suit",
    category: "suits",
    pricePence: 20_000,
    image: SUIT[0],
    productGallery: SUIT,
    availableSizes: ["40R"],
    availableColors: ["Navy", "Charcoal"],
    stock: 5,
  }),
];

type Ids = Record<string, string>;

async function seedCatalogue(db: Database): Promise<Ids> {
  await ensurePriceSettings(db);
  const rows = await db.insert(products).values(CATALOGUE).returning({ id: products.id, name: products.name });
  return Object.fromEntries(rows.map((row) => [row.name, row.id]));
}

const pictureOf = (lines: readonly CartLine[], colour: string | null) => lines.find((line) => line.colour === colour)?.image;

describeEachEngine("cart line pictures (services)", (get) => {
  let ids: Ids;
  let shopper: string;

  beforeAll(async () => {
    const { db } = get();
    ids = await seedCatalogue(db);
    shopper = "picture-shopper";
    await db.insert(user).values({ id: shopper, name: shopper, email: `${shopper}@example.com` });
  });

  beforeEach(async () => {
    const { db } = get();
    await db.delete(cartItems);
    await db.update(products).set({ isActive: true, availableColors: ["White", "Navy", "Sky Blue"] }).where(eq(products.name, "Oxford Shirt"));
  });

  const add = (name: string, size: string, colour: string) => addToCart(get().db, shopper, { productId: ids[name], size, colour, quantity: 1 });

  it("a signed-in line shows its colour's picture when added, listed and changed", async () => {
    const { db } = get();
    // "navy": the shopper's spelling need not be the product's.
    const added = await add("Oxford Shirt", "M", "navy");
    expect(added.ok && added.line).toMatchObject({ colour: "Navy", image: SHIRT.navy });
    if (!added.ok) return;
    const changed = await setLineQuantity(db, shopper, added.line.id, { quantity: 2 });
    expect(changed.ok && changed.line.image).toBe(SHIRT.navy);

    await add("Oxford Shirt", "M", "White");
    await add("Oxford Shirt", "M", "Sky Blue");
    await add("Kensington Navy Two-Piece Suit", "40R", "Charcoal");
    const { lines } = await listCart(db, shopper);
    const shirts = lines.filter((line) => line.name === "Oxford Shirt");
    expect(pictureOf(shirts, "Navy")).toBe(SHIRT.navy);
    expect(pictureOf(shirts, "White")).toBe(SHIRT.white);
    // No picture of its own: the product's first picture, as before.
    expect(pictureOf(shirts, "Sky Blue")).toBe(SHIRT.white);
    // The seed layout: the second colour is image 3.
    expect(pictureOf(lines.filter((line) => line.name.startsWith("Kensington")), "Charcoal")).toBe(SUIT[2]);
  });

  it("a signed-in line keeps its colour's picture when the product is withdrawn, and the first picture once the colour is", async () => {
    const { db } = get();
    await add("Oxford Shirt", "M", "Navy");
    await db.update(products).set({ isActive: false }).where(eq(products.name, "Oxford Shirt"));
    expect((await listCart(db, shopper)).lines).toEqual([expect.objectContaining({ available: false, image: SHIRT.navy })]);
    await db.update(products).set({ isActive: true, availableColors: ["White", "Sky Blue"] }).where(eq(products.name, "Oxford Shirt"));
    expect((await listCart(db, shopper)).lines).toEqual([expect.objectContaining({ available: false, image: SHIRT.white })]);
  });

  it("a guest line shows its colour's picture, matched in any case, and the first picture otherwise", async () => {
    const shirt = ids["Oxford Shirt"]!;
    const priced = await priceGuestCart(get().db, [
      { product_id: shirt, quantity: 1, selected_size: "M", selected_color: "NAVY" },
      { product_id: shirt, quantity: 1, selected_size: "M", selected_color: "white" },
      { product_id: shirt, quantity: 1, selected_size: "M", selected_color: "Sky Blue" },
      { product_id: shirt, quantity: 1, selected_size: "M", selected_color: "Pink" },
      { product_id: ids["Kensington Navy Two-Piece Suit"]!, quantity: 1, selected_size: "40R", selected_color: "charcoal" },
    ]);
    expect(priced.ok).toBe(true);
    if (!priced.ok) return;
    expect(priced.lines.map((line) => [line.colour, line.image])).toEqual([
      ["Navy", SHIRT.navy],
      ["White", SHIRT.white],
      ["Sky Blue", SHIRT.white],
      ["Pink", SHIRT.white],
      ["Charcoal", SUIT[2]],
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Through the routes the cart and checkout pages read
// ---------------------------------------------------------------------------------------------

const SHOP = "http://shop.test";

describeEachEngine("cart line pictures (routes)", (get) => {
  let ids: Ids;
  let auth: Auth;
  let cookie = "";

  beforeAll(async () => {
    const { db } = get();
    ids = await seedCatalogue(db);
    auth = createAuth({ db, config: { publicUrl: SHOP, requireEmailVerification: false, env: "test" }, secret: "test-secret-test-secret-test-secret-0123" });
    const response = await auth.api.signUpEmail({ body: { name: "Picture Shopper", email: "pictures@example.com", password: "correct horse battery" }, asResponse: true });
    expect(response.status).toBe(200);
    cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  });

  beforeEach(async () => {
    await get().db.delete(cartItems);
  });

  const context = () => routeContext({ app: { db: get().db, auth, config: { publicUrl: SHOP } }, cspNonce: "", setCookie: () => {} });

  function request(path: string, method: string, signedIn: boolean, body?: unknown): Request {
    const headers: Record<string, string> = signedIn ? { cookie } : {};
    if (body !== undefined) headers["content-type"] = "application/json";
    return new Request(`${SHOP}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  }

  type Handler = (args: never) => Promise<unknown>;
  const call = (handler: Handler, req: Request) => (handler as (args: unknown) => Promise<unknown>)({ request: req, url: new URL(req.url), params: {}, context: context() });
  const json = async (handler: Handler, req: Request) => {
    const response = (await call(handler, req)) as Response;
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it("the signed-in cart: POST /api/cart/items, GET /api/cart and the /cart and /checkout loaders", async () => {
    const shirt = ids["Oxford Shirt"];
    const added = await json(cartItemsAction, request("/api/cart/items", "POST", true, { productId: shirt, size: "M", colour: "navy" }));
    expect(added).toMatchObject({ status: 201, body: { line: { colour: "Navy", image: SHIRT.navy } } });
    await json(cartItemsAction, request("/api/cart/items", "POST", true, { productId: shirt, size: "M", colour: "Sky Blue" }));

    const listed = await json(apiCartLoader, request("/api/cart", "GET", true));
    expect(listed.status).toBe(200);
    const lines = listed.body.lines as CartLine[];
    expect(pictureOf(lines, "Navy")).toBe(SHIRT.navy);
    expect(pictureOf(lines, "Sky Blue")).toBe(SHIRT.white);

    const cartPage = (await call(cartPageLoader, request("/cart", "GET", true))) as { signedIn: boolean; cart: CartView | null };
    expect(cartPage.signedIn).toBe(true);
    expect(pictureOf(cartPage.cart!.lines, "Navy")).toBe(SHIRT.navy);
    expect(pictureOf(cartPage.cart!.lines, "Sky Blue")).toBe(SHIRT.white);

    const checkoutPage = (await call(checkoutPageLoader, request("/checkout", "GET", true))) as { signedIn: boolean; cart: CartView | null };
    expect(pictureOf(checkoutPage.cart!.lines, "Navy")).toBe(SHIRT.navy);
    expect(pictureOf(checkoutPage.cart!.lines, "Sky Blue")).toBe(SHIRT.white);
  });

  it("a guest cart: POST /api/cart/price", async () => {
    const shirt = ids["Oxford Shirt"]!;
    const lines = [
      { product_id: shirt, quantity: 1, selected_size: "M", selected_color: "navy", created_at: "2026-06-02T10:00:00.000Z" },
      { product_id: shirt, quantity: 1, selected_size: "M", selected_color: "Sky Blue", created_at: "2026-06-01T10:00:00.000Z" },
    ];
    const priced = await json(priceAction, request("/api/cart/price", "POST", false, { lines }));
    expect(priced.status).toBe(200);
    expect((priced.body.lines as CartLine[]).map((line) => [line.colour, line.image])).toEqual([
      ["Navy", SHIRT.navy],
      ["Sky Blue", SHIRT.white],
    ]);
  });
});
