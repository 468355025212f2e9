import { describe, expect, it } from "vitest";
import {
  IMAGE_EXTENSIONS,
  KNOWN_IMAGE_HOSTS,
  hasValidImage,
  isGalleryImage,
  isValidImageUrl,
  productImageList,
} from "./images.ts";

describe("isValidImageUrl (storefront.md section 5 Images)", () => {
  it("knows exactly the ten extensions of the spec", () => {
    expect([...IMAGE_EXTENSIONS].sort()).toEqual(
      ["jpg", "jpeg", "png", "gif", "webp", "svg", "bmp", "tiff", "avif", "jfif"].sort(),
    );
  });

  it.each(IMAGE_EXTENSIONS.flatMap((ext) => [ext, ext.toUpperCase()]))("accepts a URL ending in .%s", (ext) => {
    expect(isValidImageUrl(`https://shop.example.com/photos/suit.${ext}`)).toBe(true);
  });

  it("ignores the query string and fragment", () => {
    expect(isValidImageUrl("https://shop.example.com/suit.jpg?w=800&q=80")).toBe(true);
    expect(isValidImageUrl("https://shop.example.com/suit.png#zoom")).toBe(true);
    expect(isValidImageUrl("https://shop.example.com/download?file=suit.jpg")).toBe(false);
    expect(isValidImageUrl("https://shop.example.com/image#.jpg")).toBe(false);
  });

  it("rejects other extensions and a bare extension word without its dot", () => {
    expect(isValidImageUrl("https://shop.example.com/suit.html")).toBe(false);
    expect(isValidImageUrl("https://shop.example.com/suit.jpgx")).toBe(false);
    expect(isValidImageUrl("https://shop.example.com/suit-jpg")).toBe(false);
    expect(isValidImageUrl("https://shop.example.com/tif/suit.tif")).toBe(false);
    expect(isValidImageUrl("https://shop.example.com/")).toBe(false);
  });

  it("accepts any path on a known image host", () => {
    expect(KNOWN_IMAGE_HOSTS).toContain("images.unsplash.com");
    expect(isValidImageUrl("https://images.unsplash.com/photo-1507679799987-c73779587ccf?w=800")).toBe(true);
    expect(isValidImageUrl("https://res.cloudinary.com/demo/image/upload/sample")).toBe(true);
    expect(isValidImageUrl("https://i.imgur.com/abc123")).toBe(true);
    expect(isValidImageUrl("https://cdn.shopify.com/s/files/1/product")).toBe(true);
    expect(isValidImageUrl("https://ae01.alicdn.com/kf/Habc")).toBe(true);
    expect(isValidImageUrl("https://ae04.alicdn.com/kf/Habc")).toBe(true);
    expect(isValidImageUrl("https://m.media-amazon.com/images/I/71abc")).toBe(true);
    expect(isValidImageUrl("http://images.unsplash.com/photo-1")).toBe(true);
  });

  it("does not mistake look-alike hosts for known ones", () => {
    expect(isValidImageUrl("https://images.unsplash.com.evil.example/photo-1")).toBe(false);
    expect(isValidImageUrl("https://evilalicdn.com/kf/Habc")).toBe(false);
    expect(isValidImageUrl("https://notimages.unsplash.com/photo-1")).toBe(false);
    expect(isValidImageUrl("https://example.com/images.unsplash.com/photo")).toBe(false);
  });

  it("accepts our root-relative seed images", () => {
    expect(isValidImageUrl("/images/products/navy-suit-1.svg")).toBe(true);
    expect(isValidImageUrl("/suit.JPG?v=2")).toBe(true);
    expect(isValidImageUrl("/images/products/navy-suit")).toBe(false);
  });

  it("rejects protocol-relative and backslash tricks that lead to another site", () => {
    expect(isValidImageUrl("//evil.example/suit.jpg")).toBe(false);
    expect(isValidImageUrl("/\\evil.example/suit.jpg")).toBe(false);
    expect(isValidImageUrl("///evil.example/suit.jpg")).toBe(false);
  });

  it("rejects schemes other than http and https", () => {
    expect(isValidImageUrl("javascript:alert(1)//x.jpg")).toBe(false);
    expect(isValidImageUrl("JavaScript:alert(1);.png")).toBe(false);
    expect(isValidImageUrl("data:image/png;base64,iVBORw0KGgo=")).toBe(false);
    expect(isValidImageUrl("data:image/svg+xml,<svg/>.svg")).toBe(false);
    expect(isValidImageUrl("file:///etc/suit.jpg")).toBe(false);
    expect(isValidImageUrl("ftp://example.com/suit.jpg")).toBe(false);
  });

  it("rejects what does not parse as a URL", () => {
    expect(isValidImageUrl("")).toBe(false);
    expect(isValidImageUrl("   ")).toBe(false);
    expect(isValidImageUrl("suit.jpg")).toBe(false);
    expect(isValidImageUrl("images/suit.jpg")).toBe(false);
    expect(isValidImageUrl("img_12345")).toBe(false);
    expect(isValidImageUrl("https://")).toBe(false);
    expect(isValidImageUrl("http://exa mple.com/suit.jpg")).toBe(false);
  });

  it("tolerates surrounding spaces", () => {
    expect(isValidImageUrl("  https://shop.example.com/suit.jpg  ")).toBe(true);
  });
});

