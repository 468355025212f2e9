import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, type OrderStatus } from "../status.ts";
import { paymentGivenBack, planStatusChange, reopensRefusedPayment, statusChangeAuditAfter, statusChangeReadsLines, type PlannedStatusChange, type StatusChangeLine, type StatusChangeOrder, type StatusChangePlan, type StatusChangeRequest } from "./status-change.ts";

const now = new Date("2026-11-24T09:30:00.000Z");
const placedAt = new Date("2026-11-20T10:00:00.000Z");
const shippedOn = new Date("2026-11-21T15:00:00.000Z");

const paidOrder: StatusChangeOrder = {
  status: "processing",
  paidAt: placedAt,
  cancelReason: null,
  customerEmail: "ada@example.com",
  customer: { email: "ada@example.com" },
  carrier: null,
  trackingNumber: null,
  shippedAt: null,
};

/** Two jackets, three shirts of which a refund put one back, and a belt whose product was deleted since. */
const lines: StatusChangeLine[] = [
  { id: "jackets", productId: "p1", quantity: 2, restockedQuantity: 0, cancelRestockedQuantity: 0 },
  { id: "shirts", productId: "p2", quantity: 3, restockedQuantity: 1, cancelRestockedQuantity: 0 },
  { id: "belt", productId: null, quantity: 1, restockedQuantity: 0, cancelRestockedQuantity: 0 },
];

/** The same lines once a cancel with restock put back what the payment took. */
const linesPutBackByCancel: StatusChangeLine[] = [
  { id: "jackets", productId: "p1", quantity: 2, restockedQuantity: 2, cancelRestockedQuantity: 2 },
  { id: "shirts", productId: "p2", quantity: 3, restockedQuantity: 3, cancelRestockedQuantity: 2 },
  { id: "belt", productId: null, quantity: 1, restockedQuantity: 0, cancelRestockedQuantity: 0 },
];

const shipped = { carrier: "Royal Mail", trackingNumber: "RM123456785GB" };

/** An order of this kind in `status`, as the shop would hold it. */
function orderIn(status: string, kind: Kind): StatusChangeOrder {
  const sent = status === "shipped" || status === "delivered";
  return {
    ...paidOrder,
    status,
    ...(kind === "unpaid" ? { paidAt: null } : {}),
    ...(kind === "refused on arrival" ? { cancelReason: "sold-out" } : {}),
    ...(sent ? { ...shipped, shippedAt: shippedOn } : {}),
  };
}

type Kind = "paid" | "unpaid" | "refunded" | "refused on arrival";
const KINDS: readonly Kind[] = ["paid", "unpaid", "refunded", "refused on arrival"];

/** Its lines: a refunded order's units all came back through the refund; a cancelled paid one's through its cancel. */
function linesOf(status: string, kind: Kind): StatusChangeLine[] {
  if (kind === "refunded") return lines.map((line) => ({ ...line, restockedQuantity: line.quantity, cancelRestockedQuantity: 0 }));
  return status === "cancelled" && kind === "paid" ? linesPutBackByCancel : lines;
}

function planned(plan: StatusChangePlan): PlannedStatusChange {
  if (plan.unchanged) throw new Error("expected a change");
  return plan;
}

/** The payment took the order's units out of stock (kept, not refused on arrival). */
const tookStock = (kind: Kind) => kind === "paid" || kind === "refunded";

