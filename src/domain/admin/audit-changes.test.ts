import { describe, expect, it } from "vitest";
import { AUDIT_VALUE_MAX, auditChanges } from "./audit-changes.ts";

describe("auditChanges", () => {
  it("lists only the fields an update changed, before and after", () => {
    const before = { name: "Navy Suit", pricePence: 19999, sizes: ["38R", "40R"], description: "A long text ".repeat(30), isActive: true };
    const after = { ...before, pricePence: 14999, sizes: ["38R", "40R", "42R"] };
    expect(auditChanges(before, after)).toEqual([
      { field: "pricePence", label: "price", before: "£199.99", after: "£149.99" },
      { field: "sizes", label: "sizes", before: "38R, 40R", after: "38R, 40R, 42R" },
    ]);
  });

  it("lists every field of a record created or removed, and fields only one side has", () => {
    expect(auditChanges(null, { code: "SAVE10", value: 10 })).toEqual([
      { field: "code", label: "code", before: null, after: "SAVE10" },
      { field: "value", label: "value", before: null, after: "10" },
    ]);
    expect(auditChanges({ note: "Gift wrap" }, null)).toEqual([{ field: "note", label: "note", before: "Gift wrap", after: null }]);
    expect(auditChanges({ status: "pending", carrier: null }, { status: "shipped", trackingNumber: "RM1" })).toEqual([
      { field: "status", label: "status", before: "pending", after: "shipped" },
      { field: "trackingNumber", label: "tracking number", before: null, after: "RM1" },
    ]);
  });

  it("is empty when nothing changed, and one whole-value change for anything but records", () => {
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([]);
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges(["a"], ["a", "b"])).toEqual([{ field: "", label: "", before: "a", after: "a, b" }]);
    expect(auditChanges(3, "three")).toEqual([{ field: "", label: "", before: "3", after: "three" }]);
  });

  it("says what an owner reads: pounds, yes/no, image counts and units put back", () => {
    expect(auditChanges({ isActive: true, is_active: true, gallery: ["/a.webp", "/b.webp"] }, { isActive: false, is_active: false, gallery: ["/a.webp"] })).toEqual([
      { field: "isActive", label: "active", before: "yes", after: "no" },
      { field: "is_active", label: "active", before: "yes", after: "no" },
      { field: "gallery", label: "gallery", before: "2 images", after: "1 image" },
    ]);
    expect(auditChanges(null, { amountPence: 15400, refundedPence: 0, restocked: [{ itemId: "i1", name: "Kaftan", quantity: 1 }, { itemId: "i2", quantity: 2 }] })).toEqual([
      { field: "amountPence", label: "amount", before: null, after: "£154.00" },
      { field: "refundedPence", label: "refunded", before: null, after: "£0.00" },
      { field: "restocked", label: "restocked", before: null, after: "1 × Kaftan, 2 units" },
    ]);
    expect(auditChanges({ expires_at: null }, { expires_at: "2027-06-30T22:59:59.999Z" })).toEqual([{ field: "expires_at", label: "expires at", before: null, after: "30 Jun 2027, 23:59" }]);
    expect(auditChanges({ discount_value: 5, markupPercent: 40 }, { discount_value: 7.5, markupPercent: 45 })).toEqual([
      { field: "discount_value", label: "discount value", before: "5", after: "7.5" },
      { field: "markupPercent", label: "markup percent", before: "40", after: "45" },
    ]);
  });

  it("shortens a very long value", () => {
    const [change] = auditChanges({ text: "x" }, { text: "y".repeat(AUDIT_VALUE_MAX + 50) });
    expect(change!.after).toHaveLength(AUDIT_VALUE_MAX);
    expect(change!.after!.endsWith("…")).toBe(true);
  });
});
