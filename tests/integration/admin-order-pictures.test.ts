// One order's page shows a picture per line (admin.md section 2: the order read takes each line's
// product image), so whoever packs it sees which colour goes in the parcel: the picture the
// shopper's cart showed for the line, none for a line whose product is gone or has no image. The
// Orders list's cards stay without pictures. On PGlite and PostgreSQL.
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { Auth } from "../../src/server/auth/auth.server.ts";
import { getAdminOrder } from "../../src/server/admin/orders/order-details.server.ts";
import { withDerivedFields } from "../../src/server/catalog/product-fields.server.ts";
import { orderItems, orders, products } from "../../src/server/db/schema.ts";
import { loader as orderPageLoader } from "../../src/web/routes/admin.order.tsx";
import { loader as ordersPageLoader } from "../../src/web/routes/admin.orders.tsx";
import { makeAuth, makeContext, settle, SHOP, signedInAccount, uniqueEmail } from "../helpers/admin.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { withUrl } from "../helpers/route-context.ts";

describeEachEngine("admin order pictures", (get) => {
  let auth: Auth;
  let admin: { cookie: string };
  beforeAll(async () => {
    auth = makeAuth(get().db);
    admin = await signedInAccount(get().db, auth, { admin: true });
  });

  async function product(name: string, gallery: string[], colours: string[] = []) {
    const [row] = await get()
      .db.insert(products)
      .values(withDerivedFields({ name, category: "suits", pricePence: 20_000, stock: 5, image: gallery.join(","), availableColors: colours, productUrl: null, productGallery: [], productImages: [] }))
      .returning({ id: products.id });
    return row!.id;
  }

  it("gives each line the picture of its colour, or the product's first; none for a product deleted or without an image", async () => {
    const { db } = get();
    const suit = await product("Kensington Two-Piece Suit", ["/images/products/suit-navy.svg", "/images/products/suit-charcoal.svg"], ["Navy", "Charcoal"]);
    const tie = await product("Accra Print Tie", ["/images/products/tie-1.svg", "/images/products/tie-2.svg"]);
    const bare = await product("Unphotographed Scarf", []);
    const gone = await product("Discontinued Cufflinks", ["/images/products/cufflinks.svg"]);
    const email = uniqueEmail("pictures");
    const [order] = await db
      .insert(orders)
      .values({ subtotalPence: 80_000, totalAmountPence: 80_000, customer: { firstName: "Kojo", lastName: "Mensah", email }, customerEmail: email, paymentStatus: "paid", status: "processing" })
      .returning({ id: orders.id });
    const line = (productId: string, productName: string, colour: string | null = null) => ({ orderId: order!.id, productId, productName, productCategory: "suits", quantity: 1, unitPricePence: 20_000, selectedColor: colour });
    await db.insert(orderItems).values([
      line(suit, "Kensington Two-Piece Suit", "charcoal"),
      line(tie, "Accra Print Tie"),
      line(bare, "Unphotographed Scarf"),
      line(gone, "Discontinued Cufflinks"),
    ]);
    // Deleted outright (an order line keeps its name and price; its product link becomes null).
    await db.delete(products).where(eq(products.id, gone));

    const detail = await getAdminOrder(db, order!.id);
    const pictureOf = (order: { items: { id: string; productName: string }[]; linePictures: Record<string, string> }) =>
      Object.fromEntries(order.items.map((item) => [item.productName, order.linePictures[item.id] ?? null]));
    const pictures = {
      "Kensington Two-Piece Suit": "/images/products/suit-charcoal.svg",
      "Accra Print Tie": "/images/products/tie-1.svg",
      "Unphotographed Scarf": null,
      "Discontinued Cufflinks": null,
    };
    expect(pictureOf(detail!)).toEqual(pictures);

    // The page's loader sends them; the Orders list's cards do not carry pictures.
    const request = (path: string) => new Request(SHOP + path, { headers: { cookie: admin.cookie } });
    const page = await settle(orderPageLoader(withUrl({ request: request(`/admin/orders/${order!.id}`), params: { id: order!.id }, context: makeContext(db, auth) }) as never));
    expect(pictureOf((page.body as { order: Parameters<typeof pictureOf>[0] }).order)).toEqual(pictures);
    const list = await settle(ordersPageLoader(withUrl({ request: request(`/admin/orders?search=${encodeURIComponent(email)}`), params: {}, context: makeContext(db, auth) }) as never));
    const [card] = (list.body as { result: { items: { items: Record<string, unknown>[] }[] } }).result.items;
    expect(card!.items).toHaveLength(4);
    expect(JSON.stringify(list.body)).not.toContain("/images/products/");
  });
});
