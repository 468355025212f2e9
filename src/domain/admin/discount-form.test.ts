import { describe, expect, it } from "vitest";
import { expiryDateField, parseDiscountCode } from "./discount-form.ts";
import type { InputSource } from "../input-source.ts";
import { discounts } from "../messages/discounts.ts";
import { validation } from "../messages/forms.ts";
import { requestErrors } from "../messages/requests.ts";

const valid = { code: "summer10", discount_type: "percentage", discount_value: "10" };

// Most values below are text, as the page's form posts them; JSON's own rules are tested apart.
function input(fields: Record<string, unknown>, source: InputSource = "form") {
  const parsed = parseDiscountCode(fields, source);
  if (!parsed.ok) throw new Error(`refused: ${parsed.message}`);
  return parsed.input;
}

function refusal(fields: unknown, source: InputSource = "form") {
  const parsed = parseDiscountCode(fields, source);
  if (parsed.ok) throw new Error("accepted");
  return { message: parsed.message, field: parsed.field };
}

describe("parseDiscountCode (admin.md section 5 Discount form)", () => {
  it("names every field's problem at once, the first of them as the message", () => {
    const parsed = parseDiscountCode({ ...valid, discount_value: "150", min_order_amount: "-10", usage_limit: "0" }, "form");
    expect(parsed).toMatchObject({
      ok: false,
      message: discounts.percentageTooHigh,
      field: "discount_value",
      errors: { discount_value: discounts.percentageTooHigh, min_order_amount: discounts.minimumNotNegative, usage_limit: discounts.invalidUsageLimit },
    });
  });

  it("marks both required fields when both are left empty", () => {
    const parsed = parseDiscountCode({ code: " ", discount_value: "" }, "form");
    expect(parsed).toMatchObject({ ok: false, field: "code", errors: { code: discounts.requiredFields, discount_value: discounts.requiredFields } });
  });

  it("forces the code to upper case and parses the value as a decimal", () => {
    expect(input(valid)).toEqual({
      code: "SUMMER10",
      description: null,
      type: "percentage",
      value: 10,
      minOrderAmountPence: null,
      usageLimit: null,
      expiresAt: null,
      isActive: true,
    });
    expect(input({ ...valid, discount_value: "12.5" }).value).toBe(12.5);
    expect(input({ ...valid, discount_value: 15 }).value).toBe(15);
    expect(input({ ...valid, code: "  welcome " }).code).toBe("WELCOME");
  });

  it("takes a fixed amount in pounds, as the form shows it, and keeps pence", () => {
    expect(input({ ...valid, discount_type: "fixed", discount_value: "5" }).value).toBe(500);
    expect(input({ ...valid, discount_type: "fixed", discount_value: "5.99" }).value).toBe(599);
    expect(input({ ...valid, discount_type: "fixed", discount_value: 7.5 }).value).toBe(750);
    expect(input({ ...valid, discount_type: "fixed", discount_value: "£12" }).value).toBe(1200);
  });

  it("requires code and value with the spec's message", () => {
    expect(refusal({ ...valid, code: "" })).toEqual({ message: "Please fill in required fields", field: "code" });
    expect(refusal({ ...valid, code: "   " }).message).toBe(discounts.requiredFields);
    expect(refusal({ ...valid, discount_value: "" })).toEqual({ message: discounts.requiredFields, field: "discount_value" });
    expect(refusal({ ...valid, discount_value: undefined }).message).toBe(discounts.requiredFields);
    expect(refusal({ ...valid, discount_value: null }).message).toBe(discounts.requiredFields);
    expect(refusal({ code: "", discount_value: "" }).message).toBe(discounts.requiredFields);
    expect(refusal({}).message).toBe(discounts.requiredFields);
    expect(refusal(null).message).toBe(discounts.requiredFields);
  });

  it("says what is wrong with a body or a field of the wrong type, naming the field", () => {
    expect(refusal("SAVE10", "json")).toEqual({ message: requestErrors.jsonObjectRequired, field: null });
    expect(refusal([], "json").message).toBe(requestErrors.jsonObjectRequired);
    expect(refusal({ ...valid, code: 10 }, "json")).toEqual({ message: validation.notText("Code"), field: "code" });
    expect(refusal({ ...valid, description: 12 }, "json")).toEqual({ message: validation.notText("Description"), field: "description" });
  });

  it("refuses a negative or zero value with a clear message", () => {
    expect(refusal({ ...valid, discount_value: "-5" })).toEqual({ message: discounts.valueMustBePositive, field: "discount_value" });
    expect(refusal({ ...valid, discount_value: -5 }).message).toBe(discounts.valueMustBePositive);
    expect(refusal({ ...valid, discount_value: "0" }).message).toBe(discounts.valueMustBePositive);
    expect(refusal({ ...valid, discount_value: "0.001" }).message).toBe(discounts.valueMustBePositive);
    expect(refusal({ ...valid, discount_type: "fixed", discount_value: "-1" }).message).toBe(discounts.valueMustBePositive);
    expect(refusal({ ...valid, discount_type: "fixed", discount_value: "0.00" }).message).toBe(discounts.valueMustBePositive);
    expect(refusal({ ...valid, discount_value: "abc" }).message).toBe(discounts.invalidAmount);
    expect(refusal({ ...valid, discount_type: "fixed", discount_value: "7.505" }).message).toBe(discounts.invalidAmount);
    expect(refusal({ ...valid, discount_value: "1e3" }).message).toBe(discounts.invalidAmount);
    expect(refusal({ ...valid, discount_value: Number.NaN }).message).toBe(discounts.invalidAmount);
  });

  it("allows a percentage up to 100 and not beyond", () => {
    expect(input({ ...valid, discount_value: "100" }).value).toBe(100);
    expect(input({ ...valid, discount_value: "0.01" }).value).toBe(0.01);
    expect(refusal({ ...valid, discount_value: "100.01" })).toEqual({ message: discounts.percentageTooHigh, field: "discount_value" });
    // As typed, not rounded first: 99.999 is not a 100% (free) code, 100.001 is not 100%.
    expect(refusal({ ...valid, discount_value: "99.999" })).toEqual({ message: discounts.percentageDecimals, field: "discount_value" });
    expect(refusal({ ...valid, discount_value: "100.001" }).message).toBe(discounts.percentageTooHigh);
    expect(input({ ...valid, discount_value: "33.33" }).value).toBe(33.33);
    expect(refusal({ ...valid, discount_value: 150 }).message).toBe("A percentage discount cannot be more than 100%");
    // Rounded to two decimals, 1e308 is Infinity: still too high, not "not greater than 0".
    expect(refusal({ ...valid, discount_value: 1e308 }, "json")).toEqual({ message: discounts.percentageTooHigh, field: "discount_value" });
    expect(refusal({ ...valid, discount_value: "1" + "0".repeat(400) }).message).toBe(discounts.percentageTooHigh);
  });

  it("caps a fixed amount at what the column holds", () => {
    expect(input({ ...valid, discount_type: "fixed", discount_value: "999999.99" }).value).toBe(99_999_999);
    expect(refusal({ ...valid, discount_type: "fixed", discount_value: "1000000" }).message).toBe(discounts.amountTooLarge);
    expect(refusal({ ...valid, discount_type: "fixed", discount_value: 1e308 }, "json").message).toBe(discounts.amountTooLarge);
  });

  it("defaults the type to percentage and refuses an unknown one", () => {
    expect(input({ code: "A", discount_value: "5" }).type).toBe("percentage");
    expect(input({ ...valid, discount_type: "FIXED" }).type).toBe("fixed");
    expect(refusal({ ...valid, discount_type: "bogus" })).toEqual({ message: discounts.invalidType, field: "discount_type" });
  });

  it("parses the minimum order amount as a decimal in pounds, or null when empty", () => {
    expect(input({ ...valid, min_order_amount: "50" }).minOrderAmountPence).toBe(5000);
    expect(input({ ...valid, min_order_amount: "49.99" }).minOrderAmountPence).toBe(4999);
    expect(input({ ...valid, min_order_amount: 0 }).minOrderAmountPence).toBe(0);
    expect(input({ ...valid, min_order_amount: "" }).minOrderAmountPence).toBeNull();
    expect(input({ ...valid, min_order_amount: null }).minOrderAmountPence).toBeNull();
    expect(refusal({ ...valid, min_order_amount: "lots" })).toEqual({ message: discounts.invalidAmount, field: "min_order_amount" });
    expect(refusal({ ...valid, min_order_amount: "-10" }).message).toBe(discounts.minimumNotNegative);
  });

  it("parses the usage limit as a whole number, or null when empty", () => {
    expect(input({ ...valid, usage_limit: "100" }).usageLimit).toBe(100);
    expect(input({ ...valid, usage_limit: 1 }).usageLimit).toBe(1);
    expect(input({ ...valid, usage_limit: "" }).usageLimit).toBeNull();
    expect(input({ ...valid, usage_limit: null }).usageLimit).toBeNull();
    for (const bad of ["0", "2.5", "-3", "ten", "1000001"]) {
      expect(refusal({ ...valid, usage_limit: bad }), bad).toEqual({ message: discounts.invalidUsageLimit, field: "usage_limit" });
    }
  });

  it("reads a date-only expiry as the end of that day in London", () => {
    expect(input({ ...valid, expires_at: "2026-12-31" }).expiresAt).toEqual(new Date("2026-12-31T23:59:59.999Z"));
    // British Summer Time: midnight in London is 23:00 UTC.
    expect(input({ ...valid, expires_at: "2026-07-31" }).expiresAt).toEqual(new Date("2026-07-31T22:59:59.999Z"));
  });

  it("reads a full timestamp with its zone, and nothing else", () => {
    expect(input({ ...valid, expires_at: "2026-12-31T18:00:00Z" }).expiresAt).toEqual(new Date("2026-12-31T18:00:00Z"));
    expect(input({ ...valid, expires_at: "2026-12-31T18:00+01:00" }).expiresAt).toEqual(new Date("2026-12-31T17:00:00Z"));
    expect(input({ ...valid, expires_at: "" }).expiresAt).toBeNull();
    expect(input({ ...valid, expires_at: null }).expiresAt).toBeNull();
    for (const bad of ["2026-12-31T18:00", "2026-02-30", "next week", "0026-01-01", 20261231]) {
      expect(refusal({ ...valid, expires_at: bad }), String(bad)).toEqual({ message: discounts.invalidExpiryDate, field: "expires_at" });
    }
  });

  it("reads the Active switch as the page's form posts it; missing means active", () => {
    expect(input({ ...valid, is_active: "on" }).isActive).toBe(true);
    expect(input({ ...valid, is_active: "true" }).isActive).toBe(true);
    expect(input({ ...valid, is_active: "false" }).isActive).toBe(false);
    expect(input(valid).isActive).toBe(true);
    for (const bad of ["maybe", "yes", "no", "off", "0", "1"]) {
      expect(refusal({ ...valid, is_active: bad }), bad).toEqual({ message: discounts.invalidActive, field: "is_active" });
    }
  });

  it("JSON: Active is true or false and the amounts and usage limit numbers, never text", () => {
    const json = { ...valid, discount_value: 10 };
    expect(input({ ...json, is_active: true }, "json").isActive).toBe(true);
    expect(input({ ...json, is_active: false }, "json").isActive).toBe(false);
    expect(input(json, "json").isActive).toBe(true);
    expect(input({ ...json, is_active: null }, "json").isActive).toBe(true);
    for (const bad of ["yes", "no", "off", "0", "true", "on", "", 0, 1]) {
      expect(refusal({ ...json, is_active: bad }, "json"), String(bad)).toEqual({ message: discounts.invalidActive, field: "is_active" });
    }
    expect(input({ ...json, usage_limit: 10 }, "json").usageLimit).toBe(10);
    expect(input({ ...json, usage_limit: null }, "json").usageLimit).toBeNull();
    expect(input({ ...json, usage_limit: "" }, "json").usageLimit).toBeNull();
    expect(refusal({ ...json, usage_limit: "10" }, "json")).toEqual({ message: discounts.usageLimitNotNumber, field: "usage_limit" });
    expect(refusal({ ...json, usage_limit: 2.5 }, "json")).toEqual({ message: discounts.invalidUsageLimit, field: "usage_limit" });

    expect(refusal({ ...json, discount_value: "10" }, "json")).toEqual({ message: discounts.valueNotNumber, field: "discount_value" });
    expect(refusal({ ...json, discount_type: "fixed", discount_value: "£7.50" }, "json")).toEqual({ message: discounts.valueNotNumber, field: "discount_value" });
    expect(input({ ...json, discount_type: "fixed", discount_value: 7.5 }, "json").value).toBe(750);
    expect(refusal({ ...json, min_order_amount: "50" }, "json")).toEqual({ message: discounts.minimumNotNumber, field: "min_order_amount" });
    expect(input({ ...json, min_order_amount: 50 }, "json").minOrderAmountPence).toBe(5000);
    for (const none of [null, ""]) expect(input({ ...json, min_order_amount: none }, "json").minOrderAmountPence).toBeNull();
    // The page's form sends every field as text, and it is read as before.
    expect(input({ ...valid, min_order_amount: "50" }).minOrderAmountPence).toBe(5000);
  });

  it("keeps a trimmed description and refuses over-long or control-character text", () => {
    expect(input({ ...valid, description: " Summer sale " }).description).toBe("Summer sale");
    expect(input({ ...valid, description: "  " }).description).toBeNull();
    expect(refusal({ ...valid, description: "x".repeat(501) }).field).toBe("description");
    expect(refusal({ ...valid, code: "X".repeat(51) }).field).toBe("code");
    expect(refusal({ ...valid, code: "SAVE\u000010" }).field).toBe("code");
  });
});

describe("expiryDateField", () => {
  it("shows the UTC day that parseDiscountCode reads back", () => {
    expect(expiryDateField("2026-12-31T23:59:59.999Z")).toBe("2026-12-31");
    expect(expiryDateField(new Date("2026-06-01T00:00:00Z"))).toBe("2026-06-01");
    expect(expiryDateField(null)).toBe("");
    const roundTrip = input({ ...valid, expires_at: expiryDateField("2026-03-15T23:59:59.999Z") }).expiresAt;
    expect(roundTrip).toEqual(new Date("2026-03-15T23:59:59.999Z"));
    // A summer expiry is shown as its London day, not the UTC day before midnight.
    expect(expiryDateField("2026-07-31T22:59:59.999Z")).toBe("2026-07-31");
    expect(expiryDateField("2026-07-31T23:30:00Z")).toBe("2026-08-01");
    expect(expiryDateField(input({ ...valid, expires_at: "2026-07-31" }).expiresAt)).toBe("2026-07-31");
  });
});
