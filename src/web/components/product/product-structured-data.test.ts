import { describe, expect, it } from "vitest";
import { productJsonLdImages } from "../../../server/seo/page-heads.server.ts";
import { pictureVersion } from "../../../server/seo/share-image.server.ts";
import { metaDescription, productJsonLd, productUrl, serializeJsonLd } from "./product-structured-data.ts";

const origin = "https://shop.example";
const product = {
  id: "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
  name: "Kensington Navy Two-Piece Suit",
  description: "A sharp single-breasted two-piece.",
  category: "suits",
  images: ["/images/products/kensington-1.svg", "https://cdn.shopify.com/s/files/k-2.jpg"],
  price: 27860,
  inStock: true,
};

describe("product JSON-LD", () => {
  it("describes the product with raster image URLs (the share JPEG, never the SVG), a new GBP offer in pounds sold by the shop", () => {
    expect(productJsonLd(product, origin, "Kọ́fí & Sons", productJsonLdImages(product, origin))).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.name,
      description: product.description,
      image: [
        `https://shop.example/share/product/${product.id}.jpg?v=${pictureVersion("/images/products/kensington-1.svg")}`,
        "https://cdn.shopify.com/s/files/k-2.jpg",
      ],
      sku: product.id,
      category: "suits",
      brand: { "@type": "Brand", name: "Kọ́fí & Sons" },
      url: `https://shop.example/product/${product.id}`,
      offers: {
        "@type": "Offer",
        price: "278.60",
        priceCurrency: "GBP",
        availability: "https://schema.org/InStock",
        itemCondition: "https://schema.org/NewCondition",
        seller: { "@type": "Organization", name: "Kọ́fí & Sons" },
        url: `https://shop.example/product/${product.id}`,
      },
    });
  });

  it("lists no image when the product has none to list", () => {
    expect(productJsonLd(product, origin, "Menswear Shop", [])).not.toHaveProperty("image");
  });

  it("says OutOfStock for a product out of stock", () => {
    const offers = productJsonLd({ ...product, inStock: false }, origin, "Menswear Shop", []).offers as Record<string, unknown>;
    expect(offers.availability).toBe("https://schema.org/OutOfStock");
  });

  it("cannot close its script element", () => {
    const json = serializeJsonLd(productJsonLd({ ...product, name: "Tie </script><script>alert(1)</script>" }, origin, "Menswear Shop", []));
    expect(json).not.toContain("<");
    expect(json).toContain("\\u003c/script>");
    expect(JSON.parse(json).name).toBe("Tie </script><script>alert(1)</script>");
  });
});

describe("page head helpers", () => {
  it("builds the canonical product URL", () => {
    expect(productUrl(origin, "abc")).toBe("https://shop.example/product/abc");
  });

  it("keeps a short description as one line", () => {
    expect(metaDescription("  Soft   wool\nflannel. ")).toBe("Soft wool flannel.");
    expect(metaDescription("   ")).toBeUndefined();
  });

  it("cuts a long description at a word, within the limit", () => {
    const long = "word ".repeat(60);
    const cut = metaDescription(long, 40)!;
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut.endsWith("word…")).toBe(true);
  });
});
