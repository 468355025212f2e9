// How the discount services' answers become JSON responses (docs/api.md "Discount codes"): one
// error shape `{ error, field }`, the refusal's kind as the status; a save refused for someone
// else's change also names the fields both changed and gives the code as it is now.
import type { DiscountRefusal } from "../../../../server/admin/discounts/admin-discounts.server.ts";
import { REFUSAL_STATUS } from "../../../lib/api.ts";

export const NO_STORE = { "Cache-Control": "no-store" } as const;

export function discountRefusalResponse(refusal: DiscountRefusal): Response {
  const changed = refusal.changedMeanwhile ? { changed_fields: refusal.changedMeanwhile.fields, discount: refusal.changedMeanwhile.current } : {};
  return Response.json({ error: refusal.message, field: refusal.field, ...changed }, { status: REFUSAL_STATUS[refusal.reason], headers: NO_STORE });
}
