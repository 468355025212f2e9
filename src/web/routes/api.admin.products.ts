import { parseProductFilter } from "../../domain/admin/product-filters.ts";
import { productInputSchema, productRefusal } from "../../domain/admin/product-input.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { listAdminProducts } from "../../server/admin/products/admin-products.server.ts";
import { saveNewProduct } from "../../server/admin/products/product-changes.server.ts";
import { jsonError, methodNotAllowed, readJsonMutation, refuseRepeatedParameters } from "../lib/api.ts";
import { uploadGoneMessage } from "../components/admin/products/product-form.server.ts";
import type { Route } from "./+types/api.admin.products";
import { appContext } from "../app-context.ts";

// GET /api/admin/products?category=&search=&page= and POST /api/admin/products (docs/api.md), admins only.
export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireAdminApi(context.get(appContext), request);
  const repeated = refuseRepeatedParameters(url);
  if (repeated) return repeated;
  const parsed = parseProductFilter(url.searchParams);
  if (!parsed.ok) return jsonError(400, parsed.message);
  return Response.json(await listAdminProducts(context.get(appContext).db, parsed.filter), { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const admin = await requireAdminApi(app, request);
  if (request.method !== "POST") return methodNotAllowed("GET", "POST");
  const body = await readJsonMutation(request, app.config.publicUrl);
  if (!body.ok) return body.response;
  const parsed = productInputSchema.safeParse(body.body);
  if (!parsed.success) return Response.json(productRefusal(parsed.error), { status: 400 });
  const saved = await saveNewProduct(app, admin, parsed.data);
  if (saved.outcome === "upload-gone") return Response.json({ error: uploadGoneMessage(), fields: { gallery: uploadGoneMessage() } }, { status: 422 });
  return Response.json(saved.product, { status: 201 });
}
