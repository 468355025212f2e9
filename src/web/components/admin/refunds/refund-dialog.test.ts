// The order page's refund parts as the server renders them: the provider's refusal of an
// automatic refund (decision 013) and of an admin's refund, and the Refund action only while
// money is left to give back (decision 035); a cancelled order whose money was kept; and the
// confirmation, which says what goes back to stock as well as the money.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { adminFulfilment, adminRefunds } from "../../../../domain/messages/admin.ts";
import { chosenRestock, RefundConfirmation } from "./refund-confirmation.tsx";
import { CancelledUnrefundedNotice, RefundDialog, RefundErrorNotice } from "./refund-dialog.tsx";

type Order = Parameters<typeof RefundDialog>[0]["order"];

const order: Order = {
  id: "order-1",
  number: "#ABCD1234",
  status: "processing",
  paymentStatus: "paid",
  paymentProvider: "stripe",
  totalAmount: 10_000,
  refundedPence: 0,
  refundError: null,
  discountPence: 0,
  shippingPence: 0,
  shippingRefunded: false,
  items: [],
};

// useFetcher needs a data router around the component.
function render(element: ReturnType<typeof createElement>): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(createElement(RouterProvider, { router }));
}
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ");

describe("RefundErrorNotice", () => {
  it("says an automatic refund was refused and shows the provider's words", () => {
    const html = text(render(createElement(RefundErrorNotice, { order: { ...order, paymentStatus: "refunded", refundError: "The card account is closed" } })));
    expect(html).toContain(adminRefunds.automaticRefundFailed);
    expect(html).toContain("The card account is closed");
  });

  it("says an admin's refund was refused", () => {
    expect(text(render(createElement(RefundErrorNotice, { order: { ...order, refundError: "Insufficient funds" } })))).toContain(adminRefunds.providerFailed("Insufficient funds"));
  });

  it("shows nothing without a refusal", () => {
    expect(render(createElement(RefundErrorNotice, { order }))).toBe("");
  });
});

describe("RefundDialog", () => {
  it("offers Refund while money is left, and not once all of it went back or was never paid", () => {
    expect(text(render(createElement(RefundDialog, { order })))).toContain(adminRefunds.refund);
    expect(text(render(createElement(RefundDialog, { order: { ...order, paymentStatus: "partially_refunded", refundedPence: 4_000 } })))).toContain(adminRefunds.refund);
    expect(text(render(createElement(RefundDialog, { order: { ...order, paymentStatus: "refunded", refundedPence: 10_000 } })))).not.toContain(adminRefunds.refund);
    expect(text(render(createElement(RefundDialog, { order: { ...order, paymentStatus: "pending" } })))).not.toContain(adminRefunds.refund);
  });

  it("says what each item cost after the order's discount, so a returned item is refunded at what was paid for it", () => {
    const item = (id: string, productName: string, quantity: number, unitPricePence: number) => ({
      id,
      productId: null,
      productName,
      productCategory: "ties",
      quantity,
      unitPricePence,
      lineTotalPence: quantity * unitPricePence,
      size: null,
      colour: null,
      restockedQuantity: 0,
      cancelRestockedQuantity: 0,
      refundedQuantity: 0,
    });
    const items = [item("tie", "Regent Burgundy Repp Silk Tie", 1, 2660), item("suit", "Navy Suit", 1, 19600)];
    const discounted = text(render(createElement(RefundDialog, { order: { ...order, totalAmount: 18921, discountPence: 3339, items } })));
    expect(discounted).toContain(adminRefunds.itemsPaidAfterDiscount);
    expect(discounted).toContain(`Regent Burgundy Repp Silk Tie ${adminRefunds.unitsOf(1)} ${adminRefunds.lineBought(1, "£22.61")}`);
    expect(discounted).toContain(`Navy Suit ${adminRefunds.unitsOf(1)} ${adminRefunds.lineBought(1, "£166.60")}`);
    const plain = text(render(createElement(RefundDialog, { order: { ...order, items } })));
    expect(plain).not.toContain(adminRefunds.itemsPaidAfterDiscount);
    expect(plain).toContain(adminRefunds.lineBought(1, "£26.60"));
    expect(plain).not.toContain("Refunded so far");
  });

  it("after a part refund, says per line what was refunded and what is left, and what was refunded so far", () => {
    const kaftan = {
      id: "kaftan",
      productId: null,
      productName: "Enugu Panelled Kaftan",
      productCategory: "kaftan",
      quantity: 2,
      unitPricePence: 10_080,
      lineTotalPence: 20_160,
      size: "M",
      colour: "Wine",
      restockedQuantity: 1,
      cancelRestockedQuantity: 0,
      refundedQuantity: 1,
    };
    const html = text(render(createElement(RefundDialog, { order: { ...order, paymentStatus: "partially_refunded", totalAmount: 19_485, refundedPence: 9_580, discountPence: 1_000, items: [kaftan] } })));
    expect(html).toContain(`Enugu Panelled Kaftan (M) ${adminRefunds.unitsOf(1)} ${adminRefunds.lineBought(2, "£191.60")}; ${adminRefunds.lineRefunded(1)}; ${adminRefunds.lineLeft(1, "£95.80")}`);
    expect(html).toContain(adminRefunds.refundedSoFarOf("£95.80", "£194.85"));
  });

  it("counts units refunded without restock as refunded, and does not offer shipping an earlier refund covered", () => {
    const shirt = { id: "shirt", productId: null, productName: "Oxford Shirt", productCategory: "shirts", quantity: 2, unitPricePence: 5_000, lineTotalPence: 10_000, size: null, colour: null, restockedQuantity: 0, cancelRestockedQuantity: 0, refundedQuantity: 1 };
    const html = text(render(createElement(RefundDialog, { order: { ...order, paymentStatus: "partially_refunded", totalAmount: 10_500, refundedPence: 5_500, shippingPence: 500, shippingRefunded: true, items: [shirt] } })));
    expect(html).toContain(`Oxford Shirt ${adminRefunds.unitsOf(1)} ${adminRefunds.lineBought(2, "£100.00")}; ${adminRefunds.lineRefunded(1)}; ${adminRefunds.lineLeft(1, "£50.00")}`);
    expect(html).toContain(adminRefunds.shippingRefunded("£5.00"));
    expect(html).not.toContain(adminRefunds.refundShipping("£5.00"));
  });
});

