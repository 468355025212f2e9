// The Stripe product sync as a background job (decision 036): it runs on whichever process claims
// it, with that process's payment provider (the runner's services), its progress stored on the
// job row; a run cut short (a restart) runs again with the same idempotency keys, so Stripe hands
// back what the first attempt made.
import { adminPayments } from "../../../domain/messages/admin.ts";
import { isStripeProvider } from "../../payments/stripe-provider.server.ts";
import { defineJobHandler, JobFailure } from "../jobs/jobs.server.ts";
import { syncProductsToStripe } from "./stripe-sync.server.ts";

export const STRIPE_SYNC_JOB = "stripe.product-sync";

export const stripeSyncJob = defineJobHandler({
  kind: STRIPE_SYNC_JOB,
  async run(job, { db, services, report }) {
    const payments = services.payments;
    if (!payments || !isStripeProvider(payments)) throw new JobFailure(adminPayments.nothingToSync);
    const result = await syncProductsToStripe(db, payments.client, {
      runId: job.id,
      publicUrl: services.config?.publicUrl ?? "http://localhost",
      onProgress: (progress) => report(progress.done, progress.total),
    });
    if (result.failed.length > 0) throw new JobFailure(adminPayments.syncFailed, result);
    return result;
  },
});
