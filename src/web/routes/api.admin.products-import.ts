import { parseCatalogueCsv } from "../../domain/admin/catalogue-csv.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { enqueueCatalogueImport } from "../../server/admin/catalogue-csv/catalogue-import-job.server.ts";
import { readCatalogueUpload } from "../../server/admin/catalogue-csv/catalogue-upload.server.ts";
import { jsonError, methodNotAllowed, otherSiteRefusal } from "../lib/api.ts";
import { appContext } from "../app-context.ts";
import type { Route } from "./+types/api.admin.products-import";
import { adminAllowOnly } from "../components/admin/admin-read-only.server.ts";

// POST /api/admin/products/import (docs/api.md): queues the import as a background job and
// answers 202 { jobId, job }; GET /api/admin/jobs/:id follows it. A file that cannot be read at
// all is refused here (422), so no job is queued for it.
export const loader = adminAllowOnly("POST");

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const admin = await requireAdminApi(app, request);
  if (request.method !== "POST") return methodNotAllowed("POST");
  const otherSite = otherSiteRefusal(request, app.config.publicUrl);
  if (otherSite) return otherSite;
  const upload = await readCatalogueUpload(request);
  if (!upload.ok) return jsonError(upload.status, upload.message);
  const parsed = parseCatalogueCsv(upload.text);
  if (!parsed.ok) return jsonError(422, parsed.message);
  const job = await enqueueCatalogueImport(app.db, admin, upload);
  app.kickJobs();
  return Response.json({ jobId: job.id, job }, { status: 202 });
}
