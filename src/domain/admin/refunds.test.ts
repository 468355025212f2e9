import { describe, expect, it } from "vitest";
import { adminRefunds } from "../messages/admin.ts";
import {
  isRefundable,
  lineRefundState,
  linesPaidAfterDiscount,
  paymentStatusAfterRefund,
  planRefund,
  readRefundAmount,
  readRefundInput,
  refundableRemainder,
  shippingLeftToRefund,
  suggestedRefundPence,
  unitsBackToStock,
  unitsLeftToRefund,
  type RefundRequest,
} from "./refunds.ts";

const paid = { paymentStatus: "paid", totalAmountPence: 10_000, refundedPence: 0, shippingPence: 500, shippingRefunded: false };
const lines = [
  { id: "a", name: "Oxford Shirt", quantity: 2, restockedQuantity: 0, refundedQuantity: 0 },
  { id: "b", name: "Silk Tie", quantity: 1, restockedQuantity: 1, refundedQuantity: 1 },
];
/** A request as read from the older contract (no units, no shipping), or with them. */
const ask = (amountPence: number, restock: RefundRequest["restock"], more: Partial<RefundRequest> = {}): RefundRequest => ({ amountPence, reason: "x", restock, units: null, shipping: false, ...more });

describe("readRefundAmount", () => {
  it("is the dialog's rule and the server's: a part of a penny is refused, never rounded into an amount it shows", () => {
    expect(readRefundAmount("1.005")).toEqual({ ok: false, message: adminRefunds.amountFormat });
    expect(readRefundInput({ amount: "1.005", reason: "x", restock: false })).toEqual({ ok: false, message: adminRefunds.amountFormat, field: "amount" });
    expect(readRefundAmount("1.00")).toEqual({ ok: true, pence: 100 });
    expect(readRefundAmount(" £1,250.5 ")).toEqual({ ok: true, pence: 125_050 });
    for (const amount of ["", "0", "-2", null, undefined]) expect(readRefundAmount(amount), String(amount)).toEqual({ ok: false, message: adminRefunds.amountInvalid });
  });
});

describe("readRefundInput", () => {
  it("reads pounds as the form shows them", () => {
    expect(readRefundInput({ amount: "12.50", reason: " Damaged ", restock: false })).toEqual({ ok: true, request: { amountPence: 1250, reason: "Damaged", restock: "none", units: null, shipping: false } });
    expect(readRefundInput({ amount: 12.5, reason: "x", restock: true })).toMatchObject({ ok: true, request: { amountPence: 1250, restock: "all" } });
  });

  it("refuses a missing, zero or negative amount, an amount in another format for its format, and an empty reason", () => {
    for (const amount of [0, "0", "-1", -5, "-0.50", "", " ", null, undefined, true]) {
      expect(readRefundInput({ amount, reason: "x", restock: false }), String(amount)).toEqual({ ok: false, message: adminRefunds.amountInvalid, field: "amount" });
    }
    // More than £0.00, but a third decimal, exponent notation, or no amount at all.
    for (const amount of ["1.001", "1e3", "abc", "1,00", "12.505", 10.999]) {
      expect(readRefundInput({ amount, reason: "x", restock: false }), String(amount)).toEqual({ ok: false, message: adminRefunds.amountFormat, field: "amount" });
    }
    expect(readRefundInput({ amount: "1", reason: "  ", restock: false })).toEqual({ ok: false, message: adminRefunds.reasonRequired, field: "reason" });
  });

  it("reads restock lines and drops zero quantities", () => {
    expect(readRefundInput({ amount: "1", reason: "x", restock: [{ itemId: "a", quantity: "1" }, { itemId: "b", quantity: 0 }] })).toMatchObject({
      ok: true,
      request: { restock: [{ itemId: "a", quantity: 1 }] },
    });
    expect(readRefundInput({ amount: "1", reason: "x", restock: [{ itemId: "a", quantity: -1 }] })).toEqual({ ok: false, message: adminRefunds.restockInvalid });
    expect(readRefundInput({ amount: "1", reason: "x", restock: "yes" })).toEqual({ ok: false, message: adminRefunds.restockInvalid });
  });
});

