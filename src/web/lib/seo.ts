// The page-head helper (storefront.md section 2 "Page head"): title, description, canonical URL
// and Open Graph tags for every route. The default title is the brand's premium men's fashion.
import type { MetaDescriptor } from "react-router";
import { DEFAULT_SHOP_NAME } from "../../domain/shop-details.ts";

export const DEFAULT_DESCRIPTION =
  "Premium men's fashion: suits, blazers, shirts, shoes, ties, kaftans, traditional wear, denim, white wear and accessories, delivered across the UK and worldwide.";

export type PageHead = {
  title?: string;
  description?: string;
  /** Absolute URL of the page without query noise; omitted for pages that should not be indexed. */
  canonicalUrl?: string;
  /**
   * The share picture, locale, product price and schema.org tags its loader wrote on the server
   * (src/server/seo/head-tags.server.ts): a large card with a picture. Without them, a summary card.
   */
  tags?: MetaDescriptor[];
  type?: "website" | "product";
  noIndex?: boolean;
};

type Matches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

/** What the root loader gives every page's head: the public origin, the shop's name as Settings has it, and the shop's share tags. */
export function rootHead(matches: Matches): { origin: string | undefined; shopName: string; tags: MetaDescriptor[] | undefined } {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { origin?: string; shopName?: string | null; tags?: MetaDescriptor[] } | undefined;
  return { origin: root?.origin, shopName: root?.shopName || DEFAULT_SHOP_NAME, tags: root?.tags };
}

/** The page's title, then the shop's name; the home page's is the shop's premium men's fashion. */
export function pageHead(head: PageHead, shopName: string): MetaDescriptor[] {
  const title = head.title ? `${head.title} | ${shopName}` : `${shopName} | Premium Men's Fashion`;
  const description = head.description ?? DEFAULT_DESCRIPTION;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:site_name", content: shopName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: head.type ?? "website" },
    ...(head.tags ?? [{ name: "twitter:card", content: "summary" }]),
  ];
  if (head.canonicalUrl) {
    tags.push({ tagName: "link", rel: "canonical", href: head.canonicalUrl });
    tags.push({ property: "og:url", content: head.canonicalUrl });
  }
  if (head.noIndex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** Absolute URL for a path on this shop, from the public origin the root loader reports. */
export function absoluteUrl(origin: string, pathAndQuery: string): string {
  return new URL(pathAndQuery, origin).toString();
}
