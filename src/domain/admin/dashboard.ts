// What the admin dashboard shows and how each figure is defined (admin.md section 2 "Admin
// dashboard", section 7 "Dashboard", section 9). The spec names six cards without saying which;
// these are the six an owner asks first, each counted in SQL (src/server/admin/dashboard/).
import { adminDashboard, adminOrders } from "../messages/admin.ts";
import { orderFilterSearch, type OrderListShow } from "./order-filters.ts";

/** admin.md section 9: "Dashboard refetch every 30 seconds; 5 recent orders." */
export const DASHBOARD_REFRESH_MS = 30_000;
export const RECENT_ORDERS_LIMIT = 5;

/** The chart's span: today and the 29 days before it, by the calendar in London. */
export const CHART_DAYS = 30;
export const SHOP_TIME_ZONE = "Europe/London";

export type DashboardFigures = {
  revenuePence: number;
  paidOrders: number;
  awaitingFulfilment: number;
  averageOrderValuePence: number;
  /** E-mail addresses with at least one paid order. */
  customers: number;
  /** E-mail addresses whose orders were never paid or were refunded in full. */
  customersNotPaying: number;
  activeProducts: number;
  totalProducts: number;
};

export type StatCard = { key: string; label: string; value: string; explanation: string; href?: string };

/** The six cards in the order they are shown, with what each counts in one line. */
export function dashboardStatCards(figures: DashboardFigures, formatMoney: (pence: number) => string): StatCard[] {
  const texts = adminDashboard.stats;
  return [
    { key: "revenue", label: texts.revenue.label, value: formatMoney(figures.revenuePence), explanation: texts.revenue.explanation },
    // Each order figure links to the list of exactly the orders it counts.
    { key: "orders", label: texts.orders.label, value: count(figures.paidOrders), explanation: texts.orders.explanation, href: `/admin/orders${orderFilterSearch({ show: "paid" })}` },
    {
      key: "awaiting",
      label: texts.awaiting.label,
      value: count(figures.awaitingFulfilment),
      explanation: texts.awaiting.explanation,
      href: `/admin/orders${orderFilterSearch({ show: "awaiting-fulfilment" })}`,
    },
    { key: "aov", label: texts.averageOrderValue.label, value: formatMoney(figures.averageOrderValuePence), explanation: texts.averageOrderValue.explanation },
    { key: "customers", label: texts.customers.label, value: count(figures.customers), explanation: texts.customers.explanation(figures.customersNotPaying, count(figures.customersNotPaying)), href: "/admin/customers" },
    {
      key: "products",
      label: texts.products.label,
      value: `${count(figures.activeProducts)} / ${count(figures.totalProducts)}`,
      explanation: texts.products.explanation,
      href: "/admin/products",
    },
  ];
}

/** What the Orders list says it shows when a Dashboard figure's link opened it: the figure's own explanation. */
export function orderListShowText(show: OrderListShow): { title: string; explanation: string } {
  const stats = adminDashboard.stats;
  return show === "paid" ? { title: adminOrders.showPaid, explanation: stats.orders.explanation } : { title: stats.awaiting.label, explanation: stats.awaiting.explanation };
}

/** Whole numbers with thousands separators, the same on the server and in every browser. */
export function count(value: number): string {
  const sign = value < 0 ? "-" : "";
  return sign + String(Math.abs(Math.trunc(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export type DayFigures = { day: string; paidOrders: number; revenuePence: number };

/**
 * The `days` calendar days ending with `today` (ISO dates, oldest first), each with its figures
 * or zeros: a day without sales is a gap in the chart, not a missing bar.
 */
export function fillDays(today: string, days: number, known: readonly DayFigures[]): DayFigures[] {
  const byDay = new Map(known.map((entry) => [entry.day, entry]));
  const end = Date.parse(`${today}T00:00:00Z`);
  if (Number.isNaN(end)) throw new RangeError(`not an ISO date: ${today}`);
  const result: DayFigures[] = [];
  for (let offset = days - 1; offset >= 0; offset--) {
    const day = new Date(end - offset * 86_400_000).toISOString().slice(0, 10);
    result.push(byDay.get(day) ?? { day, paidOrders: 0, revenuePence: 0 });
  }
  return result;
}

/**
 * A round top for a chart's axis and its evenly spaced ticks (0 included): 1, 2 or 5 times a
 * power of ten per step, so the labels read as people write them (0, 50, 100, 150, 200).
 * `minStep` is the smallest step the labels can show apart (1 order, 100 pence for whole pounds):
 * below it two ticks would read the same ("0, 0, 1").
 */
export function niceScale(max: number, { targetTicks = 4, minStep = 0 }: { targetTicks?: number; minStep?: number } = {}): { top: number; ticks: number[] } {
  if (!Number.isFinite(max) || max <= 0) return { top: Math.max(1, minStep), ticks: [0, Math.max(1, minStep)] };
  const rough = Math.max(max / targetTicks, minStep);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= top + step / 2; value += step) ticks.push(Math.round(value * 1e6) / 1e6);
  return { top, ticks };
}
