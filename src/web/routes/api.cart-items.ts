import { cartErrors } from "../../domain/messages/cart.ts";
import { readViewer } from "../../server/auth/session.server.ts";
import { addToCart, cartCount } from "../../server/cart/cart.server.ts";
import { allowOnly, jsonError, methodNotAllowed, readJsonMutation, refusalResponse } from "../lib/api.ts";
import type { Route } from "./+types/api.cart-items";
import { appContext, requestContext } from "../app-context.ts";

// POST /api/cart/items {productId, size, colour, quantity} (docs/api.md)
export const loader = allowOnly("POST");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readJsonMutation(request, context.get(appContext).config.publicUrl);
  if (!body.ok) return body.response;
  const viewer = await readViewer(context.get(appContext), request.headers, context.get(requestContext).setCookie);
  if (!viewer) return jsonError(401, cartErrors.signInRequired);
  const added = await addToCart(context.get(appContext).db, viewer.userId, body.body);
  if (!added.ok) return refusalResponse(added);
  const count = await cartCount(context.get(appContext).db, viewer.userId);
  return Response.json({ line: added.line, count }, { status: 201 });
}
