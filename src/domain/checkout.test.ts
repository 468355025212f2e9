import { describe, expect, it } from "vitest";
import { CHECKOUT_LIMIT_WINDOW_MINUTES, checkoutRequestSchema, chooseShipping, priceDiscount } from "./checkout.ts";
import { normaliseDiscountCode } from "./discounts.ts";
import { discounts } from "./messages/discounts.ts";
import { checkout, checkoutRequestErrors } from "./messages/checkout.ts";
import { confirmation } from "./messages/orders.ts";

const NOW = new Date("2026-11-22T12:00:00Z");
const code = (overrides: Partial<Parameters<typeof priceDiscount>[0] & object> = {}) => ({
  isActive: true,
  expiresAt: null,
  usageLimit: null,
  usedCount: 0,
  type: "percentage" as const,
  value: 10,
  minOrderAmountPence: null,
  ...overrides,
});

describe("priceDiscount", () => {
  it("prices a percentage and a fixed code", () => {
    expect(priceDiscount(code(), 12_345, NOW)).toEqual({ ok: true, amount: 1_235 });
    expect(priceDiscount(code({ type: "fixed", value: 500 }), 12_345, NOW)).toEqual({ ok: true, amount: 500 });
  });

  it("refuses unknown, inactive, expired, used-up and below-minimum codes with clear messages", () => {
    expect(priceDiscount(null, 10_000, NOW)).toEqual({ ok: false, message: discounts.notFound });
    expect(priceDiscount(code({ isActive: false }), 10_000, NOW)).toEqual({ ok: false, message: discounts.inactive });
    expect(priceDiscount(code({ expiresAt: new Date("2026-11-21T00:00:00Z") }), 10_000, NOW)).toEqual({ ok: false, message: discounts.expired });
    expect(priceDiscount(code({ usageLimit: 3, usedCount: 3 }), 10_000, NOW)).toEqual({ ok: false, message: discounts.usedUp });
    const below = priceDiscount(code({ minOrderAmountPence: 10_001 }), 10_000, NOW);
    expect(below.ok).toBe(false);
    expect(priceDiscount(code({ minOrderAmountPence: 10_000 }), 10_000, NOW).ok).toBe(true);
  });
});

describe("chooseShipping", () => {
  const items = [{ name: "Wool Suit", quantity: 1 }];

  it("is free standard within the free zones and refuses express there", () => {
    const uk = chooseShipping("United Kingdom", items, "standard");
    expect(uk.ok && uk.quote.amount).toBe(0);
    expect(chooseShipping("United Kingdom", items, "express")).toEqual({ ok: false, message: checkout.expressNotOffered("United Kingdom") });
  });

  it("prices express above standard where both are offered", () => {
    const standard = chooseShipping("Japan", items, "standard");
    const express = chooseShipping("Japan", items, "express");
    expect(standard.ok && express.ok).toBe(true);
    if (standard.ok && express.ok) expect(express.quote.amount).toBeGreaterThan(standard.quote.amount);
  });

  it("blocks a restricted destination with the spec's message", () => {
    const country = "North Korea";
    const result = chooseShipping(country, items, "standard");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toBe(checkout.cannotShipTo(country));
  });
});

describe("destinations outside the shop's country list (issue 10, item 15)", () => {
  const items = [{ name: "Wool Suit", quantity: 1 }];
  const address = { address: "1 Main Street", city: "Somewhere", postalCode: "12345" };

  it.each(["Korea, North", "Republic of Cuba", "AFG", "Narnia"])("refuses %s at checkout with a clear message", (country) => {
    expect(chooseShipping(country, items, "standard")).toEqual({ ok: false, message: checkout.countryNotInList(country) });
    const parsed = checkoutRequestSchema.safeParse({ shippingAddress: { ...address, country } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(checkout.countryNotInList(country));
  });

  it("still accepts the list's names and ISO codes, and refuses the restricted ones by name", () => {
    expect(checkoutRequestSchema.parse({ shippingAddress: { ...address, country: "GB" } }).shippingAddress?.country).toBe("United Kingdom");
    expect(checkoutRequestSchema.parse({ shippingAddress: { ...address, country: "JP" } }).shippingAddress?.country).toBe("Japan");
    expect(checkoutRequestSchema.safeParse({ shippingAddress: { ...address, country: "North Korea" } }).success).toBe(false);
    expect(checkoutRequestSchema.safeParse({ shippingAddress: { ...address, country: "KP" } }).success).toBe(false);
  });
});

describe("checkoutRequestSchema", () => {
  it("defaults to a cart checkout with standard shipping", () => {
    expect(checkoutRequestSchema.parse({})).toMatchObject({ source: "cart", items: [], shippingMethod: "standard" });
  });

  it("ignores prices and totals sent by the browser", () => {
    const parsed = checkoutRequestSchema.parse({ total: 1, items: [{ product_id: "x", quantity: 1, price: 1 }] });
    expect(parsed).not.toHaveProperty("total");
    expect(parsed.items[0]).not.toHaveProperty("price");
  });

  it("normalises discount codes", () => {
    expect(normaliseDiscountCode("  save10 ")).toBe("SAVE10");
  });
});

describe("the limit on checkouts from one address", () => {
  it("tells the shopper how long to wait: the limit's own window", () => {
    expect(checkoutRequestErrors.tooManyCheckouts).toContain(`wait ${CHECKOUT_LIMIT_WINDOW_MINUTES} minutes`);
  });

  it("tells a shopper past the payment checks (counted in the same window) how long to wait, and does not say the payment failed", () => {
    expect(confirmation.tooManyChecks).toContain(`wait ${CHECKOUT_LIMIT_WINDOW_MINUTES} minutes`);
    expect(confirmation.tooManyChecks).not.toMatch(/failed/i);
  });
});
