import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { products } from "../db/schema.ts";
import { withDerivedFields } from "./product-fields.server.ts";
import { readSeedCatalogue, type SeedProduct } from "./seed-catalogue.server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
// Several processes may start at once on one PostgreSQL; the lock makes exactly one of them seed.
const SEED_LOCK_KEY = 7_227_002;

/**
 * Loads the built-in catalogue when the product table is empty; returns how many were added.
 * Creation dates are spread over the last four months (deterministically) so the "New" badge
 * (added in the last 30 days) marks some products, not all.
 */
export async function seedCatalogueIfEmpty(
  db: Database,
  now = new Date(),
  catalogue: SeedProduct[] = readSeedCatalogue(),
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ one: sql`1` }).from(products).limit(1);
    if (existing) return 0;
    const rows = catalogue.map((product, index) => ({
      ...withDerivedFields(product),
      createdAt: new Date(now.getTime() - ((index * 7) % 120) * DAY_MS - index * 60_000),
      updatedAt: now,
    }));
    for (let start = 0; start < rows.length; start += 100) {
      await tx.insert(products).values(rows.slice(start, start + 100));
    }
    return rows.length;
  });
}
