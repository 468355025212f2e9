import { describe, expect, it } from "vitest";
import { confirmation } from "./messages/orders.ts";
import { isRefundReason, paymentArrival, refundedMailReason, refundedMessage, REFUND_REASONS } from "./payment-refusals.ts";

describe("a payment arriving for an order (decision 013)", () => {
  it("applies a pending order and leaves paid or refunded orders as they are", () => {
    expect(paymentArrival({ status: "pending", paymentStatus: "pending" })).toBe("apply");
    expect(paymentArrival({ status: "processing", paymentStatus: "paid" })).toBe("already-paid");
    expect(paymentArrival({ status: "processing", paymentStatus: "partially_refunded" })).toBe("already-paid");
    expect(paymentArrival({ status: "cancelled", paymentStatus: "refunded" })).toBe("already-refunded");
  });

  it("never revives a cancelled or failed order (issue 10, item 13)", () => {
    expect(paymentArrival({ status: "cancelled", paymentStatus: "failed" })).toBe("refuse-cancelled");
    expect(paymentArrival({ status: "cancelled", paymentStatus: "pending" })).toBe("refuse-cancelled");
    expect(paymentArrival({ status: "pending", paymentStatus: "failed" })).toBe("refuse-cancelled");
  });
});

describe("telling the shopper why (issue 10, item 12)", () => {
  it("words every reason on the confirmation page and in the e-mail", () => {
    expect(refundedMessage("sold-out")).toBe(confirmation.soldOutRefunded);
    expect(refundedMessage("discount-used-up")).toBe(confirmation.discountUsedUpRefunded);
    expect(refundedMessage("paid-after-cancel")).toBe(confirmation.cancelledOrderRefunded);
    for (const reason of REFUND_REASONS) {
      expect(refundedMessage(reason)).toContain("refunded in full");
      expect(refundedMailReason(reason).length).toBeGreaterThan(20);
    }
    expect(refundedMailReason("sold-out")).toContain("sold out");
  });

  it("knows its reasons", () => {
    expect(isRefundReason("sold-out")).toBe(true);
    expect(isRefundReason("other")).toBe(false);
    expect(isRefundReason(null)).toBe(false);
  });
});
