import { z } from "zod";
import { confirmation } from "../../domain/messages/orders.ts";
import { isStorableText } from "../../domain/text-rules.ts";
import { verifyLimitRule, verifyPayment } from "../../server/payments/payments.server.ts";
import { takeAttempt } from "../../server/security/rate-limit.server.ts";
import { allowOnly, jsonError, methodNotAllowed, readJsonMutation } from "../lib/api.ts";
import type { Route } from "./+types/api.checkout-verify";
import { appContext, requestContext } from "../app-context.ts";

const verifySchema = z.object({ sessionId: z.string().trim().min(1).max(300).refine(isStorableText) });

// POST /api/checkout/verify { sessionId } (storefront.md section 7 "verify-payment"; docs/api.md).
// The session id is the capability: it is only known to the browser that paid.
export const loader = allowOnly("POST");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const app = context.get(appContext);
  const body = await readJsonMutation(request, app.config.publicUrl);
  if (!body.ok) return body.response;
  const parsed = verifySchema.safeParse(body.body);
  if (!parsed.success) return jsonError(400, confirmation.verificationFailed);
  // Per address: a session the shop knows is asked about at the payment provider each time.
  const rule = verifyLimitRule(app.config.checkoutLimit);
  if (rule) {
    const attempt = await takeAttempt(app.db, rule, context.get(requestContext).clientIp);
    if (!attempt.allowed) return jsonError(429, confirmation.tooManyChecks, { "Retry-After": String(attempt.retryAfterSeconds) });
  }
  const result = await verifyPayment({ db: app.db, provider: app.payments, publicUrl: app.config.publicUrl, shopEmail: app.config.shopEmail }, parsed.data.sessionId);
  // A confirmation or a refund notice (decision 013) may just have been queued.
  if (result.success || result.status === "refunded") app.kickMail();
  return Response.json(result, { headers: { "Cache-Control": "no-store" } });
}
