// meta() for the static pages: the page-head helper with the canonical URL built from the
// public origin the root loader reports.
import type { MetaDescriptor } from "react-router";
import { pageHead } from "../../lib/seo.ts";

type Matches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

export function staticPageHead(matches: Matches, path: string, title: string, description: string): MetaDescriptor[] {
  const origin = (matches.find((m) => m?.id === "root")?.loaderData as { origin?: string } | undefined)?.origin;
  return pageHead({ title, description, canonicalUrl: origin ? `${origin}${path}` : undefined });
}