describe("planStatusChange: every status to every status", () => {
  const cases = KINDS.flatMap((kind) => ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => ({ kind, from, to }))));

  it.each(cases)("$kind order, $from → $to", ({ kind, from, to }) => {
    const order = orderIn(from, kind);
    const plan = planStatusChange(order, linesOf(from, kind), { status: to }, now);
    if (from === to) {
      // The same status saved again (a double click, a second tab) changes nothing.
      expect(plan).toEqual({ unchanged: true });
      return;
    }
    const change = planned(plan);
    const reopened = from === "cancelled";
    const cancelling = to === "cancelled";
    expect(change.set).toEqual({
      status: to,
      // Only shipping sets the parcel's details; without them typed in, it has none.
      carrier: to === "shipped" ? null : order.carrier,
      trackingNumber: to === "shipped" ? null : order.trackingNumber,
      shippedAt: to === "shipped" ? now : order.shippedAt,
      updatedAt: now,
    });
    expect(change.shippedMail).toEqual(to === "shipped" ? { carrier: null, trackingNumber: null } : null);
    // Only a paid order's buyer was promised anything, so only they hear of its cancel.
    expect(change.cancelledMail).toEqual(cancelling && tookStock(kind) ? { alreadySent: from === "shipped" || from === "delivered" } : null);
    expect(change.backOnMailIfTold).toBe(reopened && (to === "pending" || to === "processing"));
    // Nothing goes back in stock unless asked.
    expect(change.restock).toEqual([]);
    // A reopened paid order takes back what its cancel put back.
    expect(change.takeBack).toEqual(
      reopened && kind === "paid"
        ? [
            { itemId: "jackets", quantity: 2 },
            { itemId: "shirts", quantity: 2 },
          ]
        : [],
    );
    expect(change.audit.before).toEqual({ status: from, carrier: order.carrier, trackingNumber: order.trackingNumber });
    const cancelRecord = cancelling && tookStock(kind) ? { keptOutOfStock: kind === "paid" ? 4 : 0, customerNotified: true } : {};
    expect(change.audit.after).toEqual({ status: to, carrier: change.set.carrier, trackingNumber: change.set.trackingNumber, ...cancelRecord });
    expect(change.audit.listsRestocked).toBe(cancelling && tookStock(kind));
  });

  it("treats an old order's 'completed' as a parcel that has left when it is cancelled", () => {
    const change = planned(planStatusChange({ ...paidOrder, status: "completed" }, lines, { status: "cancelled" }, now));
    expect(change.cancelledMail).toEqual({ alreadySent: true });
  });
});

describe("planStatusChange: shipping", () => {
  it("records the carrier and tracking number as typed, trimmed, and e-mails them", () => {
    const change = planned(planStatusChange(paidOrder, [], { status: "shipped", carrier: "  Royal Mail ", trackingNumber: " RM123456785GB" }, now));
    expect(change.set).toMatchObject({ status: "shipped", ...shipped, shippedAt: now });
    expect(change.shippedMail).toEqual(shipped);
    expect(change.audit.after).toEqual({ status: "shipped", ...shipped });
  });

  it("keeps blank fields as none", () => {
    const change = planned(planStatusChange(paidOrder, [], { status: "shipped", carrier: "   ", trackingNumber: "" }, now));
    expect(change.set).toMatchObject({ carrier: null, trackingNumber: null });
  });

  it("saved as shipped again without the fields keeps what the customer was e-mailed, and changes nothing", () => {
    const order = orderIn("shipped", "paid");
    expect(planStatusChange(order, [], { status: "shipped" }, now)).toEqual({ unchanged: true });
    expect(planStatusChange(order, [], { status: "shipped", ...shipped }, now)).toEqual({ unchanged: true });
    expect(planStatusChange(order, [], { status: "shipped", carrier: " Royal Mail ", trackingNumber: "RM123456785GB " }, now)).toEqual({ unchanged: true });
  });

  it("saved as shipped again with other details records them, keeps the shipping date and sends no second shipped e-mail", () => {
    const order = orderIn("shipped", "paid");
    const change = planned(planStatusChange(order, [], { status: "shipped", carrier: "DPD", trackingNumber: "15501234" }, now));
    expect(change.set).toEqual({ status: "shipped", carrier: "DPD", trackingNumber: "15501234", shippedAt: shippedOn, updatedAt: now });
    expect(change.shippedMail).toBeNull();
    expect(change.audit).toEqual({ before: { status: "shipped", ...shipped }, after: { status: "shipped", carrier: "DPD", trackingNumber: "15501234" }, listsRestocked: false });
  });

  it("saved as shipped again with one field cleared and the other left out clears only that one", () => {
    const change = planned(planStatusChange(orderIn("shipped", "paid"), [], { status: "shipped", trackingNumber: "" }, now));
    expect(change.set).toMatchObject({ carrier: "Royal Mail", trackingNumber: null });
  });

  it("a delivered order moved back to shipped becomes shipped: dated now and e-mailed, with the details given", () => {
    const change = planned(planStatusChange(orderIn("delivered", "paid"), [], { status: "shipped" }, now));
    expect(change.set).toMatchObject({ shippedAt: now, carrier: null, trackingNumber: null });
    expect(change.shippedMail).toEqual({ carrier: null, trackingNumber: null });
  });

  it("ignores carrier and tracking given with any other status: the order keeps its own", () => {
    const order = orderIn("shipped", "paid");
    const change = planned(planStatusChange(order, [], { status: "delivered", carrier: "DPD", trackingNumber: "15501234" }, now));
    expect(change.set).toMatchObject({ status: "delivered", ...shipped, shippedAt: shippedOn });
    expect(change.audit.after).toEqual({ status: "delivered", ...shipped });
  });
});

