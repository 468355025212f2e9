// Starting a sync from the page or the API: one sync at a time (a second click while one is
// queued or running answers that one), recorded in the audit trail with the job it started.
import type { JobView } from "../../../domain/admin/jobs.ts";
import type { Database } from "../../db/client.server.ts";
import type { AdminViewer } from "../admin-guard.server.ts";
import { recordAdminAction } from "../audit/audit.server.ts";
import { enqueueJob, findActiveJob, findLatestJob } from "../jobs/jobs.server.ts";
import { STRIPE_SYNC_JOB } from "./stripe-sync-job.server.ts";

export async function startStripeSync(db: Database, admin: AdminViewer): Promise<{ job: JobView; created: boolean }> {
  return db.transaction(async (tx) => {
    const queued = await enqueueJob(tx, { kind: STRIPE_SYNC_JOB, payload: {}, createdBy: admin.userId, singletonKey: STRIPE_SYNC_JOB });
    if (queued.created) {
      await recordAdminAction(tx, {
        adminId: admin.userId,
        adminEmail: admin.email,
        action: "stripe.products_sync_started",
        subjectType: "stripe",
        subjectId: queued.job.id,
        before: null,
        after: { jobId: queued.job.id },
      });
    }
    return queued;
  });
}

export function activeStripeSync(db: Database): Promise<JobView | null> {
  return findActiveJob(db, STRIPE_SYNC_JOB);
}

export function latestStripeSync(db: Database): Promise<JobView | null> {
  return findLatestJob(db, STRIPE_SYNC_JOB);
}
