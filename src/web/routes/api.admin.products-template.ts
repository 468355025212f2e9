import { catalogueTemplateCsv } from "../../domain/admin/catalogue-csv.ts";
import { apiErrors } from "../../domain/messages/cart.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { jsonError } from "../lib/api.ts";
import { appContext } from "../app-context.ts";
import type { Route } from "./+types/api.admin.products-template";

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

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminApi(context.get(appContext), request);
  return jsonError(405, apiErrors.methodNotAllowed);
}