describe("planRefund", () => {
  it("never lets a refund exceed what is left of the payment", () => {
    expect(planRefund({ ...paid, refundedPence: 9_000 }, lines, ask(1_001, "none"))).toEqual({ ok: false, reason: "conflict", message: adminRefunds.amountTooHigh("£10.00"), field: "amount" });
    expect(planRefund({ ...paid, refundedPence: 9_000 }, lines, ask(1_000, "none"))).toMatchObject({ ok: true, paymentStatusAfter: "refunded" });
    expect(planRefund(paid, lines, ask(1, "none"))).toMatchObject({ ok: true, paymentStatusAfter: "partially_refunded" });
  });

  it("refuses orders that hold no payment", () => {
    for (const paymentStatus of ["pending", "failed"]) {
      expect(planRefund({ ...paid, paymentStatus }, lines, ask(1, "none"))).toEqual({ ok: false, reason: "conflict", message: adminRefunds.notRefundable });
    }
    expect(planRefund({ ...paid, paymentStatus: "refunded", refundedPence: 10_000 }, lines, ask(1, "none"))).toEqual({ ok: false, reason: "conflict", message: adminRefunds.nothingLeft });
  });

  it("says a paid £0.00 order had nothing to refund, not that it was refunded in full", () => {
    expect(planRefund({ ...paid, totalAmountPence: 0 }, lines, ask(1, "none"))).toEqual({ ok: false, reason: "conflict", message: adminRefunds.nothingPaid });
  });

  it("puts back only units not already back in stock", () => {
    expect(planRefund(paid, lines, ask(1, "all"))).toMatchObject({ ok: true, restock: [{ itemId: "a", quantity: 2 }] });
    expect(planRefund(paid, lines, ask(1, [{ itemId: "zzz", quantity: 1 }]))).toEqual({ ok: false, reason: "invalid", message: adminRefunds.restockInvalid });
    expect(planRefund(paid, lines, ask(1, [{ itemId: "a", quantity: 3 }]))).toEqual({ ok: false, reason: "invalid", message: adminRefunds.restockInvalid });
  });

  it("says which units went back to stock meanwhile when a restock asks for them again, instead of calling the request wrong", () => {
    // A dialog opened before another admin cancelled the order with its items restocked.
    const cancelled = [{ id: "a", name: "Oxford Shirt", quantity: 2, restockedQuantity: 2, refundedQuantity: 0 }];
    const refused = planRefund(paid, cancelled, ask(5_000, [{ itemId: "a", quantity: 1 }], { units: [{ itemId: "a", quantity: 1 }] }));
    expect(refused).toEqual({ ok: false, reason: "conflict", message: adminRefunds.restockedMeanwhile(2, "Oxford Shirt", 0) });
    expect(adminRefunds.restockedMeanwhile(2, "Oxford Shirt", 0)).toBe(
      "2 units of Oxford Shirt were put back in stock meanwhile (the order was cancelled with its items restocked, or another refund restocked them). Nothing was refunded: refund without restocking them.",
    );
    // One of two back: the other can still go.
    const oneBack = [{ ...cancelled[0]!, restockedQuantity: 1 }];
    expect(planRefund(paid, oneBack, ask(5_000, [{ itemId: "a", quantity: 2 }]))).toEqual({ ok: false, reason: "conflict", message: adminRefunds.restockedMeanwhile(1, "Oxford Shirt", 1) });
    expect(planRefund(paid, lines, ask(1, [{ itemId: "b", quantity: 1 }]))).toEqual({ ok: false, reason: "conflict", message: adminRefunds.restockedMeanwhile(1, "Silk Tie", 0) });
  });
});

