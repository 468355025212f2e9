import { describe, expect, it } from "vitest";
import { isSessionPaid, orderPaymentOutcome, type OrderPaymentFacts } from "./payment-outcome.ts";

const PAID_AT = new Date("2026-05-01T10:00:00Z");
const order = (facts: Partial<OrderPaymentFacts>): OrderPaymentFacts => ({ status: "pending", paymentStatus: "pending", cancelReason: null, paidAt: null, ...facts });

describe("orderPaymentOutcome", () => {
  it("calls an order paid when its payment was taken, even if an admin refunded it later (decision 035)", () => {
    expect(orderPaymentOutcome(order({ status: "processing", paymentStatus: "paid", paidAt: PAID_AT }))).toEqual({ kind: "paid" });
    expect(orderPaymentOutcome(order({ status: "cancelled", paymentStatus: "refunded", paidAt: PAID_AT }))).toEqual({ kind: "paid" });
    expect(orderPaymentOutcome(order({ status: "shipped", paymentStatus: "partially_refunded", paidAt: PAID_AT }))).toEqual({ kind: "paid" });
  });

  it("calls a payment refused after it was taken and given back automatically refunded, with why, not paid (decision 013)", () => {
    // The refusal stamps paidAt too: the reason decides.
    expect(orderPaymentOutcome(order({ status: "cancelled", paymentStatus: "refunded", cancelReason: "sold-out", paidAt: PAID_AT }))).toEqual({ kind: "refunded", reason: "sold-out" });
    expect(orderPaymentOutcome(order({ status: "cancelled", paymentStatus: "refunded", cancelReason: "paid-after-cancel" }))).toEqual({ kind: "refunded", reason: "paid-after-cancel" });
  });

  it("calls a declined, expired or cancelled order failed, and anything else pending", () => {
    expect(orderPaymentOutcome(order({ status: "cancelled", paymentStatus: "failed" }))).toEqual({ kind: "failed" });
    expect(orderPaymentOutcome(order({ status: "pending", paymentStatus: "failed" }))).toEqual({ kind: "failed" });
    expect(orderPaymentOutcome(order({ status: "cancelled", paymentStatus: "pending" }))).toEqual({ kind: "failed" });
    // Refunded without having been paid and without a reason: nothing the shopper paid for.
    expect(orderPaymentOutcome(order({ status: "cancelled", paymentStatus: "refunded" }))).toEqual({ kind: "failed" });
    expect(orderPaymentOutcome(order({}))).toEqual({ kind: "pending" });
  });
});

describe("isSessionPaid", () => {
  it("is true when the provider took the money or had nothing to take", () => {
    expect(isSessionPaid({ paymentStatus: "paid" })).toBe(true);
    expect(isSessionPaid({ paymentStatus: "no_payment_required" })).toBe(true);
    expect(isSessionPaid({ paymentStatus: "unpaid" })).toBe(false);
    expect(isSessionPaid({ paymentStatus: "refunded" })).toBe(false);
  });
});
