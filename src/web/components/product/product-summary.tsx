import { categoryLabel } from "../../../domain/categories.ts";
import { productDetail } from "../../../domain/messages/catalog.ts";
import { displaySaving, formatMinor } from "../../../domain/money.ts";
import { usePriceDisplay, usePriceFormatter } from "../../lib/prices.ts";
import { EstimateNote } from "../estimate-note.tsx";
import { ShareButton } from "./share-button.tsx";

type Props = {
  name: string;
  category: string;
  price: number;
  originalPrice: number | null;
  shareText?: string;
};

/**
 * Name, category and price; the original price struck through and a 'Save' badge with the
 * saving when the original price exceeds the price (storefront.md section 2).
 */
export function ProductSummary({ name, category, price, originalPrice, shareText }: Props) {
  const formatPrice = usePriceFormatter();
  const { currency, exchangeRate } = usePriceDisplay();
  // The difference of the two prices shown, to the pesewa.
  const saving = displaySaving(price, originalPrice, currency, exchangeRate);
  return (
    <div>
      {/* The name keeps at least 12rem beside Share: at a large text size Share goes under it rather than off the screen. */}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-[1_1_12rem]">
          <p className="text-sm uppercase tracking-wide text-brand-700">{categoryLabel(category)}</p>
          <h1 className="mt-1 font-serif text-2xl font-semibold leading-tight sm:text-3xl">{name}</h1>
        </div>
        <div className="-mr-3 shrink-0">
          <ShareButton title={name} text={shareText} />
        </div>
      </div>
      <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="product-price">
        <span className="text-2xl font-semibold">{formatPrice(price)}</span>
        {saving > 0 && originalPrice !== null ? (
          <>
            <s className="text-lg text-brand-900/70">{formatPrice(originalPrice)}</s>
            <span className="rounded bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
              {productDetail.save} {formatMinor(saving, currency)}
            </span>
          </>
        ) : null}
      </p>
      <EstimateNote />
    </div>
  );
}
