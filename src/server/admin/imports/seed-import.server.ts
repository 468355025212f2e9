// The seed imports (admin.md sections 2, 5, 7, 8 and 9): the built-in lists in seed/data/ loaded
// into the catalogue, skipping names already there. The admin's import buttons run this as a
// background job (seed-import-job.server.ts); the first start of an empty shop runs it directly
// (src/server/catalog/seed-into-database.server.ts), so there is one path, not two.
//
// Rows go in batches, one transaction each (no pauses between rows, unlike the old system): a
// batch takes the import lock, reads which of its names exist, and inserts the rest. The lock
// makes the duplicate check race-safe: two imports at once (two buttons, two processes) see each
// other's names. A batch whose insert fails is retried row by row, so one bad row is counted as an
// error and never takes its neighbours down or lands half-written.
import { CATALOGUE_NAME_LOCK_KEY } from "../../catalog/catalogue-lock.server.ts";
import { setTimeout as sleep } from "node:timers/promises";
import { inArray, sql } from "drizzle-orm";
import { productNameKey } from "../../../domain/admin/import-rows.ts";
import { seedImportSourceOf, type ImportReport, type ImportRowProblem, type SeedImportSource } from "../../../domain/admin/seed-imports.ts";
import type { CategoryValue } from "../../../domain/categories.ts";
import { withDerivedFields } from "../../catalog/product-fields.server.ts";
import { readSeedSource, SEED_CATEGORIES, SeedDataError, type SeedProduct, type SeedSource } from "../../catalog/seed-catalogue.server.ts";
import type { DbOrTx } from "../../db/client.server.ts";
import { products } from "../../db/schema.ts";
import { logRequestError } from "../../http/error-log.server.ts";

/** Rows per transaction: large enough for a fast first start, small enough to keep locks short. */
export const IMPORT_BATCH_SIZE = 100;
/** Serialises the duplicate check of concurrent imports (pg_advisory_xact_lock key). */
const IMPORT_LOCK_KEY = CATALOGUE_NAME_LOCK_KEY;

export type ImportOptions = {
  seedDir?: string | URL;
  /** Rows done (added, skipped or failed) of all rows, after each batch. */
  onProgress?: (done: number, total: number) => Promise<void> | void;
  /** Creation time of the n-th row over the whole run (first start spreads them out). */
  createdAt?: (index: number) => Date;
  /** Tests only (refused in production by the config): a pause per row, to watch progress. */
  rowDelayMs?: number;
};

export type ImportRun = { categories: ImportReport[]; totalAdded: number };

/** The categories a source stands for: one, or every seed category for "all". */
export function categoriesOf(source: SeedImportSource): CategoryValue[] {
  return SEED_CATEGORIES.filter((category) => source === "all" || seedImportSourceOf(category) === source);
}

function emptyReport(category: CategoryValue, total: number): ImportReport {
  return { category, total, added: 0, skipped: 0, errors: 0, skippedNames: [], problems: [] };
}

type Candidate = { product: SeedProduct; row: number; name: string; index: number; report: ImportReport };

/**
 * Imports the given categories' seed sources. A source that cannot be read at all is one error
 * entry of its category (admin.md section 8: "or a single error message entry").
 */
export async function importSeedCategories(db: DbOrTx, categories: readonly CategoryValue[], options: ImportOptions = {}): Promise<ImportRun> {
  const reports: ImportReport[] = [];
  const candidates: Candidate[] = [];
  let index = 0;
  for (const category of categories) {
    let source: SeedSource;
    try {
      source = readSeedSource(category, options.seedDir);
    } catch (error) {
      if (!(error instanceof SeedDataError)) throw error;
      const report = emptyReport(category, 0);
      report.errors = 1;
      report.problems.push({ row: null, name: null, kind: "error", reason: error.message });
      reports.push(report);
      continue;
    }
    const report = emptyReport(category, source.rows.length);
    reports.push(report);
    for (const outcome of source.rows) {
      if ("refused" in outcome) {
        if (outcome.refused.kind === "skipped") report.skipped++;
        else report.errors++;
        report.problems.push({ row: outcome.row, name: outcome.name, ...outcome.refused });
      } else {
        candidates.push({ product: outcome.product, row: outcome.row, name: outcome.product.name, index, report });
      }
      index++;
    }
  }
  const total = index;
  let done = total - candidates.length;
  await options.onProgress?.(done, total);
  const batchSize = options.rowDelayMs ? 1 : IMPORT_BATCH_SIZE;
  // Names added earlier in this run: a source listing a name twice adds it once.
  const seen = new Set<string>();
  for (let start = 0; start < candidates.length; start += batchSize) {
    const batch = candidates.slice(start, start + batchSize);
    if (options.rowDelayMs) await sleep(options.rowDelayMs);
    await importBatch(db, batch, seen, options);
    done += batch.length;
    await options.onProgress?.(done, total);
  }
  return { categories: reports, totalAdded: reports.reduce((sum, report) => sum + report.added, 0) };
}

function rowFor(candidate: Candidate, options: ImportOptions) {
  const createdAt = options.createdAt?.(candidate.index);
  return { ...withDerivedFields(candidate.product), ...(createdAt && { createdAt }) };
}

function markDuplicate(candidate: Candidate) {
  candidate.report.skipped++;
  candidate.report.skippedNames.push(candidate.name);
}

async function importBatch(db: DbOrTx, batch: Candidate[], seen: Set<string>, options: ImportOptions) {
  const fresh: Candidate[] = [];
  try {
    await db.transaction(async (tx) => {
      fresh.length = 0;
      await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`);
      const keys = [...new Set(batch.map((candidate) => productNameKey(candidate.name)))];
      const existing = await tx
        .select({ key: sql<string>`lower(${products.name})` })
        .from(products)
        .where(inArray(sql`lower(${products.name})`, keys));
      const taken = new Set([...existing.map((row) => row.key), ...seen]);
      for (const candidate of batch) {
        const key = productNameKey(candidate.name);
        if (taken.has(key)) continue;
        taken.add(key);
        fresh.push(candidate);
      }
      if (fresh.length > 0) await tx.insert(products).values(fresh.map((candidate) => rowFor(candidate, options)));
    });
  } catch (error) {
    if (batch.length === 1) {
      const [candidate] = batch;
      recordError(candidate!, error);
      return;
    }
    // One row broke the batch (nothing of it was written): find it, row by row.
    for (const candidate of batch) await importBatch(db, [candidate], seen, options);
    return;
  }
  const added = new Set(fresh);
  for (const candidate of batch) {
    if (added.has(candidate)) {
      candidate.report.added++;
      seen.add(productNameKey(candidate.name));
    } else markDuplicate(candidate);
  }
}

function recordError(candidate: Candidate, error: unknown) {
  // admin.md section 8: "Insert error or unexpected error on one row: logged".
  logRequestError(`seed import: "${candidate.name}" (${candidate.report.category} row ${candidate.row})`, error);
  const problem: ImportRowProblem = {
    row: candidate.row,
    name: candidate.name,
    kind: "error",
    reason: databaseMessage(error),
  };
  candidate.report.errors++;
  candidate.report.problems.push(problem);
}

/** Drizzle wraps the database's error ("Failed query: <the whole SQL>"); the admin needs the cause. */
function databaseMessage(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  return message.split("\n")[0]!.slice(0, 300);
}
