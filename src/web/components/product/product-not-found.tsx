import { cart } from "../../../domain/messages/cart.ts";
import { productDetail, productPageCopy } from "../../../domain/messages/catalog.ts";
import { NotFoundMessage } from "../error-screens.tsx";

/** 'Product not found' (storefront.md section 2) with a way back to the shop. */
export function ProductNotFound() {
  return <NotFoundMessage title={productDetail.notFound} body={productPageCopy.notFoundBody} linkText={cart.continueShopping} />;
}