describe("what a refund covers", () => {
  // Two shirts (line "a"), one tie (line "b") refunded and back in stock already.
  it("covers the chosen units whether or not they go back to stock, and shipping when asked", () => {
    expect(planRefund(paid, lines, ask(1, "none", { units: [{ itemId: "a", quantity: 1 }] }))).toMatchObject({ ok: true, restock: [], covered: { lines: [{ itemId: "a", quantity: 1 }], shipping: false } });
    expect(planRefund(paid, lines, ask(1, "none", { units: [], shipping: true }))).toMatchObject({ ok: true, covered: { lines: [], shipping: true } });
  });

  it("refuses more units than a line has left to refund, counting those refunded without restock", () => {
    const oneRefunded = [{ id: "a", name: "Oxford Shirt", quantity: 2, restockedQuantity: 0, refundedQuantity: 1 }];
    expect(planRefund(paid, oneRefunded, ask(1, "none", { units: [{ itemId: "a", quantity: 2 }] }))).toEqual({ ok: false, reason: "invalid", message: adminRefunds.unitsTooMany(1) });
    expect(planRefund(paid, oneRefunded, ask(1, "none", { units: [{ itemId: "a", quantity: 1 }] }))).toMatchObject({ ok: true });
    expect(planRefund(paid, lines, ask(1, "none", { units: [{ itemId: "zzz", quantity: 1 }] }))).toEqual({ ok: false, reason: "invalid", message: adminRefunds.unitsInvalid });
  });

  it("refuses shipping an earlier refund covered, or an order without shipping", () => {
    expect(planRefund({ ...paid, shippingRefunded: true }, lines, ask(1, "none", { shipping: true }))).toEqual({ ok: false, reason: "invalid", message: adminRefunds.shippingAlreadyRefunded });
    expect(planRefund({ ...paid, shippingPence: 0 }, lines, ask(1, "none", { shipping: true }))).toEqual({ ok: false, reason: "invalid", message: adminRefunds.noShipping });
  });

  it("with units, restocks only among them: 'all' is the chosen units not on the shelf, more is refused", () => {
    expect(planRefund(paid, lines, ask(1, "all", { units: [{ itemId: "a", quantity: 1 }] }))).toMatchObject({ ok: true, restock: [{ itemId: "a", quantity: 1 }] });
    expect(planRefund(paid, lines, ask(1, [{ itemId: "a", quantity: 2 }], { units: [{ itemId: "a", quantity: 1 }] }))).toEqual({ ok: false, reason: "invalid", message: adminRefunds.restockBeyondUnits });
  });

  it("without units (the older contract), covers the units it puts back, as far as they are left to refund", () => {
    expect(planRefund(paid, lines, ask(1, [{ itemId: "a", quantity: 2 }]))).toMatchObject({ ok: true, covered: { lines: [{ itemId: "a", quantity: 2 }], shipping: false } });
    const refundedNotBack = [{ id: "a", name: "Oxford Shirt", quantity: 2, restockedQuantity: 0, refundedQuantity: 1 }];
    expect(planRefund(paid, refundedNotBack, ask(1, "all"))).toMatchObject({ ok: true, restock: [{ itemId: "a", quantity: 2 }], covered: { lines: [{ itemId: "a", quantity: 1 }] } });
  });

  it("reads units and shipping, and refuses them in another shape", () => {
    expect(readRefundInput({ amount: "1", reason: "x", restock: false, units: [{ itemId: "a", quantity: "2" }], shipping: true })).toMatchObject({
      ok: true,
      request: { units: [{ itemId: "a", quantity: 2 }], shipping: true, restock: "none" },
    });
    expect(readRefundInput({ amount: "1", reason: "x", restock: false, units: "a" })).toEqual({ ok: false, message: adminRefunds.unitsInvalid });
    expect(readRefundInput({ amount: "1", reason: "x", restock: false, shipping: "yes" })).toEqual({ ok: false, message: adminRefunds.shippingNotBoolean });
  });
});

describe("remainder and status", () => {
  it("counts what is left and names the status", () => {
    expect(refundableRemainder({ totalAmountPence: 500, refundedPence: 200 })).toBe(300);
    expect(paymentStatusAfterRefund(500, 500)).toBe("refunded");
    expect(paymentStatusAfterRefund(500, 499)).toBe("partially_refunded");
    expect(isRefundable(paid)).toBe(true);
    expect(isRefundable({ ...paid, paymentStatus: "partially_refunded", refundedPence: 10_000 })).toBe(false);
  });
});

describe("linesPaidAfterDiscount", () => {
  const line = (id: string, lineTotalPence: number) => ({ id, lineTotalPence });

  it("is each line's total when the order had no discount", () => {
    expect([...linesPaidAfterDiscount([line("a", 2660), line("b", 5000)], 0)]).toEqual([
      ["a", 2660],
      ["b", 5000],
    ]);
  });

  it("takes a 15% code off every line, and the lines add up to what was paid for the goods", () => {
    // A £26.60 tie and a £196.00 suit with 15% off: the tie cost £22.61.
    const paid = linesPaidAfterDiscount([line("tie", 2660), line("suit", 19600)], 3339);
    expect(paid.get("tie")).toBe(2261);
    expect(paid.get("suit")).toBe(16660);
    expect(paid.get("tie")! + paid.get("suit")!).toBe(2660 + 19600 - 3339);
  });

  it("gives the pennies rounding leaves to the lines with the largest fractions, never losing one", () => {
    // £1.00 off three equal lines: 33.33... each, one line takes the extra penny.
    const paid = linesPaidAfterDiscount([line("a", 1000), line("b", 1000), line("c", 1000)], 100);
    expect([...paid.values()].sort()).toEqual([966, 967, 967]);
    expect([...paid.values()].reduce((sum, value) => sum + value, 0)).toBe(2900);
  });

  it("never takes more than the goods cost: a discount as large as the subtotal leaves every line at £0.00", () => {
    const paid = linesPaidAfterDiscount([line("a", 500), line("b", 700)], 5000);
    expect([...paid.values()]).toEqual([0, 0]);
  });
});

