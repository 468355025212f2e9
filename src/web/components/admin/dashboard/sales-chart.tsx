// Revenue and paid orders per day for the last 30 days, with the same figures as a table for
// screen readers and anyone who wants the numbers.
import { count, type DayFigures } from "../../../../domain/admin/dashboard.ts";
import { formatChartDay } from "../../../../domain/admin/dates.ts";
import { adminDashboard as texts } from "../../../../domain/messages/admin.ts";
import { formatGbp } from "../../../../domain/money.ts";
import { DailyChart } from "./daily-chart.tsx";

/** Axis labels in whole pounds ("£1,200"): pence on an axis are noise. */
function wholePounds(pence: number): string {
  return formatGbp(Math.round(pence / 100) * 100).replace(/\.00$/, "");
}

export function SalesChart({ days }: { days: DayFigures[] }) {
  const revenue = days.reduce((sum, d) => sum + d.revenuePence, 0);
  const orders = days.reduce((sum, d) => sum + d.paidOrders, 0);
  const description = texts.chartDescription(formatGbp(revenue), orders, count(orders));
  return (
    <section aria-labelledby="sales-chart-heading" className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id="sales-chart-heading" className="text-base font-semibold text-gray-900">
        {texts.chartTitle}
      </h2>
      <p className="mt-1 text-xs text-gray-600">{description}</p>
      <div className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-1">
        <DailyChart
          id="chart-revenue"
          title={`${texts.chartRevenue} (${formatGbp(revenue)})`}
          description={description}
          days={days.map((d) => ({ day: d.day, value: d.revenuePence }))}
          format={wholePounds}
          minStep={100}
          barClass="fill-emerald-600"
        />
        <DailyChart
          id="chart-orders"
          title={`${texts.chartOrders} (${count(orders)})`}
          description={description}
          days={days.map((d) => ({ day: d.day, value: d.paidOrders }))}
          format={count}
          minStep={1}
          barClass="fill-sky-600"
        />
      </div>
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer py-3 text-gray-700 hover:text-gray-900 sm:py-0">{texts.chartTable}</summary>
        {/* Focusable so the scrolling table can be read with the keyboard alone. */}
        <div className="mt-2 max-h-72 overflow-auto" tabIndex={0} role="region" aria-label={texts.chartTitle}>
          <table className="w-full text-left text-xs tabular-nums">
            <thead className="sticky top-0 bg-white text-gray-600">
              <tr>
                <th scope="col" className="py-1 pr-4 font-medium">{texts.day}</th>
                <th scope="col" className="py-1 pr-4 text-right font-medium">{texts.chartRevenue}</th>
                <th scope="col" className="py-1 text-right font-medium">{texts.chartOrders}</th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((d) => (
                <tr key={d.day} className="border-t border-gray-100">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    <time dateTime={d.day}>{formatChartDay(d.day)}</time>
                  </th>
                  <td className="py-1 pr-4 text-right">{formatGbp(d.revenuePence)}</td>
                  <td className="py-1 text-right">{count(d.paidOrders)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
