// The category and search pages' loaders and heads with sort and filters (issue 16): what the
// pages list, their redirects and 400s, and that the category page's own order did not change.
import { beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES } from "../../src/domain/categories.ts";
import { colourFamily } from "../../src/domain/colours.ts";
import { DISCOVERY_MESSAGES, EMPTY_FILTERS, MAX_SEARCH_LENGTH } from "../../src/domain/discovery.ts";
import { CATEGORY_PAGE_SIZE } from "../../src/domain/pagination.ts";
import { listCategoryPage } from "../../src/server/catalog/catalog.server.ts";
import { discoverProducts } from "../../src/server/catalog/discovery.server.ts";
import { withDerivedFields } from "../../src/server/catalog/product-fields.server.ts";
import { seedCatalogueIfEmpty } from "../../src/server/catalog/seed-into-database.server.ts";
import { products } from "../../src/server/db/schema.ts";
import { ensurePriceSettings } from "../../src/server/settings/price-settings.server.ts";
import { loader as categoryLoader, meta as categoryMeta } from "../../src/web/routes/category.tsx";
import { loader as searchLoader, meta as searchMeta } from "../../src/web/routes/search.tsx";
import { describeEachEngine } from "../helpers/databases.ts";
import { routeContext } from "../helpers/route-context.ts";

const NOW = new Date("2026-11-21T12:00:00Z");
const ORIGIN = "http://shop.test";

type Answer = { status: number; body: Record<string, unknown>; location: string | null };

/** A loader's answer or what it threw, as status and body (React Router's data() or a Response). */
async function answer(run: () => Promise<unknown>): Promise<Answer> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, body: {}, location: value.headers.get("location") };
  const wrapped = value as { type?: string; data?: Record<string, unknown>; init?: { status?: number } };
  if (wrapped?.type === "DataWithResponseInit") return { status: wrapped.init?.status ?? 200, body: wrapped.data ?? {}, location: null };
  return { status: 200, body: value as Record<string, unknown>, location: null };
}

function args(db: unknown, path: string, params: Record<string, string> = {}) {
  const url = new URL(ORIGIN + path);
  return { request: new Request(url), url, params, context: routeContext({ app: { db, config: { publicUrl: ORIGIN } } }) } as never;
}

type Listed = { products: { id: string; name: string; price: number; sizes: string[]; colors: string[] }[]; total: number; pageCount: number };

