import { describe, expect, it } from "vitest";
import { parseSoldCount } from "./sold-count.ts";

describe("parseSoldCount (admin.md section 5: the first run of digits, or 0)", () => {
  it("reads the first run of digits", () => {
    expect(parseSoldCount("250 sold")).toBe(250);
    expect(parseSoldCount("Sold: 37")).toBe(37);
    expect(parseSoldCount("12 sold, 3 reviews")).toBe(12);
    expect(parseSoldCount("0 sold")).toBe(0);
    expect(parseSoldCount("007")).toBe(7);
  });

  it("keeps thousands separators inside the run (decision: '1,234 sold' is 1234)", () => {
    expect(parseSoldCount("1,234 sold")).toBe(1234);
    expect(parseSoldCount("1,234,567 sold")).toBe(1234567);
    expect(parseSoldCount("5,000+ sold")).toBe(5000);
  });

  it("does not read a comma as a thousands separator unless three digits follow", () => {
    expect(parseSoldCount("12,5 sold")).toBe(12);
    expect(parseSoldCount("1,2345 sold")).toBe(1);
    expect(parseSoldCount("1, 234 sold")).toBe(1);
    expect(parseSoldCount("12345,678")).toBe(12345);
  });

  it("does not interpret suffixes or decimals", () => {
    expect(parseSoldCount("10K+ sold")).toBe(10);
    expect(parseSoldCount("1.5k sold")).toBe(1);
  });

  it("returns 0 without digits", () => {
    expect(parseSoldCount("")).toBe(0);
    expect(parseSoldCount("sold out")).toBe(0);
    expect(parseSoldCount(null)).toBe(0);
    expect(parseSoldCount(undefined)).toBe(0);
  });

  it("caps absurd numbers at the largest safe integer", () => {
    expect(parseSoldCount("99999999999999999999 sold")).toBe(Number.MAX_SAFE_INTEGER);
  });
});
