// Everything below the dashboard's header: the six figures, then the 30-day chart and the newest
// orders, or the empty state of a shop that has no orders yet.
import { dashboardStatCards } from "../../../../domain/admin/dashboard.ts";
import { adminDashboard as texts } from "../../../../domain/messages/admin.ts";
import { formatGbp } from "../../../../domain/money.ts";
import type { Dashboard } from "../../../../server/admin/dashboard/dashboard.server.ts";
import { RecentOrders } from "./recent-orders.tsx";
import { SalesChart } from "./sales-chart.tsx";
import { StatCards } from "./stat-cards.tsx";

export function DashboardBody({ dashboard }: { dashboard: Dashboard }) {
  return (
    <>
      <StatCards cards={dashboardStatCards(dashboard.figures, formatGbp)} />
      {dashboard.recentOrders.length === 0 ? (
        <section className="rounded-lg border border-dashed border-gray-300 bg-white px-4 py-12 text-center" data-empty="dashboard">
          <h2 className="text-base font-semibold text-gray-900">{texts.noOrders}</h2>
          <p className="mx-auto mt-1 max-w-md text-sm text-gray-600">{texts.noOrdersBody}</p>
        </section>
      ) : (
        <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
          <SalesChart days={dashboard.days} />
          <RecentOrders orders={dashboard.recentOrders} />
        </div>
      )}
    </>
  );
}
