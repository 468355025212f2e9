import { categoryFromParam } from "../../domain/categories.ts";
import { firstIssueMessage, productListQuerySchema } from "../../domain/schemas.ts";
import { toApiProduct } from "../../server/catalog/api-product.server.ts";
import { listCategoryPage } from "../../server/catalog/catalog.server.ts";
import { jsonError, queryObject } from "../lib/api.ts";
import type { Route } from "./+types/api.products";
import { appContext } from "../app-context.ts";

// GET /api/products?category=suits&page=1&pageSize=12 (docs/api.md)
export async function loader({ url, context }: Route.LoaderArgs) {
  const parsed = productListQuerySchema.safeParse(queryObject(url));
  if (!parsed.success) return jsonError(400, firstIssueMessage(parsed.error));
  const { category: requested, page, pageSize } = parsed.data;
  const category = requested === undefined ? null : categoryFromParam(requested);
  if (requested !== undefined && category === null) return jsonError(400, `Unknown category: ${requested}`);
  const result = await listCategoryPage(context.get(appContext).db, { category, page, pageSize });
  return Response.json(
    { items: result.products.map(toApiProduct), total: result.total, page: result.page, pageSize: result.pageSize, pageCount: result.pageCount },
    { headers: { "Cache-Control": "public, max-age=60" } },
  );
}
