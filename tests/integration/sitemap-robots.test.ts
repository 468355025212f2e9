// /sitemap.xml and /robots.txt on the seeded catalogue and its odd products.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../src/server/db/schema.ts";
import { loader as robotsLoader } from "../../src/web/routes/robots.ts";
import { loader as sitemapLoader } from "../../src/web/routes/sitemap.ts";
import { withDerivedFields } from "../../src/server/catalog/product-fields.server.ts";
import { keptSitemapXml, SITEMAP_KEEP_MS } from "../../src/server/seo/sitemap.server.ts";
import { ORIGIN } from "../helpers/seo-catalogue.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { seedSeoCatalogue, seoArgs, type SeoCatalogue } from "../helpers/seo-catalogue.ts";

let uploads: string;
beforeAll(() => {
  uploads = mkdtempSync(path.join(os.tmpdir(), "seo-uploads-"));
});
afterAll(() => rmSync(uploads, { recursive: true, force: true }));

describeEachEngine("sitemap and robots", (get) => {
  let c: SeoCatalogue;
  beforeAll(async () => {
    c = await seedSeoCatalogue(get().db, uploads);
  });

  describe("GET /sitemap.xml", () => {
    it("lists the home page, every category, the policy pages and every listed product with when it last changed, on PUBLIC_URL", async () => {
      const { db } = get();
      const response = (await sitemapLoader(seoArgs(db, uploads, "/sitemap.xml"))) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
      const xml = await response.text();
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
      for (const page of ["/", "/category/suits", "/category/Traditional%20Wear", "/category/accessories", "/returns", "/size-guide", "/faq", "/contact", "/terms", "/privacy"]) {
        expect(locs).toContain(`${ORIGIN}${page}`);
      }
      const listed = await db.select({ id: products.id, updatedAt: products.updatedAt }).from(products).where(eq(products.isActive, true));
      const withPictures = listed.filter((row) => row.id !== c.imagelessId);
      expect(locs.filter((loc) => loc!.includes("/product/"))).toHaveLength(withPictures.length);
      for (const row of withPictures) {
        expect(xml).toContain(`<url><loc>${ORIGIN}/product/${row.id}</loc><lastmod>${row.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`);
      }
      // Not listed: inactive, no picture; and nothing private.
      expect(xml).not.toContain(c.inactiveId);
      expect(xml).not.toContain(c.imagelessId);
      expect(xml).not.toMatch(/\/(cart|checkout|auth|admin|search|api)\b/);
    });
  });

  it("is built at most once a minute per process, then shows what changed", async () => {
    const { db } = get();
    const start = Date.now() + 10 * SITEMAP_KEEP_MS;
    // Requests arriving together wait for one build rather than each reading the catalogue.
    const building = keptSitemapXml(db, ORIGIN, start);
    expect(keptSitemapXml(db, ORIGIN, start)).toBe(building);
    const before = await building;
    const [added] = await db.insert(products).values(withDerivedFields({ name: "SEO Late Tie", category: "ties", pricePence: 2_000, stock: 3, image: "/images/products/test-1.svg" })).returning({ id: products.id });
    expect(await keptSitemapXml(db, ORIGIN, start + SITEMAP_KEEP_MS - 1)).toBe(before);
    expect(await keptSitemapXml(db, ORIGIN, start + SITEMAP_KEEP_MS)).toContain(`/product/${added!.id}</loc>`);
  });

  describe("GET /robots.txt", () => {
    it("keeps crawlers out of the private areas and names the sitemap", async () => {
      const response = (await robotsLoader(seoArgs(get().db, uploads, "/robots.txt"))) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      const lines = (await response.text()).split("\n");
      expect(lines[0]).toBe("User-agent: *");
      for (const area of ["/admin", "/api/", "/cart", "/checkout", "/pay/", "/order-confirmation", "/orders/lookup", "/account", "/auth"]) {
        expect(lines).toContain(`Disallow: ${area}`);
      }
      // Link previews fetch the share pictures: never disallowed.
      expect(lines.some((line) => line.startsWith("Disallow: /share"))).toBe(false);
      expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    });
  });
});
