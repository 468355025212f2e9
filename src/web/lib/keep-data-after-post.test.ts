import type { ShouldRevalidateFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { keepDataAfterPost } from "./keep-data-after-post.ts";

const page = new URL("http://shop.test/admin/security");
const filtered = new URL("http://shop.test/admin/security?action=settings.shop_changed");
const args = (over: Partial<ShouldRevalidateFunctionArgs>) =>
  ({ currentUrl: page, nextUrl: page, currentParams: {}, nextParams: {}, defaultShouldRevalidate: true, ...over }) as ShouldRevalidateFunctionArgs;

describe("keepDataAfterPost", () => {
  it("skips the loader after a POST that leaves the address as it was", () => {
    expect(keepDataAfterPost(args({ formMethod: "POST" }))).toBe(false);
    // The skip link's "#main" stays in the address; the form posts to it without the hash.
    expect(keepDataAfterPost(args({ formMethod: "POST", currentUrl: new URL("http://shop.test/auth?redirect=%2Fcart#main"), nextUrl: new URL("http://shop.test/auth?redirect=%2Fcart") }))).toBe(false);
  });

  it("loads the new address when a POST is answered during a navigation to it", () => {
    expect(keepDataAfterPost(args({ formMethod: "POST", nextUrl: filtered }))).toBe(true);
  });

  it("leaves links, GET forms and explicit revalidations to React Router", () => {
    expect(keepDataAfterPost(args({ formMethod: "GET", nextUrl: filtered }))).toBe(true);
    expect(keepDataAfterPost(args({}))).toBe(true);
    expect(keepDataAfterPost(args({ defaultShouldRevalidate: false }))).toBe(false);
  });
});
