// How the discount services' answers become JSON responses (docs/api.md "Discount codes"): one
// error shape `{ error, field }`, the refusal's kind as the status.
import type { DiscountRefusal } from "../../../../server/admin/discounts/admin-discounts.server.ts";
import { REFUSAL_STATUS } from "../../../lib/api.ts";

export const NO_STORE = { "Cache-Control": "no-store" } as const;

export function discountRefusalResponse(refusal: DiscountRefusal): Response {
  return Response.json({ error: refusal.message, field: refusal.field }, { status: REFUSAL_STATUS[refusal.reason], headers: NO_STORE });
}
