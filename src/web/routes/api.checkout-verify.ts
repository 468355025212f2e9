import { z } from "zod";
import { confirmation } from "../../domain/messages/orders.ts";
import { isStorableText } from "../../domain/text-rules.ts";
import { verifyPayment } from "../../server/payments/payments.server.ts";
import { allowOnly, jsonError, methodNotAllowed, readJsonMutation } from "../lib/api.ts";
import type { Route } from "./+types/api.checkout-verify";
import { appContext } from "../app-context.ts";

const verifySchema = z.object({ sessionId: z.string().trim().min(1).max(300).refine(isStorableText) });

// POST /api/checkout/verify { sessionId } (storefront.md section 7 "verify-payment"; docs/api.md).
// The session id is the capability: it is only known to the browser that paid.
export const loader = allowOnly("POST");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readJsonMutation(request, context.get(appContext).config.publicUrl);
  if (!body.ok) return body.response;
  const parsed = verifySchema.safeParse(body.body);
  if (!parsed.success) return jsonError(400, confirmation.verificationFailed);
  const app = context.get(appContext);
  const result = await verifyPayment({ db: app.db, provider: app.payments, publicUrl: app.config.publicUrl, shopEmail: app.config.shopEmail }, parsed.data.sessionId);
  // A confirmation or a refund notice (decision 013) may just have been queued.
  if (result.success || result.status === "refunded") app.kickMail();
  return Response.json(result, { headers: { "Cache-Control": "no-store" } });
}
