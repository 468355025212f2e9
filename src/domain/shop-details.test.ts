import { describe, expect, it } from "vitest";
import { socialLinksToShow } from "./shop-details.ts";

describe("socialLinksToShow (issue 15, item 15)", () => {
  it("lists the networks with an address, in a fixed order", () => {
    expect(socialLinksToShow({ tiktok: "https://www.tiktok.com/@shop", instagram: "https://www.instagram.com/shop" })).toEqual([
      { network: "instagram", label: "Instagram", href: "https://www.instagram.com/shop" },
      { network: "tiktok", label: "TikTok", href: "https://www.tiktok.com/@shop" },
    ]);
  });

  it("hides empty links and anything that is not an http(s) address, never a placeholder", () => {
    expect(socialLinksToShow({ instagram: "", facebook: "javascript:alert(1)", x: "  " })).toEqual([]);
    expect(socialLinksToShow(null)).toEqual([]);
    expect(socialLinksToShow(undefined)).toEqual([]);
  });
});
