// The catalogue the search-engine and link-preview tests read: the seed, plus an
// inactive product, one without a picture, one whose only picture is on another host and one with
// an uploaded WebP (out of stock), and the arguments their routes' loaders take.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { MetaDescriptor } from "react-router";
import { SEED_IMAGES_DIRECTORY } from "../../src/server/app-context.server.ts";
import type { Database } from "../../src/server/db/client.server.ts";
import { withDerivedFields } from "../../src/server/catalog/product-fields.server.ts";
import { seedCatalogueIfEmpty } from "../../src/server/catalog/seed-into-database.server.ts";
import { products } from "../../src/server/db/schema.ts";
import { ensurePriceSettings } from "../../src/server/settings/price-settings.server.ts";
import { routeContext } from "./route-context.ts";

export const ORIGIN = "https://shop.example";
const CONFIG = { publicUrl: ORIGIN, shopEmail: "owner@shop.test", publicShopEmail: null, senderAddress: ["Menswear Shop", "United Kingdom"], env: "test" };
export const UPLOAD_HASH = "0123456789abcdef0123456789abcdef";

export type SeoCatalogue = {
  suit: { id: string; name: string; category: string };
  inactiveId: string;
  imagelessId: string;
  remoteOnlyId: string;
  uploadedId: string;
};

export async function seedSeoCatalogue(db: Database, uploads: string): Promise<SeoCatalogue> {
  await ensurePriceSettings(db);
  await seedCatalogueIfEmpty(db, new Date("2026-11-21T12:00:00Z"));
  const [suit] = await db.select({ id: products.id, name: products.name, category: products.category }).from(products).where(eq(products.category, "suits")).limit(1);
  const insert = async (values: Parameters<typeof withDerivedFields>[0] & { name: string; category: string; pricePence: number; stock: number; isActive?: boolean }) =>
    (await db.insert(products).values(withDerivedFields(values)).returning({ id: products.id }))[0]!.id;
  // An upload as the editor stores it (decision 025): a portrait WebP named by its hash.
  mkdirSync(uploads, { recursive: true });
  await sharp({ create: { width: 1200, height: 1500, channels: 3, background: "#335577" } }).webp().toFile(path.join(uploads, `${UPLOAD_HASH}-1200.webp`));
  return {
    suit: suit!,
    inactiveId: await insert({ name: "SEO Inactive Tie", category: "ties", pricePence: 2_000, stock: 3, image: "/images/products/kensington-navy-two-piece-suit-1.svg", isActive: false }),
    imagelessId: await insert({ name: "SEO Pictureless Tie", category: "ties", pricePence: 2_000, stock: 3, image: null }),
    remoteOnlyId: await insert({ name: "SEO Remote Tie", category: "ties", pricePence: 2_000, stock: 3, image: "https://cdn.shopify.com/s/files/tie.jpg" }),
    uploadedId: await insert({ name: "SEO Uploaded Blazer", category: "blazers", pricePence: 9_000, stock: 0, image: `/uploads/${UPLOAD_HASH}-1200.webp` }),
  };
}

/** A loader's arguments for a GET of `pathAndQuery` on ORIGIN, with the pictures' folders. */
export function seoArgs(db: unknown, uploads: string, pathAndQuery: string, params: Record<string, string> = {}) {
  const url = new URL(ORIGIN + pathAndQuery);
  const context = routeContext({ app: { db, config: CONFIG, seedImagesDirectory: SEED_IMAGES_DIRECTORY, images: { directory: uploads } } });
  return { request: new Request(url), url, params, context } as never;
}

/** The content of the tag with that property or name. */
export const contentOf = (tags: MetaDescriptor[], key: string) =>
  (tags.find((tag) => ("property" in tag && tag.property === key) || ("name" in tag && tag.name === key)) as { content?: string } | undefined)?.content;

/** The schema.org data among the tags. */
export const jsonLdOf = (tags: MetaDescriptor[]) => tags.flatMap((tag) => ("script:ld+json" in tag ? [tag["script:ld+json"] as Record<string, unknown>] : []));
