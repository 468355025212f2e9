import { describe, expect, it } from "vitest";
import { pageHead, rootHead } from "./seo.ts";

const content = (tags: ReturnType<typeof pageHead>, property: string) =>
  (tags.find((tag) => "property" in tag && tag.property === property) as { content?: string } | undefined)?.content;

describe("page head", () => {
  it("titles a page with the shop's name, and the home page with the shop's premium men's fashion", () => {
    const product = pageHead({ title: "Kensington Navy Suit" }, "Kọ́fí & Sons");
    expect(product).toContainEqual({ title: "Kensington Navy Suit | Kọ́fí & Sons" });
    expect(content(product, "og:title")).toBe("Kensington Navy Suit | Kọ́fí & Sons");
    expect(content(product, "og:site_name")).toBe("Kọ́fí & Sons");
    expect(pageHead({}, "Kọ́fí & Sons")).toContainEqual({ title: "Kọ́fí & Sons | Premium Men's Fashion" });
  });

  it("reads the shop's name and origin from the root loader's data, with the built-in name before any is set", () => {
    expect(rootHead([{ id: "root", loaderData: { origin: "https://shop.example", shopName: "Kọ́fí & Sons" } }, { id: "routes/home", loaderData: {} }])).toEqual({
      origin: "https://shop.example",
      shopName: "Kọ́fí & Sons",
    });
    // The back office's root data carries no name; an error page may have no root data at all.
    expect(rootHead([{ id: "root", loaderData: { origin: "https://shop.example", shopName: null } }])).toEqual({ origin: "https://shop.example", shopName: "Menswear Shop" });
    expect(rootHead([undefined])).toEqual({ origin: undefined, shopName: "Menswear Shop" });
  });

  it("passes on the tags its loader wrote (the share picture and the rest); without them the card is a summary", () => {
    const tags = [{ property: "og:image", content: "https://shop.example/share/shop.jpg" }, { name: "twitter:card", content: "summary_large_image" }];
    const head = pageHead({ title: "FAQ", tags }, "Menswear Shop");
    expect(head).toEqual(expect.arrayContaining(tags));
    expect(head.filter((tag) => "name" in tag && tag.name === "twitter:card")).toEqual([{ name: "twitter:card", content: "summary_large_image" }]);
    expect(pageHead({ title: "Cart" }, "Menswear Shop")).toContainEqual({ name: "twitter:card", content: "summary" });
    expect(content(pageHead({ title: "Cart" }, "Menswear Shop"), "og:image")).toBeUndefined();
  });
});
