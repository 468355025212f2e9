import { toApiProductDetail } from "../../server/catalog/api-product.server.ts";
import { getProductDetail } from "../../server/catalog/catalog.server.ts";
import { productDetail } from "../../domain/messages/catalog.ts";
import { allowOnly, jsonError } from "../lib/api.ts";
import type { Route } from "./+types/api.product";
import { appContext } from "../app-context.ts";

// GET /api/products/:id (docs/api.md)
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await getProductDetail(context.get(appContext).db, params.id);
  if (!found) return jsonError(404, productDetail.notFound);
  return Response.json(toApiProductDetail(found.product, found.related), { headers: { "Cache-Control": "public, max-age=60" } });
}

export const action = allowOnly("GET");
