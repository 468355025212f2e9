// The product, category and home pages' head tags and schema.org data, as
// their loaders write them and their meta functions pass them on.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { MetaDescriptor } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { penceToPounds } from "../../src/domain/money.ts";
import { loader as categoryLoader, meta as categoryMeta } from "../../src/web/routes/category.tsx";
import { loader as homeLoader } from "../../src/web/routes/home.tsx";
import { loader as productLoader, meta as productMeta } from "../../src/web/routes/product.tsx";
import { contentOf, jsonLdOf, ORIGIN, UPLOAD_HASH } from "../helpers/seo-catalogue.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { seedSeoCatalogue, seoArgs, type SeoCatalogue } from "../helpers/seo-catalogue.ts";

let uploads: string;
beforeAll(() => {
  uploads = mkdtempSync(path.join(os.tmpdir(), "seo-uploads-"));
});
afterAll(() => rmSync(uploads, { recursive: true, force: true }));

describeEachEngine("page heads for link previews and search engines", (get) => {
  let c: SeoCatalogue;
  beforeAll(async () => {
    c = await seedSeoCatalogue(get().db, uploads);
  });

  describe("page heads", () => {
    it("a product page shares its JPEG with size, type and alt, its price in pounds, availability and breadcrumbs; its JSON-LD lists no SVG", async () => {
      const { db } = get();
      const data = (await productLoader(seoArgs(db, uploads, `/product/${c.suit.id}`, { id: c.suit.id }))) as { product: { price: number }; jsonLd: string; headTags: MetaDescriptor[] };
      const head = productMeta({ loaderData: data, matches: [{ id: "root", loaderData: { origin: ORIGIN, shopName: "Menswear Shop" } }] } as never) as MetaDescriptor[];
      const image = contentOf(head, "og:image")!;
      expect(image).toMatch(new RegExp(`^${ORIGIN}/share/product/${c.suit.id}\\.jpg\\?v=[0-9a-f]{12}$`));
      expect(image).not.toMatch(/\.svg/);
      expect(contentOf(head, "og:image:width")).toBe("1200");
      expect(contentOf(head, "og:image:height")).toBe("630");
      expect(contentOf(head, "og:image:type")).toBe("image/jpeg");
      expect(contentOf(head, "og:image:alt")).toBe(c.suit.name);
      expect(contentOf(head, "og:image:secure_url")).toBe(image);
      expect(contentOf(head, "twitter:card")).toBe("summary_large_image");
      expect(contentOf(head, "twitter:image")).toBe(image);
      expect(contentOf(head, "twitter:image:alt")).toBe(c.suit.name);
      expect(contentOf(head, "og:locale")).toBe("en_GB");
      expect(contentOf(head, "product:price:amount")).toBe(penceToPounds(data.product.price));
      expect(contentOf(head, "product:price:currency")).toBe("GBP");
      expect(contentOf(head, "product:availability")).toBe("in stock");
      expect(head.filter((tag) => "name" in tag && tag.name === "twitter:card")).toHaveLength(1);

      const product = JSON.parse(data.jsonLd) as { image: string[]; offers: Record<string, unknown> };
      expect(product.image[0]).toBe(image);
      expect(product.image.some((url) => url.endsWith(".svg"))).toBe(false);
      expect(product.offers).toMatchObject({ price: contentOf(head, "product:price:amount"), itemCondition: "https://schema.org/NewCondition", seller: { "@type": "Organization", name: "Menswear Shop" } });

      expect(jsonLdOf(head)).toEqual([
        {
          "@context": "https://schema.org",
          "@type": "BreadcrumbList",
          itemListElement: [
            { "@type": "ListItem", position: 1, name: "Home", item: `${ORIGIN}/` },
            { "@type": "ListItem", position: 2, name: "Suits", item: `${ORIGIN}/category/suits` },
            { "@type": "ListItem", position: 3, name: c.suit.name, item: `${ORIGIN}/product/${c.suit.id}` },
          ],
        },
      ]);
    });

    it("an uploaded picture out of stock: the JPEG and 'out of stock'; the upload's WebP also listed in the JSON-LD", async () => {
      const data = (await productLoader(seoArgs(get().db, uploads, `/product/${c.uploadedId}`, { id: c.uploadedId }))) as { jsonLd: string; headTags: MetaDescriptor[] };
      expect(contentOf(data.headTags, "og:image")).toMatch(/\/share\/product\/.+\.jpg\?v=/);
      expect(contentOf(data.headTags, "product:availability")).toBe("out of stock");
      expect((JSON.parse(data.jsonLd) as { image: string[] }).image).toEqual([contentOf(data.headTags, "og:image"), `${ORIGIN}/uploads/${UPLOAD_HASH}-1200.webp`]);
    });

    it("a product whose only picture is on another host shares it as it is, without a size it does not know", async () => {
      const data = (await productLoader(seoArgs(get().db, uploads, `/product/${c.remoteOnlyId}`, { id: c.remoteOnlyId }))) as { headTags: MetaDescriptor[] };
      expect(contentOf(data.headTags, "og:image")).toBe("https://cdn.shopify.com/s/files/tie.jpg");
      expect(contentOf(data.headTags, "og:image:width")).toBeUndefined();
      expect(contentOf(data.headTags, "og:image:alt")).toBe("SEO Remote Tie");
    });

    it("a product with no picture is kept out of search engines (noindex), as it is out of the listings and the sitemap; one with a picture is not", async () => {
      const robots = async (id: string) => contentOf(((await productLoader(seoArgs(get().db, uploads, `/product/${id}`, { id }))) as { headTags: MetaDescriptor[] }).headTags, "robots");
      expect(await robots(c.imagelessId)).toBe("noindex");
      expect(await robots(c.suit.id)).toBeUndefined();
      expect(await robots(c.remoteOnlyId)).toBeUndefined();
    });

    it("a category page shares its first product's picture and has Home / category breadcrumbs", async () => {
      const data = (await categoryLoader(seoArgs(get().db, uploads, "/category/suits", { category: "suits" }))) as { products: { id: string }[]; headTags: MetaDescriptor[] };
      const head = categoryMeta({ loaderData: data, matches: [{ id: "root", loaderData: { origin: ORIGIN, shopName: "Menswear Shop" } }] } as never) as MetaDescriptor[];
      expect(contentOf(head, "og:image")).toMatch(new RegExp(`^${ORIGIN}/share/product/${data.products[0]!.id}\\.jpg\\?v=`));
      expect(contentOf(head, "twitter:card")).toBe("summary_large_image");
      expect(jsonLdOf(head)[0]).toMatchObject({ "@type": "BreadcrumbList", itemListElement: [{ name: "Home" }, { name: "Suits", item: `${ORIGIN}/category/suits` }] });
    });

    it("the home page shares the shop's picture and says who the shop is (WebSite, OnlineStore)", async () => {
      const data = (await homeLoader(seoArgs(get().db, uploads, "/"))) as { headTags: MetaDescriptor[] };
      expect(contentOf(data.headTags, "og:image")).toBe(`${ORIGIN}/share/shop.jpg`);
      expect(contentOf(data.headTags, "og:image:width")).toBe("1200");
      const [graph] = jsonLdOf(data.headTags);
      expect((graph!["@graph"] as { "@type": string; name: string }[]).map((node) => [node["@type"], node.name])).toEqual([
        ["WebSite", "Menswear Shop"],
        ["OnlineStore", "Menswear Shop"],
      ]);
    });
  });
});
