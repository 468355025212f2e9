// The share pictures: /share/product/<id>.jpg and /share/shop.jpg drawn from
// the seed's SVGs and the uploads' WebPs into 1200x630 JPEGs, 404 for anything else, and their memory.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../src/server/db/schema.ts";
import { createDrawQueue, createShareImageCache, pictureVersion, SHARE_IMAGE, ShareDrawBusy, shareJpegOf } from "../../src/server/seo/share-image.server.ts";
import { loader as shareProductLoader } from "../../src/web/routes/share.product.ts";
import { loader as shareShopLoader } from "../../src/web/routes/share.shop.ts";
import { createTestDatabase, describeEachEngine } from "../helpers/databases.ts";
import { ensurePriceSettings } from "../../src/server/settings/price-settings.server.ts";
import { seedSeoCatalogue, seoArgs, type SeoCatalogue } from "../helpers/seo-catalogue.ts";

let uploads: string;
beforeAll(() => {
  uploads = mkdtempSync(path.join(os.tmpdir(), "seo-uploads-"));
});
afterAll(() => rmSync(uploads, { recursive: true, force: true }));

describeEachEngine("share pictures", (get) => {
  let c: SeoCatalogue;
  beforeAll(async () => {
    c = await seedSeoCatalogue(get().db, uploads);
  });

  describe("share pictures", () => {
    const jpegOf = async (response: Response) => {
      const bytes = Buffer.from(await response.arrayBuffer());
      return { bytes, meta: await sharp(bytes).metadata() };
    };

    it("draws a seeded product's SVG into a 1200x630 JPEG, kept a year under its current fingerprint", async () => {
      const { db } = get();
      const [row] = await db.select({ image: products.image }).from(products).where(eq(products.id, c.suit.id));
      const first = row!.image!.split(",")[0]!.trim();
      const response = (await shareProductLoader(seoArgs(db, uploads, `/share/product/${c.suit.id}.jpg?v=${pictureVersion(first)}`, { file: `${c.suit.id}.jpg` }))) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/jpeg");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const { bytes, meta } = await jpegOf(response);
      expect(meta).toMatchObject({ format: "jpeg", width: SHARE_IMAGE.width, height: SHARE_IMAGE.height });
      expect(Number(response.headers.get("content-length"))).toBe(bytes.length);
      // Without the fingerprint (or with an old one) the same picture, kept an hour.
      const plain = (await shareProductLoader(seoArgs(db, uploads, `/share/product/${c.suit.id}.jpg`, { file: `${c.suit.id}.jpg` }))) as Response;
      expect(plain.headers.get("cache-control")).toBe("public, max-age=3600");
      expect(Buffer.from(await plain.arrayBuffer()).equals(bytes)).toBe(true);
    });

    it("draws an uploaded portrait WebP whole on the neutral background (nothing cropped)", async () => {
      const response = (await shareProductLoader(seoArgs(get().db, uploads, `/share/product/${c.uploadedId}.jpg`, { file: `${c.uploadedId}.jpg` }))) as Response;
      expect(response.status).toBe(200);
      const { bytes, meta } = await jpegOf(response);
      expect(meta).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
      // The corners are the background, the middle the picture's blue.
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
      expect(at(5, 5).every((value, i) => Math.abs(value - [0xf4, 0xf1, 0xec][i]!) <= 3)).toBe(true);
      expect(at(600, 315).every((value, i) => Math.abs(value - [0x33, 0x55, 0x77][i]!) <= 6)).toBe(true);
    });

    it("is a 404 for a malformed or unknown id, an inactive product, and one with no picture of the shop's own", async () => {
      const { db } = get();
      for (const file of ["not-a-uuid.jpg", `${c.suit.id}.png`, `${c.suit.id}`, "00000000-0000-4000-8000-000000000000.jpg", `${c.inactiveId}.jpg`, `${c.imagelessId}.jpg`, `${c.remoteOnlyId}.jpg`, "../../etc/passwd"]) {
        const response = (await shareProductLoader(seoArgs(db, uploads, `/share/product/${encodeURIComponent(file)}`, { file }))) as Response;
        expect(response.status, file).toBe(404);
        expect(response.headers.get("cache-control")).toBe("no-store");
      }
    });

    it("/share/shop.jpg is the first featured product's picture, as a 1200x630 JPEG kept an hour", async () => {
      const response = (await shareShopLoader(seoArgs(get().db, uploads, "/share/shop.jpg"))) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
      expect((await jpegOf(response)).meta).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    });
  });
});

describe("/share/shop.jpg in a shop with no product pictures", () => {
  it("is a card with the shop's name, 1200x630", async () => {
    const handle = await createTestDatabase("pglite");
    try {
      await ensurePriceSettings(handle.db);
      const response = (await shareShopLoader(seoArgs(handle.db, uploads, "/share/shop.jpg"))) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/jpeg");
      expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    } finally {
      await handle.close();
    }
  });
});

describe("the share pictures' memory", () => {
  it("keeps at most its count and size, drops the least recently used first, and draws a picture asked twice at once only once", async () => {
    const cache = createShareImageCache({ maxEntries: 2, maxBytes: 10 });
    let draws = 0;
    const draw = (size: number) => async () => {
      draws += 1;
      return Buffer.alloc(size);
    };
    await Promise.all([cache.get("a", draw(4)), cache.get("a", draw(4))]);
    expect(draws).toBe(1);
    await cache.get("b", draw(4));
    await cache.get("a", draw(4)); // a is now the most recent
    await cache.get("c", draw(4)); // over the count: b goes
    expect(cache.size).toBe(2);
    await cache.get("a", draw(4));
    expect(draws).toBe(3);
    await cache.get("b", draw(4));
    expect(draws).toBe(4);
    await cache.get("d", draw(9)); // over the size: everything older goes
    expect(cache.size).toBe(1);
  });
});

describe("drawing share pictures", () => {
  it("draws a few at once, lets a few wait, and turns the rest away (a 503 for the route)", async () => {
    const inTurn = createDrawQueue({ atOnce: 1, waiting: 1 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const first = inTurn(async () => {
      await held;
      order.push("first");
    });
    const second = inTurn(async () => void order.push("second"));
    await expect(inTurn(async () => void order.push("third"))).rejects.toBeInstanceOf(ShareDrawBusy);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(["first", "second"]);
    // Room again once the queue has drained.
    await inTurn(async () => void order.push("fourth"));
    expect(order).toEqual(["first", "second", "fourth"]);
  });

  it("does not try a picture that could not be drawn again for a minute", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "share-failed-"));
    try {
      const name = `${"ab".repeat(16)}-800.webp`;
      const url = `/uploads/${name}`;
      writeFileSync(path.join(folder, name), "not a picture");
      const directories = { seedImages: folder, uploads: folder };
      const start = Date.now() + 3_600_000;
      expect(await shareJpegOf(url, directories, start)).toBeNull();
      // The file is mended at once, but the failure is remembered: no second draw within the minute.
      await sharp({ create: { width: 40, height: 50, channels: 3, background: "#223344" } }).webp().toFile(path.join(folder, name));
      expect(await shareJpegOf(url, directories, start + 59_000)).toBeNull();
      const drawn = await shareJpegOf(url, directories, start + 61_000);
      expect((await sharp(drawn!).metadata()).width).toBe(SHARE_IMAGE.width);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
