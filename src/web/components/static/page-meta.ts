// meta() for the static pages: the page-head helper with the canonical URL built from the
// public origin the root loader reports, and the shop's share picture it wrote.
import type { MetaDescriptor } from "react-router";
import { pageHead, rootHead } from "../../lib/seo.ts";

export function staticPageHead(matches: Parameters<typeof rootHead>[0], path: string, title: string, description: string): MetaDescriptor[] {
  const { origin, shopName, tags } = rootHead(matches);
  return pageHead({ title, description, canonicalUrl: origin ? `${origin}${path}` : undefined, tags }, shopName);
}
