import { describe, expect, it } from "vitest";
import { confirmation } from "./messages/orders.ts";
import { confirmationOrderRef, formatOrderNumber, shortOrderId } from "./order-number.ts";

const uuid = "3f2a9c1e-7b4d-4e2a-9f11-a1b2c3d4e5f6";

describe("formatOrderNumber (admin.md section 2 Order number display)", () => {
  it("shows ids starting with ORD- as they are", () => {
    expect(formatOrderNumber("ORD-2026-000123")).toBe("ORD-2026-000123");
    expect(formatOrderNumber("ORD-abc")).toBe("ORD-abc");
  });

  it("shows other ids as # and their last 8 characters, uppercased", () => {
    expect(formatOrderNumber(uuid)).toBe("#C3D4E5F6");
    expect(formatOrderNumber("abcdefghi")).toBe("#BCDEFGHI");
    expect(formatOrderNumber("abcdefgh")).toBe("#ABCDEFGH");
  });

  it("is case-sensitive about the ORD- prefix", () => {
    expect(formatOrderNumber("ord-12345678")).toBe("#12345678");
    expect(formatOrderNumber("ORD12345678")).toBe("#12345678");
  });

  it("shows a short id whole", () => {
    expect(formatOrderNumber("abc")).toBe("#ABC");
    expect(formatOrderNumber("")).toBe("#");
  });
});

describe("confirmationOrderRef (storefront.md section 8 Confirmation, one number everywhere)", () => {
  it("is the order number the page, the e-mail and My orders show", () => {
    expect(confirmationOrderRef(uuid)).toBe(formatOrderNumber(uuid));
    expect(confirmationOrderRef("ORD-20261123-0001")).toBe("ORD-20261123-0001");
  });

  it("fills the confirmation message", () => {
    expect(confirmation.orderConfirmed(confirmationOrderRef(uuid), 3, "123.45")).toBe(
      `Order ${formatOrderNumber(uuid)} confirmed! 3 item(s) totaling £123.45`,
    );
  });
});

describe("shortOrderId (admin.md section 2 Order ID, first 8 characters)", () => {
  it("keeps the first 8 characters as stored", () => {
    expect(shortOrderId(uuid)).toBe("3f2a9c1e");
    expect(shortOrderId("abc")).toBe("abc");
  });
});
