import { describe, expect, it } from "vitest";
import { addressLines, labelWarning, MAX_LABELS_PER_PRINT, printBackTarget, readLabelIds, shippingLabel, unitsToPack } from "./shipping-label.ts";

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

describe("labelWarning", () => {
  it("lets a paid order's label ship, also one refunded in part (the rest is still owed)", () => {
    for (const status of ["pending", "processing", "shipped", "delivered"]) {
      expect(labelWarning({ status, paymentStatus: "paid" }), status).toBeNull();
    }
    expect(labelWarning({ status: "processing", paymentStatus: "partially_refunded" })).toBeNull();
  });

  it("warns of a cancelled order first, whatever its payment", () => {
    for (const paymentStatus of ["paid", "refunded", "pending", "failed"]) {
      expect(labelWarning({ status: "cancelled", paymentStatus }), paymentStatus).toBe("cancelled");
    }
  });

  it("warns of an order refunded in full", () => {
    expect(labelWarning({ status: "processing", paymentStatus: "refunded" })).toBe("refunded");
    expect(labelWarning({ status: "shipped", paymentStatus: "refunded" })).toBe("refunded");
  });

  it("warns of an order whose payment has not come in", () => {
    expect(labelWarning({ status: "pending", paymentStatus: "pending" })).toBe("unpaid");
    expect(labelWarning({ status: "processing", paymentStatus: "failed" })).toBe("unpaid");
  });
});
