// How the discount services' answers become JSON responses (docs/api.md "Discount codes"): one
// error shape `{ error, field }`, the refusal's kind as the status.
import type { DiscountRefusal } from "../../../../server/admin/discounts/admin-discounts.server.ts";

const STATUS: Record<DiscountRefusal["reason"], number> = { invalid: 400, not_found: 404, duplicate: 409 };

export const NO_STORE = { "Cache-Control": "no-store" } as const;

export function discountRefusalResponse(refusal: DiscountRefusal): Response {
  return Response.json({ error: refusal.message, field: refusal.field }, { status: STATUS[refusal.reason], headers: NO_STORE });
}
