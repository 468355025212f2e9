import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { HOME_SECTIONS } from "../../src/domain/categories.ts";
import { priceWithMarkup } from "../../src/domain/markup.ts";
import { getProductDetail, listCategoryPage, listHomeSections } from "../../src/server/catalog/catalog.server.ts";
import { withDerivedFields } from "../../src/server/catalog/product-fields.server.ts";
import { priceSettings, products, type NewProduct } from "../../src/server/db/schema.ts";
import { ensurePriceSettings } from "../../src/server/settings/price-settings.server.ts";
import { loader as apiProductsLoader } from "../../src/web/routes/api.products.ts";
import { loader as apiProductLoader } from "../../src/web/routes/api.product.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { routeContext } from "../helpers/route-context.ts";

const DAY = 86_400_000;
const NOW = new Date("2026-11-21T12:00:00Z");

function product(overrides: Partial<NewProduct> & { name: string; category: string }): NewProduct {
  return withDerivedFields({
    pricePence: 10_000,
    image: "/images/products/test-1.svg",
    stock: 5,
    createdAt: new Date(NOW.getTime() - DAY),
    ...overrides,
  });
}

type ApiArgs = Parameters<typeof apiProductsLoader>[0];
const apiArgs = (db: unknown, url: string, params: Record<string, string> = {}) =>
  ({ request: new Request(`http://shop.test${url}`), url: new URL(`http://shop.test${url}`), params, context: routeContext({ app: { db } }) }) as unknown as ApiArgs;

describeEachEngine("catalog", (get) => {
  let suitIds: string[] = [];

  beforeAll(async () => {
    const { db } = get();
    await ensurePriceSettings(db);
    // 30 listable suits, newest first by index; plus one inactive, one without a valid image.
    const suits = Array.from({ length: 30 }, (_, i) =>
      product({ name: `Suit ${String(i).padStart(2, "0")}`, category: "suits", createdAt: new Date(NOW.getTime() - (i + 1) * DAY) }),
    );
    const inserted = await db.insert(products).values(suits).returning({ id: products.id, name: products.name });
    suitIds = inserted.sort((a, b) => a.name.localeCompare(b.name)).map((r) => r.id);
    await db.insert(products).values([
      product({ name: "Hidden Suit", category: "suits", isActive: false }),
      product({ name: "Imageless Suit", category: "suits", image: "not-an-image" }),
      product({ name: "Old Tie", category: "ties", pricePence: 1000, originalPricePence: 1500, createdAt: new Date(NOW.getTime() - 60 * DAY) }),
      product({ name: "Sold Out Tie", category: "ties", stock: 0 }),
    ]);
  });

  it("pages a category 12 at a time, newest first, listing only active products with a valid image", async () => {
    const { db } = get();
    const first = await listCategoryPage(db, { category: "suits", page: 1, pageSize: 12 }, NOW);
    expect(first.total).toBe(30);
    expect(first.pageCount).toBe(3);
    expect(first.products.map((p) => p.name)).toEqual(Array.from({ length: 12 }, (_, i) => `Suit ${String(i).padStart(2, "0")}`));
    const last = await listCategoryPage(db, { category: "suits", page: 3, pageSize: 12 }, NOW);
    expect(last.products.map((p) => p.name)).toEqual(["Suit 24", "Suit 25", "Suit 26", "Suit 27", "Suit 28", "Suit 29"]);
    const beyond = await listCategoryPage(db, { category: "suits", page: 4, pageSize: 12 }, NOW);
    expect(beyond.products).toEqual([]);
    expect(beyond.pageCount).toBe(3);
    const names = [...first.products, ...last.products].map((p) => p.name);
    expect(names).not.toContain("Hidden Suit");
    expect(names).not.toContain("Imageless Suit");
  });

  it("prices products at base price plus the configured markup, and marks only recent ones New", async () => {
    const { db } = get();
    const ties = await listCategoryPage(db, { category: "ties", page: 1, pageSize: 12 }, NOW);
    const oldTie = ties.products.find((p) => p.name === "Old Tie")!;
    expect(oldTie.price).toBe(1400); // £10.00 + 40%
    expect(oldTie.originalPrice).toBe(2100);
    expect(oldTie.isNew).toBe(false);
    expect(ties.products.find((p) => p.name === "Sold Out Tie")).toMatchObject({ inStock: false, isNew: true });

    await db.update(priceSettings).set({ markupPercent: 25 }).where(eq(priceSettings.id, 1));
    const repriced = await listCategoryPage(db, { category: "ties", page: 1, pageSize: 12 }, NOW);
    expect(repriced.products.find((p) => p.name === "Old Tie")!.price).toBe(priceWithMarkup(1000, 25));
    await db.update(priceSettings).set({ markupPercent: 40 }).where(eq(priceSettings.id, 1));
  });

  it("fills every home section with up to 8 of its own category", async () => {
    const sections = await listHomeSections(get().db, NOW);
    expect(sections.map((s) => s.title)).toEqual(HOME_SECTIONS.map((s) => s.title));
    const suits = sections.find((s) => s.category === "suits")!;
    expect(suits.products).toHaveLength(8);
    expect(suits.products[0]!.name).toBe("Suit 00");
    expect(sections.find((s) => s.category === "ties")!.products).toHaveLength(2);
    expect(sections.find((s) => s.category === "denim")!.products).toEqual([]);
  });

  it("shows a product with up to 4 related products of its category, never itself", async () => {
    const { db } = get();
    const detail = await getProductDetail(db, suitIds[5]!, NOW);
    expect(detail?.product.name).toBe("Suit 05");
    expect(detail?.related).toHaveLength(4);
    expect(detail?.related.every((p) => p.category === "suits" && p.id !== suitIds[5])).toBe(true);
  });

  it("does not show inactive, unknown or malformed product ids", async () => {
    const { db } = get();
    const [hidden] = await db.select().from(products).where(eq(products.name, "Hidden Suit"));
    expect(await getProductDetail(db, hidden!.id)).toBeNull();
    expect(await getProductDetail(db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getProductDetail(db, "'; drop table products; --")).toBeNull();
  });

  it("answers GET /api/products with the documented shape, in pence", async () => {
    const response = await apiProductsLoader(apiArgs(get().db, "/api/products?category=suits&page=3&pageSize=12"));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ total: 30, page: 3, pageSize: 12, pageCount: 3 });
    expect(body.items).toHaveLength(6);
    expect(Object.keys(body.items[0]).sort()).toEqual(["category", "colors", "id", "images", "inStock", "name", "originalPrice", "price", "sizes"]);
    expect(body.items[0].price).toBe(14_000);
  });

  it.each([
    ["/api/products?page=0", "Page must be a whole number of at least 1"],
    ["/api/products?page=abc", "Page must be a whole number of at least 1"],
    ["/api/products?pageSize=500", undefined],
    ["/api/products?category=hats", "Unknown category: hats"],
  ])("refuses %s with 400 and a message", async (url, message) => {
    const response = await apiProductsLoader(apiArgs(get().db, url));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(typeof body.error).toBe("string");
    if (message) expect(body.error).toBe(message);
  });

  it("answers GET /api/products/:id with description and related, 404 for unknown ids", async () => {
    const { db } = get();
    const ok = await apiProductLoader(apiArgs(db, `/api/products/${suitIds[0]}`, { id: suitIds[0]! }) as never);
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body).toMatchObject({ id: suitIds[0], name: "Suit 00", description: "" });
    expect(body.related).toHaveLength(4);
    const missing = await apiProductLoader(apiArgs(db, "/api/products/nope", { id: "nope" }) as never);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Product not found" });
  });
});
