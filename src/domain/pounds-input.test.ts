import { describe, expect, it } from "vitest";
import { penceToPounds } from "./money.ts";
import { poundsToPence } from "./pounds-input.ts";

describe("poundsToPence", () => {
  it("with wholePennies refuses a part of a penny instead of rounding it; trailing zeros are fine", () => {
    expect(poundsToPence("49.999", { wholePennies: true })).toBeNull();
    expect(poundsToPence(10.999, { wholePennies: true })).toBeNull();
    expect(poundsToPence("1.005", { wholePennies: true })).toBeNull();
    expect(poundsToPence("49.990", { wholePennies: true })).toBe(4999);
    expect(poundsToPence("£1,250.5", { wholePennies: true })).toBe(125050);
    expect(poundsToPence(24.99, { wholePennies: true })).toBe(2499);
    expect(poundsToPence("49.999")).toBe(5000);
  });

  it("parses decimal text and numbers", () => {
    expect(poundsToPence("24.99")).toBe(2499);
    expect(poundsToPence(24.99)).toBe(2499);
    expect(poundsToPence("24")).toBe(2400);
    expect(poundsToPence("24.5")).toBe(2450);
    expect(poundsToPence("0")).toBe(0);
    expect(poundsToPence(0)).toBe(0);
    expect(poundsToPence(".5")).toBe(50);
    expect(poundsToPence("24.")).toBe(2400);
    expect(poundsToPence("  24.99 ")).toBe(2499);
  });

  it("accepts a pound sign and correctly grouped thousands", () => {
    expect(poundsToPence("£24.99")).toBe(2499);
    expect(poundsToPence("£ 1,250.00")).toBe(125000);
    expect(poundsToPence("1,234,567.89")).toBe(123456789);
  });

  it("rounds to the nearest penny from the digits, halves up", () => {
    expect(poundsToPence("1.005")).toBe(101); // 1.005 * 100 is 100.49999999999999 in floating point
    expect(poundsToPence("1.004")).toBe(100);
    expect(poundsToPence("1.0049")).toBe(100);
    expect(poundsToPence("0.995")).toBe(100);
    expect(poundsToPence(1.005)).toBe(101);
    expect(poundsToPence(0.125)).toBe(13);
  });

  it("handles numbers JavaScript prints with an exponent", () => {
    expect(poundsToPence(1e-7)).toBe(0);
    expect(poundsToPence(1e21)).toBeNull(); // beyond safe integers
  });

  it("returns null for anything that is not a finite, non-negative amount", () => {
    for (const bad of ["", "   ", "abc", "-1", "-0.01", "1e3", "24,99", "1,23.00", "12.3.4", "£", "NaN", "Infinity", "0x10"]) {
      expect(poundsToPence(bad), bad).toBeNull();
    }
    expect(poundsToPence(Number.NaN)).toBeNull();
    expect(poundsToPence(Number.POSITIVE_INFINITY)).toBeNull();
    expect(poundsToPence(Number.NEGATIVE_INFINITY)).toBeNull();
    expect(poundsToPence(-0.01)).toBeNull();
  });

  it("round-trips with poundsToPence", () => {
    for (const pence of [0, 1, 99, 100, 2499, 123456789]) {
      expect(poundsToPence(penceToPounds(pence))).toBe(pence);
    }
  });
});
