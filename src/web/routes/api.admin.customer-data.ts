import { parseCustomerEmail, personalDataFileName } from "../../domain/admin/personal-data.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { personalDataOf, recordPersonalDataExport, erasureMessages } from "../../server/admin/customers/personal-data.server.ts";
import { jsonError, refuseRepeatedParameters } from "../lib/api.ts";
import type { Route } from "./+types/api.admin.customer-data";
import { appContext } from "../app-context.ts";
import { readOnlyAdminAction } from "../components/admin/admin-read-only.server.ts";

// GET /api/admin/customers/personal-data?email= (docs/api.md "Customer data"): everything the shop
// holds about one person, as one JSON file to download (subject access). A plain link: no script needed.
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const admin = await requireAdminApi(context.get(appContext), request);
  const repeated = refuseRepeatedParameters(url);
  if (repeated) return repeated;
  const parsed = parseCustomerEmail(url.searchParams.get("email"));
  if (!parsed.ok) return jsonError(400, parsed.message);
  const { db } = context.get(appContext);
  const data = await personalDataOf(db, parsed.email);
  if (!data) return jsonError(404, erasureMessages.notFound(parsed.email));
  // Only a GET hands the data over; a HEAD (a link checker) is no export.
  if (request.method === "GET") await recordPersonalDataExport(db, admin, data);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${personalDataFileName(parsed.email, data.generatedAt.slice(0, 10))}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** Read only: any other method is refused once admin rights are checked. */
export const action = readOnlyAdminAction;
