import { describe, expect, it } from "vitest";
import { CODE128_PATTERNS, canEncodeCode128B, encodeCode128B, QUIET_ZONE_MODULES } from "./code128.ts";

describe("Code 128 set B", () => {
  it("has 107 distinct symbols of 3 bars and 3 spaces, 11 modules wide (the stop 13)", () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((pattern, value) => {
      const sum = [...pattern].reduce((total, digit) => total + Number(digit), 0);
      expect(sum, `symbol ${value}`).toBe(value === 106 ? 13 : 11);
      expect(pattern).toMatch(/^[1-4]+$/);
    });
  });

  it("encodes start B, the characters, the mod-103 checksum and stop", () => {
    // "A" is value 33: checksum (104 + 33 x 1) mod 103 = 34.
    expect(encodeCode128B("A").values).toEqual([104, 33, 34, 106]);
    // "#1A": 3, 17, 33 -> (104 + 3 + 34 + 99) mod 103 = 34.
    expect(encodeCode128B("#1A").values).toEqual([104, 3, 17, 33, 34, 106]);
  });

  it("is 11 modules per symbol plus the 13-module stop and two quiet zones", () => {
    const code = encodeCode128B("#1A2B3C4D");
    // start + 9 characters + checksum = 11 symbols.
    expect(code.widthModules).toBe(11 * 11 + 13 + 2 * QUIET_ZONE_MODULES);
    expect(code.bars[0]).toEqual([QUIET_ZONE_MODULES, 2]);
    const last = code.bars.at(-1)!;
    expect(last[0] + last[1]).toBe(code.widthModules - QUIET_ZONE_MODULES);
  });

  it("refuses what set B cannot hold", () => {
    expect(canEncodeCode128B("")).toBe(false);
    expect(canEncodeCode128B("£5")).toBe(false);
    expect(() => encodeCode128B("é")).toThrow(RangeError);
  });
});
