// The head tags link previews and search engines read beyond the title and canonical: the share
// picture with its size, type and alt text, the product's price and availability, the locale, and
// schema.org breadcrumbs and shop data. They are written by the loaders, on the server; a route's
// `meta` only passes them on (pageHead's `tags`), so the pages'
// JavaScript does not carry this code (the storefront's first-load budget, docs/performance.md).
import type { MetaDescriptor } from "react-router";
import { penceToPounds } from "../../domain/money.ts";
import type { SocialLink } from "../../domain/shop-details.ts";
import { SHARE_IMAGE, SHOP_SHARE_PATH } from "./share-image.server.ts";

/** The shop writes British English and prices in pounds. */
export const OG_LOCALE = "en_GB";

export type SharePicture = {
  /** Absolute URL. */
  url: string;
  alt: string;
  /** Known for the shop's own share JPEGs; a picture on another host is given as it is. */
  size?: { width: number; height: number; type: string };
};

/** A share JPEG of the shop's own (/share/...), with its fixed size and type. */
export function sharePicture(origin: string, pathAndQuery: string, alt: string): SharePicture {
  return { url: new URL(pathAndQuery, origin).toString(), alt, size: { width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, type: SHARE_IMAGE.type } };
}

/** The home page's and policy pages' picture: /share/shop.jpg. */
export function shopSharePicture(origin: string, shopName: string): SharePicture {
  return sharePicture(origin, SHOP_SHARE_PATH, shopName);
}

export type ProductOffer = { price: number; inStock: boolean };

/**
 * og:locale, the picture (og:image with its secure_url on https, width, height, type and alt;
 * twitter:image and its alt; a large card when there is a picture, a summary without), and for a
 * product its price in pounds (the JSON-LD's price) and availability.
 */
export function shareTags(picture: SharePicture | null, offer?: ProductOffer): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [{ property: "og:locale", content: OG_LOCALE }];
  if (picture) {
    tags.push({ property: "og:image", content: picture.url });
    if (picture.url.startsWith("https://")) tags.push({ property: "og:image:secure_url", content: picture.url });
    if (picture.size) {
      tags.push(
        { property: "og:image:width", content: String(picture.size.width) },
        { property: "og:image:height", content: String(picture.size.height) },
        { property: "og:image:type", content: picture.size.type },
      );
    }
    tags.push(
      { property: "og:image:alt", content: picture.alt },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:image", content: picture.url },
      { name: "twitter:image:alt", content: picture.alt },
    );
  } else {
    tags.push({ name: "twitter:card", content: "summary" });
  }
  if (offer) {
    tags.push(
      { property: "product:price:amount", content: penceToPounds(offer.price) },
      { property: "product:price:currency", content: "GBP" },
      { property: "product:availability", content: offer.inStock ? "in stock" : "out of stock" },
    );
  }
  return tags;
}

/** schema.org BreadcrumbList of the visible breadcrumb: each step's name and absolute URL. */
export function breadcrumbJsonLd(steps: readonly { name: string; url: string }[]): MetaDescriptor {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: steps.map((step, index) => ({ "@type": "ListItem", position: index + 1, name: step.name, item: step.url })),
    },
  };
}

/** The home page's schema.org WebSite and Organization: the shop's name, address, logo picture and social profiles. */
export function shopJsonLd(origin: string, shop: { shopName: string; email: string | null; phone: string | null; social: readonly SocialLink[] }): MetaDescriptor {
  const url = new URL("/", origin).toString();
  const contact = shop.email || shop.phone
    ? { contactPoint: { "@type": "ContactPoint", contactType: "customer service", ...(shop.email ? { email: shop.email } : {}), ...(shop.phone ? { telephone: shop.phone } : {}) } }
    : {};
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@graph": [
        { "@type": "WebSite", "@id": `${url}#website`, name: shop.shopName, url, publisher: { "@id": `${url}#organization` } },
        {
          "@type": "OnlineStore",
          "@id": `${url}#organization`,
          name: shop.shopName,
          url,
          image: new URL(SHOP_SHARE_PATH, origin).toString(),
          ...(shop.social.length > 0 ? { sameAs: shop.social.map((link) => link.href) } : {}),
          ...contact,
        },
      ],
    },
  };
}

/** A picture URL that is not an SVG (which no preview and no merchant listing takes). */
export function isRasterPicture(url: string): boolean {
  try {
    return !new URL(url, "http://x").pathname.toLowerCase().endsWith(".svg");
  } catch {
    return false;
  }
}