describe("planStatusChange: cancelling", () => {
  const cancel = (request: Omit<StatusChangeRequest, "status">, order: StatusChangeOrder = paidOrder, orderLines = lines) => planned(planStatusChange(order, orderLines, { status: "cancelled", ...request }, now));

  it("with restock puts back what the payment took that is not back yet, leaving out a deleted product, and tells the customer by default", () => {
    const change = cancel({ restock: true });
    expect(change.restock).toEqual([
      { itemId: "jackets", quantity: 2 },
      { itemId: "shirts", quantity: 2 },
    ]);
    expect(change.cancelledMail).toEqual({ alreadySent: false });
    expect(change.audit.after).toEqual({ status: "cancelled", carrier: null, trackingNumber: null, keptOutOfStock: 0, customerNotified: true });
    expect(change.audit.listsRestocked).toBe(true);
  });

  it("without restock keeps the units out of stock and says how many; told not to, e-mails nobody", () => {
    const change = cancel({ restock: false, notifyCustomer: false });
    expect(change.restock).toEqual([]);
    expect(change.cancelledMail).toBeNull();
    expect(change.audit.after).toMatchObject({ keptOutOfStock: 4, customerNotified: false });
    expect(change.audit.listsRestocked).toBe(true);
  });

  it("e-mails unless told not to: only false stops it", () => {
    expect(cancel({ notifyCustomer: true }).cancelledMail).toEqual({ alreadySent: false });
    expect(cancel({}).cancelledMail).toEqual({ alreadySent: false });
  });

  it("a shipped order's cancel e-mail asks for the parcel back; its tracking stays on the order", () => {
    const change = cancel({ restock: true }, orderIn("shipped", "paid"));
    expect(change.cancelledMail).toEqual({ alreadySent: true });
    expect(change.set).toMatchObject({ status: "cancelled", ...shipped, shippedAt: shippedOn });
  });

  it("an unpaid order took no stock and was never confirmed: nothing goes back, nobody is e-mailed, the entry says nothing of stock", () => {
    const change = cancel({ restock: true }, orderIn("pending", "unpaid"));
    expect(change.restock).toEqual([]);
    expect(change.cancelledMail).toBeNull();
    expect(change.audit).toEqual({ before: { status: "pending", carrier: null, trackingNumber: null }, after: { status: "cancelled", carrier: null, trackingNumber: null }, listsRestocked: false });
  });

  it("a payment the shop refused on arrival took no stock either", () => {
    const change = cancel({ restock: true }, orderIn("processing", "refused on arrival"));
    expect(change.restock).toEqual([]);
    expect(change.cancelledMail).toBeNull();
  });

  it("a refunded order whose units all came back through the refund has nothing to put back, but its buyer is still told", () => {
    const change = cancel({ restock: true }, orderIn("processing", "refunded"), linesOf("processing", "refunded"));
    expect(change.restock).toEqual([]);
    expect(change.cancelledMail).toEqual({ alreadySent: false });
    expect(change.audit.after).toMatchObject({ keptOutOfStock: 0, customerNotified: true });
  });
});

