// The purchase side of the product page: colour, size, quantity, stock, the 'Selection Required'
// box and the Add to Cart / Buy Now buttons (storefront.md sections 2, 4 and 5).
//
// The selection (product id, size, colour, quantity) lives in one place, useProductSelection.
// The panel only ever hands a complete selection to its two handlers, onAddToCart and onBuyNow:
// the product route wires them to the cart and to Buy Now's checkout.
import { AlertCircle } from "../icons/alert-circle.tsx";
import { Check } from "../icons/check.tsx";
import { X } from "../icons/x.tsx";
import { Truck } from "../icons/truck.tsx";
import { useId, useRef, useState } from "react";
import { toast } from "../../lib/toast.ts";
import { cart } from "../../../domain/messages/cart.ts";
import { buyNow, productDetail, productPageCopy } from "../../../domain/messages/catalog.ts";
import {
  addToCartBlockedMessage,
  buyNowBlockedMessage,
  clampQuantity,
  initialSelection,
  type OpenedWith,
  isSelectionComplete,
  maxQuantity,
  missingSelections,
  selectionHint,
  validColours,
  validSizes,
  type MissingSelections,
  type ProductSelection,
  type SelectableProduct,
} from "../../../domain/product-selection.ts";
import { sizeGuideHref } from "../../../domain/size-guide.ts";
import { ColourSwatches } from "./colour-swatches.tsx";
import type { OptionGroupHandle } from "./option-group.tsx";
import { QuantityStepper } from "./quantity-stepper.tsx";
import { SizeButtons } from "./size-buttons.tsx";

export type PurchasableProduct = SelectableProduct & { name: string; swatches: readonly string[]; category?: string };

/** Where a complete selection goes. The cart and checkout issues supply the real ones. */
export type PurchaseHandlers = {
  onAddToCart: (selection: ProductSelection, product: PurchasableProduct) => void | Promise<void>;
  /** Resolves true when the browser is leaving for the payment page. */
  onBuyNow: (selection: ProductSelection, product: PurchasableProduct) => void | boolean | Promise<void | boolean>;
};

export type ProductSelectionState = {
  selection: ProductSelection;
  colours: string[];
  sizes: string[];
  missing: MissingSelections;
  complete: boolean;
  maxQuantity: number;
  setSize: (size: string) => void;
  setColour: (colour: string) => void;
  setQuantity: (quantity: number) => void;
};

/**
 * A choice is kept in the page's address, in place (no new history entry): a reload, Back from the
 * cart or a shared link opens the page with it chosen. The router's own state in the entry stays.
 */
function keepInAddress(name: "size" | "colour", value: string) {
  const url = new URL(window.location.href);
  url.searchParams.set(name, value);
  window.history.replaceState(window.history.state, "", url);
}

/**
 * The one home of the shopper's choices on a product page. Mount it under a key of the product
 * id so another product starts afresh (storefront.md section 4: quantity 1, the only colour
 * chosen for the shopper, size and colour otherwise empty, or what the address asks for).
 */
export function useProductSelection(product: SelectableProduct, opened?: OpenedWith): ProductSelectionState {
  const [selection, setSelection] = useState<ProductSelection>(() => initialSelection(product, opened));
  const missing = missingSelections(product, selection);
  return {
    selection,
    colours: validColours(product.colors),
    sizes: validSizes(product.sizes),
    missing,
    complete: isSelectionComplete(missing),
    maxQuantity: maxQuantity(product.stock),
    setSize: (size) => {
      setSelection((s) => ({ ...s, size }));
      keepInAddress("size", size);
    },
    setColour: (colour) => {
      setSelection((s) => ({ ...s, colour }));
      keepInAddress("colour", colour);
    },
    setQuantity: (quantity) => setSelection((s) => ({ ...s, quantity: clampQuantity(quantity, product.stock) })),
  };
}

type Props = PurchaseHandlers & {
  product: PurchasableProduct;
  state: ProductSelectionState;
  /** Called instead of state.setColour, so the page can also show the colour's image. */
  onColourChange?: (colour: string) => void;
};

/** The one toast that says which choice is missing; a newer message replaces it. */
const SELECTION_TOAST = "product-selection";

const buttonBase =
  "inline-flex min-h-12 flex-1 items-center justify-center rounded-md px-4 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

/** One purchase panel per page: the note Buy Now's button is described by. */
const shippingNoteId = "buy-now-shipping-note";

