// The spreadsheet import as a background job (decision 027's admin_jobs): the upload is checked
// and queued in the request; any app process runs it and reports rows done of total, so the page
// shows live progress that survives a reload. A job run again after its process died starts from
// the top: rows already written match by Product ID or name and are updated, never added twice.
import { catalogueCsvErrors } from "../../../domain/messages/catalogue-csv.ts";
import type { JobView } from "../../../domain/admin/jobs.ts";
import type { DbOrTx } from "../../db/client.server.ts";
import type { AdminViewer } from "../admin-guard.server.ts";
import { recordAdminAction } from "../audit/audit.server.ts";
import { defineJobHandler, enqueueJob, JobFailure } from "../jobs/jobs.server.ts";
import { importCatalogueCsv } from "./catalogue-csv.server.ts";

export const CATALOGUE_IMPORT_JOB = "catalogue.csv-import";

type CatalogueImportPayload = { text: string; fileName: string; adminId: string; adminEmail: string };

function isPayload(value: unknown): value is CatalogueImportPayload {
  const payload = value as Partial<CatalogueImportPayload> | null;
  return typeof payload?.text === "string" && typeof payload.adminId === "string" && typeof payload.adminEmail === "string";
}

/** Queues the import of a file and records who asked for it, in one transaction. */
export async function enqueueCatalogueImport(db: DbOrTx, admin: AdminViewer, file: { text: string; name: string }): Promise<JobView> {
  return db.transaction(async (tx) => {
    const payload: CatalogueImportPayload = { text: file.text, fileName: file.name, adminId: admin.userId, adminEmail: admin.email };
    const { job } = await enqueueJob(tx, { kind: CATALOGUE_IMPORT_JOB, payload, createdBy: admin.userId });
    await recordAdminAction(tx, {
      adminId: admin.userId,
      adminEmail: admin.email,
      action: "products.import_queued",
      subjectType: "products",
      subjectId: null,
      before: null,
      after: { jobId: job.id, fileName: file.name, bytes: Buffer.byteLength(file.text) },
    });
    return job;
  });
}

export const catalogueImportJob = defineJobHandler({
  kind: CATALOGUE_IMPORT_JOB,
  async run(job, { db, report, services }) {
    if (!isPayload(job.payload)) throw new JobFailure(catalogueCsvErrors.emptyFile);
    const { text, adminId, adminEmail } = job.payload;
    const result = await importCatalogueCsv(
      db,
      { text, admin: { userId: adminId, email: adminEmail, firstName: "", lastName: "" }, jobId: job.id },
      ({ done, total }) => {
        // Each committed batch is on sale at once, so the public pages and discovery counts start again.
        services.catalogueChanged?.();
        return report(done, total);
      },
    );
    services.catalogueChanged?.();
    if (!result.ok) throw new JobFailure(result.message);
    return result;
  },
});
