import { describe, expect, it } from "vitest";
import {
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  adminOrderStatusTone,
  isOrderStatus,
  isPaymentStatus,
  paymentStatusTone,
  statusLabel,
  storefrontOrderStatusTone,
} from "./status.ts";

describe("status values (admin.md section 4)", () => {
  it("offers the five order statuses in order", () => {
    expect(ORDER_STATUSES).toEqual(["pending", "processing", "shipped", "delivered", "cancelled"]);
  });

  it("knows the payment statuses: the spec's three and our refunded and partially refunded", () => {
    expect([...PAYMENT_STATUSES].sort()).toEqual(["failed", "paid", "partially_refunded", "pending", "refunded"]);
  });

  it("recognises valid values only", () => {
    expect(isOrderStatus("shipped")).toBe(true);
    expect(isOrderStatus("completed")).toBe(false); // tolerated for colour, never offered
    expect(isOrderStatus("Shipped")).toBe(false);
    expect(isPaymentStatus("paid")).toBe(true);
    expect(isPaymentStatus("refunded")).toBe(true);
    expect(isPaymentStatus("Paid")).toBe(false);
  });

  it("labels statuses with a capital letter", () => {
    expect(statusLabel("pending")).toBe("Pending");
    expect(statusLabel("CANCELLED")).toBe("Cancelled");
    expect(statusLabel("")).toBe("");
  });

  it("labels a partial refund in words", () => {
    expect(statusLabel("partially_refunded")).toBe("Partially refunded");
  });
});

describe("storefrontOrderStatusTone (storefront.md section 4)", () => {
  it.each([
    ["completed", "green"],
    ["delivered", "green"],
    ["processing", "blue"],
    ["shipped", "blue"],
    ["pending", "yellow"],
    ["", "yellow"],
    [null, "yellow"],
    [undefined, "yellow"],
    ["   ", "yellow"],
    ["cancelled", "red"],
    ["refunded", "red"],
    ["unknown", "red"],
  ] as const)("%s is %s", (status, tone) => {
    expect(storefrontOrderStatusTone(status)).toBe(tone);
  });

  it("ignores case and spaces of stored values", () => {
    expect(storefrontOrderStatusTone("Delivered")).toBe("green");
    expect(storefrontOrderStatusTone(" SHIPPED ")).toBe("blue");
  });
});

describe("adminOrderStatusTone (admin.md section 4)", () => {
  it.each([
    ["completed", "green"],
    ["delivered", "green"],
    ["processing", "blue"],
    ["shipped", "blue"],
    ["cancelled", "red"],
    ["pending", "yellow"],
    ["", "yellow"],
    [null, "yellow"],
    ["refunded", "yellow"],
    ["canceled", "yellow"], // only the spelling the shop stores is red
  ] as const)("%s is %s", (status, tone) => {
    expect(adminOrderStatusTone(status)).toBe(tone);
  });

  it("differs from the storefront for unknown statuses", () => {
    expect(storefrontOrderStatusTone("refunded")).toBe("red");
    expect(adminOrderStatusTone("refunded")).toBe("yellow");
  });
});

describe("paymentStatusTone (admin.md section 4)", () => {
  it.each([
    ["paid", "green"],
    ["pending", "yellow"],
    ["failed", "red"],
    ["refunded", "gray"],
    ["partially_refunded", "gray"],
    ["", "gray"],
    [null, "gray"],
    ["PAID", "green"],
  ] as const)("%s is %s", (status, tone) => {
    expect(paymentStatusTone(status)).toBe(tone);
  });
});
