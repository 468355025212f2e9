import { cart, cartErrors } from "../../domain/messages/cart.ts";
import { readViewer } from "../../server/auth/session.server.ts";
import { cartCount, removeLine, setLineQuantity } from "../../server/cart/cart.server.ts";
import { allowOnly, jsonError, methodNotAllowed, readJsonMutation, refusalResponse } from "../lib/api.ts";
import type { Route } from "./+types/api.cart-item";
import { appContext, requestContext } from "../app-context.ts";

// PATCH /api/cart/items/:id {quantity} and DELETE /api/cart/items/:id (docs/api.md). A line that
// is not the viewer's answers 404, exactly like one that does not exist.
export const loader = allowOnly("PATCH", "DELETE");

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed("PATCH", "DELETE");
  const body = await readJsonMutation(request, context.get(appContext).config.publicUrl);
  if (!body.ok) return body.response;
  const viewer = await readViewer(context.get(appContext), request.headers, context.get(requestContext).setCookie);
  if (!viewer) return jsonError(401, cartErrors.signInRequired);
  const { db } = context.get(appContext);

  if (request.method === "DELETE") {
    if (!(await removeLine(db, viewer.userId, params.id))) return jsonError(404, cartErrors.lineNotFound);
    return Response.json({ count: await cartCount(db, viewer.userId), message: cart.removed });
  }
  const updated = await setLineQuantity(db, viewer.userId, params.id, body.body);
  if (!updated.ok) return refusalResponse(updated);
  return Response.json({ line: updated.line, count: await cartCount(db, viewer.userId) });
}
