import { quoteShippingForProducts } from "../../server/checkout/shipping-quote.server.ts";
import { allowOnly, jsonError, methodNotAllowed, readJsonMutation } from "../lib/api.ts";
import type { Route } from "./+types/api.shipping-quote";
import { appContext } from "../app-context.ts";

// POST /api/shipping/quote { country, items: [{ productId, quantity }] } (docs/api.md).
export const loader = allowOnly("POST");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readJsonMutation(request, context.get(appContext).config.publicUrl);
  if (!body.ok) return body.response;
  const quote = await quoteShippingForProducts(context.get(appContext).db, body.body);
  if (!quote.ok) return jsonError(400, quote.message);
  return Response.json(quote.quotes);
}
