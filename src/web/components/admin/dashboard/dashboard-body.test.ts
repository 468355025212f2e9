// The dashboard as the server renders it: the empty state of a shop without orders (which the
// shared e2e server, full of other journeys' orders, cannot show) and the chart's accessible SVG.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { CHART_DAYS, fillDays } from "../../../../domain/admin/dashboard.ts";
import { adminDashboard } from "../../../../domain/messages/admin.ts";
import type { Dashboard } from "../../../../server/admin/dashboard/dashboard.server.ts";
import { DashboardBody } from "./dashboard-body.tsx";

const render = (dashboard: Dashboard) => renderToString(createElement(MemoryRouter, null, createElement(DashboardBody, { dashboard })));
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ");

const empty: Dashboard = {
  figures: { revenuePence: 0, paidOrders: 0, awaitingFulfilment: 0, averageOrderValuePence: 0, customers: 0, customersNotPaying: 0, activeProducts: 95, totalProducts: 103 },
  recentOrders: [],
  days: fillDays("2026-11-23", CHART_DAYS, []),
  generatedAt: "2026-11-23T10:00:00.000Z",
};

/** A shop whose only sales: `paidOrders` orders worth `revenuePence` on 22 Nov, one customer each, the last listed. */
const withSales = (revenuePence: number, paidOrders: number, order: { id: string; number: string; customerName: string; customerEmail: string }): Dashboard => ({
  ...empty,
  figures: { ...empty.figures, revenuePence, paidOrders, averageOrderValuePence: revenuePence / paidOrders, customers: paidOrders },
  days: fillDays("2026-11-23", CHART_DAYS, [{ day: "2026-11-22", paidOrders, revenuePence }]),
  recentOrders: [{ ...order, totalPence: revenuePence, status: "processing", paymentStatus: "paid", createdAt: "2026-11-22T12:00:00.000Z" }],
});

describe("dashboard body", () => {
  it("shows the six figures at zero and the empty state when there are no orders", () => {
    const html = render(empty);
    expect(html).toContain('data-empty="dashboard"');
    expect(text(html)).toContain(adminDashboard.noOrders);
    expect(text(html)).toContain(adminDashboard.noOrdersBody);
    expect(html.match(/data-stat=/g)).toHaveLength(6);
    expect(text(html)).toContain("Revenue £0.00");
    expect(text(html)).toContain("95 / 103");
    expect(html).not.toContain("<svg");
  });

  it("draws 30 days as titled, described SVG bars with a table of the same figures", () => {
    const html = render(withSales(45_000, 2, { id: "a1b2c3d4-0000-0000-0000-00000000abcd", number: "#0000ABCD", customerName: "Ama Owusu", customerEmail: "ama@example.com" }));
    expect(html).not.toContain('data-empty="dashboard"');
    expect(html.match(/<svg/g)).toHaveLength(2);
    expect(html).toContain('role="img"');
    expect(html).toMatch(/<title id="chart-revenue-title">Revenue \(£450\.00\)<\/title>/);
    expect(html).toContain(adminDashboard.chartDescription("£450.00", 2, "2"));
    expect(html.match(/<rect /g)).toHaveLength(2 * CHART_DAYS);
    expect(html).toContain("<title>22 Nov: £450</title>");
    expect(html.match(/<tr/g)).toHaveLength(CHART_DAYS + 1);
    expect(text(html)).toContain("#0000ABCD");
    expect(html).toContain('data-tone="blue"');
  });

  it("says 1 order, not 1 orders, under the chart of a shop's first sale", () => {
    const html = render(withSales(7_560, 1, { id: "a1b2c3d4-0000-0000-0000-00000000abce", number: "#0000ABCE", customerName: "Ada Lovelace", customerEmail: "ada@example.com" }));
    expect(text(html)).toContain("London time: £75.60 from 1 order in total.");
    expect(text(html)).not.toContain("1 orders");
  });
});
