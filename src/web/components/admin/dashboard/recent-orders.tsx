// The 5 newest orders (admin.md section 2 "Admin dashboard"): number, customer, total, status.
import { Link } from "react-router";
import { formatAdminDateTime } from "../../../../domain/admin/dates.ts";
import { emailForDisplay } from "../../../../domain/email-display.ts";
import { adminDashboard as texts, adminOrders } from "../../../../domain/messages/admin.ts";
import { formatGbp } from "../../../../domain/money.ts";
import { adminOrderStatusTone, paymentStatusTone } from "../../../../domain/status.ts";
import type { RecentOrder } from "../../../../server/admin/dashboard/dashboard.server.ts";
import { StatusBadge } from "../../status-badge.tsx";

export function RecentOrders({ orders }: { orders: RecentOrder[] }) {
  return (
    <section aria-labelledby="recent-orders-heading" className="rounded-lg border border-gray-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 border-b border-gray-200 px-4 py-3">
        <div>
          <h2 id="recent-orders-heading" className="text-base font-semibold text-gray-900">
            {texts.recentOrders}
          </h2>
          <p className="text-xs text-gray-600">{texts.recentOrdersNote}</p>
        </div>
        <Link to="/admin/orders" className="inline-flex min-h-11 shrink-0 items-center text-sm font-medium text-gray-900 underline-offset-2 hover:underline sm:min-h-0">
          {texts.viewAllOrders}
        </Link>
      </div>
      <ul className="divide-y divide-gray-100">
        {orders.map((order) => (
          <li key={order.id} data-order={order.number} className="relative px-4 py-3">
            <div className="flex items-baseline justify-between gap-3">
              {/* The whole row opens the order: a phone's finger needs more than the number's 20 px. */}
              <Link to={`/admin/orders/${order.id}`} className="font-mono text-sm font-semibold text-gray-900 underline-offset-2 after:absolute after:inset-0 hover:underline">
                <span className="sr-only">Order </span>
                {order.number}
              </Link>
              <span className="text-sm font-semibold tabular-nums text-gray-900">{formatGbp(order.totalPence)}</span>
            </div>
            {/* The customer has the card's width (beside the badges a name and e-mail were cut to
                "shopper-…" at 1280 px); the date and the badges share the last row, or wrap. */}
            <div className="mt-1 min-w-0 text-sm">
              <div className="truncate text-gray-900">
                <span dir="auto">{order.customerName || emailForDisplay(order.customerEmail) || adminOrders.unknownCustomer}</span>
              </div>
              {order.customerName && order.customerEmail ? (
                <div className="truncate text-xs text-gray-600" title={emailForDisplay(order.customerEmail)}>
                  {emailForDisplay(order.customerEmail)}
                </div>
              ) : null}
            </div>
            <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <time dateTime={order.createdAt} className="text-xs text-gray-600">
                {formatAdminDateTime(order.createdAt)}
              </time>
              <div className="flex flex-wrap gap-1">
                <StatusBadge status={order.status} tone={adminOrderStatusTone(order.status)} kind={texts.orderStatusKind} />
                <StatusBadge status={order.paymentStatus} tone={paymentStatusTone(order.paymentStatus)} kind={texts.paymentStatusKind} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
