import { describe, expect, it } from "vitest";
import { auditSubject } from "./audit-subjects.ts";

const orderId = "00000000-0000-4000-8000-00009edb918f";
const productId = "2e8d92d3-0000-4000-8000-000000000000";

describe("audit trail subjects", () => {
  it("names an order by its number and links it", () => {
    expect(auditSubject({ subjectType: "order", subjectId: orderId, before: null, after: { note: "x" } }, new Map())).toEqual({
      label: "#9EDB918F",
      href: `/admin/orders/${orderId}`,
    });
  });

  it("names a product as it is now, and links it while it exists", () => {
    const entry = { subjectType: "product", subjectId: productId, before: { name: "Review Blazer" }, after: { name: "Review Blazer" } };
    expect(auditSubject(entry, new Map([[productId, "Review Blazer (Slim)"]]))).toEqual({ label: "Review Blazer (Slim)", href: `/admin/products/${productId}/edit` });
  });

  it("still names a deleted product, from what the entry recorded, without a link", () => {
    expect(auditSubject({ subjectType: "product", subjectId: productId, before: { name: "Gone Tie" }, after: null }, new Map())).toEqual({ label: "Gone Tie", href: null });
  });

  it("names a discount by its code and an admin by e-mail", () => {
    expect(auditSubject({ subjectType: "discount_code", subjectId: "d1", before: { code: "SAVE10" }, after: { code: "SAVE10" } }, new Map())).toEqual({ label: "SAVE10", href: null });
    expect(auditSubject({ subjectType: "discount_code", subjectId: "d1", before: null, after: { code: "SAVE10" } }, new Map([["d1", "SAVE10"]]))?.href).toBe("/admin/discounts");
    expect(auditSubject({ subjectType: "admin_user", subjectId: "u1", before: null, after: { email: "ops@shop.example" } }, new Map())).toEqual({ label: "ops@shop.example", href: null });
  });

  it("has no subject for whole-shop actions", () => {
    expect(auditSubject({ subjectType: "orders", subjectId: null, before: null, after: null }, new Map())).toBeNull();
    expect(auditSubject({ subjectType: "settings", subjectId: null, before: { markupPercent: 40 }, after: { markupPercent: 45 } }, new Map())).toBeNull();
  });
});
