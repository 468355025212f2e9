import { parseOrderFilter } from "../../domain/admin/order-filters.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { csvStream, exportOrdersCsv, recordOrdersExport } from "../../server/admin/orders/orders-export.server.ts";
import { jsonError, refuseRepeatedParameters } from "../lib/api.ts";
import type { Route } from "./+types/api.admin.orders-export";
import { appContext } from "../app-context.ts";
import { readOnlyAdminAction } from "../components/admin/admin-read-only.server.ts";

// GET /api/admin/orders/export.csv?search=&status=&show= (docs/api.md): streamed, admins only.
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const admin = await requireAdminApi(context.get(appContext), request);
  const repeated = refuseRepeatedParameters(url);
  if (repeated) return repeated;
  const parsed = parseOrderFilter(url.searchParams);
  if (!parsed.ok) return jsonError(400, parsed.problem.message);
  // Only a GET takes the data out of the shop; a HEAD (a link checker) is not an export.
  if (request.method === "GET") await recordOrdersExport(context.get(appContext).db, admin, parsed.filter);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csvStream(exportOrdersCsv(context.get(appContext).db, parsed.filter)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

/** Read only: any other method is refused once admin rights are checked. */
export const action = readOnlyAdminAction;
