import { erasureDoneMessage, parseCustomerEmail } from "../../domain/admin/personal-data.ts";
import { adminCustomers } from "../../domain/messages/admin.ts";
import { logRequestError } from "../../server/http/error-log.server.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { eraseMailFiles, erasePersonalData } from "../../server/admin/customers/personal-data.server.ts";
import { jsonError, methodNotAllowed, readJsonMutation } from "../lib/api.ts";
import type { Route } from "./+types/api.admin.customer-erasure";
import { appContext } from "../app-context.ts";
import { adminAllowOnly } from "../components/admin/admin-read-only.server.ts";
import { ERASURE_STATUS } from "../components/admin/customers/erasure-answers.server.ts";
import { outboxDir } from "../../server/mail/mail-delivery.server.ts";

// POST /api/admin/customers/erasure { email, confirmation } (docs/api.md "Customer data"): erases one
// person's personal data; `confirmation` is their e-mail typed again. 409 names the orders that
// still need their details.
export const loader = adminAllowOnly("POST");

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminApi(context.get(appContext), request);
  if (request.method !== "POST") return methodNotAllowed("POST");
  const app = context.get(appContext);
  const body = await readJsonMutation(request, app.config.publicUrl);
  if (!body.ok) return body.response;
  const fields = (body.body && typeof body.body === "object" ? body.body : {}) as { email?: unknown; confirmation?: unknown };
  const parsed = parseCustomerEmail(fields.email);
  if (!parsed.ok) return jsonError(400, parsed.message);
  let erased: Awaited<ReturnType<typeof erasePersonalData>>;
  try {
    erased = await erasePersonalData(app.db, admin, parsed.email, typeof fields.confirmation === "string" ? fields.confirmation : "");
  } catch (error) {
    logRequestError("customer erasure", error);
    return jsonError(500, adminCustomers.eraseFailed);
  }
  if (!erased.ok) return Response.json({ error: erased.message, ...(erased.reason === "held" ? { orders: erased.orders } : {}) }, { status: ERASURE_STATUS[erased.reason] });
  await eraseMailFiles(outboxDir(app.config.dataDir), parsed.email);
  return Response.json({ ...erased.summary, message: erasureDoneMessage(erased.summary) }, { headers: { "Cache-Control": "no-store" } });
}