describe("lineRefundState", () => {
  it("counts the units a refund put back as refunded, and what is left of the line's price", () => {
    expect(lineRefundState({ quantity: 2, refundedQuantity: 1, cancelRestockedQuantity: 0 }, 19_160)).toEqual({ refundedUnits: 1, cancelledUnits: 0, leftUnits: 1, leftPence: 9_580 });
    expect(lineRefundState({ quantity: 2, refundedQuantity: 2, cancelRestockedQuantity: 0 }, 19_160)).toEqual({ refundedUnits: 2, cancelledUnits: 0, leftUnits: 0, leftPence: 0 });
    expect(lineRefundState({ quantity: 3, refundedQuantity: 0, cancelRestockedQuantity: 0 }, 1_000)).toEqual({ refundedUnits: 0, cancelledUnits: 0, leftUnits: 3, leftPence: 1_000 });
  });

  it("counts units refunded without going back to stock as refunded", () => {
    expect(lineRefundState({ quantity: 2, refundedQuantity: 1, cancelRestockedQuantity: 0 }, 10_000)).toEqual({ refundedUnits: 1, cancelledUnits: 0, leftUnits: 1, leftPence: 5_000 });
  });

  it("keeps units a cancel put back apart: back in stock, but their money not refunded", () => {
    expect(lineRefundState({ quantity: 2, refundedQuantity: 1, cancelRestockedQuantity: 1 }, 10_000)).toEqual({ refundedUnits: 1, cancelledUnits: 1, leftUnits: 1, leftPence: 5_000 });
  });

  it("rounds a share of a discounted line to the penny", () => {
    expect(lineRefundState({ quantity: 3, refundedQuantity: 1, cancelRestockedQuantity: 0 }, 1_000).leftPence).toBe(667);
  });
});

