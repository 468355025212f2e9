// admin.md section 2: "Four summary cards: Total Customers, Total Revenue, Avg Order Value, Total
// Orders (amounts with the pound sign)", each saying what it counts.
import { count } from "../../../../domain/admin/dashboard.ts";
import { adminCustomers as texts } from "../../../../domain/messages/admin.ts";
import { formatGbp } from "../../../../domain/money.ts";
import type { CustomerSummary } from "../../../../server/admin/customers/customers.server.ts";
import { FigureCards } from "../ui/figure-cards.tsx";

export function CustomerSummaryCards({ summary }: { summary: CustomerSummary }) {
  const cards = [
    { key: "customers", label: texts.totalCustomers, value: count(summary.totalCustomers), note: texts.summaryNotes.totalCustomers(summary.customersNotPaying, count(summary.customersNotPaying)) },
    { key: "revenue", label: texts.totalRevenue, value: formatGbp(summary.totalRevenuePence), note: texts.summaryNotes.totalRevenue },
    { key: "aov", label: texts.avgOrderValue, value: formatGbp(summary.averageOrderValuePence), note: texts.summaryNotes.avgOrderValue },
    { key: "orders", label: texts.totalOrders, value: count(summary.totalOrders), note: texts.summaryNotes.totalOrders },
  ];
  return <FigureCards cards={cards} />;
}
