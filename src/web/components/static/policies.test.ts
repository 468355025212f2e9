// Each policy sentence must carry the rule of storefront.md section 9 "Policies on the static
// pages"; the browser journeys then check that every sentence is shown on its pages.
import { describe, expect, it } from "vitest";
import { EU_COUNTRIES, FIXED_RATE_SHIPPING, quoteShipping } from "../../../domain/shipping.ts";
import { INTERNATIONAL_STANDARD_DAYS, policies } from "./policies.ts";

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

  it("standard international shipping takes as long as the shipping rules say abroad: 8-21 days (the spec's 7-14 is the UK's)", () => {
    expect(policies.internationalShipping).toBe("Standard international shipping takes 8-21 days, depending on the destination.");
    const abroad = [...EU_COUNTRIES, "United States", ...Object.keys(FIXED_RATE_SHIPPING), "Brazil"].map(
      (country) => quoteShipping({ country, items: [{ name: "Oxford Shirt", quantity: 1 }] }, "standard")!.estimatedDays,
    );
    const spans = abroad.map((days) => days.match(/^(\d+)-(\d+) business days$/)!.slice(1).map(Number));
    expect(`${Math.min(...spans.map(([from]) => from!))}-${Math.max(...spans.map(([, to]) => to!))}`).toBe(INTERNATIONAL_STANDARD_DAYS);
  });

  it("support is 24/7", () => {
    expect(policies.support).toMatch(/\bsupport\b.*\b24\/7\b/);
  });
});
