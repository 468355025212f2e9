// Each policy sentence must carry the rule of storefront.md section 9 "Policies on the static
// pages"; the browser journeys then check that every sentence is shown on its pages.
import { describe, expect, it } from "vitest";
import { policies } from "./policies.ts";

describe("shop policies (storefront.md section 9)", () => {
  it("returns within 30 days for unworn items with tags", () => {
    expect(policies.returns).toMatch(/\b30 days\b/);
    expect(policies.returns).toMatch(/\bunworn\b/);
    expect(policies.returns).toMatch(/\btags\b/);
  });

  it("custom tailored items are non-returnable", () => {
    expect(policies.customTailoredNonReturnable).toMatch(/^Custom tailored items .*non-returnable/);
  });

  it("sale items are final unless defective", () => {
    expect(policies.saleFinal).toMatch(/^Sale items are final unless .*defective/);
  });

  it("one free exchange per item within 14 days; extra exchanges cost £50", () => {
    expect(policies.freeExchange).toMatch(/\bfree\b.*\b14 days\b/);
    expect(policies.freeExchange).toMatch(/\bone free exchange per item\b/);
    expect(policies.extraExchangeFee).toMatch(/further exchange .* costs £50\.00\.$/);
  });

  it("cancellation within 2 hours if the order is unprocessed", () => {
    expect(policies.cancellation).toMatch(/\bcancel\b.*\b2 hours\b.*not been processed/);
  });

  it("custom tailoring takes 2-3 weeks", () => {
    expect(policies.tailoringTime).toMatch(/^Custom tailoring takes 2-3 weeks\b/);
  });

  it("standard international shipping takes 7-14 days", () => {
    expect(policies.internationalShipping).toBe("Standard international shipping takes 7-14 days.");
  });

  it("support is 24/7", () => {
    expect(policies.support).toMatch(/\bsupport\b.*\b24\/7\b/);
  });
});