describe("isGalleryImage (storefront.md section 5: must start with http or /)", () => {
  it("accepts valid http(s) and root-relative images", () => {
    expect(isGalleryImage("https://shop.example.com/suit.jpg")).toBe(true);
    expect(isGalleryImage("http://shop.example.com/suit.jpg")).toBe(true);
    expect(isGalleryImage("/images/products/navy-suit-1.svg")).toBe(true);
  });

  it("rejects entries that start otherwise or are not valid images", () => {
    expect(isGalleryImage("shop.example.com/suit.jpg")).toBe(false);
    expect(isGalleryImage("//shop.example.com/suit.jpg")).toBe(false);
    expect(isGalleryImage("https://shop.example.com/page.html")).toBe(false);
    expect(isGalleryImage("/images/products/")).toBe(false);
  });
});

describe("productImageList", () => {
  const empty = { image: null, productUrl: null, gallery: null, images: null };

  it("splits the comma-separated Product Image field and trims entries", () => {
    expect(
      productImageList({ ...empty, image: "https://a.example/1.jpg, https://a.example/2.jpg ,/images/3.png" }),
    ).toEqual(["https://a.example/1.jpg", "https://a.example/2.jpg", "/images/3.png"]);
  });

  it("keeps commas that belong inside a URL", () => {
    const cloudinary = "https://res.cloudinary.com/demo/image/upload/w_400,h_300,c_fill/sample.jpg";
    expect(productImageList({ ...empty, image: `${cloudinary},https://a.example/2.jpg` })).toEqual([
      cloudinary,
      "https://a.example/2.jpg",
    ]);
  });

  it("orders Product Image, then gallery, then product_images, then image URLs in Product URL", () => {
    expect(
      productImageList({
        image: "https://a.example/main.jpg",
        gallery: ["https://a.example/g1.jpg", "https://a.example/g2.jpg"],
        images: ["https://a.example/p1.jpg"],
        productUrl: "https://a.example/u1.webp",
      }),
    ).toEqual([
      "https://a.example/main.jpg",
      "https://a.example/g1.jpg",
      "https://a.example/g2.jpg",
      "https://a.example/p1.jpg",
      "https://a.example/u1.webp",
    ]);
  });

  it("removes repeats, keeping the first position", () => {
    expect(
      productImageList({
        image: "https://a.example/1.jpg,https://a.example/2.jpg",
        gallery: ["https://a.example/2.jpg", " https://a.example/1.jpg"],
        images: ["https://a.example/3.jpg", "https://a.example/3.jpg"],
        productUrl: "https://a.example/1.jpg",
      }),
    ).toEqual(["https://a.example/1.jpg", "https://a.example/2.jpg", "https://a.example/3.jpg"]);
  });

  it("drops identifiers, product pages, empty entries and unsafe URLs", () => {
    expect(
      productImageList({
        image: "img_12345",
        productUrl: "https://www.aliexpress.com/item/1005001.html",
        gallery: ["", "javascript:alert(1)", "//evil.example/x.jpg", "https://a.example/ok.png"],
        images: ["data:image/png;base64,AAAA"],
      }),
    ).toEqual(["https://a.example/ok.png"]);
  });

  it("finds image URLs listed in Product URL beside the product page", () => {
    expect(
      productImageList({
        ...empty,
        productUrl: "https://www.aliexpress.com/item/1.html,https://ae01.alicdn.com/kf/H1.jpg",
      }),
    ).toEqual(["https://ae01.alicdn.com/kf/H1.jpg"]);
  });

  it("returns nothing for a product without images, including missing fields", () => {
    expect(productImageList(empty)).toEqual([]);
    expect(productImageList({})).toEqual([]);
    expect(productImageList({ ...empty, image: "" })).toEqual([]);
  });
});

describe("hasValidImage (storefront.md section 2: only products with at least one image are listed)", () => {
  it("is true with one valid image anywhere", () => {
    expect(hasValidImage({ image: null, productUrl: null, gallery: null, images: ["/images/x.svg"] })).toBe(true);
    expect(hasValidImage({ image: "https://a.example/1.jpg", productUrl: null, gallery: null, images: null })).toBe(true);
  });

  it("is false without one", () => {
    expect(hasValidImage({ image: "no-image", productUrl: "https://a.example/item.html", gallery: [], images: [] })).toBe(false);
  });
});
