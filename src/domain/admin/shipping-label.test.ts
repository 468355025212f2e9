import { describe, expect, it } from "vitest";
import { adminFulfilment } from "../messages/admin.ts";
import {
  addressLines,
  doNotShip,
  MAX_LABELS_PER_PRINT,
  printBackTarget,
  printPageHref,
  printPreview,
  printRun,
  readLabelIds,
  readPrintAnyway,
  recipientPhone,
  sheetMark,
  sheetMarkText,
  shippingLabel,
  unitsToPack,
} from "./shipping-label.ts";

const order = {
  number: "#1A2B3C4D",
  customer: { firstName: "Ama", lastName: "Owusu" },
  shippingAddress: { address: "1 Savile Row", city: "London", region: "", postalCode: "w1s 3pr", country: "United Kingdom", phone: "020" },
  items: [{ quantity: 2 }, { quantity: 1 }],
  shippingMethod: "standard",
};

describe("shipping label", () => {
  it("addresses the parcel with the customer's name when the address has none", () => {
    const label = shippingLabel(order, ["Menswear Shop", "United Kingdom"]);
    expect(label.shipTo).toEqual(["Ama Owusu", "1 Savile Row", "London", "W1S 3PR", "UNITED KINGDOM"]);
    expect(label.itemCount).toBe(3);
    expect(label.barcode).toBe("#1A2B3C4D");
    expect(label.from).toEqual(["Menswear Shop", "United Kingdom"]);
  });

  it("counts only the units still to send: what a refund or cancel put back in stock stays on the shelf", () => {
    const label = shippingLabel({ ...order, items: [{ quantity: 2, restockedQuantity: 1 }, { quantity: 1, restockedQuantity: 1 }] }, []);
    expect(label.itemCount).toBe(1);
    expect(unitsToPack({ quantity: 3 })).toBe(3);
    expect(unitsToPack({ quantity: 3, restockedQuantity: 2 })).toBe(1);
    expect(unitsToPack({ quantity: 1, restockedQuantity: 1 })).toBe(0);
  });

  it("writes a French address with the postcode before the town, as La Poste sorts it (the slip uses the same lines)", () => {
    const label = shippingLabel({ ...order, shippingAddress: { address: "12 rue du Faubourg Saint-Honoré", city: "Paris", region: "", postalCode: "75008", country: "France" } }, []);
    expect(label.shipTo).toEqual(["Ama Owusu", "12 rue du Faubourg Saint-Honoré", "75008 PARIS", "FRANCE"]);
    expect(addressLines(order.shippingAddress, order.customer)).toEqual(["Ama Owusu", "1 Savile Row", "London", "W1S 3PR", "UNITED KINGDOM"]);
  });

  it("ends a US or Canadian address with the one line their posts read: 'City, ST 12345', 'City QC H2X 1Y4'", () => {
    const us = shippingLabel({ ...order, shippingAddress: { address: "350 Fifth Avenue", city: "New York", region: "NY", postalCode: "10118", country: "United States" } }, []);
    expect(us.shipTo).toEqual(["Ama Owusu", "350 Fifth Avenue", "New York, NY 10118", "UNITED STATES"]);
    const canada = { address: "1200 Rue Sherbrooke O", city: "Montréal", region: "QC", postalCode: "H2X 1Y4", country: "Canada" };
    expect(addressLines(canada, order.customer)).toEqual(["Ama Owusu", "1200 Rue Sherbrooke O", "Montréal QC H2X 1Y4", "CANADA"]);
  });

  it("ends the recipient block with a phone for the courier: the shipping address's, else the one given at checkout", () => {
    expect(shippingLabel(order, []).phone).toBe("Tel. 020");
    const noAddressPhone = { ...order, shippingAddress: { ...order.shippingAddress, phone: " " } };
    expect(shippingLabel({ ...noAddressPhone, customer: { ...order.customer, phone: " +233 24 123 4567 " } }, []).phone).toBe("Tel. +233 24 123 4567");
    expect(shippingLabel({ ...order, customer: { ...order.customer, phone: "+233 24 000 0000" } }, []).phone).toBe("Tel. 020");
    expect(shippingLabel(noAddressPhone, []).phone).toBeNull();
  });

  it("prefers the name on the shipping address", () => {
    const label = shippingLabel({ ...order, shippingAddress: { ...order.shippingAddress, firstName: "Kofi", lastName: "Mensah" } }, []);
    expect(label.shipTo[0]).toBe("Kofi Mensah");
  });

  it("reads repeated and comma-separated ids, distinct and capped", () => {
    expect(readLabelIds(new URLSearchParams("ids=a,b&ids=b&ids=c"))).toEqual(["a", "b", "c"]);
    const many = Array.from({ length: 150 }, (_, i) => `id${i}`).join(",");
    expect(readLabelIds(new URLSearchParams(`ids=${many}`))).toHaveLength(MAX_LABELS_PER_PRINT);
  });

  it("goes back to the order or the list view it was opened from, and nowhere else", () => {
    expect(printBackTarget("/admin/orders/abc-123")).toEqual({ to: "/admin/orders/abc-123", toOrder: true });
    expect(printBackTarget("/admin/orders?search=navy&page=2")).toEqual({ to: "/admin/orders?search=navy&page=2", toOrder: false });
    for (const elsewhere of [null, "", "https://evil.example/admin/orders", "//evil.example", "/admin/orders/print", "/admin/orders/a/b", "/admin/settings", "/admin/ordersx"]) {
      expect(printBackTarget(elsewhere), String(elsewhere)).toEqual({ to: "/admin/orders", toOrder: false });
    }
  });
});

