// Storefront discovery (issue 16) on both engines: search ranking and typos, category words,
// filters and their facet counts, sort order across pages, the API's answers and suggestions.
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { CategoryValue } from "../../src/domain/categories.ts";
import { colourFamily, NAME_TO_FAMILY } from "../../src/domain/colours.ts";
import { DISCOVERY_MESSAGES, EMPTY_FILTERS, MAX_SEARCH_LENGTH, parseDiscoveryQuery, type DiscoveryQuery } from "../../src/domain/discovery.ts";
import { priceWithMarkup } from "../../src/domain/markup.ts";
import { discoverProducts, suggestProducts } from "../../src/server/catalog/discovery.server.ts";
import { withDerivedFields } from "../../src/server/catalog/product-fields.server.ts";
import type { Database } from "../../src/server/db/client.server.ts";
import { products, type NewProduct } from "../../src/server/db/schema.ts";
import { ensurePriceSettings, getPriceSettings } from "../../src/server/settings/price-settings.server.ts";
import { loader as apiProductsLoader } from "../../src/web/routes/api.products.ts";
import { loader as suggestionsLoader } from "../../src/web/routes/api.search-suggestions.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { routeContext } from "../helpers/route-context.ts";

/** The suits of the test catalogue, by name: what any spelling of "suit" must find first. */
const SEEDED_SUITS = ["Black Dinner Suit", "Charcoal Pinstripe Suit", "Cream Linen Suit", "Navy Wool Suit"];

const DAY = 86_400_000;
const NOW = new Date("2026-11-21T12:00:00Z");
let age = 0;

function product(overrides: Partial<NewProduct> & { name: string; category: string }): NewProduct {
  age += 1;
  return withDerivedFields({
    pricePence: 10_000,
    image: "/images/products/test-1.svg",
    stock: 5,
    description: "",
    createdAt: new Date(NOW.getTime() - age * DAY),
    ...overrides,
  });
}

function query(search: string): DiscoveryQuery {
  const parsed = parseDiscoveryQuery(new URLSearchParams(search));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.query;
}

async function names(db: Database, category: CategoryValue | null, search: string, pageSize = 48): Promise<string[]> {
  const page = await discoverProducts(db, { category, query: query(search), pageSize }, NOW);
  return page.products.map((p) => p.name);
}

type LoaderArgs = Parameters<typeof apiProductsLoader>[0];
const loaderArgs = (db: unknown, url: string) =>
  ({ request: new Request(`http://shop.test${url}`), url: new URL(`http://shop.test${url}`), params: {}, context: routeContext({ app: { db } }) }) as unknown as LoaderArgs;

