import type { ProductDetail } from "./catalog.server.ts";
import type { StorefrontProduct } from "./storefront-product.server.ts";

/** The public JSON shape of a product (docs/api.md): prices in pence at storefront price. */
export type ApiProduct = Pick<StorefrontProduct, "id" | "name" | "category" | "price" | "originalPrice" | "images" | "colors" | "sizes" | "inStock">;

export function toApiProduct(product: StorefrontProduct): ApiProduct {
  const { id, name, category, price, originalPrice, images, colors, sizes, inStock } = product;
  return { id, name, category, price, originalPrice, images, colors, sizes, inStock };
}

export function toApiProductDetail(product: ProductDetail, related: StorefrontProduct[]) {
  return { ...toApiProduct(product), description: product.description, related: related.map(toApiProduct) };
}
