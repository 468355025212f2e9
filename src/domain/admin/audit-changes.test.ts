import { describe, expect, it } from "vitest";
import { AUDIT_EMPTY, AUDIT_VALUE_MAX, auditChanges } from "./audit-changes.ts";

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
    // In an update, a side without a value says so rather than reading as a creation or removal.
    expect(auditChanges({ status: "pending", carrier: "DPD", trackingNumber: null, contactEmail: "" }, { status: "shipped", carrier: null, trackingNumber: "RM1", contactEmail: "hello@shop.test" })).toEqual([
      { field: "status", label: "status", before: "Pending", after: "Shipped" },
      { field: "carrier", label: "carrier", before: "DPD", after: AUDIT_EMPTY },
      { field: "trackingNumber", label: "tracking number", before: AUDIT_EMPTY, after: "RM1" },
      { field: "contactEmail", label: "contact email", before: AUDIT_EMPTY, after: "hello@shop.test" },
    ]);
    // A field only one side's record has (an event's details) reads as a plain value.
    expect(auditChanges({ status: "processing" }, { status: "cancelled", customerNotified: false })).toEqual([
      { field: "status", label: "status", before: "Processing", after: "Cancelled" },
      { field: "customerNotified", label: "customer notified", before: null, after: "no" },
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
    expect(auditChanges({ expires_at: null }, { expires_at: "2027-06-30T22:59:59.999Z" })).toEqual([{ field: "expires_at", label: "expires at", before: "never", after: "30 Jun 2027, 23:59" }]);
    expect(auditChanges({ markupPercent: 40 }, { markupPercent: 45 })).toEqual([{ field: "markupPercent", label: "markup", before: "40%", after: "45%" }]);
  });

  it("gives a discount's value the unit of its type, and its minimum order in pounds", () => {
    expect(auditChanges({ discount_type: "fixed", discount_value: 5, min_order_amount: null }, { discount_type: "fixed", discount_value: 7.5, min_order_amount: 50 })).toEqual([
      { field: "discount_value", label: "value", before: "£5.00", after: "£7.50" },
      { field: "min_order_amount", label: "minimum order", before: "none", after: "£50.00" },
    ]);
    expect(auditChanges({ usage_limit: null, used_count: 3 }, { usage_limit: 100, used_count: 4 })).toEqual([{ field: "usage_limit", label: "usage limit", before: "unlimited", after: "100" }]);
    expect(auditChanges(null, { id: "e998de69-0000", code: "TWENTY", discount_type: "percentage", discount_value: 20, used_count: 0 })).toEqual([
      { field: "code", label: "code", before: null, after: "TWENTY" },
      { field: "discount_type", label: "discount type", before: null, after: "percentage" },
      { field: "discount_value", label: "value", before: null, after: "20%" },
    ]);
    expect(auditChanges({ discount_type: "percentage", discount_value: 10 }, { discount_type: "fixed", discount_value: 10 })).toEqual([
      { field: "discount_type", label: "discount type", before: "percentage", after: "fixed amount" },
      { field: "discount_value", label: "value", before: "10%", after: "£10.00" },
    ]);
  });

  it("reads a refund and a spreadsheet import without their internal ids or stored words", () => {
    expect(auditChanges({ paymentStatus: "paid" }, { paymentStatus: "partially_refunded", refundId: "bd623ca5", providerRefundId: "re_123" })).toEqual([
      { field: "paymentStatus", label: "payment status", before: "Paid", after: "Partially refunded" },
      { field: "providerRefundId", label: "provider's reference", before: null, after: "re_123" },
    ]);
    expect(auditChanges(null, { jobId: "9651c832", rows: [2, 5], created: [], updated: ["a", "b", "c"], unchanged: 1 })).toEqual([
      { field: "rows", label: "spreadsheet rows", before: null, after: "2–5" },
      { field: "created", label: "created", before: null, after: "none" },
      { field: "updated", label: "updated", before: null, after: "3 products" },
      { field: "unchanged", label: "unchanged", before: null, after: "1 product" },
    ]);
    expect(auditChanges(null, { jobId: "9651c832", fileName: "catalogue.csv", bytes: 1755 })).toEqual([
      { field: "fileName", label: "file", before: null, after: "catalogue.csv" },
      { field: "bytes", label: "file size", before: null, after: "1.7 KB" },
    ]);
    // An export of every order has no search to show.
    expect(auditChanges(null, { search: "", status: null })).toEqual([]);
  });

  it("shortens a very long value", () => {
    const [change] = auditChanges({ text: "x" }, { text: "y".repeat(AUDIT_VALUE_MAX + 50) });
    expect(change!.after).toHaveLength(AUDIT_VALUE_MAX);
    expect(change!.after!.endsWith("…")).toBe(true);
  });
});
