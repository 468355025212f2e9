import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { previewCatalogueImport } from "../../server/admin/catalogue-csv/catalogue-csv.server.ts";
import { readCatalogueUpload } from "../../server/admin/catalogue-csv/catalogue-upload.server.ts";
import { jsonError, methodNotAllowed, otherSiteRefusal } from "../lib/api.ts";
import { appContext } from "../app-context.ts";
import type { Route } from "./+types/api.admin.products-import-preview";
import { adminAllowOnly } from "../components/admin/admin-read-only.server.ts";

// POST /api/admin/products/import/preview (docs/api.md): what importing the file would do, row
// by row, with each problem by row and column. Writes nothing.
export const loader = adminAllowOnly("POST");

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  await requireAdminApi(app, request);
  if (request.method !== "POST") return methodNotAllowed("POST");
  const otherSite = otherSiteRefusal(request, app.config.publicUrl);
  if (otherSite) return otherSite;
  const upload = await readCatalogueUpload(request);
  if (!upload.ok) return jsonError(upload.status, upload.message);
  const preview = await previewCatalogueImport(app.db, upload.text);
  if (!preview.ok) return jsonError(422, preview.message);
  return Response.json(preview, { headers: { "Cache-Control": "no-store" } });
}
