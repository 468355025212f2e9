import { scraper } from "../../domain/messages/admin.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { scrapeProductPage, scraperSettingsFor } from "../../server/admin/scraper/scraper.server.ts";
import { jsonFields, methodNotAllowed, readJsonMutation } from "../lib/api.ts";
import type { Route } from "./+types/api.admin.products-scrape";
import { appContext } from "../app-context.ts";
import { adminAllowOnly } from "../components/admin/admin-read-only.server.ts";

// POST /api/admin/products/scrape { url } -> { success, product, error } (admin.md section 7
// "scrape-product-url"; docs/api.md), admins only. A refusal is `success: false` with a 4xx.
export const loader = adminAllowOnly("POST");

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  await requireAdminApi(app, request);
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readJsonMutation(request, app.config.publicUrl);
  if (!body.ok) return body.response;
  const { url } = jsonFields(body.body);
  const answer = await scrapeProductPage(scraperSettingsFor(app.config), url);
  const headers = { "Cache-Control": "no-store" };
  if (!answer.success) return Response.json({ success: false, product: null, error: answer.error || scraper.scrapeFailed }, { status: answer.status, headers });
  return Response.json({ success: true, product: answer.product, error: null, notice: answer.notice }, { headers });
}
