import { describe, expect, it } from "vitest";
import { parseCookies, readCookie } from "./cookies.ts";

describe("cookie parser", () => {
  it("reads names and decoded values", () => {
    expect(readCookie("currency=GHS; a=b", "currency")).toBe("GHS");
    expect(readCookie("a=b;currency=%47HS", "currency")).toBe("GHS");
    expect(readCookie('currency="GBP"', "currency")).toBe("GBP");
    expect(readCookie("a=b", "currency")).toBeNull();
    expect(readCookie(undefined, "currency")).toBeNull();
  });

  it("never throws on malformed percent-encoding: the value is ignored", () => {
    for (const header of ["currency=%", "currency=%E0%A4%A", "currency=%ZZ", "currency=%C0%80"]) {
      expect(() => parseCookies(header)).not.toThrow();
      expect(readCookie(header, "currency"), header).toBeNull();
      expect(parseCookies(header).malformed).toBe(true);
    }
    expect(readCookie("currency=%; a=b", "a")).toBe("b");
  });

  it("treats a name sent twice as ambiguous, whatever the values", () => {
    for (const header of ["currency=GHS; currency=", "currency=GHS; currency=GBP", "currency=%; currency=GHS", "currency=GHS;currency=GHS"]) {
      expect(parseCookies(header).repeated.has("currency"), header).toBe(true);
      expect(readCookie(header, "currency"), header).toBeNull();
    }
  });

  it("marks parts without a name or '=' as malformed and skips them", () => {
    const cookies = parseCookies("=GHS; junk; currency=GBP;;");
    expect(cookies.malformed).toBe(true);
    expect([...cookies.values]).toEqual([["currency", "GBP"]]);
  });
});
