import { readViewer } from "../../server/auth/session.server.ts";
import { previewDiscount } from "../../server/checkout/checkout.server.ts";
import { allowOnly, jsonError, methodNotAllowed, readJsonMutation, retryAfterHeader } from "../lib/api.ts";
import { browserCartOf } from "../lib/checkout-cart-cookie.server.ts";
import type { Route } from "./+types/api.checkout-discount";
import { appContext, requestContext } from "../app-context.ts";

// POST /api/checkout/discount { discountCode, source, items } -> { code, amount } (docs/api.md).
export const loader = allowOnly("POST");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readJsonMutation(request, context.get(appContext).config.publicUrl);
  if (!body.ok) return body.response;
  const viewer = await readViewer(context.get(appContext), request.headers, context.get(requestContext).setCookie);
  const buyer = viewer ? { userId: viewer.userId, email: viewer.email, firstName: viewer.firstName, lastName: viewer.lastName } : null;
  const browserCart = buyer ? null : browserCartOf(request, context);
  const result = await previewDiscount(context.get(appContext).db, buyer, body.body, { clientAddress: context.get(requestContext).clientIp, ...(browserCart && { browserCart }) });
  if (!result.ok) return jsonError(result.status, result.message, retryAfterHeader(result));
  return Response.json({ code: result.code, amount: result.amount });
}
