import { apiErrors } from "../../domain/messages/cart.ts";
import { quoteShippingForProducts } from "../../server/checkout/shipping-quote.server.ts";
import { jsonError, readJsonMutation } from "../lib/api.ts";
import type { Route } from "./+types/api.shipping-quote";
import { appContext } from "../app-context.ts";

// POST /api/shipping/quote { country, items: [{ productId, quantity }] } (docs/api.md).
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, apiErrors.methodNotAllowed);
  const body = await readJsonMutation(request, context.get(appContext).config.publicUrl);
  if (!body.ok) return body.response;
  const quote = await quoteShippingForProducts(context.get(appContext).db, body.body);
  if (!quote.ok) return jsonError(400, quote.message);
  return Response.json(quote.quotes);
}
