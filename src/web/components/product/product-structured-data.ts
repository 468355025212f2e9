// The product page's head and schema.org data: what search engines and link previews read.
import { penceToPounds } from "../../../domain/money.ts";
import type { ProductDetail } from "../../../server/catalog/catalog.server.ts";
import { absoluteUrl } from "../../lib/seo.ts";

/** Longest meta description we write; search engines cut longer ones anyway. */
export const META_DESCRIPTION_MAX = 160;

/** The canonical address of a product page. */
export function productUrl(origin: string, id: string): string {
  return absoluteUrl(origin, `/product/${id}`);
}

/** A product's description as one line of at most META_DESCRIPTION_MAX characters, cut at a word. */
export function metaDescription(description: string, max: number = META_DESCRIPTION_MAX): string | undefined {
  const text = description.replace(/\s+/g, " ").trim();
  if (text === "") return undefined;
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

type StructuredProduct = Pick<ProductDetail, "id" | "name" | "description" | "category" | "price" | "inStock">;

/**
 * schema.org Product with one Offer at the storefront price in GBP (what Stripe charges), new, sold
 * by the shop under its own brand. `images` are absolute URLs of pictures search engines can use
 * (the share JPEG, then the gallery's raster pictures; never SVG): left out when there are none.
 */
export function productJsonLd(product: StructuredProduct, origin: string, shopName: string, images: readonly string[]): Record<string, unknown> {
  const url = productUrl(origin, product.id);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    ...(images.length > 0 ? { image: images } : {}),
    sku: product.id,
    category: product.category,
    brand: { "@type": "Brand", name: shopName },
    url,
    offers: {
      "@type": "Offer",
      price: penceToPounds(product.price),
      priceCurrency: "GBP",
      availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@type": "Organization", name: shopName },
      url,
    },
  };
}

/**
 * JSON for an inline <script type="application/ld+json">: "<" is written as \u003c so a product
 * text such as "</script>" cannot end the script element; U+2028/2029 are escaped for old parsers.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
