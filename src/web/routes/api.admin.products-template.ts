import { catalogueTemplateCsv } from "../../domain/admin/catalogue-csv.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { appContext } from "../app-context.ts";
import type { Route } from "./+types/api.admin.products-template";
import { readOnlyAdminAction } from "../components/admin/admin-read-only.server.ts";

// GET /api/admin/products/template.csv (docs/api.md): the columns and two example rows.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(context.get(appContext), request);
  return new Response(catalogueTemplateCsv(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="products-template.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

/** Read only: any other method is refused once admin rights are checked. */
export const action = readOnlyAdminAction;
