import { categoryFromParam } from "../../domain/categories.ts";
import { DISCOVERY_PARAMS, parseDiscoveryQuery } from "../../domain/discovery.ts";
import { requestErrors } from "../../domain/messages/requests.ts";
import { firstIssueMessage, parseRequest, productListQuerySchema } from "../../domain/schemas.ts";
import { toApiProduct } from "../../server/catalog/api-product.server.ts";
import { discoverProducts } from "../../server/catalog/discovery.server.ts";
import { allowOnly, jsonError, queryObject, refuseRepeatedParameters } from "../lib/api.ts";
import type { Route } from "./+types/api.products";
import { appContext } from "../app-context.ts";

// GET /api/products?category=suits&page=1&pageSize=12&q=&sort=&size=&colour=&min=&max=&in-stock=&sale= (docs/api.md)
export async function loader({ url, context }: Route.LoaderArgs) {
  const repeated = refuseRepeatedParameters(url, [DISCOVERY_PARAMS.size, DISCOVERY_PARAMS.colour]);
  if (repeated) return repeated;
  const parsed = parseRequest(productListQuerySchema, queryObject(url), requestErrors.unreadable);
  if (!parsed.success) return jsonError(400, firstIssueMessage(parsed.error));
  const { category: requested, page, pageSize } = parsed.data;
  const category = requested === undefined ? null : categoryFromParam(requested);
  if (requested !== undefined && category === null) return jsonError(400, `Unknown category: ${requested}`);
  const discovery = parseDiscoveryQuery(url.searchParams);
  if (!discovery.ok) return jsonError(400, discovery.message);
  const app = context.get(appContext);
  const result = await discoverProducts(app.db, { category, query: { ...discovery.query, page }, pageSize, cache: app.discoveryCache });
  return Response.json(
    {
      items: result.products.map(toApiProduct),
      total: result.total,
      page: result.page,
      pageSize: result.pageSize,
      pageCount: result.pageCount,
      facets: result.facets,
    },
    { headers: { "Cache-Control": "public, max-age=60" } },
  );
}

export const action = allowOnly("GET");
