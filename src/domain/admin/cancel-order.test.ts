import { describe, expect, it } from "vitest";
import { cancelChoices, reopenTakesBack, restockAfterCancel, restockableLines } from "./cancel-order.ts";

const paid = {
  status: "processing",
  paidAt: "2026-11-20T10:00:00.000Z",
  cancelReason: null,
  customerEmail: "ada@example.com",
  items: [
    { id: "a", productId: "p1", quantity: 2, restockedQuantity: 0 },
    { id: "b", productId: "p2", quantity: 3, restockedQuantity: 1 },
  ],
};

describe("cancelChoices", () => {
  it("offers the units not yet back in stock and an e-mail for a paid order", () => {
    expect(cancelChoices(paid)).toEqual({ restockableUnits: 4, canNotify: true, alreadySent: false });
  });

  it("offers nothing for an unpaid order, a cancelled one, or one whose payment the shop refused", () => {
    expect(cancelChoices({ ...paid, paidAt: null })).toBeNull();
    expect(cancelChoices({ ...paid, status: "cancelled" })).toBeNull();
    expect(cancelChoices({ ...paid, cancelReason: "sold-out" })).toBeNull();
  });

  it("says when the parcel has left, so its items are not put back by default and the e-mail asks for it back", () => {
    expect(cancelChoices({ ...paid, status: "shipped" })).toMatchObject({ alreadySent: true });
    expect(cancelChoices({ ...paid, status: "Delivered" })).toMatchObject({ alreadySent: true });
    expect(cancelChoices({ ...paid, status: "pending" })).toMatchObject({ alreadySent: false });
  });

  it("cannot e-mail an order without an address, and has nothing to restock once a refund put it all back", () => {
    const refunded = { ...paid, customerEmail: "", items: paid.items.map((item) => ({ ...item, restockedQuantity: item.quantity })) };
    expect(cancelChoices(refunded)).toEqual({ restockableUnits: 0, canNotify: false, alreadySent: false });
  });
});

describe("restockableLines", () => {
  it("lists what each line still lacks, leaving out deleted products and lines back in full", () => {
    const items = [...paid.items, { id: "c", productId: null, quantity: 1, restockedQuantity: 0 }, { id: "d", productId: "p3", quantity: 1, restockedQuantity: 1 }];
    expect(restockableLines(items)).toEqual([
      { itemId: "a", quantity: 2 },
      { itemId: "b", quantity: 2 },
    ]);
  });
});

describe("restockAfterCancel", () => {
  it("puts back what a cancelled paid order still keeps out of stock; nothing for an open, unpaid or refused one", () => {
    const cancelled = { ...paid, status: "cancelled" };
    expect(restockAfterCancel(cancelled)).toEqual([
      { itemId: "a", quantity: 2 },
      { itemId: "b", quantity: 2 },
    ]);
    expect(restockAfterCancel(paid)).toEqual([]);
    expect(restockAfterCancel({ ...cancelled, paidAt: null })).toEqual([]);
    expect(restockAfterCancel({ ...cancelled, cancelReason: "sold-out" })).toEqual([]);
  });
});

describe("reopenTakesBack", () => {
  // Line a: 2 bought, 1 returned by a refund and 1 put back by the cancel; line b: 1 of 3 back, by the cancel.
  const cancelled = {
    ...paid,
    status: "cancelled",
    items: [
      { ...paid.items[0]!, restockedQuantity: 2, cancelRestockedQuantity: 1 },
      { ...paid.items[1]!, cancelRestockedQuantity: 1 },
    ],
  };
  it("takes back out of stock what the cancel put back, not what a refund did, when a cancelled paid order is reopened", () => {
    expect(reopenTakesBack(cancelled, "processing")).toEqual([
      { itemId: "a", quantity: 1 },
      { itemId: "b", quantity: 1 },
    ]);
  });

  it("takes nothing when the order stays cancelled, was not cancelled, or its payment took no stock", () => {
    expect(reopenTakesBack(cancelled, "cancelled")).toEqual([]);
    expect(reopenTakesBack({ ...cancelled, status: "processing" }, "shipped")).toEqual([]);
    expect(reopenTakesBack({ ...cancelled, paidAt: null }, "processing")).toEqual([]);
    expect(reopenTakesBack({ ...cancelled, cancelReason: "sold-out" }, "processing")).toEqual([]);
  });
});
