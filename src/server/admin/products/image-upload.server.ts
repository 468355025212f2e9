// Product images uploaded by the owner (decision 025): sharp reads the bytes (nothing else decides
// whether a file is an image: not its name, not its declared type), turns it upright, strips its
// metadata (location included) and writes every web size in WebP and AVIF under a name made of a
// hash of the bytes. The product stores the URL of the largest WebP (src/domain/responsive-images.ts).
import { createHash } from "node:crypto";
import sharp, { type Metadata, type Sharp, type SharpOptions } from "sharp";
import { UPLOAD_INPUT_FORMATS, UPLOAD_LIMITS } from "../../../domain/admin/upload-limits.ts";
import { adminProductEditor as text } from "../../../domain/messages/admin.ts";
import {
  largestUploadWidth,
  uploadedFileName,
  uploadedImageUrl,
  uploadedWidths,
  type UploadFormat,
} from "../../../domain/responsive-images.ts";
import type { ImageStorage } from "../../images/image-storage.server.ts";

export type UploadedImage = { url: string; width: number; height: number; name: string };
export type UploadRefusal = { ok: false; status: 413 | 415 | 422 | 507; message: string };

/** What the disk says when it cannot take a file: the operator's problem, told plainly to the owner. */
const STORAGE_FULL_CODES = new Set(["ENOSPC", "EROFS", "EACCES", "EPERM", "EDQUOT", "ENOENT"]);

const ENCODE: Record<UploadFormat, (image: Sharp) => Sharp> = {
  // Quality 80 WebP and 50 AVIF look alike and are about a tenth of a camera JPEG; AVIF effort 3
  // keeps encoding to well under a second per size on a small server.
  webp: (image) => image.webp({ quality: 80 }),
  avif: (image) => image.avif({ quality: 50, effort: 3 }),
};

const CONTENT_TYPES: Record<UploadFormat, string> = { webp: "image/webp", avif: "image/avif" };

/** Reads, checks, resizes and stores one upload. Refusals are the 4xx the API answers. */
export async function storeUploadedImage(
  storage: ImageStorage,
  file: { name: string; bytes: Uint8Array },
): Promise<{ ok: true; image: UploadedImage } | UploadRefusal> {
  const label = file.name.trim() === "" ? "The file" : file.name.slice(0, 120);
  if (file.bytes.byteLength > UPLOAD_LIMITS.maxFileBytes) {
    return { ok: false, status: 413, message: text.uploadTooLarge(label, UPLOAD_LIMITS.maxFileBytes / 1024 / 1024) };
  }
  const options: SharpOptions = { limitInputPixels: UPLOAD_LIMITS.maxMegapixels * 1_000_000, failOn: "error", pages: 1 };
  let metadata: Metadata;
  try {
    // The header alone, without the pixel limit: a picture over it is told so (413), not called unreadable.
    metadata = await sharp(file.bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, status: 415, message: text.uploadNotImage(label) };
  }
  if (!metadata.format || !UPLOAD_INPUT_FORMATS.includes(metadata.format) || !metadata.width || !metadata.height) {
    return { ok: false, status: 415, message: text.uploadNotImage(label) };
  }
  if (metadata.width * metadata.height > UPLOAD_LIMITS.maxMegapixels * 1_000_000) {
    return { ok: false, status: 413, message: text.uploadTooManyPixels(label, UPLOAD_LIMITS.maxMegapixels) };
  }
  // EXIF orientations 5 to 8 turn the picture a quarter: its upright width is the stored height.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = turned ? metadata.height : metadata.width;
  const height = turned ? metadata.width : metadata.height;
  if (width < UPLOAD_LIMITS.minSide || height < UPLOAD_LIMITS.minSide) {
    return { ok: false, status: 422, message: text.uploadTooSmall(label, UPLOAD_LIMITS.minSide) };
  }

  const hash = createHash("sha256").update(file.bytes).digest("hex").slice(0, 32);
  const largest = largestUploadWidth(width);
  // One size at a time: the shop shares its CPU with shoppers.
  for (const size of uploadedWidths(largest)) {
    const resized = sharp(file.bytes, options).rotate().resize({ width: size, withoutEnlargement: true });
    for (const format of ["webp", "avif"] as const) {
      let bytes: Buffer;
      try {
        bytes = await ENCODE[format](resized.clone()).toBuffer();
      } catch {
        // A file whose header reads but whose pixels do not (truncated, corrupt) is the sender's
        // problem. A failure to store what was made is the shop's: a full or read-only disk is
        // answered 507 below, anything else is thrown.
        return { ok: false, status: 415, message: text.uploadNotImage(label) };
      }
      try {
        await storage.put(uploadedFileName(hash, size, format), bytes, CONTENT_TYPES[format]);
      } catch (error) {
        if (!STORAGE_FULL_CODES.has((error as NodeJS.ErrnoException).code ?? "")) throw error;
        console.error(`image upload: the image store cannot take files (${(error as NodeJS.ErrnoException).code})`);
        return { ok: false, status: 507, message: text.uploadStorageFailed(label) };
      }
    }
  }
  return {
    ok: true,
    image: { url: uploadedImageUrl(hash, largest), width: largest, height: Math.round((height * largest) / width), name: file.name },
  };
}
