import { handlePaymentWebhook } from "../../server/payments/payments.server.ts";
import { allowOnly, methodNotAllowed } from "../lib/api.ts";
import type { Route } from "./+types/api.payments-webhook";
import { appContext } from "../app-context.ts";

// POST /api/payments/webhook: the payment provider's events (Stripe's, or the local provider's),
// signature-checked over the raw body (docs/api.md).
export const loader = allowOnly("POST");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const rawBody = await request.text();
  const answer = await handlePaymentWebhook({ db: context.get(appContext).db, provider: context.get(appContext).payments, publicUrl: context.get(appContext).config.publicUrl, shopEmail: context.get(appContext).config.shopEmail }, rawBody, request.headers);
  if (answer.status === 200) context.get(appContext).kickMail();
  return Response.json(answer.body, { status: answer.status });
}
