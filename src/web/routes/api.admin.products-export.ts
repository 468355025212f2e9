import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { exportCatalogueCsv, recordCatalogueExport } from "../../server/admin/catalogue-csv/catalogue-csv.server.ts";
import { csvStream } from "../../server/admin/orders/orders-export.server.ts";
import { appContext } from "../app-context.ts";
import type { Route } from "./+types/api.admin.products-export";
import { readOnlyAdminAction } from "../components/admin/admin-read-only.server.ts";

// GET /api/admin/products/export.csv (docs/api.md): the whole catalogue in the import's format,
// streamed a batch at a time. Admins only; each export is in the audit trail.
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const admin = await requireAdminApi(app, request);
  // Only a GET takes the data out of the shop; a HEAD (a link checker) is not an export.
  if (request.method === "GET") await recordCatalogueExport(app.db, admin);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csvStream(exportCatalogueCsv(app.db)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="products-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

/** Read only: any other method is refused once admin rights are checked. */
export const action = readOnlyAdminAction;
