import { productInputSchema, productRefusal } from "../../domain/admin/product-input.ts";
import { readStockSeen } from "../../domain/admin/stock-edit.ts";
import { readVersionsSeen } from "../../domain/admin/details-edit.ts";
import { adminProductEditor } from "../../domain/messages/admin.ts";
import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { getAdminProduct } from "../../server/admin/products/admin-products.server.ts";
import { deleteOrDeactivateProduct, saveProductChanges } from "../../server/admin/products/product-changes.server.ts";
import { changedMeanwhileMessages, uploadGoneMessage } from "../components/admin/products/product-form.server.ts";
import { jsonError, jsonFields, methodNotAllowed, readJsonMutation } from "../lib/api.ts";
import type { Route } from "./+types/api.admin.product";
import { appContext } from "../app-context.ts";

// GET, PUT and DELETE /api/admin/products/:id (docs/api.md), admins only.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminApi(context.get(appContext), request);
  const product = await getAdminProduct(context.get(appContext).db, params.id);
  if (!product) return jsonError(404, adminProductEditor.notFound);
  return Response.json(product, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const admin = await requireAdminApi(app, request);
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed("GET", "PUT", "DELETE");
  const body = await readJsonMutation(request, app.config.publicUrl);
  if (!body.ok) return body.response;
  if (request.method === "DELETE") {
    const removed = await deleteOrDeactivateProduct(app, admin, params.id);
    if (!removed) return jsonError(404, adminProductEditor.notFound);
    const message = removed.outcome === "deleted" ? adminProductEditor.deleted : adminProductEditor.deactivated;
    return Response.json({ outcome: removed.outcome, message, product: removed.product });
  }
  const parsed = productInputSchema.safeParse(body.body);
  if (!parsed.success) return Response.json(productRefusal(parsed.error), { status: 400 });
  const given = jsonFields(body.body);
  const seen = readStockSeen(given.stockSeen);
  if (!seen.ok) return Response.json({ error: adminProductEditor.stockSeenInvalid, fields: { stockSeen: adminProductEditor.stockSeenInvalid } }, { status: 400 });
  const versions = readVersionsSeen(given.versionsSeen);
  if (!versions.ok) return Response.json({ error: adminProductEditor.versionsSeenInvalid, fields: { versionsSeen: adminProductEditor.versionsSeenInvalid } }, { status: 400 });
  const saved = await saveProductChanges(app, admin, params.id, parsed.data, { stock: seen.seen, details: versions.seen });
  if (!saved) return jsonError(404, adminProductEditor.notFound);
  if (saved.outcome === "upload-gone") return Response.json({ error: uploadGoneMessage(), fields: { gallery: uploadGoneMessage() } }, { status: 422 });
  if (saved.outcome === "changed-meanwhile") {
    const { message, errors } = changedMeanwhileMessages(saved);
    return Response.json({ error: message, fields: errors, stock: saved.current.stock, product: saved.current }, { status: 409 });
  }
  return Response.json(saved.product);
}
