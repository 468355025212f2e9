// A synthetic catalogue of any size, written straight into a fresh PGlite data folder. Each product
// is a variation of a seed product of its category, so names, descriptions, sizes and images look
// like the real shop's and every image URL points at a file in seed/images/.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import { CATEGORIES, type CategoryValue } from "../src/domain/categories.ts";
import { colourFamily, type ColourFamily } from "../src/domain/colours.ts";
import { CATEGORY_PAGE_SIZE } from "../src/domain/pagination.ts";
import { withDerivedFields } from "../src/server/catalog/product-fields.server.ts";
import { readSeedCatalogue, type SeedProduct } from "../src/server/catalog/seed-catalogue.server.ts";
import { openDatabase, type DatabaseTarget } from "../src/server/db/client.server.ts";
import { products, type NewProduct } from "../src/server/db/schema.ts";
import { ensurePriceSettings } from "../src/server/settings/price-settings.server.ts";
import { seededRandom } from "../tests/helpers/seeded-random.ts";

/** The category the bench pages through: it gets twice the share of the others, so it is the biggest. */
export const BIGGEST_CATEGORY: CategoryValue = "suits";

const PRODUCT_LINES = ["Heritage", "Signature", "Atelier", "Classic", "Mayfair", "Regent", "Chelsea", "Savile", "Marylebone", "Belgrave"];
const INSERT_BATCH = 250;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the load runner needs to know about the catalogue to pick its URLs and check the pages. */
export type CatalogueFacts = {
  size: number;
  perCategory: Record<string, number>;
  /** Last page of the biggest category: the deepest OFFSET a shopper can ask for. */
  deepPage: number;
  /** Newest and oldest product of the biggest category: first on page 1, on the last page. */
  newestInBiggestId: string;
  oldestInBiggestId: string;
  /** The newest product of all: first in its home section. */
  newestId: string;
  /** A product from the middle of the catalogue, for the product page. */
  sampleProductId: string;
  /** Discovery (bench/discovery-routes.ts): a product on page 1 of the biggest category sorted by price, low to high. */
  cheapestInBiggestId: string;
  /** Two filters of the biggest category (a size and a colour family) and the newest product they keep. */
  twoFilters: { size: string; colour: ColourFamily; newestId: string };
};


/** Index i's category: the biggest category takes 2 of every 11 products, the other nine 1 each. */
function categoryOf(index: number): CategoryValue {
  const slot = index % (CATEGORIES.length + 1);
  const others = CATEGORIES.filter((c) => c.value !== BIGGEST_CATEGORY);
  return slot < 2 ? BIGGEST_CATEGORY : others[slot - 2]!.value;
}

export function generateCatalogue(size: number, now = new Date()): { rows: NewProduct[]; facts: CatalogueFacts } {
  const templates = new Map<string, SeedProduct[]>();
  for (const product of readSeedCatalogue()) templates.set(product.category, [...(templates.get(product.category) ?? []), product]);
  // The same size gives the same catalogue, so two runs measure the same shop.
  const next = seededRandom(size);
  // Newest first: product 0 was added just now, the last one about a year ago.
  const stepMs = Math.floor((365 * DAY_MS) / size);
  const rows: NewProduct[] = [];
  for (let index = 0; index < size; index++) {
    const category = categoryOf(index);
    const choices = templates.get(category) ?? [];
    const template = choices[index % choices.length];
    if (!template) throw new Error(`no seed product in category ${category}`);
    const line = PRODUCT_LINES[Math.floor(index / CATEGORIES.length) % PRODUCT_LINES.length];
    const pricePence = Math.max(500, Math.round((template.pricePence * (0.8 + 0.4 * next())) / 100) * 100 - 1);
    const onSale = next() < 0.3;
    const stock = Math.floor(next() * 40);
    const createdAt = new Date(now.getTime() - index * stepMs);
    rows.push(
      withDerivedFields({
        ...template,
        id: randomUUID(),
        name: `${line} ${template.name}`,
        productUrl: null,
        pricePence,
        originalPricePence: onSale ? Math.round(pricePence * 1.25) : null,
        discountPercentage: onSale ? 20 : null,
        rating: Math.round((3.5 + 1.5 * next()) * 10) / 10,
        reviewCount: Math.floor(next() * 400),
        numberOfSales: Math.floor(next() * 3000),
        stock,
        inStock: stock > 0,
        isActive: true,
        createdAt,
        updatedAt: createdAt,
      }),
    );
  }
  const biggest = rows.filter((row) => row.category === BIGGEST_CATEGORY);
  // Every product at the lowest price is on page 1 of the price sort while there are at most a page of them.
  const lowest = Math.min(...biggest.map((row) => row.pricePence));
  const cheapest = biggest.filter((row) => row.pricePence === lowest);
  if (cheapest.length > CATEGORY_PAGE_SIZE) throw new Error(`${cheapest.length} products share the lowest price`);
  // The filters a shopper of the biggest category picks: the size and colour of its newest product.
  const [first] = biggest;
  const twoFilters = {
    size: first?.availableSizes?.[0] ?? "",
    colour: colourFamily(first?.availableColors?.[0] ?? "") ?? "blue",
    newestId: first!.id!,
  };
  const perCategory: Record<string, number> = {};
  for (const row of rows) perCategory[row.category] = (perCategory[row.category] ?? 0) + 1;
  return {
    rows,
    facts: {
      size,
      perCategory,
      deepPage: Math.max(1, Math.ceil(biggest.length / CATEGORY_PAGE_SIZE)),
      newestInBiggestId: biggest[0]!.id!,
      oldestInBiggestId: biggest[biggest.length - 1]!.id!,
      newestId: rows[0]!.id!,
      sampleProductId: rows[Math.floor(size / 2)]!.id!,
      cheapestInBiggestId: cheapest[0]!.id!,
      twoFilters,
    },
  };
}

/**
 * Creates the shop's database, migrates it and fills it with a catalogue of the given size: on
 * PGlite in dataDir/pglite (where the server looks for it with DATA_DIR=dataDir), on PostgreSQL in
 * the (empty) database at the given URL.
 */
export async function createCatalogueDatabase(
  target: { engine: "pglite"; dataDir: string } | { engine: "postgres"; url: string },
  size: number,
): Promise<CatalogueFacts> {
  const { rows, facts } = generateCatalogue(size);
  const where: DatabaseTarget =
    target.engine === "pglite" ? { kind: "pglite", dataDir: path.join(target.dataDir, "pglite") } : { kind: "postgres", url: target.url, poolSize: 1 };
  const database = openDatabase(where);
  try {
    await database.migrate();
    await ensurePriceSettings(database.db);
    await database.db.transaction(async (tx) => {
      // The test server commits asynchronously; a synchronous commit here lets the VACUUM below
      // mark the new rows visible to all (it may not while the commit is still unflushed).
      await tx.execute(sql`set local synchronous_commit = on`);
      for (let start = 0; start < rows.length; start += INSERT_BATCH) {
        await tx.insert(products).values(rows.slice(start, start + INSERT_BATCH));
      }
    });
    // A live shop's table has been vacuumed and analysed by autovacuum (PostgreSQL starts it after
    // this many inserts): fresh statistics, and a visibility map that lets counts and page ids come
    // from the listing index alone. The bench measures that steady state, not the minute after a load.
    await database.db.execute(sql`vacuum analyze products`);
  } finally {
    await database.close();
  }
  return facts;
}