export function PurchasePanel({ product, state, onColourChange, onAddToCart, onBuyNow }: Props) {
  const { selection, missing, complete } = state;
  const [attempted, setAttempted] = useState(false);
  const sizeGroup = useRef<OptionGroupHandle>(null);
  const colourGroup = useRef<OptionGroupHandle>(null);
  const hintId = useId();
  const soldOut = !product.inStock;
  const hint = selectionHint(missing);
  // section 4: "The add-to-cart button shows 'Adding...' while pending."
  const [adding, setAdding] = useState(false);
  // section 4: Buy Now's 'Processing...' state blocks repeat clicks.
  const [buying, setBuying] = useState(false);

  /** A press while choices are missing explains what is missing and moves focus there. */
  const explain = (message: string) => {
    setAttempted(true);
    toast.error(message, { id: SELECTION_TOAST });
    // The first unanswered choice in page order: colour sits above size.
    (missing.colour ? colourGroup : sizeGroup).current?.focus();
  };

  const addToCart = async () => {
    if (soldOut || adding) return;
    const blocked = addToCartBlockedMessage(missing);
    if (blocked) return explain(blocked);
    // An earlier "please select" message no longer applies.
    toast.dismiss(SELECTION_TOAST);
    setAdding(true);
    try {
      await onAddToCart(selection, product);
    } finally {
      setAdding(false);
    }
  };

  const buy = async () => {
    if (soldOut || buying) return;
    const blocked = buyNowBlockedMessage(missing);
    if (blocked) return explain(blocked);
    toast.dismiss(SELECTION_TOAST);
    setBuying(true);
    try {
      // Resolves once the browser is on its way to payment (keep blocking) or the attempt failed.
      const leaving = await onBuyNow(selection, product);
      if (leaving !== true) setBuying(false);
    } catch {
      setBuying(false);
    }
  };

  const ready = complete && !soldOut;

  return (
    <div className="flex flex-col gap-6">
      <ColourSwatches
        handleRef={colourGroup}
        colours={state.colours}
        swatches={state.colours.map((colour) => product.swatches[product.colors.indexOf(colour)] ?? "")}
        value={selection.colour}
        onChange={onColourChange ?? state.setColour}
        invalid={attempted && missing.colour}
      />
      <SizeButtons
        handleRef={sizeGroup}
        sizes={state.sizes}
        value={selection.size}
        onChange={state.setSize}
        invalid={attempted && missing.size}
        disabled={soldOut}
        guideHref={product.category === undefined ? undefined : sizeGuideHref(product.category)}
      />

      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <QuantityStepper value={selection.quantity} max={state.maxQuantity} onChange={state.setQuantity} disabled={soldOut} />
        <p className={`flex min-h-11 items-center gap-1.5 text-sm font-semibold ${soldOut ? "text-red-700" : "text-green-700"}`} data-testid="stock-status">
          {soldOut ? <X aria-hidden className="h-4 w-4" /> : <Check aria-hidden className="h-4 w-4" />}
          {soldOut ? productDetail.outOfStock : productDetail.inStock}
        </p>
      </div>

      {!soldOut && hint ? (
        <div role="status" className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <AlertCircle aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
          <div>
            <p className="font-semibold">{productDetail.selectionRequiredTitle}</p>
            <p className="mt-1">{productDetail.selectionRequired}</p>
            <p id={hintId} className="mt-2 font-medium" data-testid="selection-hint">
              {hint}
            </p>
          </div>
        </div>
      ) : null}

      {/* On phones the buttons stay in reach at the bottom of the screen while the options scroll. */}
      <div className="sticky bottom-0 z-20 -mx-4 flex gap-3 border-t border-brand-100 bg-white/95 px-4 py-3 backdrop-blur md:static md:mx-0 md:border-0 md:bg-transparent md:p-0 md:backdrop-blur-none">
        <button
          type="button"
          onClick={() => void addToCart()}
          disabled={soldOut}
          aria-busy={adding || undefined}
          aria-disabled={!ready || undefined}
          aria-describedby={!soldOut && hint ? hintId : undefined}
          className={`${buttonBase} border border-brand-900 text-brand-900 ${ready ? "hover:bg-brand-50" : "cursor-not-allowed opacity-50"}`}
        >
          {soldOut ? productDetail.outOfStock : adding ? cart.adding : productDetail.addToCart}
        </button>
        <button
          type="button"
          onClick={() => void buy()}
          disabled={soldOut}
          aria-busy={buying || undefined}
          aria-disabled={!ready || buying || undefined}
          aria-describedby={soldOut ? undefined : [hint ? hintId : null, shippingNoteId].filter(Boolean).join(" ")}
          className={`${buttonBase} bg-brand-900 text-white ${ready ? "hover:bg-black" : "cursor-not-allowed opacity-50"}`}
        >
          {buying ? buyNow.processing : productDetail.buyNow}
        </button>
      </div>
      {soldOut ? null : (
        <p id={shippingNoteId} className="-mt-3 flex items-start gap-1.5 text-sm text-brand-900/75" data-testid="buy-now-shipping">
          <Truck aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {productPageCopy.buyNowShipping}
        </p>
      )}
    </div>
  );
}
