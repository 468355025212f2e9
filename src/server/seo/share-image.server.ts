// Share pictures for link previews: a product's first picture drawn by
// sharp into one JPEG of a fixed size, which WhatsApp, Facebook, X, LinkedIn, iMessage and Slack
// all render. The seed pictures are SVG (no preview renders SVG) and uploads are portrait WebP
// (cropped to a strip in a large card, and not read by every client), so neither is shared as is.
//
// Pictures are read from the shop's own disk only (the seed's seed/images/, served at
// /images/products/, and DATA_DIR/uploads, served at /uploads/), never over HTTP: a product whose
// first picture is on another host has no share JPEG. What is drawn is kept in memory, a bounded
// number of pictures, keyed by the picture's URL (whose content never changes under the same name).
import { createHash } from "node:crypto";
import path from "node:path";
import sharp from "sharp";
import { and, eq } from "drizzle-orm";
import { isRowId } from "../../domain/row-ids.ts";
import type { DbOrTx } from "../db/client.server.ts";
import { products } from "../db/schema.ts";
import { imagesOf, productImageColumns } from "../catalog/product-fields.server.ts";

/** The size every share picture has: the 1.91:1 of Open Graph's large cards. */
export const SHARE_IMAGE = { width: 1200, height: 630, type: "image/jpeg" } as const;
/** A light neutral behind the garment, so a portrait picture is shown whole, never cropped. */
export const SHARE_BACKGROUND = "#f4f1ec";
/** Space kept around the picture inside the card. */
const SHARE_PADDING = 24;
/** The largest picture sharp decodes here (the uploads' own limit; decision 025). */
const MAX_INPUT_PIXELS = 40_000_000;

/** Where the shop's own pictures are on disk (uploads: null when an object store holds them). */
export type ImageDirectories = { seedImages: string; uploads: string | null };

/** The app's picture folders: the seed's, and the upload store's when it is a disk. */
export function imageDirectoriesOf(app: { seedImagesDirectory: string; images: { directory: string | null } }): ImageDirectories {
  return { seedImages: app.seedImagesDirectory, uploads: app.images.directory };
}

const SEED_IMAGE = /^\/images\/products\/([A-Za-z0-9][A-Za-z0-9._-]{0,200})$/;
const UPLOADED_IMAGE = /^\/uploads\/((?:scraped\/)?[0-9a-f]{32,64}(?:-[1-9]\d{0,4})?\.(?:webp|avif|jpe?g|png))$/;

/** The file on this shop's disk that a picture URL names, or null when it is not one of ours. */
export function localImageFile(url: string, directories: ImageDirectories): string | null {
  const seed = SEED_IMAGE.exec(url);
  const uploaded = seed ? null : UPLOADED_IMAGE.exec(url);
  const [folder, name] = seed ? [directories.seedImages, seed[1]] : uploaded ? [directories.uploads, uploaded[1]] : [null, null];
  if (!folder || !name || name.includes("..")) return null;
  const file = path.resolve(folder, name);
  // The patterns allow no separator but scraped/; this keeps it so whatever they become.
  return file.startsWith(path.resolve(folder) + path.sep) ? file : null;
}

/** The first of a product's pictures that is one of the shop's own files (the one its share picture shows). */
export function sharedPicture(images: readonly string[]): string | null {
  return images.find((image) => SEED_IMAGE.test(image) || UPLOADED_IMAGE.test(image)) ?? null;
}

/** A short fingerprint of a picture's URL: the share picture's address changes when the picture does. */
export function pictureVersion(imageUrl: string): string {
  return createHash("sha256").update(imageUrl).digest("hex").slice(0, 12);
}

/** The address of a product's share picture, or null when it has no picture of the shop's own. */
export function productSharePath(product: { id: string; images: readonly string[] }): string | null {
  const picture = sharedPicture(product.images);
  return picture ? `/share/product/${product.id}.jpg?v=${pictureVersion(picture)}` : null;
}

/** The home page's and the policy pages' share picture (the first featured product's, else a card with the shop's name). */
export const SHOP_SHARE_PATH = "/share/shop.jpg";

/** A picture file as a 1200x630 JPEG: the whole picture (contain), centred on the neutral background. */
export async function renderShareJpeg(file: string): Promise<Buffer> {
  const box = { width: SHARE_IMAGE.width - 2 * SHARE_PADDING, height: SHARE_IMAGE.height - 2 * SHARE_PADDING };
  // An SVG is drawn at the density that makes it the box's size, not at 72 dpi and then enlarged.
  let density: number | undefined;
  if (file.endsWith(".svg")) {
    const { width = box.width, height = box.height } = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    density = Math.min(1200, Math.max(1, Math.ceil(72 * Math.max(box.width / width, box.height / height))));
  }
  const picture = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, density })
    .rotate()
    .resize({ ...box, fit: "contain", background: SHARE_BACKGROUND })
    .flatten({ background: SHARE_BACKGROUND })
    .toBuffer();
  return sharp({ create: { width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, channels: 3, background: SHARE_BACKGROUND } })
    .composite([{ input: picture, gravity: "centre" }])
    .jpeg({ quality: 82, progressive: true, mozjpeg: true })
    .toBuffer();
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** When the shop has no product picture to show: its name on the brand's dark blue. */
export async function renderShopCard(shopName: string): Promise<Buffer> {
  const { width, height } = SHARE_IMAGE;
  const name = shopName.length > 40 ? `${shopName.slice(0, 39)}…` : shopName;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="#1c2431"/>` +
    `<text x="50%" y="50%" text-anchor="middle" dominant-baseline="middle" font-family="serif" font-size="64" fill="#ffffff">${escapeXml(name)}</text>` +
    `</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: "#1c2431" }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

