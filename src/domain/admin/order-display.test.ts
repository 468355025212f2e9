import { describe, expect, it } from "vitest";
import { adminOrders } from "../messages/admin.ts";
import { customerCardName, customerEmailText, customerGroupTitle, groupByCustomerEmail, lineTotalPence, orderAdjustmentsText, productNameText } from "./order-display.ts";
import { knownEmail } from "../guest-email.ts";

describe("admin order display", () => {
  it("names the customer from either spelling of the name fields", () => {
    expect(customerCardName({ firstName: "Ama", lastName: "Owusu" })).toBe("Ama Owusu");
    expect(customerGroupTitle({ first_name: "Kofi", last_name: " Mensah ", email: "k@b.test" })).toBe("Kofi Mensah");
  });

  it("falls back to the spec's texts when something is missing", () => {
    expect(customerGroupTitle({ email: "a@b.test" })).toBe("a@b.test");
    expect(customerGroupTitle({})).toBe(adminOrders.unknownCustomer);
    expect(customerGroupTitle(null)).toBe("Unknown Customer");
    expect(customerCardName({})).toBe("Unknown");
    expect(customerEmailText({ email: "  " })).toBe("No email");
    // An unpaid guest Buy Now, as checkout stores it: the placeholder address is nobody's.
    const unpaidBuyNow = { firstName: "Guest", lastName: "", email: "guest@buy-now.invalid" };
    expect(customerEmailText(unpaidBuyNow)).toBe("No email");
    expect(customerGroupTitle(unpaidBuyNow)).toBe("Guest");
    expect(customerGroupTitle({ ...unpaidBuyNow, firstName: "" })).toBe("Unknown Customer");
    expect(productNameText("")).toBe("Unknown Product");
    expect(productNameText("Navy Suit")).toBe("Navy Suit");
  });

  it("shows an e-mail whose domain is kept in ASCII in its own script, as the customer typed it", () => {
    const kofi = { email: "kofi@xn--bcher-kva.de" };
    expect(customerEmailText(kofi)).toBe("kofi@bücher.de");
    expect(customerGroupTitle(kofi)).toBe("kofi@bücher.de");
    expect(customerGroupTitle({ ...kofi, firstName: "Kofi" })).toBe("Kofi");
  });

  it("totals a line", () => {
    expect(lineTotalPence(3, 1999)).toBe(5997);
  });

  it("groups consecutive orders of one e-mail", () => {
    const groups = groupByCustomerEmail([
      { id: 1, customerEmail: "a@x" },
      { id: 2, customerEmail: "a@x" },
      { id: 3, customerEmail: "b@x" },
    ]);
    expect(groups.map((group) => [group.email, group.orders.map((order) => order.id)])).toEqual([
      ["a@x", [1, 2]],
      ["b@x", [3]],
    ]);
  });
});

describe("orderAdjustmentsText", () => {
  it("names the discount with its code and the shipping, and nothing when the lines make the total", () => {
    expect(orderAdjustmentsText({ discountPence: 2786, discountCode: "SAVE10", shippingPence: 0 })).toBe("Discount (SAVE10) -£27.86");
    expect(orderAdjustmentsText({ discountPence: 500, discountCode: null, shippingPence: 499 })).toBe("Discount -£5.00 · Shipping £4.99");
    expect(orderAdjustmentsText({ discountPence: 0, discountCode: null, shippingPence: 0 })).toBeNull();
  });
});

describe("an order whose customer's personal data was erased", () => {
  const erased = { firstName: "", lastName: "", email: "erased" };
  it("is headed and named 'Erased customer', not 'Unknown', and shows no e-mail", () => {
    expect(customerGroupTitle(erased)).toBe("Erased customer");
    expect(customerCardName(erased)).toBe("Erased customer");
    expect(customerEmailText(erased)).toBe("Personal data erased");
    expect(knownEmail("erased")).toBe("");
    expect(knownEmail("erased@example.com")).toBe("erased@example.com");
  });
});
