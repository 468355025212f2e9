import { adminPayments } from "../../domain/messages/admin.ts";
import { apiErrors } from "../../domain/messages/cart.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { startStripeSync, latestStripeSync } from "../../server/admin/stripe/stripe-sync-start.server.ts";
import { jsonError, methodNotAllowed } from "../lib/api.ts";
import type { Route } from "./+types/api.admin.stripe-sync";
import { appContext } from "../app-context.ts";

// POST /api/admin/stripe/sync (admin.md section 7 "sync-products-to-stripe": no payload) queues
// the sync as a background job and answers 202 { job }; GET answers the latest sync job (or null).
// With the built-in local provider there is nothing to sync: 409 (docs/api.md).
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  await requireAdminApi(app, request);
  return Response.json({ job: await latestStripeSync(app.db) }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const admin = await requireAdminApi(app, request);
  if (request.method !== "POST") return methodNotAllowed("GET", "POST");
  // No body is read: the origin check is the whole guard against another site's form.
  const origin = request.headers.get("origin");
  if (origin !== null && origin !== new URL(app.config.publicUrl).origin) return jsonError(403, apiErrors.crossOrigin);
  if (app.payments.name !== "stripe") return jsonError(409, adminPayments.nothingToSync);
  const { job, created } = await startStripeSync(app.db, admin);
  app.kickJobs();
  return Response.json({ job }, { status: created ? 202 : 200 });
}
