import { productImageList } from "../../domain/images.ts";
import { products, type NewProduct } from "../db/schema.ts";

type ImageFields = Pick<NewProduct, "image" | "productUrl" | "productGallery" | "productImages">;

/** The columns `imagesOf` reads: spread into every query whose rows it is given. */
export const productImageColumns = {
  image: products.image,
  productUrl: products.productUrl,
  productGallery: products.productGallery,
  productImages: products.productImages,
};

/** The valid images of a product row, in display order (storefront.md section 5 "Images"). */
export function imagesOf(row: ImageFields): string[] {
  return productImageList({
    image: row.image ?? null,
    productUrl: row.productUrl ?? null,
    gallery: row.productGallery ?? null,
    images: row.productImages ?? null,
  });
}

/** Every product write goes through this, so the derived listing flag never disagrees with the images. */
export function withDerivedFields<T extends ImageFields>(product: T): T & { hasValidImage: boolean } {
  return { ...product, hasValidImage: imagesOf(product).length > 0 };
}
