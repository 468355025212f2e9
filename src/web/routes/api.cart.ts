import { cartErrors } from "../../domain/messages/cart.ts";
import { readViewer } from "../../server/auth/session.server.ts";
import { listCart } from "../../server/cart/cart.server.ts";
import { allowOnly, jsonError } from "../lib/api.ts";
import type { Route } from "./+types/api.cart";
import { appContext, requestContext } from "../app-context.ts";

// GET /api/cart (docs/api.md): the signed-in shopper's cart at current prices.
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await readViewer(context.get(appContext), request.headers, context.get(requestContext).setCookie);
  if (!viewer) return jsonError(401, cartErrors.signInRequired);
  const cart = await listCart(context.get(appContext).db, viewer.userId);
  return Response.json(cart, { headers: { "Cache-Control": "no-store" } });
}

export const action = allowOnly("GET");
