import { describe, expect, it } from "vitest";
import { canonicalPagePath } from "./canonical-paths.ts";

describe("canonicalPagePath", () => {
  it("drops a trailing slash and lowers the page's name", () => {
    expect(canonicalPagePath("/faq/")).toBe("/faq");
    expect(canonicalPagePath("/FAQ")).toBe("/faq");
    expect(canonicalPagePath("/category/suits/")).toBe("/category/suits");
    expect(canonicalPagePath("/Product/A1C13C3F-0565-4B57-91EB-EE0C14F1A799")).toBe("/product/A1C13C3F-0565-4B57-91EB-EE0C14F1A799");
    expect(canonicalPagePath("/admin/orders///")).toBe("/admin/orders");
  });

  it("leaves what is already canonical, and the rest of the path as written (the routes settle it)", () => {
    for (const path of ["/", "/faq", "/category/Traditional%20Wear", "/product/a1c13c3f-0565-4b57-91eb-ee0c14f1a799", "/admin/orders"]) {
      expect(canonicalPagePath(path)).toBeNull();
    }
  });

  it("leaves the API, the router's data requests and files alone", () => {
    for (const path of ["/api/products/", "/API/products", "/faq.data", "/_root.data", "/favicon.svg", "/shop.css", "/Sitemap.xml"]) {
      expect(canonicalPagePath(path)).toBeNull();
    }
  });

  it("never answers with an address that could leave the shop", () => {
    for (const path of ["//elsewhere.example/", "//elsewhere.example", "/\\elsewhere.example/", "/x//elsewhere.example/"]) {
      expect(canonicalPagePath(path)).toBeNull();
    }
  });
});
