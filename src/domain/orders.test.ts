import { describe, expect, it } from "vitest";
import { orderLookup } from "./messages/orders.ts";
import { validation } from "./messages/forms.ts";
import { deliveryAddressLine, normaliseOrderNumber, orderLookupSchema, recipientName } from "./orders.ts";

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

describe("deliveryAddressLine", () => {
  it("names street, town, region, postcode and country on one line, leaving out blank parts", () => {
    expect(deliveryAddressLine({ address: "1 Savile Row", city: "London", region: " ", postalCode: "W1S 3PR", country: "United Kingdom" })).toBe(
      "1 Savile Row, London, W1S 3PR, United Kingdom",
    );
  });

  it("writes the town, region and postcode as the destination's post does, without a label's capitals", () => {
    expect(deliveryAddressLine({ address: "5 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "United States" })).toBe("5 Main St, Austin, TX 78701, United States");
    expect(deliveryAddressLine({ address: "1200 Rue Sherbrooke O", city: "Montréal", region: "QC", postalCode: "H2X 1Y4", country: "Canada" })).toBe(
      "1200 Rue Sherbrooke O, Montréal QC H2X 1Y4, Canada",
    );
    expect(deliveryAddressLine({ address: "Unter den Linden 1", city: "Berlin", postalCode: "10115", country: "Germany" })).toBe("Unter den Linden 1, 10115 Berlin, Germany");
  });

  it("is null for no address and for an empty one", () => {
    expect(deliveryAddressLine(null)).toBeNull();
    expect(deliveryAddressLine(undefined)).toBeNull();
    expect(deliveryAddressLine({})).toBeNull();
  });
});

describe("recipientName", () => {
  it("is the address's name, or null when it names nobody", () => {
    expect(recipientName({ firstName: "Ama", lastName: " Mensah " })).toBe("Ama Mensah");
    expect(recipientName({ firstName: " ", lastName: "" })).toBeNull();
    expect(recipientName(null)).toBeNull();
  });
});
