import { SKELETON_COUNT } from "../../domain/pagination.ts";
import type { StorefrontProduct } from "../../server/catalog/storefront-product.server.ts";
import { ProductCard } from "./product-card.tsx";

// Two across from 18rem: at a large browser text size (rem media queries follow it) a phone shows one.
const grid = "grid min-[18rem]:grid-cols-2 gap-x-4 gap-y-8 md:grid-cols-3 lg:grid-cols-4";
/** Beside the filter column the grid is narrower: four across only on a wide screen. */
export const NARROW_GRID = "grid min-[18rem]:grid-cols-2 gap-x-4 gap-y-8 lg:grid-cols-3 xl:grid-cols-4";

export function ProductGrid({ products, priorityCount = 0, className = grid }: { products: StorefrontProduct[]; priorityCount?: number; className?: string }) {
  return (
    <ul className={className}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}

/** 8 placeholder cards while a listing loads (storefront.md section 9 "Skeletons: 8"). */
export function ProductGridSkeleton({ className = grid }: { className?: string }) {
  return (
    <ul className={className} aria-busy="true" aria-label="Loading products">
      {Array.from({ length: SKELETON_COUNT }, (_, index) => (
        <li key={index} data-testid="product-skeleton" className="animate-pulse">
          <div className="aspect-[4/5] rounded-lg bg-brand-100" />
          <div className="mt-3 h-3 w-3/4 rounded bg-brand-100" />
          <div className="mt-2 h-3 w-1/3 rounded bg-brand-100" />
          <div className="mt-3 h-4 w-1/2 rounded bg-brand-100" />
        </li>
      ))}
    </ul>
  );
}
