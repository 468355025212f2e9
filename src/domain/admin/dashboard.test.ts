import { describe, expect, it } from "vitest";
import { adminDashboard } from "../messages/admin.ts";
import { formatGbp } from "../money.ts";
import { CHART_DAYS, count, dashboardStatCards, DASHBOARD_REFRESH_MS, fillDays, niceScale, RECENT_ORDERS_LIMIT } from "./dashboard.ts";
import { formatAdminDate, formatAdminDateTime, formatChartDay } from "./dates.ts";

describe("dashboard constants (admin.md section 9)", () => {
  it("refetches every 30 seconds and shows 5 recent orders over a 30-day chart", () => {
    expect(DASHBOARD_REFRESH_MS).toBe(30_000);
    expect(RECENT_ORDERS_LIMIT).toBe(5);
    expect(CHART_DAYS).toBe(30);
  });
});

describe("dashboardStatCards", () => {
  it("gives six cards, each with a value in pounds or a count and a one-line explanation", () => {
    const cards = dashboardStatCards(
      { revenuePence: 123_456_78, paidOrders: 1234, awaitingFulfilment: 7, averageOrderValuePence: 10_005, customers: 40_000, customersNotPaying: 1_250, activeProducts: 95, totalProducts: 103 },
      formatGbp,
    );
    expect(cards.map((c) => [c.label, c.value])).toEqual([
      [adminDashboard.stats.revenue.label, "£123,456.78"],
      [adminDashboard.stats.orders.label, "1,234"],
      [adminDashboard.stats.awaiting.label, "7"],
      [adminDashboard.stats.averageOrderValue.label, "£100.05"],
      [adminDashboard.stats.customers.label, "40,000"],
      [adminDashboard.stats.products.label, "95 / 103"],
    ]);
    for (const card of cards) expect(card.explanation.length).toBeGreaterThan(10);
    // Buyers are counted, as the revenue and orders beside them count paid orders; the others are said.
    expect(cards.find((card) => card.key === "customers")?.explanation).toBe(
      "Different e-mail addresses with at least one paid order. 1,250 more have orders never paid or refunded in full, listed but not counted.",
    );
    expect(cards.map((c) => c.value).join(" ")).not.toContain("₵");
  });

  it("links each order figure to the list of exactly the orders it counts", () => {
    const cards = dashboardStatCards({ revenuePence: 0, paidOrders: 17, awaitingFulfilment: 12, averageOrderValuePence: 0, customers: 0, customersNotPaying: 0, activeProducts: 0, totalProducts: 0 }, formatGbp);
    const href = (key: string) => cards.find((card) => card.key === key)?.href;
    expect(href("orders")).toBe("/admin/orders?show=paid");
    expect(href("awaiting")).toBe("/admin/orders?show=awaiting-fulfilment");
  });
});

describe("count", () => {
  it("writes thousands with commas", () => {
    expect(count(0)).toBe("0");
    expect(count(999)).toBe("999");
    expect(count(1000)).toBe("1,000");
    expect(count(1234567)).toBe("1,234,567");
    expect(count(-4500)).toBe("-4,500");
  });
});

describe("fillDays", () => {
  it("lists the days ending today, oldest first, with zeros for days without sales", () => {
    const days = fillDays("2026-03-02", 4, [{ day: "2026-02-28", paidOrders: 2, revenuePence: 5_000 }]);
    expect(days).toEqual([
      { day: "2026-02-27", paidOrders: 0, revenuePence: 0 },
      { day: "2026-02-28", paidOrders: 2, revenuePence: 5_000 },
      { day: "2026-03-01", paidOrders: 0, revenuePence: 0 },
      { day: "2026-03-02", paidOrders: 0, revenuePence: 0 },
    ]);
  });
  it("crosses the clock change without losing or repeating a day", () => {
    const days = fillDays("2026-03-31", 5, []).map((d) => d.day);
    expect(days).toEqual(["2026-03-27", "2026-03-28", "2026-03-29", "2026-03-30", "2026-03-31"]);
  });
});

describe("niceScale", () => {
  it("rounds the top up to a step of 1, 2 or 5 times a power of ten", () => {
    expect(niceScale(180)).toEqual({ top: 200, ticks: [0, 50, 100, 150, 200] });
    expect(niceScale(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(niceScale(1_234_567)).toEqual({ top: 1_500_000, ticks: [0, 500_000, 1_000_000, 1_500_000] });
  });
  it("draws an empty chart on a 0 to 1 axis", () => {
    expect(niceScale(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(niceScale(0, { minStep: 100 })).toEqual({ top: 100, ticks: [0, 100] });
  });
  it("never steps below what the labels can tell apart: whole orders, whole pounds", () => {
    expect(niceScale(1)).toEqual({ top: 1, ticks: [0, 0.5, 1] });
    expect(niceScale(1, { minStep: 1 })).toEqual({ top: 1, ticks: [0, 1] });
    expect(niceScale(3, { minStep: 1 })).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(niceScale(150, { minStep: 100 })).toEqual({ top: 200, ticks: [0, 100, 200] });
    expect(niceScale(180_00, { minStep: 100 })).toEqual({ top: 200_00, ticks: [0, 50_00, 100_00, 150_00, 200_00] });
  });
});

describe("admin dates (London calendar)", () => {
  it("formats dates and times in London time", () => {
    expect(formatAdminDate("2026-07-01T23:30:00Z")).toBe("2 Jul 2026");
    expect(formatAdminDateTime("2026-07-01T23:30:00Z")).toBe("2 Jul 2026, 00:30");
    expect(formatAdminDateTime("2026-01-15T09:05:00Z")).toBe("15 Jan 2026, 09:05");
    expect(formatChartDay("2026-11-23")).toBe("23 Nov");
    // The hour BST begins and ends: 01:00 UTC on the last Sundays of March and October.
    expect(formatAdminDateTime("2026-03-29T00:59:00Z")).toBe("29 Mar 2026, 00:59");
    expect(formatAdminDateTime("2026-03-29T01:00:00Z")).toBe("29 Mar 2026, 02:00");
    expect(formatAdminDateTime("2026-10-25T00:59:00Z")).toBe("25 Oct 2026, 01:59");
    expect(formatAdminDateTime("2026-10-25T01:00:00Z")).toBe("25 Oct 2026, 01:00");
  });

  it("shows nothing for a date that cannot be read", () => {
    expect(formatAdminDate("not a date")).toBe("");
    expect(formatAdminDateTime("not a date")).toBe("");
  });
});
