import { apiErrors } from "../../domain/messages/cart.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { exportCatalogueCsv, recordCatalogueExport } from "../../server/admin/catalogue-csv/catalogue-csv.server.ts";
import { csvStream } from "../../server/admin/orders/orders-export.server.ts";
import { jsonError } from "../lib/api.ts";
import { appContext } from "../app-context.ts";
import type { Route } from "./+types/api.admin.products-export";

// GET /api/admin/products/export.csv (docs/api.md): the whole catalogue in the import's format,
// streamed a batch at a time. Admins only; each export is in the audit trail.
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const admin = await requireAdminApi(app, request);
  await recordCatalogueExport(app.db, admin);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csvStream(exportCatalogueCsv(app.db)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="products-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminApi(context.get(appContext), request);
  return jsonError(405, apiErrors.methodNotAllowed);
}
