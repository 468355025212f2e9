// The discount codes table (admin.md section 2: Code, Description, Type, Value, Used/Limit,
// Status, Actions). On a phone each row stacks into a card with its column names beside the
// values; it stays one table for screen readers.
import { Link } from "react-router";
import { Pencil, Trash2 } from "lucide-react";
import { formatAdminDateTime } from "../../../../domain/admin/dates.ts";
import { discountStatusTone } from "../../../../domain/admin/discount-status.ts";
import { discountTypeLabel, discountValueText, usageText, type DiscountDisplayStatus } from "../../../../domain/discounts.ts";
import { adminDiscounts } from "../../../../domain/messages/admin-discounts.ts";
import { formatGbp } from "../../../../domain/money.ts";
import { poundsToPence } from "../../../../domain/pounds-input.ts";
import type { AdminDiscount } from "../../../../server/admin/discounts/admin-discounts.server.ts";
import { ToneBadge } from "../../status-badge.tsx";
import { adminButton } from "../ui/admin-ui.tsx";

export function DiscountStatusBadge({ status }: { status: DiscountDisplayStatus }) {
  return (
    <ToneBadge tone={discountStatusTone(status)} className="whitespace-nowrap">
      {status}
    </ToneBadge>
  );
}

const pence = (pounds: number) => poundsToPence(pounds) ?? 0;

// Below the sm breakpoint a cell is a row of the card: its column name on the left.
const cell = "flex items-start justify-between gap-3 px-3 py-1 sm:table-cell sm:px-3 sm:py-2 sm:align-top before:text-xs before:font-medium before:text-gray-600 before:content-[attr(data-label)] sm:before:content-none";

export function DiscountsTable({ items, onEdit, onRemove }: { items: AdminDiscount[]; onEdit: (discount: AdminDiscount) => void; onRemove: (discount: AdminDiscount) => void }) {
  const { columns } = adminDiscounts;
  return (
    <div className="overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm">
      <table className="block w-full text-sm sm:table">
        <thead className="sr-only sm:not-sr-only sm:table-header-group sm:bg-gray-50">
          <tr className="sm:border-b sm:border-gray-200">
            {[columns.code, columns.description, columns.type, columns.value, columns.usage, columns.status].map((name) => (
              <th key={name} scope="col" className="px-3 py-2 text-left text-xs font-semibold text-gray-700">
                {name}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right text-xs font-semibold text-gray-700">
              {columns.actions}
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-gray-200 sm:table-row-group">
          {items.map((discount) => {
            const value = discountValueText({ type: discount.discount_type, value: discount.discount_type === "fixed" ? pence(discount.discount_value) : discount.discount_value });
            return (
              <tr key={discount.id} className="block py-2 sm:table-row sm:py-0" data-code={discount.code}>
                <th scope="row" data-label={columns.code} className={`${cell} text-left font-normal`}>
                  <div className="min-w-0 text-right sm:text-left">
                    <p className="break-all font-mono text-sm font-semibold text-gray-900">{discount.code}</p>
                    {discount.min_order_amount !== null ? (
                      <p className="text-xs text-gray-600">{adminDiscounts.minimum(formatGbp(pence(discount.min_order_amount)))}</p>
                    ) : null}
                    {discount.expires_at !== null ? (
                      <p className="text-xs text-gray-600">
                        {(discount.status === "Expired" ? adminDiscounts.expired : adminDiscounts.expires)(formatAdminDateTime(discount.expires_at))}
                      </p>
                    ) : null}
                  </div>
                </th>
                <td data-label={columns.description} className={`${cell} text-gray-800`}>
                  <span className="min-w-0 break-words text-right sm:text-left">{discount.description ?? "—"}</span>
                </td>
                <td data-label={columns.type} className={`${cell} whitespace-nowrap text-gray-800`}>
                  {discountTypeLabel(discount.discount_type)}
                </td>
                <td data-label={columns.value} className={`${cell} whitespace-nowrap font-medium text-gray-900`}>
                  {value}
                </td>
                <td data-label={columns.usage} className={`${cell} whitespace-nowrap tabular-nums text-gray-800`}>
                  <span className="text-right sm:text-left">
                    {usageText(discount.used_count, discount.usage_limit)}
                    {discount.orders_count > 0 ? (
                      <Link to={`/admin/orders?search=${encodeURIComponent(discount.code)}`} className="flex min-h-11 items-center justify-end text-xs text-gray-700 underline underline-offset-2 sm:block sm:min-h-0" data-used-on>
                        {adminDiscounts.usedOn(discount.orders_count, discount.unpaid_orders_count)}
                      </Link>
                    ) : null}
                  </span>
                </td>
                <td data-label={columns.status} className={cell}>
                  <DiscountStatusBadge status={discount.status} />
                </td>
                <td className="flex justify-end gap-2 px-3 pb-1 pt-2 sm:table-cell sm:py-2 sm:text-right">
                  <span className="inline-flex gap-2">
                    <button type="button" className={adminButton.secondary} onClick={() => onEdit(discount)} aria-label={adminDiscounts.editLabel(discount.code)}>
                      <Pencil aria-hidden className="h-4 w-4" />
                      {adminDiscounts.edit}
                    </button>
                    <button type="button" className={`${adminButton.secondary} text-red-800`} onClick={() => onRemove(discount)} aria-label={adminDiscounts.deleteLabel(discount.code)} data-removes={discount.id}>
                      <Trash2 aria-hidden className="h-4 w-4" />
                      {adminDiscounts.delete}
                    </button>
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
