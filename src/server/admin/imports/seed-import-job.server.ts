// The seed import as a background job (src/server/admin/jobs/jobs.server.ts): enqueued by
// POST /api/admin/imports, run by whichever app process claims it, progress reported per batch.
// Safe to run again after a crash: names already imported are skipped.
import { isSeedImportSource, SEED_IMPORT_JOB_KIND, type SeedImportResult } from "../../../domain/admin/seed-imports.ts";
import { defineJobHandler, JobFailure } from "../jobs/jobs.server.ts";
import { categoriesOf, importSeedCategories } from "./seed-import.server.ts";

export const seedImportJob = defineJobHandler({
  kind: SEED_IMPORT_JOB_KIND,
  async run(job, { db, report, services }) {
    const source = (job.payload as { source?: unknown } | null)?.source;
    if (!isSeedImportSource(source)) throw new JobFailure(`Unknown import source ${JSON.stringify(source)}.`);
    const run = await importSeedCategories(db, categoriesOf(source), {
      // Each committed batch is on sale at once, so the public pages and discovery counts start again.
      onProgress: (done, total) => {
        services.catalogueChanged?.();
        return report(done, total);
      },
      seedDir: services.config?.seedDir,
      rowDelayMs: services.config?.importTestRowDelayMs || undefined,
    });
    services.catalogueChanged?.();
    const result: SeedImportResult = { source, totalAdded: run.totalAdded, categories: run.categories };
    return result;
  },
});