describe("which orders must not ship", () => {
  it("lets a paid order's parcel go, also one refunded in part (the rest is still owed)", () => {
    for (const status of ["pending", "processing", "shipped", "delivered"]) {
      expect(doNotShip({ status, paymentStatus: "paid" }), status).toBeNull();
    }
    expect(doNotShip({ status: "processing", paymentStatus: "partially_refunded" })).toBeNull();
  });

  it("holds a cancelled order first, whatever its payment", () => {
    for (const paymentStatus of ["paid", "refunded", "pending", "failed"]) {
      expect(doNotShip({ status: "cancelled", paymentStatus }), paymentStatus).toBe("cancelled");
    }
  });

  it("holds an order refunded in full", () => {
    expect(doNotShip({ status: "processing", paymentStatus: "refunded" })).toBe("refunded");
    expect(doNotShip({ status: "shipped", paymentStatus: "refunded" })).toBe("refunded");
  });

  it("holds an order whose payment has not come in or failed, whatever status an admin gave it", () => {
    expect(doNotShip({ status: "pending", paymentStatus: "pending" })).toBe("unpaid");
    expect(doNotShip({ status: "processing", paymentStatus: "failed" })).toBe("unpaid");
    expect(doNotShip({ status: "processing", paymentStatus: "pending" })).toBe("unpaid");
  });
});

describe("an order whose customer was erased", () => {
  it("is not to be sent, paid or not, sent already or not: its sheet has no one to send it to", () => {
    for (const status of ["pending", "processing", "shipped", "delivered"]) {
      expect(doNotShip({ status, paymentStatus: "paid", customerEmail: "erased" }), status).toBe("erased");
    }
    expect(sheetMark({ status: "delivered", paymentStatus: "paid", shippedAt: "2026-12-03T10:00:00Z", customerEmail: "erased" })).toEqual({ kind: "do-not-ship", reason: "erased" });
    expect(sheetMarkText({ kind: "do-not-ship", reason: "erased" })).toEqual({ stamp: "CUSTOMER ERASED – DO NOT SHIP", reprint: null });
    expect(printPreview([{ status: "delivered", paymentStatus: "paid", customerEmail: "erased" }])).toEqual({ printing: 0, leftOut: [{ reason: "erased", count: 1 }] });
  });
});

describe("what a printed sheet says of itself", () => {
  it("stamps a sheet of an order that must not be sent, whatever else it is", () => {
    expect(sheetMark({ status: "cancelled", paymentStatus: "paid", shippedAt: null })).toEqual({ kind: "do-not-ship", reason: "cancelled" });
    expect(sheetMark({ status: "processing", paymentStatus: "refunded", shippedAt: null })).toEqual({ kind: "do-not-ship", reason: "refunded" });
    // Sent, then refunded in full (a return): not to be sent again.
    expect(sheetMark({ status: "shipped", paymentStatus: "refunded", shippedAt: "2026-12-03T10:00:00Z" })).toEqual({ kind: "do-not-ship", reason: "refunded" });
    expect(sheetMarkText({ kind: "do-not-ship", reason: "cancelled" })).toEqual({ stamp: "CANCELLED – DO NOT SHIP", reprint: null });
    expect(sheetMarkText({ kind: "do-not-ship", reason: "refunded" })).toEqual({ stamp: "REFUNDED – DO NOT SHIP", reprint: null });
  });

  it("stamps the sheet of an order not paid (or whose payment failed): the packer cannot see the screen's warning", () => {
    expect(sheetMark({ status: "pending", paymentStatus: "pending", shippedAt: null })).toEqual({ kind: "do-not-ship", reason: "unpaid" });
    expect(sheetMark({ status: "processing", paymentStatus: "failed", shippedAt: null })).toEqual({ kind: "do-not-ship", reason: "unpaid" });
    expect(sheetMarkText({ kind: "do-not-ship", reason: "unpaid" })).toEqual({ stamp: "UNPAID – DO NOT SHIP", reprint: null });
    expect(shippingLabel(order, [], { kind: "do-not-ship", reason: "unpaid" })).toMatchObject({ stamp: "UNPAID – DO NOT SHIP", reprint: null });
  });

  it("marks the sheet of an order shipped already as a reprint, with the day it left", () => {
    for (const status of ["shipped", "delivered", "completed"]) {
      expect(sheetMark({ status, paymentStatus: "paid", shippedAt: "2026-12-03T23:30:00Z" }), status).toEqual({ kind: "reprint", shippedAt: "2026-12-03T23:30:00Z" });
    }
    // The day in London, as every admin screen gives it.
    expect(sheetMarkText({ kind: "reprint", shippedAt: "2026-07-03T23:30:00Z" })).toEqual({ stamp: null, reprint: "Reprint – shipped on 4 Jul 2026" });
    // An order marked shipped before the shop kept the date.
    expect(sheetMarkText({ kind: "reprint", shippedAt: null })).toEqual({ stamp: null, reprint: adminFulfilment.reprintShipped });
  });

  it("leaves an order still to send unmarked", () => {
    expect(sheetMark({ status: "processing", paymentStatus: "paid", shippedAt: null })).toBeNull();
    expect(sheetMark({ status: "processing", paymentStatus: "partially_refunded", shippedAt: null })).toBeNull();
    expect(sheetMarkText(null)).toEqual({ stamp: null, reprint: null });
  });

  it("prints the mark on the label", () => {
    const label = shippingLabel(order, [], { kind: "do-not-ship", reason: "cancelled" });
    expect(label).toMatchObject({ stamp: "CANCELLED – DO NOT SHIP", reprint: null });
    expect(shippingLabel(order, [])).toMatchObject({ stamp: null, reprint: null });
  });
});

