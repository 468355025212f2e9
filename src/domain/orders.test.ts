import { describe, expect, it } from "vitest";
import { orderLookup } from "./messages/orders.ts";
import { validation } from "./messages/forms.ts";
import { normaliseOrderNumber, orderLookupSchema } from "./orders.ts";

describe("normaliseOrderNumber", () => {
  it("reads an order number however it was copied", () => {
    for (const typed of ["#1A2B3C4D", "1a2b3c4d", " #1a2b 3c4d ", "1A2B3C4D"]) expect(normaliseOrderNumber(typed)).toBe("1A2B3C4D");
    expect(normaliseOrderNumber("ORD-2025-0001")).toBe("ORD-2025-0001");
    expect(normaliseOrderNumber("  # ")).toBe("");
  });
});

describe("orderLookupSchema", () => {
  it("needs a number and a valid e-mail", () => {
    expect(orderLookupSchema.parse({ orderNumber: "#abcd1234", email: " Ama@Example.com " })).toEqual({ orderNumber: "ABCD1234", email: "Ama@Example.com" });
    expect(orderLookupSchema.safeParse({ orderNumber: " # ", email: "a@b.co" }).error?.issues[0]?.message).toBe(orderLookup.numberRequired);
    expect(orderLookupSchema.safeParse({ orderNumber: "#1", email: "" }).error?.issues[0]?.message).toBe(validation.emailRequired);
    expect(orderLookupSchema.safeParse({ orderNumber: "#1", email: "nope" }).error?.issues[0]?.message).toBe(validation.invalidEmail);
  });
});
