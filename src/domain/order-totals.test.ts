import { describe, expect, it } from "vitest";
import { orderTotals } from "./order-totals.ts";

describe("orderTotals", () => {
  it("takes the discount off the goods and adds shipping after it", () => {
    expect(orderTotals(10_000, 1_000, 2_500)).toEqual({ subtotal: 10_000, discount: 1_000, shipping: 2_500, total: 11_500 });
  });

  it("never discounts more than the goods, so shipping is always paid", () => {
    expect(orderTotals(1_000, 5_000, 2_500)).toEqual({ subtotal: 1_000, discount: 1_000, shipping: 2_500, total: 2_500 });
    expect(orderTotals(1_000, -50, 0).total).toBe(1_000);
  });
});