describe("a print of the chosen orders", () => {
  const chosen = [
    { number: "#A", status: "processing", paymentStatus: "paid", shippedAt: null },
    { number: "#B", status: "cancelled", paymentStatus: "paid", shippedAt: null },
    { number: "#C", status: "shipped", paymentStatus: "paid", shippedAt: "2026-12-03T10:00:00Z" },
    { number: "#D", status: "processing", paymentStatus: "refunded", shippedAt: null },
    { number: "#E", status: "pending", paymentStatus: "pending", shippedAt: null },
    { number: "#F", status: "processing", paymentStatus: "failed", shippedAt: null },
  ];

  it("leaves out the orders that must not be sent (cancelled, refunded in full, not paid) and names them; reprints stay", () => {
    const run = printRun(chosen, false);
    expect(run.sheets.map(({ order, mark }) => [order.number, mark?.kind ?? null])).toEqual([
      ["#A", null],
      ["#C", "reprint"],
    ]);
    expect(run.leftOut.map((order) => order.number)).toEqual(["#B", "#D", "#E", "#F"]);
  });

  it("prints them too when asked, stamped, in the order chosen", () => {
    const run = printRun(chosen, true);
    expect(run.sheets.map(({ order, mark }) => [order.number, mark?.kind ?? null])).toEqual([
      ["#A", null],
      ["#B", "do-not-ship"],
      ["#C", "reprint"],
      ["#D", "do-not-ship"],
      ["#E", "do-not-ship"],
      ["#F", "do-not-ship"],
    ]);
    expect(run.leftOut).toEqual([]);
  });

  it("tells the Orders list, before Print, how many sheets come out and how many are left out for each reason", () => {
    expect(printPreview(chosen)).toEqual({
      printing: 2,
      leftOut: [
        { reason: "cancelled", count: 1 },
        { reason: "refunded", count: 1 },
        { reason: "unpaid", count: 2 },
      ],
    });
    // The same orders as the print itself leaves out.
    expect(printPreview(chosen).printing).toBe(printRun(chosen, false).sheets.length);
    expect(printPreview(chosen.slice(0, 1))).toEqual({ printing: 1, leftOut: [] });
    expect(printPreview([])).toEqual({ printing: 0, leftOut: [] });
  });

  it("links to the same print with or without them, keeping the orders, the document and Back", () => {
    const href = printPageHref({ doc: "slip", ids: ["a-1", "b-2"], back: "/admin/orders?search=navy&page=2", anyway: true });
    const params = new URL(href, "http://shop.test").searchParams;
    expect(href.startsWith("/admin/orders/print?")).toBe(true);
    expect(params.get("doc")).toBe("slip");
    expect(readLabelIds(params)).toEqual(["a-1", "b-2"]);
    expect(readPrintAnyway(params)).toBe(true);
    expect(printBackTarget(params.get("back")).to).toBe("/admin/orders?search=navy&page=2");
    expect(readPrintAnyway(new URL(printPageHref({ doc: "label", ids: ["a-1"], back: "/admin/orders", anyway: false }), "http://shop.test").searchParams)).toBe(false);
    expect(readPrintAnyway(new URLSearchParams("anyway=yes"))).toBe(false);
  });
});

describe("the label of an order whose customer's personal data was erased", () => {
  it("names the recipient 'Erased customer' above the country it kept, with no phone", () => {
    const customer = { firstName: "", lastName: "", email: "erased" };
    const address = { address: "", city: "", postalCode: "", country: "United Kingdom" };
    expect(addressLines(address, customer)).toEqual(["Erased customer", "UNITED KINGDOM"]);
    expect(recipientPhone(address, customer)).toBeNull();
  });
});