describe("planStatusChange: cancelling a cancelled order again", () => {
  const cancelled = orderIn("cancelled", "paid");

  it("with restock puts back what the first cancel kept out of stock, silently", () => {
    const change = planned(planStatusChange(cancelled, lines, { status: "cancelled", restock: true }, now));
    expect(change.restock).toEqual([
      { itemId: "jackets", quantity: 2 },
      { itemId: "shirts", quantity: 2 },
    ]);
    expect(change.cancelledMail).toBeNull();
    expect(change.shippedMail).toBeNull();
    expect(change.backOnMailIfTold).toBe(false);
    expect(change.takeBack).toEqual([]);
    expect(change.set).toEqual({ status: "cancelled", carrier: null, trackingNumber: null, shippedAt: null, updatedAt: now });
    // No count kept out, no e-mail answer: only what went back.
    expect(change.audit).toEqual({ before: { status: "cancelled", carrier: null, trackingNumber: null }, after: { status: "cancelled", carrier: null, trackingNumber: null }, listsRestocked: true });
  });

  it("changes nothing without restock, with nothing left to put back, or for an order whose payment took no stock", () => {
    expect(planStatusChange(cancelled, lines, { status: "cancelled" }, now)).toEqual({ unchanged: true });
    expect(planStatusChange(cancelled, linesPutBackByCancel, { status: "cancelled", restock: true }, now)).toEqual({ unchanged: true });
    expect(planStatusChange(orderIn("cancelled", "unpaid"), lines, { status: "cancelled", restock: true }, now)).toEqual({ unchanged: true });
    expect(planStatusChange(orderIn("cancelled", "refused on arrival"), lines, { status: "cancelled", restock: true }, now)).toEqual({ unchanged: true });
  });
});

describe("planStatusChange: reopening a cancelled order", () => {
  const cancelled = orderIn("cancelled", "paid");
  const cancelsUnits = [
    { itemId: "jackets", quantity: 2 },
    { itemId: "shirts", quantity: 2 },
  ];

  it("takes back out of stock only what the cancel put back, not a refund's units nor a deleted product's", () => {
    const withRefund = linesPutBackByCancel.map((line) => (line.id === "belt" ? { ...line, restockedQuantity: 1, cancelRestockedQuantity: 1 } : line));
    expect(planned(planStatusChange(cancelled, withRefund, { status: "processing" }, now)).takeBack).toEqual(cancelsUnits);
  });

  it("set going again, the back-on e-mail is due if the customer heard of the cancel", () => {
    for (const status of ["pending", "processing"] as const) {
      const change = planned(planStatusChange(cancelled, linesPutBackByCancel, { status }, now));
      expect(change).toMatchObject({ takeBack: cancelsUnits, backOnMailIfTold: true, shippedMail: null, cancelledMail: null, restock: [] });
      expect(change.audit).toEqual({ before: { status: "cancelled", carrier: null, trackingNumber: null }, after: { status, carrier: null, trackingNumber: null }, listsRestocked: false });
    }
  });

  it("shipped straight away, the customer hears it from the shipped e-mail, not a back-on one", () => {
    const change = planned(planStatusChange(cancelled, linesPutBackByCancel, { status: "shipped", ...shipped }, now));
    expect(change).toMatchObject({ takeBack: cancelsUnits, backOnMailIfTold: false, shippedMail: shipped });
  });

  it("a cancel that kept the units out of stock leaves nothing to take back", () => {
    expect(planned(planStatusChange(cancelled, lines, { status: "processing" }, now)).takeBack).toEqual([]);
  });
});

describe("planStatusChange: an order without a contact e-mail", () => {
  const nobody = { ...paidOrder, customer: null, customerEmail: "" };

  it("is shipped, cancelled and reopened without any e-mail, and the entry says the customer was not told", () => {
    expect(planned(planStatusChange(nobody, [], { status: "shipped", ...shipped }, now)).shippedMail).toBeNull();
    const cancel = planned(planStatusChange(nobody, lines, { status: "cancelled" }, now));
    expect(cancel.cancelledMail).toBeNull();
    expect(cancel.audit.after).toMatchObject({ customerNotified: false });
    expect(planned(planStatusChange({ ...nobody, status: "cancelled" }, linesPutBackByCancel, { status: "processing" }, now)).backOnMailIfTold).toBe(false);
  });

  it("falls back to the order's own e-mail when the checkout's customer has none", () => {
    const guest = { ...paidOrder, customer: { email: "" }, customerEmail: "guest@example.com" };
    expect(planned(planStatusChange(guest, [], { status: "shipped" }, now)).shippedMail).toEqual({ carrier: null, trackingNumber: null });
    expect(planned(planStatusChange(guest, lines, { status: "cancelled" }, now)).cancelledMail).toEqual({ alreadySent: false });
  });
});

