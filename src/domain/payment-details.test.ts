import { describe, expect, it } from "vitest";
import { checkout } from "./messages/checkout.ts";
import { paymentPage } from "./messages/payment-page.ts";
import { validation } from "./messages/forms.ts";
import { controlCharactersMessage } from "./text-rules.ts";
import { countryNameOf, countryOptions, paymentDetailsSchema } from "./payment-details.ts";

describe("countries of the payment page", () => {
  it("names ISO codes and sorts them by name", () => {
    expect(countryNameOf("gb")).toBe("United Kingdom");
    expect(countryNameOf("XX")).toBe("XX");
    expect(countryOptions(["US", "GB", "FR"])).toEqual([
      { code: "FR", name: "France" },
      { code: "GB", name: "United Kingdom" },
      { code: "US", name: "United States" },
    ]);
  });
});

describe("paymentDetailsSchema", () => {
  const schema = paymentDetailsSchema(["GB", "FR"]);
  const valid = { email: "yaw@example.com", name: " Yaw Boateng ", phone: "", line1: "2 High Street", line2: "", city: "Leeds", postalCode: "LS1 1AA", country: "gb" };

  it("accepts a complete address in an offered country", () => {
    expect(schema.parse(valid)).toEqual({ email: "yaw@example.com", name: "Yaw Boateng", phone: undefined, line1: "2 High Street", line2: undefined, city: "Leeds", postalCode: "LS1 1AA", country: "GB" });
    // The recipient's phone, for the carrier, when given (issue 15, item 11).
    expect(schema.parse({ ...valid, phone: " +44 7700 900123 " }).phone).toBe("+44 7700 900123");
  });

  it("names every missing or wrong field", () => {
    const result = schema.safeParse({ email: "yaw@", name: " ", line1: " ", line2: "", city: "", postalCode: "", country: "JP" });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["email", validation.invalidEmail],
      ["name", paymentPage.recipientNameRequired],
      ["line1", checkout.streetRequired],
      ["city", checkout.cityRequired],
      ["postalCode", checkout.postalCodeRequired],
      ["country", paymentPage.countryNotOffered],
    ]);
    expect(schema.safeParse({ ...valid, email: "" }).error?.issues[0]?.message).toBe(validation.emailRequired);
    // A name of zero-width spaces is no name; a phone must be a phone number.
    expect(schema.safeParse({ ...valid, name: "\u200b\u200b" }).error?.issues.map((issue) => issue.message)).toEqual([paymentPage.recipientNameRequired]);
    expect(schema.safeParse({ ...valid, phone: "abc" }).error?.issues.map((issue) => issue.message)).toEqual([validation.invalidPhone]);
  });

  it("refuses a control character in a field with the checkout's rule", () => {
    expect(schema.safeParse({ ...valid, city: "Le\u0000eds", line2: "Flat\u00072" }).error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["line2", controlCharactersMessage("Address line 2")],
      ["city", controlCharactersMessage("City")],
    ]);
  });
});
