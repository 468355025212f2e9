import { describe, expect, it } from "vitest";
import { PAYMENT_STATUSES } from "../status.ts";
import { FULFILMENT_DONE_STATUSES, FULFILMENT_OWED_PAYMENT_STATUSES, isAwaitingFulfilment, isFulfilmentDone, isRefundedButOpen, owesFulfilment } from "./fulfilment.ts";

describe("owesFulfilment", () => {
  it("is a payment the shop has taken and not given back in full", () => {
    expect(owesFulfilment("paid")).toBe(true);
    // Refunded in part: the rest of the order still has to go out.
    expect(owesFulfilment("partially_refunded")).toBe(true);
    for (const paymentStatus of ["pending", "failed", "refunded", ""]) {
      expect(owesFulfilment(paymentStatus), paymentStatus).toBe(false);
    }
  });

  it("answers for exactly the listed payment statuses (the SQL filter's list)", () => {
    expect(PAYMENT_STATUSES.filter(owesFulfilment)).toEqual([...FULFILMENT_OWED_PAYMENT_STATUSES]);
  });
});

describe("isFulfilmentDone", () => {
  it("is shipped, delivered, completed (the old word for delivered) or cancelled", () => {
    for (const status of FULFILMENT_DONE_STATUSES) expect(isFulfilmentDone(status), status).toBe(true);
    for (const status of ["pending", "processing", ""]) expect(isFulfilmentDone(status), status).toBe(false);
  });

  it("reads a stray capital or space in old data as the status it spells", () => {
    expect(isFulfilmentDone(" Shipped ")).toBe(true);
    expect(isFulfilmentDone("CANCELLED")).toBe(true);
    expect(isFulfilmentDone(" Processing")).toBe(false);
  });
});

describe("isAwaitingFulfilment", () => {
  it("is a paid order not yet shipped, delivered or cancelled", () => {
    expect(isAwaitingFulfilment({ paymentStatus: "paid", status: "processing" })).toBe(true);
    expect(isAwaitingFulfilment({ paymentStatus: "paid", status: "pending" })).toBe(true);
    for (const status of ["shipped", "delivered", "completed", "cancelled", " Shipped "]) {
      expect(isAwaitingFulfilment({ paymentStatus: "paid", status }), status).toBe(false);
    }
    expect(isAwaitingFulfilment({ paymentStatus: "pending", status: "processing" })).toBe(false);
    expect(isAwaitingFulfilment({ paymentStatus: "refunded", status: "processing" })).toBe(false);
    // Refunded in part: the rest of the order still has to go out.
    expect(isAwaitingFulfilment({ paymentStatus: "partially_refunded", status: "processing" })).toBe(true);
  });
});

describe("isRefundedButOpen", () => {
  it("is an order refunded in full whose status still says it is to be sent", () => {
    expect(isRefundedButOpen({ paymentStatus: "refunded", status: "processing" })).toBe(true);
    expect(isRefundedButOpen({ paymentStatus: "refunded", status: "pending" })).toBe(true);
    // Sent already (the goods come back as a return), or cancelled: nothing to ask.
    for (const status of ["shipped", "delivered", "completed", "cancelled", " Cancelled "]) {
      expect(isRefundedButOpen({ paymentStatus: "refunded", status }), status).toBe(false);
    }
    // Money still held, or never taken: the order is not settled by a refund.
    for (const paymentStatus of ["paid", "partially_refunded", "pending", "failed"]) {
      expect(isRefundedButOpen({ paymentStatus, status: "processing" }), paymentStatus).toBe(false);
    }
  });
});
