import { useState } from "react";
import { categoryLabel } from "../../domain/categories.ts";
import { colourDots } from "../../domain/colours.ts";
import { cart } from "../../domain/messages/cart.ts";
import { productCard, productDetail } from "../../domain/messages/catalog.ts";
import type { StorefrontProduct } from "../../server/catalog/storefront-product.server.ts";
import { displaySaving, formatMinor } from "../../domain/money.ts";
import { usePriceDisplay, usePriceFormatter } from "../lib/prices.ts";
import { useCart } from "./cart/cart-context.tsx";
import { ColourDot } from "./colour-dot.tsx";
import { ProductImage } from "./product-image.tsx";
import { ShopLink } from "./shop-link.tsx";

type Props = { product: StorefrontProduct; priority?: boolean };

const actionClass =
  "tap-target mt-3 inline-flex items-center justify-center rounded-md border border-brand-900 px-3 py-2 text-xs font-semibold hover:bg-brand-900 hover:text-white disabled:opacity-60";

/**
 * The card's button says what it does: a product with one size and one colour (or none) goes in
 * the cart from the card; one whose size or colour must be chosen opens its page to choose.
 */
function CardAction({ product, href }: { product: StorefrontProduct; href: string }) {
  const { add } = useCart();
  const [adding, setAdding] = useState(false);
  const needsChoice = product.sizes.length > 1 || product.colors.length > 1;
  if (!product.inStock || needsChoice) {
    const label = product.inStock ? productDetail.chooseOptions : productDetail.viewProduct;
    return (
      <ShopLink to={href} className={actionClass} aria-label={`${label}: ${product.name}`}>
        {label}
      </ShopLink>
    );
  }
  const addNow = async () => {
    setAdding(true);
    try {
      await add({ productId: product.id, name: product.name, size: product.sizes[0] ?? null, colour: product.colors[0] ?? null, quantity: 1, stock: product.stock });
    } finally {
      setAdding(false);
    }
  };
  // storefront.md section 4: "The add-to-cart button shows 'Adding...' while pending."
  const label = adding ? cart.adding : productDetail.addToCart;
  return (
    <button type="button" className={actionClass} disabled={adding} aria-busy={adding || undefined} onClick={() => void addNow()} aria-label={`${label}: ${product.name}`}>
      {label}
    </button>
  );
}

export function ProductCard({ product, priority = false }: Props) {
  const formatPrice = usePriceFormatter();
  const { currency, exchangeRate } = usePriceDisplay();
  const { shown, more } = colourDots(product.colors);
  // The difference of the two prices shown, to the pesewa.
  const saving = displaySaving(product.price, product.originalPrice, currency, exchangeRate);
  // Under a colour filter the product page opens with the card's colour chosen: the shopper has
  // picked that colour already.
  const href = `/product/${product.id}${product.filterColour ? `?colour=${encodeURIComponent(product.filterColour)}` : ""}`;
  return (
    <article className="group flex h-full flex-col" aria-label={product.name}>
      <ShopLink to={href} className="relative block aspect-[4/5] overflow-hidden rounded-lg bg-brand-50" tabIndex={-1} aria-hidden>
        <ProductImage
          src={product.images[0]}
          alt=""
          fallbackText={productCard.noImage}
          priority={priority}
          sizes="(max-width: 768px) 50vw, 25vw"
          className="transition group-hover:scale-[1.02]"
        />
        <span className="absolute left-2 top-2 flex flex-col items-start gap-1">
          {product.inStock ? null : <span className="rounded bg-white px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide text-brand-900">{productDetail.outOfStock}</span>}
          {product.isNew ? <span className="rounded bg-brand-900 px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide text-white">{productCard.newBadge}</span> : null}
          {saving > 0 ? <span className="rounded bg-red-700 px-2 py-0.5 text-[11px] font-semibold text-white">{productCard.save(formatMinor(saving, currency))}</span> : null}
        </span>
      </ShopLink>
      <div className="mt-2 flex flex-1 flex-col justify-between">
        <div>
          <h3 className="text-sm font-medium leading-snug">
            <ShopLink to={href} className="hover:underline">
              {product.name}
            </ShopLink>
          </h3>
          <p className="text-xs text-brand-900/70">{categoryLabel(product.category)}</p>
          {shown.length > 0 ? (
            <p className="mt-1.5 flex items-center gap-1">
              <span className="sr-only">Colours: {product.colors.join(", ")}</span>
              {shown.map((colour, index) => (
                <ColourDot key={colour} paint={product.swatches[index] ?? ""} />
              ))}
              {more > 0 ? <span aria-hidden className="text-xs text-brand-900/70">{productCard.moreColours(more)}</span> : null}
            </p>
          ) : null}
          {/* The price it was goes under the price when the card is too narrow for both (cedi on a 320 px screen). */}
          <p className="mt-1.5 flex flex-wrap items-baseline gap-x-2 text-sm font-semibold">
            {formatPrice(product.price)}
            {product.originalPrice ? <s className="font-normal text-brand-900/70">{formatPrice(product.originalPrice)}</s> : null}
          </p>
        </div>
        <CardAction product={product} href={href} />
      </div>
    </article>
  );
}
