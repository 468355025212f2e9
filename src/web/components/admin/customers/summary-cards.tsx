// admin.md section 2: "Four summary cards: Total Customers, Total Revenue, Avg Order Value, Total
// Orders (amounts with the pound sign)", each saying what it counts.
import { count } from "../../../../domain/admin/dashboard.ts";
import { adminCustomers as texts } from "../../../../domain/messages/admin.ts";
import { formatGbp } from "../../../../domain/money.ts";
import type { CustomerSummary } from "../../../../server/admin/customers/customers.server.ts";

export function CustomerSummaryCards({ summary }: { summary: CustomerSummary }) {
  const cards = [
    { key: "customers", label: texts.totalCustomers, value: count(summary.totalCustomers), note: texts.summaryNotes.totalCustomers(summary.customersNotPaying, count(summary.customersNotPaying)) },
    { key: "revenue", label: texts.totalRevenue, value: formatGbp(summary.totalRevenuePence), note: texts.summaryNotes.totalRevenue },
    { key: "aov", label: texts.avgOrderValue, value: formatGbp(summary.averageOrderValuePence), note: texts.summaryNotes.avgOrderValue },
    { key: "orders", label: texts.totalOrders, value: count(summary.totalOrders), note: texts.summaryNotes.totalOrders },
  ];
  return (
    <dl data-figures className="grid grid-cols-1 gap-3 min-[22.5rem]:grid-cols-2 lg:grid-cols-4">
      {cards.map((card) => (
        <div key={card.key} data-summary={card.key} className="flex flex-col rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
          <dt className="order-1 text-sm font-medium text-gray-700">{card.label}</dt>
          <dd className="order-2 mt-1 text-2xl font-semibold tabular-nums tracking-tight text-gray-900">{card.value}</dd>
          <dd className="order-3 mt-1 text-xs leading-snug text-gray-600">{card.note}</dd>
        </div>
      ))}
    </dl>
  );
}
