import { describe, expect, it } from "vitest";
import { forgotPasswordHref } from "./forgot-password-link.ts";
import { safeRedirectPath } from "./redirect.ts";

describe("the forgot-password page's address", () => {
  it("is carried by the forgot-password page's address, and read back as a path of this shop only", () => {
    expect(forgotPasswordHref("/admin")).toBe("/auth/forgot-password?redirect=admin");
    expect(forgotPasswordHref("/admin/orders?status=pending")).toBe("/auth/forgot-password?redirect=admin%2Forders%3Fstatus%3Dpending");
    expect(forgotPasswordHref("/")).toBe("/auth/forgot-password");
    // What the pages make of it: the same path back, and nothing that leaves the shop however the link is written.
    const readBack = (href: string) => safeRedirectPath(new URL(href, "https://shop.example").searchParams.get("redirect"));
    expect(readBack(forgotPasswordHref("/admin/orders?status=pending"))).toBe("/admin/orders?status=pending");
    for (const elsewhere of ["//evil.example", "https://evil.example/admin", "/\\evil.example", "/.//evil.example"]) {
      expect(new URL(readBack(forgotPasswordHref(elsewhere)), "https://shop.example").origin, elsewhere).toBe("https://shop.example");
    }
  });
});