describe("statusChangeReadsLines", () => {
  const requests: StatusChangeRequest[] = ORDER_STATUSES.flatMap((status: OrderStatus) => [{ status }, { status, restock: true }]);

  it("reads the lines for a cancel, a reopen and a second cancel with restock, and only then", () => {
    expect(statusChangeReadsLines("processing", { status: "shipped" })).toBe(false);
    expect(statusChangeReadsLines("shipped", { status: "delivered" })).toBe(false);
    expect(statusChangeReadsLines("processing", { status: "cancelled" })).toBe(true);
    expect(statusChangeReadsLines("cancelled", { status: "pending" })).toBe(true);
    expect(statusChangeReadsLines("cancelled", { status: "cancelled" })).toBe(false);
    expect(statusChangeReadsLines("cancelled", { status: "cancelled", restock: true })).toBe(true);
  });

  it("where it says the lines are not read, the plan is the same without them", () => {
    for (const kind of KINDS) {
      for (const from of ORDER_STATUSES) {
        for (const request of requests) {
          if (statusChangeReadsLines(from, request)) continue;
          const order = orderIn(from, kind);
          expect(planStatusChange(order, [], request, now)).toEqual(planStatusChange(order, linesOf(from, kind), request, now));
        }
      }
    }
  });
});

describe("statusChangeAuditAfter", () => {
  const jackets = { itemId: "jackets", quantity: 2, name: "Wool jacket" };

  it("lists what went back for a cancel, even nothing, and what a reopen took out when it took something", () => {
    const cancel = planned(planStatusChange(paidOrder, lines, { status: "cancelled" }, now));
    expect(statusChangeAuditAfter(cancel.audit, { restocked: [], takenFromStock: [] })).toEqual({ status: "cancelled", carrier: null, trackingNumber: null, restocked: [], keptOutOfStock: 4, customerNotified: true });
    const reopen = planned(planStatusChange(orderIn("cancelled", "paid"), linesPutBackByCancel, { status: "processing" }, now));
    expect(statusChangeAuditAfter(reopen.audit, { restocked: [], takenFromStock: [jackets] })).toEqual({ status: "processing", carrier: null, trackingNumber: null, takenFromStock: [jackets] });
    expect(statusChangeAuditAfter(reopen.audit, { restocked: [], takenFromStock: [] })).toEqual({ status: "processing", carrier: null, trackingNumber: null });
    const again = planned(planStatusChange(orderIn("cancelled", "paid"), lines, { status: "cancelled", restock: true }, now));
    expect(statusChangeAuditAfter(again.audit, { restocked: [jackets], takenFromStock: [] })).toEqual({ status: "cancelled", carrier: null, trackingNumber: null, restocked: [jackets] });
  });
});

describe("reopensRefusedPayment", () => {
  const givenBack = (order: StatusChangeOrder) => ({ status: order.status, paymentGivenBack: paymentGivenBack(order) });

  it("keeps an order whose payment the shop gave back on arrival from every status but cancelled", () => {
    const refused = givenBack(orderIn("cancelled", "refused on arrival"));
    for (const next of ORDER_STATUSES) expect(reopensRefusedPayment(refused, next), next).toBe(next !== "cancelled");
  });

  it("lets every other order go to any status, and a refused one saved as it is or cancelled", () => {
    for (const kind of ["paid", "unpaid", "refunded"] as const) {
      for (const next of ORDER_STATUSES) expect(reopensRefusedPayment(givenBack(orderIn("cancelled", kind)), next), `${kind} → ${next}`).toBe(false);
    }
    // One moved on before this rule: it may still be cancelled, or saved again as it is.
    const movedOn = givenBack(orderIn("processing", "refused on arrival"));
    expect(reopensRefusedPayment(movedOn, "processing")).toBe(false);
    expect(reopensRefusedPayment(movedOn, "cancelled")).toBe(false);
    expect(reopensRefusedPayment(movedOn, "shipped")).toBe(true);
  });
});
