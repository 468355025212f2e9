import { describe, expect, it } from "vitest";
import { inAppDestination, isActivePath, type LinkClick, type LinkTarget } from "./in-app-link.ts";

const here = { origin: "https://shop.example", pathname: "/category/suits", search: "?page=2", hash: "" };
const plainClick: LinkClick = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false, defaultPrevented: false };

function link(href: string, attributes: Record<string, string> = {}): LinkTarget {
  const url = new URL(href, here.origin);
  return { origin: url.origin, pathname: url.pathname, search: url.search, hash: url.hash, target: attributes.target ?? "", hasAttribute: (name) => name in attributes };
}

describe("which link clicks the app navigates itself", () => {
  it("takes a plain left click on a link of this shop, with its query and hash", () => {
    expect(inAppDestination(plainClick, link("/product/42?colour=Navy#sizes"), here)).toEqual({ to: "/product/42?colour=Navy#sizes", samePage: false });
    expect(inAppDestination(plainClick, link("/faq", { target: "_self" }), here)).toEqual({ to: "/faq", samePage: false });
  });

  it("replaces the history entry when the link goes to the page already shown", () => {
    expect(inAppDestination(plainClick, link("/category/suits?page=2"), here)).toEqual({ to: "/category/suits?page=2", samePage: true });
  });

  it("leaves a new tab, a download, another site, another button or a taken click to the browser", () => {
    for (const modifier of ["metaKey", "altKey", "ctrlKey", "shiftKey"] as const) {
      expect(inAppDestination({ ...plainClick, [modifier]: true }, link("/faq"), here)).toBeNull();
    }
    expect(inAppDestination({ ...plainClick, button: 1 }, link("/faq"), here)).toBeNull();
    expect(inAppDestination({ ...plainClick, defaultPrevented: true }, link("/faq"), here)).toBeNull();
    expect(inAppDestination(plainClick, link("/faq", { target: "_blank" }), here)).toBeNull();
    expect(inAppDestination(plainClick, link("/orders.csv", { download: "" }), here)).toBeNull();
    expect(inAppDestination(plainClick, link("https://instagram.com/shop"), here)).toBeNull();
  });
});

describe("which navigation link is the page shown", () => {
  it("is the same path, whatever its case, or a page below it", () => {
    expect(isActivePath("/category/suits", "/category/suits")).toBe(true);
    expect(isActivePath("/Category/Suits", "/category/suits")).toBe(true);
    expect(isActivePath("/category/suits/more", "/category/suits")).toBe(true);
    expect(isActivePath("/category/suitsandmore", "/category/suits")).toBe(false);
    expect(isActivePath("/category/shirts", "/category/suits")).toBe(false);
  });

  it("counts home only on the home page, and 'end' only on the path itself", () => {
    expect(isActivePath("/", "/", { end: true })).toBe(true);
    expect(isActivePath("/category/suits", "/", { end: true })).toBe(false);
    expect(isActivePath("/category/suits", "/")).toBe(false);
    expect(isActivePath("/category/suits/more", "/category/suits", { end: true })).toBe(false);
  });
});
