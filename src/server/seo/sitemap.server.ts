// /sitemap.xml and /robots.txt: what search engines are pointed at, and kept
// away from. The sitemap lists what the storefront lists: the home page, the ten categories, the
// policy pages and every listed product (active with a valid picture: catalog.server.ts `listable`),
// each product with the day it last changed.
import { CATEGORIES, categoryPath } from "../../domain/categories.ts";
import { listable, newestFirst } from "../catalog/catalog.server.ts";
import type { DbOrTx } from "../db/client.server.ts";
import { products } from "../db/schema.ts";

/** The indexable pages without a loader of their own (the policy pages and contact). */
export const SITEMAP_STATIC_PATHS = ["/returns", "/size-guide", "/faq", "/contact", "/terms", "/privacy"] as const;

/** One sitemap file holds at most 50,000 addresses (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** The private areas crawlers are asked to leave alone; the pages say noindex as well. */
export const ROBOTS_DISALLOW = ["/admin", "/api/", "/cart", "/checkout", "/pay/", "/order-confirmation", "/orders/lookup", "/account", "/auth"] as const;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** The sitemap's XML: absolute URLs on `origin` (PUBLIC_URL). */
export async function sitemapXml(db: DbOrTx, origin: string): Promise<string> {
  const fixed = ["/", ...CATEGORIES.map((category) => categoryPath(category.value)), ...SITEMAP_STATIC_PATHS];
  const rows = await db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(listable)
    .orderBy(...newestFirst)
    .limit(SITEMAP_MAX_URLS - fixed.length);
  const entry = (path: string, lastmod?: Date) =>
    // The day only (W3C date): a product's row changes with every sale of it (its stock), and the
    // time to the millisecond told anyone polling the sitemap when each product sold.
    `<url><loc>${escapeXml(new URL(path, origin).toString())}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...fixed.map((path) => entry(path)),
    ...rows.map((row) => entry(`/product/${row.id}`, row.updatedAt)),
    "</urlset>",
    "",
  ].join("\n");
}

/** How long a process serves the sitemap it built (every product row is read to build it). */
export const SITEMAP_KEEP_MS = 60_000;
const kept = new WeakMap<DbOrTx, { origin: string; xml: Promise<string>; until: number }>();

/**
 * The sitemap, built at most once a minute per process: a burst of requests reads the catalogue
 * once, those arriving while it is built wait for that build. A failed build is not kept.
 */
export function keptSitemapXml(db: DbOrTx, origin: string, now = Date.now()): Promise<string> {
  const last = kept.get(db);
  if (last && last.origin === origin && last.until > now) return last.xml;
  const xml = sitemapXml(db, origin);
  kept.set(db, { origin, xml, until: now + SITEMAP_KEEP_MS });
  xml.catch(() => {
    if (kept.get(db)?.xml === xml) kept.delete(db);
  });
  return xml;
}

/** robots.txt: the private areas disallowed, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  return ["User-agent: *", ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`), "", `Sitemap: ${new URL("/sitemap.xml", origin).toString()}`, ""].join("\n");
}
