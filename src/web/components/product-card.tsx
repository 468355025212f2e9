import { Link } from "react-router";
import { formatMoney } from "../../domain/money.ts";
import type { StorefrontProduct } from "../../server/catalog/storefront-product.server.ts";

type Props = { product: StorefrontProduct; priority?: boolean };

export function ProductCard({ product, priority = false }: Props) {
  const image = product.images[0];
  return (
    <Link to={`/product/${product.id}`} className="group block">
      <div className="aspect-[4/5] overflow-hidden rounded-lg bg-brand-50">
        {image ? (
          <img
            src={image}
            alt={product.name}
            width={400}
            height={500}
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : "auto"}
            className="h-full w-full object-cover transition group-hover:scale-[1.02]"
          />
        ) : null}
      </div>
      <h3 className="mt-2 text-sm font-medium leading-snug">{product.name}</h3>
      <p className="text-xs capitalize text-brand-900/60">{product.category}</p>
      <p className="mt-1 text-sm font-semibold">
        {formatMoney(product.price, "GBP", 1)}
        {product.originalPrice ? (
          <s className="ml-2 font-normal text-brand-900/50">{formatMoney(product.originalPrice, "GBP", 1)}</s>
        ) : null}
      </p>
    </Link>
  );
}
