// The colour (tone) of a discount code's status badge on the Discounts screen. Apart from
// src/domain/status.ts, which storefront pages load, as only the back office shows a code's status.
import type { DiscountDisplayStatus } from "../discounts.ts";
import type { Tone } from "../status.ts";

/** admin.md section 4 names the display statuses but gives them no colours: a live code green, one used up yellow, an expired one red, a switched-off one grey. */
const DISCOUNT_STATUS_TONES: Record<DiscountDisplayStatus, Tone> = { Active: "green", "Used Up": "yellow", Expired: "red", Inactive: "gray" };

export function discountStatusTone(status: DiscountDisplayStatus): Tone {
  return DISCOUNT_STATUS_TONES[status];
}
