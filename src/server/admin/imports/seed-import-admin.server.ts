// Starting a seed import from the admin (POST /api/admin/imports) and what the Products page
// needs to show imports under way after a reload.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { JobView } from "../../../domain/admin/jobs.ts";
import { SEED_IMPORT_JOB_KIND, type SeedImportSource } from "../../../domain/admin/seed-imports.ts";
import type { Database } from "../../db/client.server.ts";
import { adminJobs } from "../../db/schema.ts";
import type { AdminViewer } from "../admin-guard.server.ts";
import { recordAdminAction } from "../audit/audit.server.ts";
import { enqueueJob, toJobView } from "../jobs/jobs.server.ts";

/**
 * Queues the import of a source and records who asked, in one transaction. While the same
 * source's import is queued or running, the running one is returned (created: false) and no
 * second one is queued: a double click or a second tab does not import twice.
 */
export async function startSeedImport(db: Database, admin: AdminViewer, source: SeedImportSource): Promise<{ job: JobView; created: boolean }> {
  return db.transaction(async (tx) => {
    const queued = await enqueueJob(tx, {
      kind: SEED_IMPORT_JOB_KIND,
      payload: { source },
      createdBy: admin.userId,
      singletonKey: `${SEED_IMPORT_JOB_KIND}:${source}`,
    });
    if (queued.created) {
      await recordAdminAction(tx, {
        adminId: admin.userId,
        adminEmail: admin.email,
        action: "catalogue.import_started",
        subjectType: "admin_job",
        subjectId: queued.job.id,
        before: null,
        after: { source },
      });
    }
    return queued;
  });
}

export type SeedImportJobs = {
  /** Queued or running seed imports, by source. */
  active: Record<string, JobView>;
  /** The newest "Upload All Missing Products" run, whatever its status (the panel shows its figures). */
  lastBulk: JobView | null;
};

export async function seedImportJobs(db: Database): Promise<SeedImportJobs> {
  const [activeRows, bulkRows] = await Promise.all([
    db
      .select()
      .from(adminJobs)
      .where(and(eq(adminJobs.kind, SEED_IMPORT_JOB_KIND), inArray(adminJobs.status, ["queued", "running"])))
      .orderBy(desc(adminJobs.createdAt))
      .limit(50),
    db
      .select()
      .from(adminJobs)
      .where(and(eq(adminJobs.kind, SEED_IMPORT_JOB_KIND), sql`${adminJobs.payload}->>'source' = 'all'`))
      .orderBy(desc(adminJobs.createdAt))
      .limit(1),
  ]);
  const active: Record<string, JobView> = {};
  for (const row of activeRows) {
    const source = (row.payload as { source?: string }).source;
    if (source && !active[source]) active[source] = toJobView(row);
  }
  return { active, lastBulk: bulkRows[0] ? toJobView(bulkRows[0]) : null };
}
