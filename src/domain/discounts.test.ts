import { describe, expect, it } from "vitest";
import {
  canCountUse,
  checkDiscountApplicable,
  discountAmount,
  discountDisplayStatus,
  discountTypeLabel,
  discountValueLabel,
  discountValueProblem,
  discountValueText,
  normaliseDiscountCode,
  usageText,
  withHeldUses,
  type DiscountRule,
} from "./discounts.ts";
import { discounts as messages } from "./messages/discounts.ts";

const now = new Date("2026-06-15T12:00:00.000Z");
const active = { isActive: true, expiresAt: null, usageLimit: null, usedCount: 0 };

describe("discountDisplayStatus (admin.md section 4, in the spec's order)", () => {
  it("is Active for an active code without expiry or limit", () => {
    expect(discountDisplayStatus(active, now)).toBe("Active");
  });

  it("is Inactive when not active, before any other check", () => {
    expect(discountDisplayStatus({ ...active, isActive: false }, now)).toBe("Inactive");
    expect(
      discountDisplayStatus(
        { isActive: false, expiresAt: new Date("2020-01-01T00:00:00Z"), usageLimit: 1, usedCount: 5 },
        now,
      ),
    ).toBe("Inactive");
  });

  it("is Expired when the expiry is in the past, before the usage check", () => {
    expect(discountDisplayStatus({ ...active, expiresAt: new Date(now.getTime() - 1) }, now)).toBe("Expired");
    expect(
      discountDisplayStatus({ ...active, expiresAt: new Date("2020-01-01T00:00:00Z"), usageLimit: 1, usedCount: 1 }, now),
    ).toBe("Expired");
  });

  it("is not expired at the expiry instant itself or before it", () => {
    expect(discountDisplayStatus({ ...active, expiresAt: new Date(now.getTime()) }, now)).toBe("Active");
    expect(discountDisplayStatus({ ...active, expiresAt: new Date(now.getTime() + 1) }, now)).toBe("Active");
  });

  it("is Used Up once the used count reaches the limit", () => {
    expect(discountDisplayStatus({ ...active, usageLimit: 10, usedCount: 9 }, now)).toBe("Active");
    expect(discountDisplayStatus({ ...active, usageLimit: 10, usedCount: 10 }, now)).toBe("Used Up");
    expect(discountDisplayStatus({ ...active, usageLimit: 10, usedCount: 11 }, now)).toBe("Used Up");
  });

  it("treats a null limit as unlimited and a limit of 0 as a limit", () => {
    expect(discountDisplayStatus({ ...active, usageLimit: null, usedCount: 1_000_000 }, now)).toBe("Active");
    expect(discountDisplayStatus({ ...active, usageLimit: 0, usedCount: 0 }, now)).toBe("Used Up");
  });
});

describe("discountAmount", () => {
  it("takes a percentage of the subtotal", () => {
    expect(discountAmount({ type: "percentage", value: 10 }, 5000)).toBe(500);
    expect(discountAmount({ type: "percentage", value: 15.5 }, 10000)).toBe(1550);
  });

  it("rounds a percentage to the nearest penny, halves up", () => {
    expect(discountAmount({ type: "percentage", value: 10 }, 1005)).toBe(101); // 100.5 -> 101
    expect(discountAmount({ type: "percentage", value: 10 }, 1004)).toBe(100); // 100.4 -> 100
    expect(discountAmount({ type: "percentage", value: 15 }, 333)).toBe(50); // 49.95 -> 50
    expect(discountAmount({ type: "percentage", value: 33.33 }, 999)).toBe(333); // 332.9667
  });

  it("takes a fixed amount in pence", () => {
    expect(discountAmount({ type: "fixed", value: 500 }, 5000)).toBe(500);
  });

  it("never takes more than the subtotal", () => {
    expect(discountAmount({ type: "fixed", value: 5000 }, 4999)).toBe(4999);
    expect(discountAmount({ type: "fixed", value: 5000 }, 5000)).toBe(5000);
    expect(discountAmount({ type: "fixed", value: 5000 }, 5001)).toBe(5000);
    expect(discountAmount({ type: "percentage", value: 150 }, 2000)).toBe(2000);
    expect(discountAmount({ type: "percentage", value: 100 }, 2000)).toBe(2000);
  });

  it("takes nothing from an empty order or with a value that is not positive", () => {
    expect(discountAmount({ type: "fixed", value: 500 }, 0)).toBe(0);
    expect(discountAmount({ type: "percentage", value: 10 }, 0)).toBe(0);
    expect(discountAmount({ type: "fixed", value: -500 }, 5000)).toBe(0);
    expect(discountAmount({ type: "percentage", value: 0 }, 5000)).toBe(0);
    expect(discountAmount({ type: "percentage", value: Number.NaN }, 5000)).toBe(0);
  });
});