describe("suggestedRefundPence", () => {
  const line = (id: string, quantity: number, unitPricePence: number, refundedQuantity = 0, cancelRestockedQuantity = 0) => ({
    id,
    quantity,
    lineTotalPence: quantity * unitPricePence,
    restockedQuantity: refundedQuantity + cancelRestockedQuantity,
    cancelRestockedQuantity,
    refundedQuantity,
  });
  // A shoe £252, a shirt £49, a chambray shirt £44.80, and £4.95 shipping: £350.75 paid.
  const shoe = line("shoe", 1, 25_200);
  const shirt = line("shirt", 1, 4_900);
  const chambray = line("chambray", 1, 4_480);
  const order = { lines: [shoe, shirt, chambray], discountPence: 0, shippingPence: 495, shippingRefunded: false, totalAmountPence: 35_075, refundedPence: 0 };
  const none = { units: {}, shipping: false };

  it("is the price of the chosen units: one shirt of three items is £49.00, nothing chosen is £0.00", () => {
    expect(suggestedRefundPence(order, { units: { shirt: 1 }, shipping: false })).toBe(4_900);
    expect(suggestedRefundPence(order, { units: { shirt: 1, chambray: 1 }, shipping: false })).toBe(9_380);
    expect(suggestedRefundPence(order, none)).toBe(0);
  });

  it("adds shipping only when asked, and everything with shipping is the whole payment", () => {
    expect(suggestedRefundPence(order, { units: {}, shipping: true })).toBe(495);
    expect(suggestedRefundPence(order, { units: { shoe: 1, shirt: 1, chambray: 1 }, shipping: true })).toBe(35_075);
    expect(suggestedRefundPence(order, { units: { shoe: 1, shirt: 1, chambray: 1 }, shipping: false })).toBe(34_580);
  });

  it("prices a unit at what was paid for it after a discount, the discount shared over the lines, shipping left whole", () => {
    // A £26.60 tie and a £196.00 suit with 15% off (£33.39), £4.95 shipping: the tie cost £22.61.
    const discounted = { lines: [line("tie", 1, 2_660), line("suit", 1, 19_600)], discountPence: 3_339, shippingPence: 495, shippingRefunded: false, totalAmountPence: 19_416, refundedPence: 0 };
    expect(suggestedRefundPence(discounted, { units: { tie: 1 }, shipping: false })).toBe(2_261);
    expect(suggestedRefundPence(discounted, { units: { suit: 1 }, shipping: true })).toBe(16_660 + 495);
    expect(suggestedRefundPence(discounted, { units: { tie: 1, suit: 1 }, shipping: true })).toBe(19_416);
  });

  it("gives back a line to the penny whether its units are refunded one at a time or together", () => {
    // Three shirts that cost £10.00 together after a discount: 333 + 334 + 333, or 1000 at once.
    const shirts = { lines: [line("shirts", 3, 400)], discountPence: 200, shippingPence: 0, shippingRefunded: false, totalAmountPence: 1_000, refundedPence: 0 };
    expect(suggestedRefundPence(shirts, { units: { shirts: 3 }, shipping: false })).toBe(1_000);
    const first = suggestedRefundPence(shirts, { units: { shirts: 1 }, shipping: false });
    const afterOne = { ...shirts, lines: [line("shirts", 3, 400, 1)], refundedPence: first };
    const second = suggestedRefundPence(afterOne, { units: { shirts: 1 }, shipping: false });
    const afterTwo = { ...shirts, lines: [line("shirts", 3, 400, 2)], refundedPence: first + second };
    const third = suggestedRefundPence(afterTwo, { units: { shirts: 1 }, shipping: false });
    expect(first + second + third).toBe(1_000);
    // The last unit is what the line says is left of it.
    expect(third).toBe(lineRefundState({ quantity: 3, refundedQuantity: 2, cancelRestockedQuantity: 0 }, 1_000).leftPence);
  });

  it("counts no unit an earlier refund counted, and never more than is still refundable", () => {
    const twoJackets = { lines: [line("jacket", 2, 10_000, 1)], discountPence: 0, shippingPence: 500, shippingRefunded: false, totalAmountPence: 20_500, refundedPence: 10_000 };
    expect(suggestedRefundPence(twoJackets, { units: { jacket: 2 }, shipping: false })).toBe(10_000);
    // £150.00 already given back some other way: one jacket and shipping would be more than is left.
    expect(suggestedRefundPence({ ...twoJackets, refundedPence: 15_000 }, { units: { jacket: 1 }, shipping: true })).toBe(5_500);
  });

  it("counts units a cancel put back in stock: their money is still held", () => {
    const cancelled = { lines: [line("kaftan", 2, 10_000, 0, 2)], discountPence: 0, shippingPence: 0, shippingRefunded: false, totalAmountPence: 20_000, refundedPence: 0 };
    expect(suggestedRefundPence(cancelled, { units: { kaftan: 2 }, shipping: false })).toBe(20_000);
  });

  it("never adds shipping an earlier refund covered", () => {
    expect(suggestedRefundPence({ ...order, shippingRefunded: true }, { units: { shirt: 1 }, shipping: true })).toBe(4_900);
    expect(shippingLeftToRefund({ shippingPence: 495, shippingRefunded: true })).toBe(0);
    expect(shippingLeftToRefund({ shippingPence: 495, shippingRefunded: false })).toBe(495);
  });

  it("suggests what is left when nothing is left to choose", () => {
    const done = { lines: [line("tie", 1, 2_660, 1)], discountPence: 0, shippingPence: 0, shippingRefunded: false, totalAmountPence: 2_661, refundedPence: 2_660 };
    expect(suggestedRefundPence(done, none)).toBe(1);
    expect(suggestedRefundPence({ ...done, lines: [] }, none)).toBe(1);
  });
});

describe("units of a refund", () => {
  it("can refund the units no refund has counted, those a cancel put back included", () => {
    expect(unitsLeftToRefund({ quantity: 3, refundedQuantity: 1, cancelRestockedQuantity: 0 })).toBe(2);
    expect(unitsLeftToRefund({ quantity: 2, refundedQuantity: 0, cancelRestockedQuantity: 2 })).toBe(2);
  });

  it("puts back in stock exactly the chosen units, but never one already on the shelf", () => {
    expect(unitsBackToStock({ quantity: 3, restockedQuantity: 0 }, 1)).toBe(1);
    expect(unitsBackToStock({ quantity: 3, restockedQuantity: 0 }, 0)).toBe(0);
    expect(unitsBackToStock({ quantity: 2, restockedQuantity: 2 }, 2)).toBe(0);
    expect(unitsBackToStock({ quantity: 3, restockedQuantity: 1 }, 3)).toBe(2);
  });
});
