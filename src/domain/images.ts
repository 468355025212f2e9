// Image-URL rules (storefront.md section 5 "Images"; section 3 Product 'Product Image',
// 'Product URL', product_gallery; admin.md section 3 product_images).

/** storefront.md section 5: "ends in jpg, jpeg, png, gif, webp, svg, bmp, tiff, avif or jfif". */
export const IMAGE_EXTENSIONS: readonly string[] = [
  "jpg",
  "jpeg",
  "png",
  "gif",
  "webp",
  "svg",
  "bmp",
  "tiff",
  "avif",
  "jfif",
];

/**
 * Image hosts whose URLs often carry no file extension (storefront.md section 5 "or comes from
 * a known image host"). "*.example.com" means any subdomain of example.com.
 */
export const KNOWN_IMAGE_HOSTS: readonly string[] = [
  "images.unsplash.com",
  "plus.unsplash.com",
  "images.pexels.com",
  "res.cloudinary.com",
  "i.imgur.com",
  "cdn.shopify.com",
  "ae01.alicdn.com",
  "*.alicdn.com",
  "m.media-amazon.com",
  "images-na.ssl-images-amazon.com",
  "i.ebayimg.com",
  "lh3.googleusercontent.com",
];

// Root-relative paths ("/images/products/navy-suit-1.svg", our seed images) are resolved
// against this placeholder origin so that the URL parser checks them like any other URL.
const PLACEHOLDER_ORIGIN = "http://root-relative.invalid";

const EXTENSION_PATTERN = new RegExp(`\\.(?:${IMAGE_EXTENSIONS.join("|")})$`, "i");

function isKnownImageHost(hostname: string): boolean {
  return KNOWN_IMAGE_HOSTS.some((entry) =>
    entry.startsWith("*.") ? hostname.endsWith(entry.slice(1)) : hostname === entry,
  );
}

function parseImageUrl(value: string): URL | null {
  const text = value.trim();
  if (text.startsWith("/")) {
    // "//host/x.png" is protocol-relative and "/\host" is read as "//host" by URL parsers:
    // both point at another site, so only a single "/" followed by a path is root-relative.
    if (text[1] === "/" || text[1] === "\\") return null;
    try {
      const url = new URL(text, PLACEHOLDER_ORIGIN);
      return url.origin === PLACEHOLDER_ORIGIN ? url : null;
    } catch {
      return null;
    }
  }
  try {
    const url = new URL(text);
    // javascript:, data:, file:, ftp: ... are never images we show.
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (url.hostname === "") return null;
    return url;
  } catch {
    return null;
  }
}

/**
 * storefront.md section 5: "A URL is a valid image only if it parses and either ends in
 * jpg, jpeg, png, gif, webp, svg, bmp, tiff, avif or jfif, or comes from a known image host."
 * "Ends in" is read as the path's file extension (after a dot, any case); the query string and
 * fragment are ignored, so "photo.JPG?w=800" is valid and "/download?type=.jpg" is not.
 * Absolute URLs must be http(s); root-relative paths ("/images/...") are accepted.
 */
export function isValidImageUrl(value: string): boolean {
  const url = parseImageUrl(value);
  if (url === null) return false;
  if (EXTENSION_PATTERN.test(url.pathname)) return true;
  return url.origin !== PLACEHOLDER_ORIGIN && isKnownImageHost(url.hostname);
}

/** storefront.md section 5: "Gallery images must start with http or /" (and be valid images). */
export function isGalleryImage(value: string): boolean {
  const text = value.trim();
  return (/^http/i.test(text) || text.startsWith("/")) && isValidImageUrl(text);
}

export type ProductImageFields = {
  image?: string | null; // 'Product Image': comma-separated list of URLs, or an identifier
  productUrl?: string | null; // 'Product URL': "may also hold image URLs"
  gallery?: readonly string[] | null; // product_gallery
  images?: readonly string[] | null; // product_images
};

// 'Product Image' is "a comma-separated list of image URLs", but a comma is also legal inside a
// URL (Cloudinary transformations: ".../upload/w_400,h_300/x.jpg"). Split only on commas that
// start a new URL or root-relative path.
const LIST_SEPARATOR = /,(?=\s*(?:https?:\/\/|\/))/i;

function splitUrlList(field: string | null | undefined): string[] {
  if (field == null) return [];
  return field.split(LIST_SEPARATOR).map((entry) => entry.trim());
}

/**
 * Every image of a product, in display order and without repeats: the 'Product Image' list,
 * then product_gallery, then product_images, then image URLs found in 'Product URL'. Entries
 * that are not valid images (identifiers, product pages, javascript: URLs) are dropped.
 */
export function productImageList(product: ProductImageFields): string[] {
  const candidates = [
    ...splitUrlList(product.image),
    ...(product.gallery ?? []).map((entry) => entry.trim()),
    ...(product.images ?? []).map((entry) => entry.trim()),
    ...splitUrlList(product.productUrl),
  ];
  const seen = new Set<string>();
  const result: string[] = [];
  for (const candidate of candidates) {
    if (seen.has(candidate) || !isGalleryImage(candidate)) continue;
    seen.add(candidate);
    result.push(candidate);
  }
  return result;
}

/** storefront.md section 2 "Only products with at least one image are listed." */
export function hasValidImage(product: ProductImageFields): boolean {
  return productImageList(product).length > 0;
}
