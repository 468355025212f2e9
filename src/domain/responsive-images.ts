// Responsive image candidates (storefront.md section 8 "Display and timing": on mobile, images
// are capped at 400 wide, 500 high, quality 70 to 90).
//
// Our own seed images are SVG and scale for free. Images the owner uploads are stored by us in
// several widths, in WebP and AVIF (below). Product images imported or typed in are URLs on other hosts; the hosts below resize on request through URL parameters, so the browser can pick
// a small file on a phone. Any other URL is used as it is (no srcset).

/** The spec's mobile caps, and the wider sizes offered to larger screens. */
export const MOBILE_IMAGE_CAP = { width: 400, height: 500, quality: 80 } as const;
export const IMAGE_WIDTHS = [400, 800, 1200] as const;

type Resizer = (url: URL, width: number) => URL | null;

/** Height keeps the cards' 4:5 frame: 400 wide is 500 high, the spec's cap. */
const heightFor = (width: number) => Math.round((width * MOBILE_IMAGE_CAP.height) / MOBILE_IMAGE_CAP.width);

function withParams(url: URL, params: Record<string, string>): URL {
  const next = new URL(url);
  for (const [key, value] of Object.entries(params)) next.searchParams.set(key, value);
  return next;
}

const RESIZERS: Record<string, Resizer> = {
  "images.unsplash.com": (url, width) =>
    withParams(url, { w: String(width), h: String(heightFor(width)), fit: "crop", q: String(MOBILE_IMAGE_CAP.quality), auto: "format" }),
  "plus.unsplash.com": (url, width) =>
    withParams(url, { w: String(width), h: String(heightFor(width)), fit: "crop", q: String(MOBILE_IMAGE_CAP.quality), auto: "format" }),
  "images.pexels.com": (url, width) =>
    withParams(url, { auto: "compress", cs: "tinysrgb", w: String(width), h: String(heightFor(width)), fit: "crop" }),
  "cdn.shopify.com": (url, width) => withParams(url, { width: String(width), height: String(heightFor(width)), crop: "center" }),
  "res.cloudinary.com": (url, width) => {
    // https://res.cloudinary.com/<cloud>/image/upload/<public id>: the transformation goes after "upload/".
    const marker = "/image/upload/";
    const at = url.pathname.indexOf(marker);
    if (at === -1) return null;
    const next = new URL(url);
    const transform = `w_${width},h_${heightFor(width)},c_fill,q_${MOBILE_IMAGE_CAP.quality},f_auto/`;
    next.pathname = url.pathname.slice(0, at + marker.length) + transform + url.pathname.slice(at + marker.length);
    return next;
  },
};

export type ResponsiveImage = {
  src: string;
  srcSet?: string;
  /** AVIF candidates for a <picture> source (our own uploads); browsers without AVIF use srcSet. */
  avifSrcSet?: string;
};

// ---------------------------------------------------------------------------------------------
// The shop's own uploads (the admin's product editor). Each upload is stored under a name made
// of a hash of its bytes and a width, in WebP and AVIF, at every width of IMAGE_WIDTHS below the
// original's and at the original's (up to the largest): "/uploads/<hash>-<width>.webp". A product
// stores the URL of its largest WebP; the other sizes follow from that name, so a content change
// is a new name and every file can be cached for a year.
// ---------------------------------------------------------------------------------------------

export const UPLOADS_PATH = "/uploads";
export const UPLOAD_FORMATS = ["webp", "avif"] as const;
export type UploadFormat = (typeof UPLOAD_FORMATS)[number];

const UPLOADED_IMAGE = /^\/uploads\/([0-9a-f]{32})-([1-9]\d{0,4})\.webp$/;

/** The widths stored for an image whose largest stored width is `largest`, smallest first. */
export function uploadedWidths(largest: number): number[] {
  return [...IMAGE_WIDTHS.filter((width) => width < largest), largest];
}

/** The width an upload of `originalWidth` pixels is stored at, at most (no upscaling). */
export function largestUploadWidth(originalWidth: number): number {
  return Math.min(originalWidth, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!);
}

/** The file name of one stored size: "<hash>-<width>.<format>". */
export function uploadedFileName(hash: string, width: number, format: UploadFormat): string {
  return `${hash}-${width}.${format}`;
}

/** The URL a product stores for an upload: its largest WebP. */
export function uploadedImageUrl(hash: string, largest: number): string {
  return `${UPLOADS_PATH}/${uploadedFileName(hash, largest, "webp")}`;
}

/** The hash and largest width of one of our upload URLs, or null for any other URL. */
export function parseUploadedImageUrl(src: string): { hash: string; largest: number } | null {
  const match = UPLOADED_IMAGE.exec(src);
  if (!match) return null;
  const largest = Number(match[2]);
  return { hash: match[1]!, largest };
}

/** Every stored file of an upload URL (all sizes, both formats); empty for any other URL. */
export function uploadedFileNames(src: string): string[] {
  const parsed = parseUploadedImageUrl(src);
  if (!parsed) return [];
  return uploadedWidths(parsed.largest).flatMap((width) => UPLOAD_FORMATS.map((format) => uploadedFileName(parsed.hash, width, format)));
}

/**
 * Sources of one of our uploads: the smallest WebP as src (the spec's mobile cap: at most 400
 * wide), every size as srcset in WebP and in AVIF. Null for any other URL.
 */
export function uploadedImageSources(src: string): ResponsiveImage | null {
  const parsed = parseUploadedImageUrl(src);
  if (!parsed) return null;
  const widths = uploadedWidths(parsed.largest);
  const set = (format: UploadFormat) =>
    widths.map((width) => `${UPLOADS_PATH}/${uploadedFileName(parsed.hash, width, format)} ${width}w`).join(", ");
  return { src: `${UPLOADS_PATH}/${uploadedFileName(parsed.hash, widths[0]!, "webp")}`, srcSet: set("webp"), avifSrcSet: set("avif") };
}

/**
 * The src and srcset for an image URL. `src` is the mobile-capped size where the host can resize,
 * so a browser that ignores srcset still gets a small file; otherwise the URL unchanged.
 */
export function responsiveImage(src: string): ResponsiveImage {
  const uploaded = uploadedImageSources(src);
  if (uploaded) return uploaded;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return { src }; // root-relative: our own SVGs
  }
  const resize = url.protocol === "https:" || url.protocol === "http:" ? RESIZERS[url.hostname] : undefined;
  if (!resize) return { src };
  const candidates = IMAGE_WIDTHS.map((width) => ({ width, url: resize(url, width) }));
  if (candidates.some((candidate) => candidate.url === null)) return { src };
  return {
    src: candidates[0]!.url!.toString(),
    srcSet: candidates.map((candidate) => `${candidate.url!.toString()} ${candidate.width}w`).join(", "),
  };
}
