import { readViewer } from "../../server/auth/session.server.ts";
import { createCheckout } from "../../server/checkout/checkout.server.ts";
import { allowOnly, methodNotAllowed, readJsonMutation, retryAfterHeader } from "../lib/api.ts";
import { browserCartOf } from "../lib/checkout-cart-cookie.server.ts";
import type { Route } from "./+types/api.checkout";
import { appContext, requestContext } from "../app-context.ts";

// POST /api/checkout (storefront.md section 7 "create-checkout"; docs/api.md). Answers { url } or { error }.
export const loader = allowOnly("POST");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readJsonMutation(request, context.get(appContext).config.publicUrl);
  if (!body.ok) return body.response;
  const viewer = await readViewer(context.get(appContext), request.headers, context.get(requestContext).setCookie);
  const buyer = viewer ? { userId: viewer.userId, email: viewer.email, firstName: viewer.firstName, lastName: viewer.lastName, phone: viewer.phone } : null;
  const app = context.get(appContext);
  const browserCart = buyer ? null : browserCartOf(request, context);
  const deps = { db: app.db, provider: app.payments, publicUrl: app.config.publicUrl, clientAddress: context.get(requestContext).clientIp, checkoutLimit: app.config.checkoutLimit };
  const result = await createCheckout({ ...deps, ...(browserCart && { browserCart }) }, buyer, body.body);
  if (!result.ok) {
    const headers = retryAfterHeader(result);
    // `field` and `fields` are left out of the JSON when the refusal is about none of the form's fields.
    // `totals` and `lines`: the order as priced now, when it is not what the page showed.
    return Response.json({ error: result.message, field: result.field, fields: result.fields, ...result.changed }, { status: result.status, headers });
  }
  return Response.json({ url: result.url, sessionId: result.sessionId }, { status: 201 });
}
