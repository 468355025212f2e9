import { describe, expect, it } from "vitest";
import { formatOrderDate } from "./order-card.tsx";

describe("formatOrderDate", () => {
  it("dates an order by the shop's clock, as the back office does: London summer time moves a late order to the next day", () => {
    expect(formatOrderDate("2026-07-14T23:30:00.000Z")).toBe("15 July 2026");
    expect(formatOrderDate("2026-11-29T23:30:00.000Z")).toBe("29 November 2026");
    expect(formatOrderDate("2025-03-05T09:00:00.000Z")).toBe("5 March 2025");
  });
});
