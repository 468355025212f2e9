import { cartErrors } from "../../domain/messages/cart.ts";
import { guestCartRequestSchema } from "../../domain/cart.ts";
import { firstIssueMessage, parseRequest } from "../../domain/schemas.ts";
import { readViewer } from "../../server/auth/session.server.ts";
import { cartCount, mergeGuestCart } from "../../server/cart/cart.server.ts";
import { allowOnly, jsonError, methodNotAllowed, readJsonMutation, refusalResponse } from "../lib/api.ts";
import type { Route } from "./+types/api.cart-merge";
import { appContext, requestContext } from "../app-context.ts";

// POST /api/cart/merge { lines: [...guest cart lines] } (docs/api.md): after sign-in. The browser
// clears its guest cart only when this answers 200.
export const loader = allowOnly("POST");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readJsonMutation(request, context.get(appContext).config.publicUrl);
  if (!body.ok) return body.response;
  const viewer = await readViewer(context.get(appContext), request.headers, context.get(requestContext).setCookie);
  if (!viewer) return jsonError(401, cartErrors.signInRequired);
  const parsed = parseRequest(guestCartRequestSchema, body.body, cartErrors.invalidLines);
  if (!parsed.success) return jsonError(400, firstIssueMessage(parsed.error));
  const result = await mergeGuestCart(context.get(appContext).db, viewer.userId, parsed.data.lines);
  if (!result.ok) return refusalResponse(result);
  const count = await cartCount(context.get(appContext).db, viewer.userId);
  return Response.json({ merged: result.merged, skipped: result.skipped, count });
}
