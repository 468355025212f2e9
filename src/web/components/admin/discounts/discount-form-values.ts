// A code as its edit dialog shows it: the text of each field (the dialog's starting values, and
// those it takes from the code as it is now when someone else saved it meanwhile), and each value
// as a sentence reads it (what someone else changed a field to).
import { formatAdminDateTime } from "../../../../domain/admin/dates.ts";
import { expiryDateField, type DiscountField } from "../../../../domain/admin/discount-form.ts";
import { discountTypeLabel, discountValueText } from "../../../../domain/discounts.ts";
import { adminDiscounts } from "../../../../domain/messages/admin-discounts.ts";
import { formatGbp } from "../../../../domain/money.ts";
import { poundsToPence } from "../../../../domain/pounds-input.ts";
import type { AdminDiscount } from "../../../../server/admin/discounts/admin-discounts.server.ts";

type Shown = Pick<AdminDiscount, DiscountField>;

/** What each text field of the dialog shows for the code (the type and the Active switch are not text). */
export function discountFieldText(discount: Shown | undefined, field: Exclude<DiscountField, "discount_type" | "is_active">): string {
  if (!discount) return "";
  switch (field) {
    case "code":
      return discount.code;
    case "description":
      return discount.description ?? "";
    case "discount_value":
      return String(discount.discount_value);
    case "min_order_amount":
      return discount.min_order_amount !== null ? discount.min_order_amount.toFixed(2) : "";
    case "usage_limit":
      return discount.usage_limit !== null ? String(discount.usage_limit) : "";
    case "expires_at":
      return expiryDateField(discount.expires_at);
  }
}

const pence = (pounds: number) => poundsToPence(pounds) ?? 0;

/** A field's value as a sentence names it: “Winter sale”, £50.00, unlimited, off. */
export function discountValueInWords(discount: Shown, field: DiscountField): string {
  switch (field) {
    case "code":
      return discount.code;
    case "description":
      return discount.description ? `“${discount.description}”` : adminDiscounts.noValue;
    case "discount_type":
      return discountTypeLabel(discount.discount_type);
    case "discount_value":
      return discountValueText({ type: discount.discount_type, value: discount.discount_type === "fixed" ? pence(discount.discount_value) : discount.discount_value });
    case "min_order_amount":
      return discount.min_order_amount !== null ? formatGbp(pence(discount.min_order_amount)) : adminDiscounts.noMinimum;
    case "usage_limit":
      return discount.usage_limit !== null ? String(discount.usage_limit) : adminDiscounts.unlimitedUses;
    case "expires_at":
      return discount.expires_at !== null ? formatAdminDateTime(discount.expires_at) : adminDiscounts.noExpiry;
    case "is_active":
      return discount.is_active ? adminDiscounts.on : adminDiscounts.off;
  }
}
