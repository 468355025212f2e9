import { describe, expect, it } from "vitest";
import { isAdminPath, safeLocalPath, safeRedirectPath, signInHref, signInPageFor } from "./redirect.ts";

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

  // Each of these came back as "Location: //evil.example" (issue 10): the value looks like a path,
  // but resolving its dot segments leaves "//evil.example", which a browser reads as another host.
  it.each([
    "/.//evil.example",
    "..//evil.example",
    "/..//evil.example",
    "%2e//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/a/..//evil.example",
    "/a/b/../..//evil.example/x?y=1",
    "/./\\evil.example",
    "/\t/evil.example",
    "/\r\n/evil.example",
    "/\u0000/evil.example",
    "/\u007f/evil.example",
    " //evil.example",
    "\\/evil.example",
    "/\\/evil.example",
    "https:evil.example",
    "https://evil.example/cart",
    "JavaScript:alert(1)",
    "javascript://%0aalert(1)",
    "data:text/html,<script>alert(1)</script>",
  ])("never sends %j off the site", (value) => {
    for (const result of [safeRedirectPath(value), safeLocalPath(value)]) {
      expect(result.startsWith("/")).toBe(true);
      expect(result.startsWith("//")).toBe(false);
      expect(result.startsWith("/\\")).toBe(false);
      expect(new URL(result, "https://shop.example").origin).toBe("https://shop.example");
    }
  });

  it("keeps encoded slashes encoded: the browser does not decode them into a host", () => {
    expect(safeLocalPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    expect(safeLocalPath("/%5Cevil.example")).toBe("/%5Cevil.example");
  });

  it("sends the normalised path on, with its query", () => {
    expect(safeRedirectPath("/a/../cart?x=1")).toBe("/cart?x=1");
    expect(safeRedirectPath("./checkout")).toBe("/checkout");
    expect(safeLocalPath("/product/1?size=M#reviews")).toBe("/product/1?size=M#reviews");
  });

  it("keeps paths that merely contain a colon", () => {
    expect(safeRedirectPath("search?q=a:b")).toBe("/search?q=a:b");
  });

  it("never sends the shopper back to the sign-in page", () => {
    expect(safeRedirectPath("auth")).toBe("/");
    expect(safeRedirectPath("/auth?redirect=cart")).toBe("/");
  });
});

describe("safeLocalPath", () => {
  it("lets the currency form come back to any page of the shop, the sign-in page included", () => {
    expect(safeLocalPath("/auth?redirect=cart")).toBe("/auth?redirect=cart");
    expect(safeLocalPath("/category/Traditional%20Wear?page=2")).toBe("/category/Traditional%20Wear?page=2");
    expect(safeLocalPath(null)).toBe("/");
  });
});

describe("signInHref", () => {
  it("names the page to come back to", () => {
    expect(signInHref("/cart")).toBe("/auth?redirect=cart");
    expect(signInHref("/product/1?size=M")).toBe("/auth?redirect=product%2F1%3Fsize%3DM");
    expect(signInHref("/")).toBe("/auth");
  });
});

describe("the sign-in a password reset leads to", () => {
  it("knows the back office's pages, where the admin login shows in their place", () => {
    for (const path of ["/admin", "/admin/orders?status=pending", "/admin?x=1", "/admin/"]) expect(isAdminPath(path), path).toBe(true);
    for (const path of ["/", "/administrator", "/auth", "/cart", "//evil.example/admin", "https://evil.example/admin"]) expect(isAdminPath(path), path).toBe(false);
  });

  it("is the admin page itself for an owner who came from the admin login, /auth for anyone else", () => {
    expect(signInPageFor("/admin")).toBe("/admin");
    expect(signInPageFor("/admin/orders?status=pending")).toBe("/admin/orders?status=pending");
    expect(signInPageFor("/checkout")).toBe("/auth?redirect=checkout");
    expect(signInPageFor("/")).toBe("/auth");
    for (const elsewhere of ["//evil.example/admin", "/.//evil.example", "/auth?redirect=admin"]) expect(signInPageFor(elsewhere), elsewhere).toBe("/auth");
  });
});
