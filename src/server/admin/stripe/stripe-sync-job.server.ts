// The Stripe product sync as a background job (decision 036): it runs on whichever process claims
// it, its progress is stored on the job row, and a run cut short (a restart) runs again with the
// same idempotency keys, so Stripe hands back what the first attempt made.
import { adminPayments } from "../../../domain/messages/admin.ts";
import type { PaymentProvider } from "../../payments/payment-provider.server.ts";
import { isStripeProvider } from "../../payments/stripe-provider.server.ts";
import { defineJobHandler, JobFailure, type JobHandler } from "../jobs/jobs.server.ts";
import { syncProductsToStripe } from "./stripe-sync.server.ts";

export const STRIPE_SYNC_JOB = "stripe.product-sync";

export function createStripeSyncJob(deps: { payments: PaymentProvider; publicUrl: string }): JobHandler {
  return defineJobHandler({
    kind: STRIPE_SYNC_JOB,
    async run(job, { db, report }) {
      if (!isStripeProvider(deps.payments)) throw new JobFailure(adminPayments.nothingToSync);
      const result = await syncProductsToStripe(db, deps.payments.client, {
        runId: job.id,
        publicUrl: deps.publicUrl,
        onProgress: (progress) => report(progress.done, progress.total),
      });
      if (result.failed.length > 0) throw new JobFailure(adminPayments.syncFailed, result);
      return result;
    },
  });
}
