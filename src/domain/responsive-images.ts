// Responsive image candidates (storefront.md section 8 "Display and timing": on mobile, images
// are capped at 400 wide, 500 high, quality 70 to 90).
//
// Our own images are SVG and scale for free. Product images added by the shop owner are URLs on
// other hosts; the hosts below resize on request through URL parameters, so the browser can pick
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

export type ResponsiveImage = { src: string; srcSet?: string };

/**
 * The src and srcset for an image URL. `src` is the mobile-capped size where the host can resize,
 * so a browser that ignores srcset still gets a small file; otherwise the URL unchanged.
 */
export function responsiveImage(src: string): ResponsiveImage {
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
