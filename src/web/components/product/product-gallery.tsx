import { ChevronLeft } from "../icons/chevron-left.tsx";
import { ChevronRight } from "../icons/chevron-right.tsx";
import { productDetail, productPageCopy } from "../../../domain/messages/catalog.ts";
import { type ColourImage } from "../../../domain/product-selection.ts";
import { ProductImage } from "../product-image.tsx";

type Props = {
  name: string;
  images: readonly string[];
  /** The original price exceeds the price (storefront.md section 9 "Sale badge"). */
  onSale: boolean;
  index: number;
  onIndexChange: (index: number) => void;
  /** Colour-variant thumbnails; empty when fewer than two colours have a known image. */
  colourVariants: readonly ColourImage[];
  selectedColour: string | null;
  onSelectColour: (colour: string) => void;
  /** Said under the picture when the chosen colour has no photo of its own. */
  colourNote?: string | null;
};

/**
 * The product gallery (storefront.md section 2): the main image with previous/next and an
 * 'n / total' counter, thumbnails as buttons (the shown one has aria-current), colour-variant
 * thumbnails, a Sale badge, and the 'No images available' / 'Image unavailable' fallbacks.
 */
export function ProductGallery({ name, images, onSale, index, onIndexChange, colourVariants, selectedColour, onSelectColour, colourNote = null }: Props) {
  const total = images.length;
  const current = Math.min(Math.max(0, index), Math.max(0, total - 1));
  const go = (next: number) => onIndexChange((next + total) % total);

  return (
    <div className="flex flex-col gap-3" aria-label={name} role="group">
      <div className="relative aspect-[4/5] overflow-hidden rounded-lg bg-brand-50">
        {total === 0 ? (
          <div className="flex h-full w-full items-center justify-center p-6 text-center text-brand-900/70">{productDetail.noImages}</div>
        ) : (
          <ProductImage
            src={images[current]}
            alt={productPageCopy.imageAlt(name, current + 1, total)}
            fallbackText={productDetail.imageUnavailable}
            priority={current === 0}
            sizes="(max-width: 768px) 100vw, 50vw"
          />
        )}
        {onSale ? (
          <span className="absolute left-3 top-3 rounded bg-red-700 px-2.5 py-1 text-xs font-semibold uppercase tracking-wide text-white">
            {productDetail.saleBadge}
          </span>
        ) : null}
        {total > 1 ? (
          <>
            <button
              type="button"
              onClick={() => go(current - 1)}
              aria-label={productPageCopy.previousImage}
              className="absolute left-2 top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <ChevronLeft aria-hidden className="h-5 w-5" />
            </button>
            <button
              type="button"
              onClick={() => go(current + 1)}
              aria-label={productPageCopy.nextImage}
              className="absolute right-2 top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <ChevronRight aria-hidden className="h-5 w-5" />
            </button>
          </>
        ) : null}
        {total > 0 ? (
          <span data-testid="image-counter" aria-live="polite" className="absolute bottom-3 right-3 rounded-full bg-brand-900/75 px-2.5 py-1 text-xs font-medium tabular-nums text-white">
            {productDetail.imageCounter(current + 1, total)}
          </span>
        ) : null}
      </div>

      <p role="status" data-testid="colour-photo-note" className={colourNote ? "rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900" : "sr-only"}>
        {colourNote ?? ""}
      </p>

      {total > 1 ? (
        <ul className="grid grid-cols-5 gap-2">
          {images.map((image, i) => (
            <li key={`${i}-${image}`}>
              <button
                type="button"
                onClick={() => onIndexChange(i)}
                aria-label={productPageCopy.showImage(i + 1, total)}
                aria-current={i === current ? "true" : undefined}
                className={`block aspect-[4/5] w-full overflow-hidden rounded-md border-2 bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                  i === current ? "border-brand-900" : "border-transparent opacity-80 hover:opacity-100"
                }`}
              >
                <ProductImage src={image} alt="" fallbackText="" sizes="20vw" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {colourVariants.length > 0 ? (
        <div>
          <p className="mb-2 text-sm font-medium">{productPageCopy.colourVariants}</p>
          <ul className="flex flex-wrap gap-2">
            {colourVariants.map(({ colour, imageIndex }) => (
              <li key={colour}>
                <button
                  type="button"
                  onClick={() => onSelectColour(colour)}
                  aria-label={productPageCopy.showColour(colour)}
                  aria-pressed={selectedColour === colour}
                  className={`flex h-full w-20 flex-col items-center gap-1 rounded-md border-2 p-1 text-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                    selectedColour === colour ? "border-brand-900" : "border-brand-100 hover:border-brand-900/50"
                  }`}
                >
                  <span className="block aspect-[4/5] w-full overflow-hidden rounded bg-brand-50">
                    <ProductImage src={images[imageIndex]} alt="" fallbackText="" sizes="80px" />
                  </span>
                  {/* A long name wraps under its picture: cut short it read "Dark Bro…" on a phone.
                      The chosen one is marked by its border, not bold type: bold, "Multicolor" no longer fitted and broke as "Multicolo / r". */}
                  <span className="w-full text-center break-words hyphens-auto">{colour}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
