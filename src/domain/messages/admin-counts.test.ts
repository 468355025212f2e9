// Counts in the back office read as English at one: "1 customers" on a shop's first sale looks broken.
import { describe, expect, it } from "vitest";
import { adminCustomers, adminOrders, adminPayments } from "./admin.ts";

describe("back-office list counts", () => {
  it("say 'the only customer' and 'the only transaction' when there is one", () => {
    expect(adminCustomers.showing(1, 1, 1, "1")).toBe("Showing the only customer");
    expect(adminPayments.showing(1, 1, 1, "1")).toBe("Showing the only transaction");
  });

  it("keep the range and the formatted total when there are more", () => {
    expect(adminCustomers.showing(25, 48, 1200, "1,200")).toBe("Showing 25-48 of 1,200 customers, highest spend first");
    expect(adminPayments.showing(1, 2, 2, "2")).toBe("Showing 1-2 of 2 transactions, newest first");
  });

  it("say when a customer's orders go on past this page of the Orders list", () => {
    expect(adminOrders.groupOrderCount(1, 1)).toBe("1 order");
    expect(adminOrders.groupOrderCount(3, 3)).toBe("3 orders");
    expect(adminOrders.groupOrderCount(4, 2)).toBe("4 orders, 2 on this page");
  });
});