/**
 * Drawn pictures kept in memory, the least recently used dropped first, within a count and a size;
 * two requests for one picture at once draw it once. Keys are picture URLs of the shop's active
 * products (or the shop card's name), so the set an outsider can make the shop draw is bounded by
 * the catalogue, and the memory by the limits.
 */
export function createShareImageCache({ maxEntries = 200, maxBytes = 24 * 1024 * 1024 } = {}) {
  const kept = new Map<string, Buffer>();
  const drawing = new Map<string, Promise<Buffer>>();
  let bytes = 0;
  return {
    async get(key: string, draw: () => Promise<Buffer>): Promise<Buffer> {
      const hit = kept.get(key);
      if (hit) {
        kept.delete(key);
        kept.set(key, hit);
        return hit;
      }
      const pending = drawing.get(key);
      if (pending) return pending;
      const work = draw()
        .then((image) => {
          if (image.length <= maxBytes) {
            kept.set(key, image);
            bytes += image.length;
            for (const [oldKey, old] of kept) {
              if (kept.size <= maxEntries && bytes <= maxBytes) break;
              kept.delete(oldKey);
              bytes -= old.length;
            }
          }
          return image;
        })
        .finally(() => drawing.delete(key));
      drawing.set(key, work);
      return work;
    },
    get size() {
      return kept.size;
    },
    clear() {
      kept.clear();
      bytes = 0;
    },
  };
}

/** The process's own cache of drawn share pictures. */
export const shareImages = createShareImageCache();

/** Thrown when more pictures wait to be drawn than the queue holds: the caller answers 503. */
export class ShareDrawBusy extends Error {}

/**
 * At most `atOnce` pictures are drawn at once, so a burst of new ones waits instead of taking
 * every core; and at most `waiting` wait, so a crawl of more pictures than the cache keeps (or
 * requests sent on purpose) is turned away rather than queued without end.
 */
export function createDrawQueue({ atOnce = 2, waiting = 16 } = {}) {
  let underWay = 0;
  const queue: (() => void)[] = [];
  return async function inTurn<T>(draw: () => Promise<T>): Promise<T> {
    if (underWay >= atOnce) {
      if (queue.length >= waiting) throw new ShareDrawBusy("too many share pictures waiting to be drawn");
      await new Promise<void>((resolve) => queue.push(resolve));
    } else underWay += 1;
    try {
      return await draw();
    } finally {
      // The next waiting draw takes this one's place (the count stays), or the place is freed.
      const next = queue.shift();
      if (next) next();
      else underWay -= 1;
    }
  };
}

const inTurn = createDrawQueue();

/** Pictures that could not be drawn lately (a file gone, not a picture): not tried again for a minute. */
const FAILED_KEEP_MS = 60_000;
const MAX_FAILED_KEPT = 1_000;
const failedLately = new Map<string, number>();

/** An active product's id, name and pictures (whatever its stock), or null. */
export async function findActiveProductPictures(db: DbOrTx, id: string): Promise<{ id: string; name: string; images: string[] } | null> {
  if (!isRowId(id)) return null;
  const [row] = await db
    .select({ id: products.id, name: products.name, ...productImageColumns })
    .from(products)
    .where(and(eq(products.id, id.toLowerCase()), eq(products.isActive, true)))
    .limit(1);
  return row ? { id: row.id, name: row.name, images: imagesOf(row) } : null;
}

/**
 * A product picture as a share JPEG, from the cache or drawn now; null when the file is not on
 * this shop's disk or is not a picture sharp can read (a 404 for the caller, never a 500).
 * Throws ShareDrawBusy when too many pictures wait to be drawn (a 503 for the caller).
 */
export async function shareJpegOf(imageUrl: string, directories: ImageDirectories, now = Date.now()): Promise<Buffer | null> {
  const file = localImageFile(imageUrl, directories);
  if (!file) return null;
  const failedAt = failedLately.get(imageUrl);
  if (failedAt !== undefined && now - failedAt < FAILED_KEEP_MS) return null;
  try {
    return await shareImages.get(imageUrl, () => inTurn(() => renderShareJpeg(file)));
  } catch (error) {
    if (error instanceof ShareDrawBusy) throw error;
    failedLately.delete(imageUrl);
    failedLately.set(imageUrl, now);
    if (failedLately.size > MAX_FAILED_KEPT) failedLately.delete(failedLately.keys().next().value!);
    return null;
  }
}
