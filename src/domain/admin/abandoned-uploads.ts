// Pictures the owner uploaded (or the scraper copied) for a product that was never saved stay on
// disk: nothing else ever refers to them. They are removed once no product refers to them and
// none of their files is younger than the grace period, so a form left open for days still saves
// (and one left open longer is told to add the picture again, not saved with a broken image).
import { parseUploadedImageUrl } from "../responsive-images.ts";

/** Days an upload waits for the product that uses it to be saved. */
export const ABANDONED_UPLOAD_DAYS = 7;

/** The folder (under the uploads one) and URL prefix of the scraper's copies. */
export const SCRAPED_UPLOADS_PREFIX = "/uploads/scraped/";
/** A scraped copy's file name: the SHA-256 of its bytes. */
export const SCRAPED_UPLOAD_NAME = /^[0-9a-f]{64}\.webp$/;

/**
 * What one picture is known by, whichever of its files a URL names: an upload's sizes and formats
 * share their hash; a scraped copy is one file. Null for any other URL (seed images, other sites).
 */
export function uploadKeyOfUrl(url: string): string | null {
  const uploaded = parseUploadedImageUrl(url);
  if (uploaded) return uploadedPictureKey(uploaded.hash);
  if (!url.startsWith(SCRAPED_UPLOADS_PREFIX)) return null;
  const name = url.slice(SCRAPED_UPLOADS_PREFIX.length);
  return SCRAPED_UPLOAD_NAME.test(name) ? scrapedPictureKey(name) : null;
}

/** The key of an upload's files ("<hash>-<width>.<format>"): their hash. */
export function uploadedPictureKey(hashOrFileName: string): string {
  const dash = hashOrFileName.indexOf("-");
  return `upload:${dash === -1 ? hashOrFileName : hashOrFileName.slice(0, dash)}`;
}

/** The key of a scraped copy: its file name. */
export function scrapedPictureKey(fileName: string): string {
  return `scraped:${fileName}`;
}

/** One stored file, with the picture it belongs to (its key) and when it was last written. */
export type StoredUploadFile = { key: string; name: string; modifiedAt: Date };

/**
 * The files to remove: those of pictures no product refers to whose newest file is older than the
 * grace period (uploading the same picture again renews all of its files).
 */
export function abandonedUploadFiles(
  files: readonly StoredUploadFile[],
  referenced: ReadonlySet<string>,
  now: Date,
  graceDays = ABANDONED_UPLOAD_DAYS,
): StoredUploadFile[] {
  const newest = new Map<string, number>();
  for (const file of files) newest.set(file.key, Math.max(newest.get(file.key) ?? 0, file.modifiedAt.getTime()));
  const cutoff = now.getTime() - graceDays * 24 * 60 * 60 * 1000;
  return files.filter((file) => !referenced.has(file.key) && newest.get(file.key)! < cutoff);
}
