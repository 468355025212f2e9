import { startTransition, useCallback, useState, type ReactNode } from "react";
import { responsiveImage, uploadedImageSources, type ResponsiveImage } from "../../domain/responsive-images.ts";

/**
 * The shop's seed images are root-relative ("/images/..."): no host to resize them, so they are used
 * as they are; its uploads ("/uploads/...") come in several widths, in WebP and AVIF. Skipping the URL parse for them also skips the exception `new URL` throws for a
 * relative URL, which was a noticeable share of rendering a listing of 24 cards on the server.
 */
function imageSources(src: string): ResponsiveImage {
  if (src.startsWith("/uploads/")) return uploadedImageSources(src) ?? { src };
  return src.startsWith("/") ? { src } : responsiveImage(src);
}

type Props = {
  src: string | undefined;
  alt: string;
  /** Text shown when there is no image or it fails to load (the spec's fallbacks differ per place). */
  fallbackText: string;
  priority?: boolean;
  className?: string;
  sizes?: string;
};

/**
 * An image with the spec's three states: loading (spinner), loaded, failed (fallback text).
 * Server-rendered images may finish loading before React hydrates and attaches onLoad, so the
 * state is also read from the element once mounted.
 *
 * Every image is visible from the server's HTML: it sits above the spinner and covers it as it
 * arrives. Fading it in from transparent would hold it until the JavaScript has loaded and the
 * part of the page it is in has hydrated, which on a long page may be only when it scrolls near.
 */
export function ProductImage({ src, alt, fallbackText, priority = false, className = "", sizes }: Props) {
  // The state is remembered per src so a new src starts loading without an effect resetting it.
  const [status, setStatus] = useState<{ src: string; state: "loaded" | "failed" } | null>(null);
  const state = !src ? "failed" : status?.src === src ? status.state : "loading";
  const setState = (next: "loaded" | "failed") => {
    if (src) setStatus({ src, state: next });
  };
  // A transition, not a plain update: set from a ref during hydration's commit, a plain update is
  // urgent, and React re-rendered every card's image and ran the page's effects in that same task
  // (on a product page the longest of hydration). The image already covers the spinner meanwhile.
  const ref = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && src) {
        const loaded = img.naturalWidth > 0;
        startTransition(() => setStatus({ src, state: loaded ? "loaded" : "failed" }));
      }
    },
    [src],
  );

  if (state === "failed" || !src) {
    return (
      <div className={`flex h-full w-full items-center justify-center bg-brand-50 p-4 text-center text-sm text-brand-900/70 ${className}`}>
        {fallbackText}
      </div>
    );
  }
  const sources = imageSources(src);
  return (
    <div className={`relative h-full w-full ${className}`}>
      {state === "loading" ? (
        <div className="absolute inset-0 flex items-center justify-center" role="status" aria-label="Loading image">
          <span className="h-8 w-8 animate-spin rounded-full border-2 border-brand-100 border-t-brand-700" />
        </div>
      ) : null}
      <Picture avifSrcSet={sources.avifSrcSet} sizes={sizes}>
        <img
          ref={ref}
          src={sources.src}
          srcSet={sources.srcSet}
          alt={alt}
          width={400}
          height={500}
          sizes={sizes}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "auto"}
          decoding="async"
          onLoad={() => setState("loaded")}
          onError={() => setState("failed")}
          className="relative h-full w-full object-cover"
        />
      </Picture>
    </div>
  );
}

/** Our uploads offer AVIF first; a browser without it takes the <img>'s WebP candidates. */
function Picture({ avifSrcSet, sizes, children }: { avifSrcSet: string | undefined; sizes: string | undefined; children: ReactNode }) {
  if (!avifSrcSet) return children;
  return (
    <picture>
      <source type="image/avif" srcSet={avifSrcSet} sizes={sizes} />
      {children}
    </picture>
  );
}
