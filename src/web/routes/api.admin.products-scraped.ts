import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { saveScrapedProduct, scraperSettingsFor } from "../../server/admin/scraper/scraper.server.ts";
import { methodNotAllowed, readJsonMutation } from "../lib/api.ts";
import type { Route } from "./+types/api.admin.products-scraped";
import { appContext } from "../app-context.ts";
import { adminAllowOnly } from "../components/admin/admin-read-only.server.ts";

// POST /api/admin/products/scraped { name, price, image, category, description, url }: saves a
// scraped product (admin.md section 7 "Save a scraped product"; docs/api.md), admins only.
export const loader = adminAllowOnly("POST");

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const admin = await requireAdminApi(app, request);
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readJsonMutation(request, app.config.publicUrl);
  if (!body.ok) return body.response;
  const answer = await saveScrapedProduct(app.db, admin, scraperSettingsFor(app.config).images, body.body);
  if (!answer.success) return Response.json({ success: false, error: answer.error }, { status: answer.status });
  app.catalogueChanged();
  return Response.json({ success: true, product: answer.product, error: null }, { status: 201 });
}
