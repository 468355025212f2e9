import { Link } from "react-router";
import { cart } from "../../../domain/messages/cart.ts";
import { productDetail, productPageCopy } from "../../../domain/messages/catalog.ts";

/** 'Product not found' (storefront.md section 2) with a way back to the shop. */
export function ProductNotFound() {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="mt-4 text-2xl font-semibold">{productDetail.notFound}</h1>
      <p className="mt-3 text-brand-900/70">{productPageCopy.notFoundBody}</p>
      <Link to="/" className="mt-8 rounded-md bg-brand-900 px-5 py-2.5 text-sm font-medium text-white hover:bg-black">
        {cart.continueShopping}
      </Link>
    </main>
  );
}
