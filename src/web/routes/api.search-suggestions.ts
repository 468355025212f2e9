import { DISCOVERY_MESSAGES, MAX_SEARCH_LENGTH, normaliseSearchText } from "../../domain/discovery.ts";
import { suggestProducts } from "../../server/catalog/discovery.server.ts";
import { allowOnly, jsonError, refuseRepeatedParameters } from "../lib/api.ts";
import type { Route } from "./+types/api.search-suggestions";
import { appContext } from "../app-context.ts";

// GET /api/search/suggestions?q=navy (docs/api.md): what the search box offers while the shopper types.
export async function loader({ url, context }: Route.LoaderArgs) {
  const repeated = refuseRepeatedParameters(url);
  if (repeated) return repeated;
  const q = normaliseSearchText(url.searchParams.get("q") ?? "");
  if (q.length > MAX_SEARCH_LENGTH) return jsonError(400, DISCOVERY_MESSAGES.searchTooLong);
  const app = context.get(appContext);
  const suggestions = await suggestProducts(app.db, q, app.discoveryCache);
  return Response.json(suggestions, { headers: { "Cache-Control": "public, max-age=60" } });
}

export const action = allowOnly("GET");
