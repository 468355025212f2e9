// Limits of the product editor's image uploads (decision 025), shared by the editor (which checks
// size and count before sending) and the server (which checks everything again, and lets sharp
// decide what is an image).
export const UPLOAD_LIMITS = {
  /** One file. A phone photo is 2-6 MB; a 10 MB JPEG is already ~40 megapixels. */
  maxFileBytes: 10 * 1024 * 1024,
  /** Files in one request; the editor sends each file in a request of its own. */
  maxFiles: 10,
  /** All files of one request together (the request body limit of POST /api/admin/uploads). */
  maxRequestBytes: 25 * 1024 * 1024,
  /** Decoded size; bounds the memory sharp needs (a "decompression bomb" is refused before decoding). */
  maxMegapixels: 40,
  /** Shorter than this on either side is too small to show on a product page. */
  minSide: 100,
} as const;

/** The formats sharp reads that we accept ("heif" is how sharp names AVIF and HEIC input). */
export const UPLOAD_INPUT_FORMATS: readonly string[] = ["jpeg", "png", "webp", "avif", "heif", "gif", "tiff"];

/** What the file chooser offers. */
export const UPLOAD_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/heic,image/gif,image/tiff";
