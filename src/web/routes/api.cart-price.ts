import { cartErrors } from "../../domain/messages/cart.ts";
import { guestCartRequestSchema } from "../../domain/cart.ts";
import { firstIssueMessage, parseRequest } from "../../domain/schemas.ts";
import { priceGuestCart } from "../../server/cart/cart.server.ts";
import { allowOnly, jsonError, methodNotAllowed, readJsonMutation, refusalResponse } from "../lib/api.ts";
import type { Route } from "./+types/api.cart-price";
import { appContext } from "../app-context.ts";

// POST /api/cart/price { lines: [...guest cart lines] } (docs/api.md): a guest cart held in the
// browser, priced by the server. No sign-in needed; nothing is stored.
export const loader = allowOnly("POST");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readJsonMutation(request, context.get(appContext).config.publicUrl);
  if (!body.ok) return body.response;
  const parsed = parseRequest(guestCartRequestSchema, body.body, cartErrors.invalidLines);
  if (!parsed.success) return jsonError(400, firstIssueMessage(parsed.error));
  const priced = await priceGuestCart(context.get(appContext).db, parsed.data.lines);
  if (!priced.ok) return refusalResponse(priced);
  return Response.json({ lines: priced.lines, summary: priced.summary }, { headers: { "Cache-Control": "no-store" } });
}