describe("CancelledUnrefundedNotice", () => {
  it("flags a cancelled order with money not yet refunded, with what is left", () => {
    const cancelled = { ...order, status: "cancelled", paymentStatus: "partially_refunded", refundedPence: 2_500 };
    expect(text(render(createElement(CancelledUnrefundedNotice, { order: cancelled })))).toContain(adminFulfilment.cancelledNotRefunded("£75.00"));
  });

  it("says nothing once refunded, for an order never paid, or for one not cancelled", () => {
    expect(render(createElement(CancelledUnrefundedNotice, { order: { ...order, status: "cancelled", paymentStatus: "refunded", refundedPence: 10_000 } }))).toBe("");
    expect(render(createElement(CancelledUnrefundedNotice, { order: { ...order, status: "cancelled", paymentStatus: "failed" } }))).toBe("");
    expect(render(createElement(CancelledUnrefundedNotice, { order }))).toBe("");
  });
});

describe("RefundConfirmation", () => {
  const kaftan = { id: "line-1", productName: "Kaftan", size: "M", quantity: 1, restockedQuantity: 0 };
  const shirt = { id: "line-2", productName: "Oxford Shirt", size: "L", quantity: 3, restockedQuantity: 0 };
  const tie = { id: "line-3", productName: "Silk Tie", size: null, quantity: 3, restockedQuantity: 0 };
  const lines = [kaftan, shirt, tie];
  const confirmation = (restocked: ReturnType<typeof chosenRestock>) =>
    text(renderToString(createElement(RefundConfirmation, { amount: "£25.00", provider: "stripe", restocked })));

  it("lists what goes back to stock, with the money", () => {
    const restocked = chosenRestock(lines, { "line-1": 1, "line-2": 2, "line-3": 0 }, true);
    const html = confirmation(restocked);
    expect(html).toContain(adminRefunds.confirmQuestion("£25.00", "stripe"));
    expect(html).toContain(adminRefunds.backToStock("1 x Kaftan (M), 2 x Oxford Shirt (L)"));
    expect(html).not.toContain("Silk Tie");
    expect(html).not.toContain(adminRefunds.nothingBackToStock);
  });

  it("names a line without a size by its name alone", () => {
    expect(confirmation(chosenRestock(lines, { "line-3": 3 }, true))).toContain(adminRefunds.backToStock(adminRefunds.unitsLine(3, "Silk Tie")));
  });

  it("says nothing goes back when restock is off, even with units chosen", () => {
    const restocked = chosenRestock(lines, { "line-1": 1, "line-2": 2 }, false);
    expect(restocked).toEqual([]);
    expect(confirmation(restocked)).toContain(adminRefunds.nothingBackToStock);
  });

  it("says nothing goes back when every line is at 0 units", () => {
    const restocked = chosenRestock(lines, { "line-1": 0, "line-2": 0, "line-3": 0 }, true);
    expect(restocked).toEqual([]);
    expect(confirmation(restocked)).toContain(adminRefunds.nothingBackToStock);
    expect(confirmation(restocked)).not.toContain("Back to stock:");
  });

  it("puts back only the chosen units not already on the shelf", () => {
    // Two of the three shirts went back to stock when the order was cancelled.
    const restocked = chosenRestock([kaftan, { ...shirt, restockedQuantity: 2 }], { "line-1": 1, "line-2": 3 }, true);
    expect(restocked.map(({ item, quantity }) => [item.id, quantity])).toEqual([
      ["line-1", 1],
      ["line-2", 1],
    ]);
  });

  it("sends what it shows: the chosen lines with their units", () => {
    expect(chosenRestock(lines, { "line-1": 1, "line-2": 2 }, true).map(({ item, quantity }) => [item.id, quantity])).toEqual([
      ["line-1", 1],
      ["line-2", 2],
    ]);
  });
});
