import { describe, expect, it } from "vitest";
import { safeRedirectPath, signInHref } from "./redirect.ts";

describe("safeRedirectPath", () => {
  it("goes to /{redirect} (storefront.md section 4), with or without the leading slash", () => {
    expect(safeRedirectPath("checkout")).toBe("/checkout");
    expect(safeRedirectPath("/checkout")).toBe("/checkout");
    expect(safeRedirectPath("product/abc?x=1#top")).toBe("/product/abc?x=1#top");
    expect(safeRedirectPath("category/Traditional%20Wear")).toBe("/category/Traditional%20Wear");
  });

  it("goes to / without a redirect", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath("")).toBe("/");
    expect(safeRedirectPath("   ")).toBe("/");
  });

  it.each([
    "https://evil.example/",
    "//evil.example/path",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "http:evil.example",
    "javascript:alert(1)",
    "/\tevil",
    "\n//evil.example",
  ])("refuses %j, which could leave the site", (value) => {
    const result = safeRedirectPath(value);
    expect(new URL(result, "http://shop.test").origin).toBe("http://shop.test");
    expect(result.startsWith("//")).toBe(false);
  });

  it("keeps paths that merely contain a colon", () => {
    expect(safeRedirectPath("search?q=a:b")).toBe("/search?q=a:b");
  });

  it("never sends the shopper back to the sign-in page", () => {
    expect(safeRedirectPath("auth")).toBe("/");
    expect(safeRedirectPath("/auth?redirect=cart")).toBe("/");
  });
});

describe("signInHref", () => {
  it("names the page to come back to", () => {
    expect(signInHref("/cart")).toBe("/auth?redirect=cart");
    expect(signInHref("/product/1?size=M")).toBe("/auth?redirect=product%2F1%3Fsize%3DM");
    expect(signInHref("/")).toBe("/auth");
  });
});
