import { sql } from "drizzle-orm";
import { importSeedCategories } from "../admin/imports/seed-import.server.ts";
import type { Database } from "../db/client.server.ts";
import { products } from "../db/schema.ts";
import { SEED_CATEGORIES } from "./seed-catalogue.server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
// Several processes may start at once on one PostgreSQL; the lock makes exactly one of them seed.
const SEED_LOCK_KEY = 7_227_002;

/**
 * Loads the built-in catalogue when the product table is empty; returns how many were added.
 * It runs the admin's "Upload All Missing Products" import (one path for both), inside one
 * transaction, so a start that fails half-way leaves an empty shop to seed again. Creation dates
 * are spread over the last four months (deterministically) so the "New" badge (added in the last
 * 30 days) marks some products, not all.
 */
export async function seedCatalogueIfEmpty(db: Database, now = new Date(), seedDir?: string | URL): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ one: sql`1` }).from(products).limit(1);
    if (existing) return 0;
    const run = await importSeedCategories(tx, SEED_CATEGORIES, {
      seedDir,
      createdAt: (index) => new Date(now.getTime() - ((index * 7) % 120) * DAY_MS - index * 60_000),
    });
    for (const report of run.categories) {
      for (const problem of report.problems) {
        console.error(`seed catalogue: ${report.category} ${problem.row === null ? "" : `row ${problem.row} `}${problem.name ?? ""}: ${problem.reason}`);
      }
    }
    return run.totalAdded;
  });
}