describeEachEngine("storefront discovery", (get) => {
  let markup = 0;
  const shop = (base: number) => priceWithMarkup(base, markup);

  beforeAll(async () => {
    const { db } = get();
    await ensurePriceSettings(db);
    markup = (await getPriceSettings(db)).markupPercent;
    await db.insert(products).values([
      product({ name: "Navy Wool Suit", category: "suits", availableColors: ["Navy"], availableSizes: ["38R", "40R"], pricePence: 20_000 }),
      product({
        name: "Charcoal Pinstripe Suit",
        category: "suits",
        availableColors: ["Charcoal"],
        availableSizes: ["40R", "42R"],
        pricePence: 25_000,
        description: "Pairs well with a navy tie.",
      }),
      // On sale: the shopper pays 12,000 (the lowest suit price), not the 40,000 it was.
      product({
        name: "Black Dinner Suit",
        category: "suits",
        availableColors: ["Black"],
        availableSizes: ["38R"],
        pricePence: 12_000,
        originalPricePence: 40_000,
        stock: 0,
      }),
      product({ name: "Silk Kaftan", category: "kaftan", availableColors: ["Green"], availableSizes: ["XL"], pricePence: 12_000, description: "Lined with linen." }),
      product({ name: "Cream Linen Suit", category: "suits", availableColors: ["Cream"], availableSizes: ["40R"], pricePence: 15_000 }),
      product({ name: "Navy Hopsack Blazer", category: "blazers", availableColors: ["Navy", "Blue"], availableSizes: ["M", "L"], pricePence: 18_000 }),
      product({ name: "Tweed Blazer", category: "blazers", availableColors: ["Brown"], availableSizes: ["L", "XL"], pricePence: 22_000, originalPricePence: 26_000 }),
      product({ name: "Embroidered Kaftan", category: "kaftan", availableColors: ["White", "Gold"], availableSizes: ["M", "L"], pricePence: 9_000 }),
      product({ name: "Raw Selvedge Straight Leg", category: "denim", availableColors: ["Indigo"], availableSizes: ["32", "34"], pricePence: 8_000 }),
      product({ name: "Oxford Brogue", category: "shoes", availableColors: ["Tan"], availableSizes: ["8", "9"], pricePence: 14_000 }),
      product({ name: "Navy Silk Tie", category: "ties", availableColors: ["Navy"], availableSizes: ["One Size"], pricePence: 3_000, description: "Wear with a navy suit." }),
      product({ name: "White Oxford Shirt", category: "shirts", availableColors: ["White"], availableSizes: ["M"], pricePence: 4_000 }),
      // "with" in its name is like "wite" by trigrams: it must not be all "wite shirt" finds.
      product({ name: "Poplin Formal Shirt with Double Cuffs", category: "shirts", availableColors: ["White", "Sky Blue"], availableSizes: ["15"], pricePence: 4_500 }),
      product({ name: "Pink Twill Shirt", category: "shirts", availableColors: ["Pink"], availableSizes: ["M"], pricePence: 4_200 }),
      // Never listed: inactive, or without a valid image.
      product({ name: "Hidden Navy Suit", category: "suits", availableColors: ["Navy"], availableSizes: ["40R"], isActive: false }),
      product({ name: "Imageless Navy Suit", category: "suits", availableColors: ["Navy"], availableSizes: ["40R"], image: "not-an-image" }),
    ]);
    // 25 accessories with few distinct prices and shared creation times: ties everywhere, so only
    // the id tie-break keeps pages from repeating or skipping a product.
    await db.insert(products).values(
      Array.from({ length: 25 }, (_, i) =>
        product({
          name: `Pocket Square ${String(i).padStart(2, "0")}`,
          category: "accessories",
          pricePence: 1_000 + (i % 4) * 500,
          createdAt: new Date(NOW.getTime() - (i % 3) * DAY),
        }),
      ),
    );
  });

  describe("the database's colour families", () => {
    it("are the domain's colourFamily for every known colour name and for compound names", async () => {
      const samples = [
        ...Object.keys(NAME_TO_FAMILY),
        "Dark Navy",
        "Rose Gold",
        "Off-White",
        "Black/White",
        "Navy and Grey",
        "Navy/Blue",
        "Red & Gold",
        "Multi-Color",
        "Traditional Print",
        "Wine Red",
        "navy with white stripes",
        "Light Blue",
        "Tweed",
        "Herringbone / Tweed",
        "constructor",
        "",
      ];
      const result = await get().db.execute<{ name: string; family: string | null }>(
        sql`select name, shop_colour_family(name) as family from unnest(${sql`array[${sql.join(
          samples.map((s) => sql`${s}`),
          sql`, `,
        )}]::text[]`}) as name`,
      );
      const rows = Array.isArray(result) ? result : (result as { rows: { name: string; family: string | null }[] }).rows;
      expect(Object.fromEntries(rows.map((r) => [r.name, r.family]))).toEqual(Object.fromEntries(samples.map((s) => [s, colourFamily(s)])));
    });

    it("are kept in step by the database when a writer changes the colours with plain SQL", async () => {
      const { db } = get();
      const [row] = await db
        .insert(products)
        .values(product({ name: "Step White Shirt", category: "white-wear", availableColors: ["White"] }))
        .returning({ id: products.id });
      expect(await names(db, "white-wear", "colour=red")).not.toContain("Step White Shirt");
      await db.execute(sql`update products set available_colors = array['Burgundy'] where id = ${row!.id}`);
      expect(await names(db, "white-wear", "colour=red")).toContain("Step White Shirt");
      expect(await names(db, null, "q=burgundy+shirt")).toEqual(["Step White Shirt"]);
      await db.delete(products).where(eq(products.id, row!.id));
    });
  });

  describe("search", () => {
    it("finds blazers from a typo", async () => {
      expect((await names(get().db, null, "q=blazr")).sort()).toEqual(["Navy Hopsack Blazer", "Tweed Blazer"]);
    });

    it("finds kaftans from the plural", async () => {
      expect((await names(get().db, null, "q=kaftans")).sort()).toEqual(["Embroidered Kaftan", "Silk Kaftan"]);
    });

    it("ranks a product with every word in its name first ('navy suit')", async () => {
      const found = await names(get().db, null, "q=navy+suit");
      expect(found[0]).toBe("Navy Wool Suit");
      expect(found).toEqual(expect.arrayContaining(["Charcoal Pinstripe Suit", "Navy Silk Tie"]));
      expect(found).not.toContain("Hidden Navy Suit");
      expect(found).not.toContain("Imageless Navy Suit");
      expect(found).not.toContain("Navy Hopsack Blazer");
    });

    it("ranks what a category word names (by its category or its own name) above what only mentions it ('navy suit', 'white shirt')", async () => {
      const { db } = get();
      const added = await db
        .insert(products)
        .values([
          // A suit in navy without "suit" in its name, against the navy tie whose description says suit.
          product({ name: "Kente Three-Piece", category: "suits", availableColors: ["Navy"], availableSizes: ["40R"] }),
          // A shirt of another category, white and a shirt by its name, against the shirts that come in white.
          product({ name: "Pure White Linen Shirt", category: "white-wear", availableColors: ["White"], availableSizes: ["M"] }),
        ])
        .returning({ id: products.id });
      try {
        const navySuit = await names(db, null, "q=navy+suit");
        expect(navySuit.indexOf("Kente Three-Piece")).toBeGreaterThanOrEqual(0);
        expect(navySuit.indexOf("Kente Three-Piece")).toBeLessThan(navySuit.indexOf("Navy Silk Tie"));
        expect(navySuit.at(-1)).toBe("Navy Silk Tie");
        // Both words in its name: with the other shirt named white, before the shirts that only come in white.
        const whiteShirt = await names(db, null, "q=white+shirt");
        expect(whiteShirt.slice(0, 2).sort()).toEqual(["Pure White Linen Shirt", "White Oxford Shirt"]);
        expect(whiteShirt.indexOf("Pure White Linen Shirt")).toBeLessThan(whiteShirt.indexOf("Poplin Formal Shirt with Double Cuffs"));
      } finally {
        await db.delete(products).where(inArray(products.id, added.map((row) => row.id)));
      }
    });

    it("ranks a name match above a description match, whatever the age", async () => {
      // The kaftan is newer but only its description says linen.
      expect(await names(get().db, null, "q=linen")).toEqual(["Cream Linen Suit", "Silk Kaftan"]);
    });

    it("understands the words shoppers use for categories", async () => {
      const { db } = get();
      expect(await names(db, null, "q=jeans")).toEqual(["Raw Selvedge Straight Leg"]);
      expect(await names(db, null, "q=shoes")).toEqual(["Oxford Brogue"]);
      expect((await names(db, null, "q=tuxedo")).sort()).toEqual(["Black Dinner Suit", "Charcoal Pinstripe Suit", "Cream Linen Suit", "Navy Wool Suit"]);
      expect((await names(db, null, "q=suits")).slice(0, 4).sort()).toEqual(["Black Dinner Suit", "Charcoal Pinstripe Suit", "Cream Linen Suit", "Navy Wool Suit"]);
    });

    it("matches colours by their family ('blue' finds navy) and British spellings", async () => {
      const { db } = get();
      expect(await names(db, "blazers", "q=blue")).toEqual(["Navy Hopsack Blazer"]);
      expect(await names(db, null, "q=grey+suit")).toEqual(["Charcoal Pinstripe Suit"]);
    });

    it("stays within the category, and falls back to any word when every word finds nothing", async () => {
      const { db } = get();
      expect(await names(db, "suits", "q=navy")).toEqual(["Navy Wool Suit", "Charcoal Pinstripe Suit"]);
      expect((await names(db, null, "q=navy+suit+xyzzy"))[0]).toBe("Navy Wool Suit");
      expect(await names(db, null, "q=xyzzy")).toEqual([]);
      expect(await names(db, null, "q=the")).toEqual([]);
    });

    it("reads the last word of a search that found nothing as the beginning of a word ('nav')", async () => {
      const { db } = get();
      const found = await names(db, null, "q=nav");
      expect(found).toEqual(expect.arrayContaining(["Navy Wool Suit", "Navy Hopsack Blazer", "Navy Silk Tie"]));
      expect(found).not.toContain("Hidden Navy Suit");
      // What the suggestions show for the same letters, the results page lists too.
      const suggested = (await suggestProducts(db, "nav")).products.map((p) => p.name);
      expect(suggested.length).toBeGreaterThan(0);
      expect(found).toEqual(expect.arrayContaining(suggested));
      expect((await names(db, "suits", "q=navy+su"))[0]).toBe("Navy Wool Suit");
    });

    it("forgives short typos and misspelt colours only when the search as typed found nothing", async () => {
      const { db } = get();
      expect((await names(db, null, "q=suts")).slice(0, 4).sort()).toEqual(SEEDED_SUITS);
      expect((await names(db, null, "q=sutis")).slice(0, 4).sort()).toEqual(SEEDED_SUITS);
      expect(await names(db, null, "q=tei")).toEqual(["Navy Silk Tie"]);
      expect(await names(db, null, "q=navvy+blazer")).toEqual(["Navy Hopsack Blazer"]);
      expect(await names(db, null, "q=whte+kaftan")).toEqual(["Embroidered Kaftan"]);
      expect((await suggestProducts(db, "shrt")).categories).toEqual([{ label: "Shirts", href: "/category/shirts" }]);
      expect((await suggestProducts(db, "suts")).categories[0]).toEqual({ label: "Suits", href: "/category/suits" });
    });

    it("reads a word no product contains as a misspelling, short or beside a word that matches ('sute', 'tye', 'wite shirt')", async () => {
      const { db } = get();
      expect((await names(db, null, "q=sute")).slice(0, 4).sort()).toEqual(SEEDED_SUITS);
      expect((await names(db, null, "q=sut")).slice(0, 4).sort()).toEqual(SEEDED_SUITS);
      expect(await names(db, null, "q=tye")).toEqual(["Navy Silk Tie"]);
      expect((await names(db, null, "q=wite+shirt")).sort()).toEqual(["Poplin Formal Shirt with Double Cuffs", "White Oxford Shirt"]);
      expect((await names(db, null, "q=navy+sut"))[0]).toBe("Navy Wool Suit");
      // A word the catalogue contains is never read as another: "linen" is not "line" or "lime".
      expect(await names(db, null, "q=linen")).toEqual(["Cream Linen Suit", "Silk Kaftan"]);
    });

    it("suggests what the results page finds for the same text", async () => {
      const { db } = get();
      for (const text of ["sute", "tye", "wite shirt", "navvy suit", "navy sut", "pairs well"]) {
        const suggested = (await suggestProducts(db, text)).products.map((p) => p.name);
        const found = await names(db, null, `q=${encodeURIComponent(text)}`);
        expect(suggested.length, text).toBeGreaterThan(0);
        expect(found, text).toEqual(expect.arrayContaining(suggested));
      }
      expect((await suggestProducts(db, "navvy suit")).products[0]?.name).toBe("Navy Wool Suit");
      expect((await suggestProducts(db, "wite sh")).products.map((p) => p.name).sort()).toEqual(["Poplin Formal Shirt with Double Cuffs", "White Oxford Shirt"]);
    });

    it("leaves out words every product answers to: 'men's suit' is every suit", async () => {
      const found = await names(get().db, null, "q=men%27s+suit");
      expect(found.slice(0, 4).sort()).toEqual(["Black Dinner Suit", "Charcoal Pinstripe Suit", "Cream Linen Suit", "Navy Wool Suit"]);
    });

    it("refuses a search text longer than the limit", async () => {
      const long = { ...query(""), q: "a".repeat(MAX_SEARCH_LENGTH + 1) };
      await expect(discoverProducts(get().db, { category: null, query: long, pageSize: 12 })).rejects.toThrow();
    });
  });

  describe("filters and facets", () => {
    it("filters by each filter on its own", async () => {
      const { db } = get();
      expect((await names(db, "suits", "size=38R")).sort()).toEqual(["Black Dinner Suit", "Navy Wool Suit"]);
      expect(await names(db, "suits", "colour=gray")).toEqual(["Charcoal Pinstripe Suit"]);
      expect(await names(db, "suits", "colour=white")).toEqual(["Cream Linen Suit"]);
      expect(await names(db, "suits", "in-stock=1")).not.toContain("Black Dinner Suit");
      expect(await names(db, "suits", "in-stock=1")).toHaveLength(3);
      expect(await names(db, "suits", "sale=1")).toEqual(["Black Dinner Suit"]);
      // Price bounds are the price the shopper pays (with the markup) in whole pounds.
      const navyShopPrice = shop(20_000);
      expect(await names(db, "suits", `min=${Math.ceil(navyShopPrice / 100)}&max=${Math.floor(navyShopPrice / 100)}`)).toEqual(
        navyShopPrice % 100 === 0 ? ["Navy Wool Suit"] : [],
      );
      expect((await names(db, "suits", `min=${Math.floor(shop(20_000) / 100)}`)).sort()).toEqual(["Charcoal Pinstripe Suit", "Navy Wool Suit"]);
      expect((await names(db, "suits", `max=${Math.ceil(shop(15_000) / 100)}`)).sort()).toEqual(["Black Dinner Suit", "Cream Linen Suit"]);
    });

    it("leads a card with the picture of a colour the filter chose, when that colour has its own", async () => {
      const { db } = get();
      const pictures = ["indigo", "black", "grey"].map((colour) => `/images/products/quokka-selvedge-jeans-${colour}.svg`);
      const [jeans] = await db
        .insert(products)
        .values(product({ name: "Quokka Selvedge Jeans", category: "denim", availableColors: ["Indigo", "Black", "Grey"], availableSizes: ["32"], image: pictures[0], productGallery: pictures }))
        .returning({ id: products.id });
      // Taken out again after: the other tests count this catalogue's colours.
      try {
        const lead = async (search: string) => (await discoverProducts(db, { category: null, query: query(search), pageSize: 12 }, NOW)).products[0]!.images;
        expect(await lead("q=quokka")).toEqual(pictures);
        expect(await lead("q=quokka&colour=black")).toEqual([pictures[1], pictures[0], pictures[2]]);
        expect(await lead("q=quokka&colour=gray&colour=black")).toEqual([pictures[1], pictures[0], pictures[2]]);
        expect(await lead("q=quokka&colour=blue")).toEqual(pictures);
      } finally {
        await db.delete(products).where(eq(products.id, jeans!.id));
      }
    });

    it("takes price bounds typed in cedis (cur=GHS) as the cedi amounts the cards show", async () => {
      const { db } = get();
      const { exchangeRate } = await getPriceSettings(db);
      // What the Oxford Brogue's card shows in cedis, in whole cedis.
      const cedis = Math.floor((shop(14_000) * exchangeRate) / 100);
      expect(await names(db, "shoes", `min=${cedis - 10}&max=${cedis + 10}&cur=GHS`)).toEqual(["Oxford Brogue"]);
      expect(await names(db, "shoes", `min=${cedis + 1}&cur=GHS`)).toEqual([]);
      // The same numbers in pounds are far above every price.
      expect(await names(db, "shoes", `min=${cedis - 10}&max=${cedis + 10}`)).toEqual([]);
    });

    it("combines several filters, several values of one filter meaning any of them", async () => {
      const { db } = get();
      expect((await names(db, "suits", "size=40R&colour=blue&colour=gray")).sort()).toEqual(["Charcoal Pinstripe Suit", "Navy Wool Suit"]);
      expect(await names(db, "suits", "size=38R&size=42R&in-stock=1&colour=blue")).toEqual(["Navy Wool Suit"]);
      expect(await names(db, null, "q=navy&size=M")).toEqual(["Navy Hopsack Blazer"]);
    });

    it("counts each facet with every other filter applied but not its own", async () => {
      const { db } = get();
      const page = await discoverProducts(db, { category: "suits", query: query("size=40R&colour=blue"), pageSize: 12 }, NOW);
      expect(page.total).toBe(1);
      expect(page.products.map((p) => p.name)).toEqual(["Navy Wool Suit"]);
      // Sizes: blue suits (the colour filter, not the size filter).
      expect(page.facets.sizes).toEqual([
        { value: "38R", label: "38R", count: 1 },
        { value: "40R", label: "40R", count: 1 },
      ]);
      // Colours: 40R suits (the size filter, not the colour filter).
      expect(page.facets.colours.map(({ value, label, count }) => ({ value, label, count }))).toEqual([
        { value: "blue", label: "Blue", count: 1 },
        { value: "white", label: "White", count: 1 },
        { value: "gray", label: "Grey", count: 1 },
      ]);
      expect(page.facets.inStock).toBe(1);
      expect(page.facets.onSale).toBe(0);
      expect(page.facets.price).toEqual({ min: shop(20_000), max: shop(20_000) });
    });

    it("gives the price range without the price filter, and stock and sale counts of the category", async () => {
      const { db } = get();
      const page = await discoverProducts(db, { category: "suits", query: query("min=1000"), pageSize: 12 }, NOW);
      expect(page.total).toBe(0);
      expect(page.facets.price).toEqual({ min: shop(12_000), max: shop(25_000) });
      expect(page.facets.inStock).toBe(0);
      const all = await discoverProducts(db, { category: "suits", query: query(""), pageSize: 12 }, NOW);
      expect(all.total).toBe(4);
      expect(all.facets.inStock).toBe(3);
      expect(all.facets.onSale).toBe(1);
      expect(all.facets.sizes.map((s) => s.value)).toEqual(["38R", "40R", "42R"]);
    });
  });

  describe("sort", () => {
    // The accessories category page, or (with `q`) a search finding the same 25 products.
    async function walk(sort: string, pageSize: number, q = ""): Promise<{ name: string; price: number; id: string }[]> {
      const { db } = get();
      const seen: { name: string; price: number; id: string }[] = [];
      const category = q === "" ? "accessories" : null;
      const first = await discoverProducts(db, { category, query: query(`sort=${sort}&q=${q}`), pageSize }, NOW);
      expect(first.total).toBe(25);
      for (let page = 1; page <= first.pageCount; page += 1) {
        const result = await discoverProducts(db, { category, query: query(`sort=${sort}&q=${q}&page=${page}`), pageSize }, NOW);
        seen.push(...result.products.map((p) => ({ name: p.name, price: p.price, id: p.id })));
      }
      return seen;
    }

    it("pages through every sort, of a category and of a search, with many equal prices without repeating or skipping a product", async () => {
      for (const q of ["", "pocket+square"]) {
        for (const sort of ["price-asc", "price-desc", "newest", "featured"]) {
          const seen = await walk(sort, 4, q);
          expect(seen).toHaveLength(25);
          expect(new Set(seen.map((p) => p.id)).size).toBe(25);
          const all = await walk(sort, 48, q);
          expect(seen.map((p) => p.id)).toEqual(all.map((p) => p.id));
        }
        const ascending = (await walk("price-asc", 4, q)).map((p) => p.price);
        expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
        const descending = (await walk("price-desc", 4, q)).map((p) => p.price);
        expect(descending).toEqual([...descending].sort((a, b) => b - a));
      }
    });

    it("sorts by the price the shopper pays: the sale price, not the price it was", async () => {
      const { db } = get();
      expect(await names(db, "suits", "sort=price-asc")).toEqual(["Black Dinner Suit", "Cream Linen Suit", "Navy Wool Suit", "Charcoal Pinstripe Suit"]);
      expect(await names(db, "suits", "sort=price-desc")).toEqual(["Charcoal Pinstripe Suit", "Navy Wool Suit", "Cream Linen Suit", "Black Dinner Suit"]);
    });

    it("sorts newest first for Newest and, on a category page, for Featured", async () => {
      const { db } = get();
      const newest = await names(db, "suits", "sort=newest");
      expect(newest).toEqual(["Navy Wool Suit", "Charcoal Pinstripe Suit", "Black Dinner Suit", "Cream Linen Suit"]);
      expect(await names(db, "suits", "")).toEqual(newest);
    });
  });

  describe("GET /api/products", () => {
    it("answers the filtered page with its facets, in the list shape it always had", async () => {
      const response = await apiProductsLoader(loaderArgs(get().db, "/api/products?category=suits&size=40R&sort=price-asc&pageSize=2"));
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.items.map((p: { name: string }) => p.name)).toEqual(["Cream Linen Suit", "Navy Wool Suit"]);
      expect(Object.keys(body.items[0]).sort()).toEqual(["category", "colors", "id", "images", "inStock", "name", "originalPrice", "price", "sizes"]);
      expect(body).toMatchObject({ total: 3, page: 1, pageSize: 2, pageCount: 2 });
      expect(body.facets.sizes.map((s: { value: string }) => s.value)).toEqual(["38R", "40R", "42R"]);
    });

    it("answers 400 with a message naming the parameter for invalid ones", async () => {
      const cases: [string, string][] = [
        ["sort=cheapest", DISCOVERY_MESSAGES.invalidSort],
        ["colour=plaid", DISCOVERY_MESSAGES.unknownColour("plaid")],
        ["min=abc", DISCOVERY_MESSAGES.invalidPrice("min")],
        ["min=300&max=100", DISCOVERY_MESSAGES.minAboveMax],
        ["sale=maybe", DISCOVERY_MESSAGES.invalidFlag("sale")],
        [`q=${"a".repeat(MAX_SEARCH_LENGTH + 1)}`, DISCOVERY_MESSAGES.searchTooLong],
      ];
      for (const [search, message] of cases) {
        const response = await apiProductsLoader(loaderArgs(get().db, `/api/products?${search}`));
        expect(response.status, search).toBe(400);
        expect(await response.json()).toEqual({ error: message });
      }
    });
  });

  describe("suggestions", () => {
    it("offers products matching as the shopper types, and the categories they name or belong to", async () => {
      const { db } = get();
      const suggestions = await suggestProducts(db, "bla");
      // "bla" is on its way to "blazer" or "black".
      expect(suggestions.products.map((p) => p.name).sort()).toEqual(["Black Dinner Suit", "Navy Hopsack Blazer", "Tweed Blazer"]);
      const blazer = suggestions.products.find((p) => p.name === "Navy Hopsack Blazer")!;
      expect(blazer).toMatchObject({ category: "blazers", categoryLabel: "Blazers", price: shop(18_000), image: "/images/products/test-1.svg", href: `/product/${blazer.id}` });
      expect(suggestions.categories[0]).toEqual({ label: "Blazers", href: "/category/blazers" });
      const navy = await suggestProducts(db, "navy s");
      expect(navy.products.map((p) => p.name)).toEqual(expect.arrayContaining(["Navy Wool Suit", "Navy Silk Tie"]));
      expect(navy.products.map((p) => p.name)).not.toContain("Hidden Navy Suit");
      // Only its description says navy: a suggestion matches what it shows (name, category, colours).
      expect(navy.products.map((p) => p.name)).not.toContain("Charcoal Pinstripe Suit");
      expect((await suggestProducts(db, "navy")).products.length).toBeLessThanOrEqual(5);
    });

    it("answers empty lists under 2 characters, 400 for a long text, and may be cached for a minute", async () => {
      const { db } = get();
      const short = await suggestionsLoader(loaderArgs(db, "/api/search/suggestions?q=n") as never);
      expect(await short.json()).toEqual({ products: [], categories: [] });
      const ok = await suggestionsLoader(loaderArgs(db, "/api/search/suggestions?q=kaft") as never);
      expect(ok.status).toBe(200);
      expect(ok.headers.get("Cache-Control")).toBe("public, max-age=60");
      expect((await ok.json()).products).toHaveLength(2);
      const long = await suggestionsLoader(loaderArgs(db, `/api/search/suggestions?q=${"a".repeat(MAX_SEARCH_LENGTH + 1)}`) as never);
      expect(long.status).toBe(400);
      expect(await long.json()).toEqual({ error: DISCOVERY_MESSAGES.searchTooLong });
    });
  });

  it("treats the empty query as the category page", async () => {
    const page = await discoverProducts(get().db, { category: "suits", query: { q: "", sort: "featured", filters: EMPTY_FILTERS, page: 1 }, pageSize: 12 }, NOW);
    expect(page.total).toBe(4);
  });
});