describe("checkDiscountApplicable", () => {
  const code: DiscountRule = { ...active, type: "percentage", value: 10, minOrderAmountPence: null };

  it("accepts an active code", () => {
    expect(checkDiscountApplicable(code, 1000, now)).toEqual({ ok: true });
  });

  it("refuses an inactive, expired or used-up code with its message", () => {
    expect(checkDiscountApplicable({ ...code, isActive: false }, 1000, now)).toEqual({ ok: false, message: messages.inactive });
    expect(checkDiscountApplicable({ ...code, expiresAt: new Date(now.getTime() - 1) }, 1000, now)).toEqual({
      ok: false,
      message: messages.expired,
    });
    expect(checkDiscountApplicable({ ...code, usageLimit: 5, usedCount: 5 }, 1000, now)).toEqual({
      ok: false,
      message: messages.usedUp,
    });
  });

  it("reports the first reason in the display-status order", () => {
    const everything = { ...code, isActive: false, expiresAt: new Date(0), usageLimit: 1, usedCount: 1, minOrderAmountPence: 99999 };
    expect(checkDiscountApplicable(everything, 1, now)).toEqual({ ok: false, message: messages.inactive });
    expect(checkDiscountApplicable({ ...everything, isActive: true }, 1, now)).toEqual({ ok: false, message: messages.expired });
  });

  it("needs the minimum order amount; a subtotal equal to it qualifies", () => {
    const withMinimum = { ...code, minOrderAmountPence: 5000 };
    expect(checkDiscountApplicable(withMinimum, 4999, now)).toEqual({
      ok: false,
      message: "A minimum order of £50.00 is needed for this discount code.",
    });
    expect(checkDiscountApplicable(withMinimum, 5000, now)).toEqual({ ok: true });
    expect(checkDiscountApplicable(withMinimum, 5001, now)).toEqual({ ok: true });
  });

  it("writes the minimum in pounds with thousands separators", () => {
    const result = checkDiscountApplicable({ ...code, minOrderAmountPence: 150000 }, 100, now);
    expect(result).toEqual({ ok: false, message: messages.minimumNotReached("£1,500.00") });
  });
});

describe("usageText (admin.md section 2: unlimited usage is an infinity sign)", () => {
  it("shows used/limit", () => {
    expect(usageText(3, 10)).toBe("3/10");
    expect(usageText(0, null)).toBe("0/∞");
  });
});

describe("usage limits at checkout and at payment (issue 10, item 3; decision 013)", () => {
  const code = { isActive: true, expiresAt: null, usageLimit: 1, usedCount: 0 };
  const now = new Date("2026-11-23T12:00:00Z");

  it("counts uses held by other shoppers' pending orders at checkout, not in the admin's status", () => {
    expect(discountDisplayStatus(withHeldUses(code, 1), now)).toBe("Used Up");
    expect(discountDisplayStatus(withHeldUses(code, 0), now)).toBe("Active");
    expect(discountDisplayStatus(code, now)).toBe("Active");
    expect(withHeldUses({ ...code, usageLimit: null }, 7).usedCount).toBe(7);
  });

  it("counts a use at payment only while the count is below the limit", () => {
    expect(canCountUse(code)).toBe(true);
    expect(canCountUse({ usageLimit: 1, usedCount: 1 })).toBe(false);
    expect(canCountUse({ usageLimit: 0, usedCount: 0 })).toBe(false);
    expect(canCountUse({ usageLimit: null, usedCount: 1_000 })).toBe(true);
  });
});

describe("one value rule for the admin form and checkout (discountValueProblem)", () => {
  it("refuses values that are not above 0, percentages above 100 and fixed amounts in part pence", () => {
    expect(discountValueProblem({ type: "percentage", value: 100 })).toBeNull();
    expect(discountValueProblem({ type: "percentage", value: 0.01 })).toBeNull();
    expect(discountValueProblem({ type: "percentage", value: 100.01 })).toBe(messages.percentageTooHigh);
    expect(discountValueProblem({ type: "percentage", value: 0 })).toBe(messages.valueMustBePositive);
    expect(discountValueProblem({ type: "fixed", value: -500 })).toBe(messages.valueMustBePositive);
    expect(discountValueProblem({ type: "fixed", value: 12.5 })).toBe(messages.invalidAmount);
    expect(discountValueProblem({ type: "fixed", value: 100_000_000 })).toBe(messages.amountTooLarge);
    expect(discountValueProblem({ type: "fixed", value: 500 })).toBeNull();
  });

  it("makes checkout refuse a stored code the form would refuse, as not valid", () => {
    const stored: DiscountRule = { ...active, type: "percentage", value: 150, minOrderAmountPence: null };
    expect(checkDiscountApplicable(stored, 1000, now)).toEqual({ ok: false, message: messages.notFound });
    expect(checkDiscountApplicable({ ...stored, value: 100 }, 1000, now)).toEqual({ ok: true });
  });
});

describe("how the admin shows a code", () => {
  it("names the type, writes the value and labels the value field with its unit", () => {
    expect(discountTypeLabel("percentage")).toBe("Percentage");
    expect(discountTypeLabel("fixed")).toBe("Fixed Amount");
    expect(discountValueText({ type: "percentage", value: 15.5 })).toBe("15.5%");
    expect(discountValueText({ type: "percentage", value: 10 })).toBe("10%");
    expect(discountValueText({ type: "fixed", value: 1250 })).toBe("£12.50");
    expect(discountValueLabel("percentage")).toBe("Discount Value (%)");
    expect(discountValueLabel("fixed")).toBe("Discount Value (£)");
  });

  it("normalises a code as checkout matches it", () => {
    expect(normaliseDiscountCode("  summer10 ")).toBe("SUMMER10");
    // Copied from an e-mail with a zero-width space: still the code the shopper sees.
    expect(normaliseDiscountCode("\u200bsave\u200b10\ufeff")).toBe("SAVE10");
  });
});
