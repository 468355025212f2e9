import { describe, expect, it } from "vitest";
import { connectionStatus, isDomLarge, rateCls, rateLcp, secretLookingEntries } from "./security-checks.ts";

describe("diagnostics thresholds (admin.md section 9)", () => {
  it("rates LCP above 2500 ms poor", () => {
    expect(rateLcp(2500)).toBe("good");
    expect(rateLcp(2501)).toBe("poor");
  });
  it("rates CLS above 0.1 poor", () => {
    expect(rateCls(0.1)).toBe("good");
    expect(rateCls(0.1001)).toBe("poor");
  });
  it("calls a DOM of more than 1500 elements large", () => {
    expect(isDomLarge(1500)).toBe(false);
    expect(isDomLarge(1501)).toBe(true);
  });
});

describe("secrets in browser storage", () => {
  it("finds entries named like a secret or holding a key or token", () => {
    const found = secretLookingEntries([
      { store: "localStorage", key: "guest-cart", value: '[{"product_id":"p1","quantity":1}]' },
      { store: "localStorage", key: "authToken", value: "abc" },
      { store: "sessionStorage", key: "cfg", value: '{"key":"sk_live_51HxYzAbCdEfGhIj"}' },
      { store: "sessionStorage", key: "jwt-copy", value: "x" },
      { store: "localStorage", key: "blob", value: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U" },
      { store: "localStorage", key: "currency", value: "GHS" },
    ]);
    expect(found).toEqual(["localStorage: authToken", "sessionStorage: cfg", "sessionStorage: jwt-copy", "localStorage: blob"]);
  });
  it("finds nothing in the shop's own guest cart and preferences", () => {
    expect(secretLookingEntries([{ store: "localStorage", key: "guest-cart", value: "[]" }])).toEqual([]);
  });
});

describe("connection", () => {
  it("tells HTTPS, this computer and an insecure address apart", () => {
    expect(connectionStatus("https:", "shop.example.com")).toBe("https");
    expect(connectionStatus("http:", "127.0.0.1")).toBe("local");
    expect(connectionStatus("http:", "localhost")).toBe("local");
    expect(connectionStatus("http:", "shop.example.com")).toBe("insecure");
  });
});