describeEachEngine("discovery pages", (get) => {
  beforeAll(async () => {
    const { db } = get();
    await ensurePriceSettings(db);
    await seedCatalogueIfEmpty(db, NOW);
    // Ties on the creation time across a page boundary: the orders must break them the same way.
    const twin = new Date(NOW.getTime() - 3_600_000);
    await db.insert(products).values(
      Array.from({ length: 14 }, (_, i) =>
        withDerivedFields({ name: `Twin Tie ${i}`, category: "ties", pricePence: 2_000, image: "/images/products/test-1.svg", stock: 3, createdAt: twin }),
      ),
    );
  });

  it("Featured on a category page is today's order, page by page, so the loader always uses discoverProducts", async () => {
    const { db } = get();
    for (const category of CATEGORIES) {
      const first = await listCategoryPage(db, { category: category.value, page: 1, pageSize: CATEGORY_PAGE_SIZE }, NOW);
      for (let page = 1; page <= Math.max(1, first.pageCount); page += 1) {
        const today = await listCategoryPage(db, { category: category.value, page, pageSize: CATEGORY_PAGE_SIZE }, NOW);
        const featured = await discoverProducts(
          db,
          { category: category.value, query: { q: "", sort: "featured", filters: EMPTY_FILTERS, page }, pageSize: CATEGORY_PAGE_SIZE },
          NOW,
        );
        expect(featured.total, category.value).toBe(today.total);
        expect(featured.products.map((p) => p.id), `${category.value} page ${page}`).toEqual(today.products.map((p) => p.id));
      }
    }
  });

  describe("category page", () => {
    it("lists the category with facets; a filtered view lists only what matches", async () => {
      const { db } = get();
      const all = await answer(() => categoryLoader(args(db, "/category/denim", { category: "denim" })));
      expect(all.status).toBe(200);
      const everything = all.body as unknown as Listed & { facets: { sizes: { value: string }[] } };
      expect(everything.total).toBeGreaterThan(CATEGORY_PAGE_SIZE);
      expect(everything.facets.sizes.map((s) => s.value)).toContain("M");

      const filtered = await answer(() => categoryLoader(args(db, "/category/denim?size=M&colour=black", { category: "denim" })));
      const narrow = filtered.body as unknown as Listed;
      expect(narrow.total).toBeGreaterThan(0);
      expect(narrow.total).toBeLessThan(everything.total);
      for (const product of narrow.products) {
        expect(product.sizes).toContain("M");
        expect(product.colors.some((colour) => colourFamily(colour) === "black")).toBe(true);
      }
    });

    it("sorts by price across pages", async () => {
      const { db } = get();
      const prices: number[] = [];
      for (const page of [1, 2]) {
        const result = await answer(() => categoryLoader(args(db, `/category/ties?sort=price-desc${page > 1 ? `&page=${page}` : ""}`, { category: "ties" })));
        prices.push(...(result.body as unknown as Listed).products.map((p) => p.price));
      }
      expect(prices.length).toBeGreaterThan(CATEGORY_PAGE_SIZE);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
    });

    it("a page past the end goes to the last page of the same view", async () => {
      const { db } = get();
      const result = await answer(() => categoryLoader(args(db, "/category/denim?colour=blue&sort=price-asc&page=40", { category: "denim" })));
      expect(result.status).toBe(302);
      expect(result.location).toBe("/category/denim?sort=price-asc&colour=blue&page=2");
    });

    it("an invalid view is a 400 with the message, not an error", async () => {
      const { db } = get();
      const bad = await answer(() => categoryLoader(args(db, "/category/denim?sort=cheapest", { category: "denim" })));
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(DISCOVERY_MESSAGES.invalidSort);
      expect(bad.body.path).toBe("/category/denim");
    });

    it("a price range typed the wrong way round is put right, as the filter form does with JavaScript", async () => {
      const { db } = get();
      const price = await answer(() => categoryLoader(args(db, "/category/denim?colour=blue&min=80&max=20", { category: "denim" })));
      // For good: the same address always means the range the other way round.
      expect(price.status).toBe(301);
      expect(price.location).toBe("/category/denim?colour=blue&min=20&max=80");
    });

    it("an unknown category stays the generic 404 page", async () => {
      const { db } = get();
      const result = await answer(() => categoryLoader(args(db, "/category/hats?size=M", { category: "hats" })));
      expect(result.status).toBe(404);
      expect(result.body.total).toBe(0);
      expect(result.body.facets).toBeNull();
    });

    it("a sorted or filtered view names the unfiltered category as canonical", () => {
      const head = (search: string, page = 1) => {
        const loaderData = { heading: "Denim", blurb: "b", path: "/category/denim", page, known: true, query: { q: "", sort: "featured", filters: EMPTY_FILTERS, page: 1 } };
        const sort = new URLSearchParams(search).get("sort") ?? "featured";
        const sizes = new URLSearchParams(search).getAll("size");
        loaderData.query = { ...loaderData.query, sort, filters: { ...EMPTY_FILTERS, sizes } } as never;
        const tags = categoryMeta({ loaderData, matches: [{ id: "root", loaderData: { origin: ORIGIN } }] } as never) as { rel?: string; href?: string }[];
        return tags.find((tag) => tag.rel === "canonical")?.href;
      };
      expect(head("")).toBe(`${ORIGIN}/category/denim`);
      expect(head("", 2)).toBe(`${ORIGIN}/category/denim?page=2`);
      expect(head("?sort=price-asc", 2)).toBe(`${ORIGIN}/category/denim`);
      expect(head("?size=M")).toBe(`${ORIGIN}/category/denim`);
    });
  });

  describe("search page", () => {
    it("finds a product by a misspelt word", async () => {
      const { db } = get();
      const result = await answer(() => searchLoader(args(db, "/search?q=blazr")));
      expect(result.status).toBe(200);
      const found = result.body as unknown as Listed;
      expect(found.total).toBeGreaterThan(0);
      expect(found.products[0]!.name).toMatch(/blazer/i);
    });

    it("no text: no listing, no facets (the page asks for text)", async () => {
      const { db } = get();
      const result = await answer(() => searchLoader(args(db, "/search?q=%20%20")));
      expect(result.status).toBe(200);
      expect(result.body.total).toBe(0);
      expect(result.body.facets).toBeNull();
    });

    it("a page past the end goes to the last page; too long a text is a 400", async () => {
      const { db } = get();
      const past = await answer(() => searchLoader(args(db, "/search?q=shirt&page=99")));
      expect(past.status).toBe(302);
      expect(past.location).toMatch(/^\/search\?q=shirt&page=\d+$/);
      const long = await answer(() => searchLoader(args(db, `/search?q=${"a".repeat(MAX_SEARCH_LENGTH + 1)}`)));
      expect(long.status).toBe(400);
      expect(long.body.message).toBe(DISCOVERY_MESSAGES.searchTooLong);
    });

    it("is never indexed", () => {
      const tags = searchMeta({ loaderData: { query: { q: "blazr" }, page: 1 }, matches: [] } as never) as { name?: string; content?: string }[];
      expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    });
  });
});
