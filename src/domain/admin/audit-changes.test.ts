import { describe, expect, it } from "vitest";
import { AUDIT_VALUE_MAX, auditChanges } from "./audit-changes.ts";

describe("auditChanges", () => {
  it("lists only the fields an update changed, before and after", () => {
    const before = { name: "Navy Suit", pricePence: 19999, sizes: ["38R", "40R"], description: "A long text ".repeat(30), isActive: true };
    const after = { ...before, pricePence: 14999, sizes: ["38R", "40R", "42R"] };
    expect(auditChanges(before, after)).toEqual([
      { field: "pricePence", before: "19999", after: "14999" },
      { field: "sizes", before: '["38R","40R"]', after: '["38R","40R","42R"]' },
    ]);
  });

  it("lists every field of a record created or removed, and fields only one side has", () => {
    expect(auditChanges(null, { code: "SAVE10", value: 10 })).toEqual([
      { field: "code", before: null, after: "SAVE10" },
      { field: "value", before: null, after: "10" },
    ]);
    expect(auditChanges({ note: "Gift wrap" }, null)).toEqual([{ field: "note", before: "Gift wrap", after: null }]);
    expect(auditChanges({ status: "pending", carrier: null }, { status: "shipped", trackingNumber: "RM1" })).toEqual([
      { field: "status", before: "pending", after: "shipped" },
      { field: "trackingNumber", before: null, after: "RM1" },
    ]);
  });

  it("is empty when nothing changed, and one whole-value change for anything but records", () => {
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([]);
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges(["a"], ["a", "b"])).toEqual([{ field: "", before: '["a"]', after: '["a","b"]' }]);
    expect(auditChanges(3, "three")).toEqual([{ field: "", before: "3", after: "three" }]);
  });

  it("shortens a very long value", () => {
    const [change] = auditChanges({ text: "x" }, { text: "y".repeat(AUDIT_VALUE_MAX + 50) });
    expect(change!.after).toHaveLength(AUDIT_VALUE_MAX);
    expect(change!.after!.endsWith("…")).toBe(true);
  });
});
