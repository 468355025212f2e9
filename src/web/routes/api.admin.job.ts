import { jobMessages } from "../../domain/messages/admin-jobs.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { getJob } from "../../server/admin/jobs/jobs.server.ts";
import { jsonError } from "../lib/api.ts";
import { appContext } from "../app-context.ts";
import type { Route } from "./+types/api.admin.job";
import { readOnlyAdminAction } from "../components/admin/admin-read-only.server.ts";

// GET /api/admin/jobs/:id (docs/api.md): a background job's status, progress and result, for the
// admin pages that follow an import or a sync while it runs. Admins only.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  await requireAdminApi(app, request);
  const job = await getJob(app.db, params.id);
  if (!job) return jsonError(404, jobMessages.notFound);
  return Response.json(job, { headers: { "Cache-Control": "no-store" } });
}

/** Read only: any other method is refused once admin rights are checked. */
export const action = readOnlyAdminAction;
