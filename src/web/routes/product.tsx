// Product detail, /product/:id (storefront.md section 2 "Product detail", section 4 "Product page
// selection", section 5 "Add to cart", "Buy Now", "Images", section 8).
import { useState } from "react";
import { data, isRouteErrorResponse, redirect, useLocation, useNavigation } from "react-router";
import { productDetail, productPageCopy } from "../../domain/messages/catalog.ts";
import { colourImages, colourVariantThumbnails, offeredChoices, pictureOfColour, type ColourImage, type OpenedWith } from "../../domain/product-selection.ts";
import { getProductDetail, type ProductDetail } from "../../server/catalog/catalog.server.ts";
import { readStoredShopSettings } from "../../server/settings/shop-settings.server.ts";
import type { StorefrontProduct } from "../../server/catalog/storefront-product.server.ts";
import { useCart } from "../components/cart/cart-context.tsx";
import { ErrorScreen } from "../components/error-screens.tsx";
import { ProductCard } from "../components/product-card.tsx";
import { ProductBreadcrumb } from "../components/product/product-breadcrumb.tsx";
import { ProductGallery } from "../components/product/product-gallery.tsx";
import { ProductInformation } from "../components/product/product-information.tsx";
import { ProductJsonLd } from "../components/product/product-json-ld.tsx";
import { ProductNotFound } from "../components/product/product-not-found.tsx";
import { metaDescription, productJsonLd, productUrl, serializeJsonLd } from "../components/product/product-structured-data.ts";
import { ProductSummary } from "../components/product/product-summary.tsx";
import { PurchasePanel, useProductSelection } from "../components/product/purchase-panel.tsx";
import { useBuyNow } from "../components/product/use-buy-now.ts";
import { pageHead, rootHead } from "../lib/seo.ts";
import { productHeadTags, productJsonLdImages } from "../../server/seo/page-heads.server.ts";
import type { Route } from "./+types/product";
import { appContext } from "../app-context.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { origin, shopName } = rootHead(matches);
  if (!loaderData) return pageHead({ title: productDetail.notFound, noIndex: true }, shopName);
  const { product } = loaderData;
  return pageHead({
    title: product.name,
    description: metaDescription(product.description),
    canonicalUrl: origin ? productUrl(origin, product.id) : undefined,
    tags: loaderData.headTags,
    type: "product",
  }, shopName);
};

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const db = context.get(appContext).db;
  const [result, shop] = await Promise.all([getProductDetail(db, params.id), readStoredShopSettings(db)]);
  // Unknown, inactive and malformed ids alike: HTTP 404 and 'Product not found'.
  if (!result) throw data(null, { status: 404 });
  // The id in capitals is the same page at the address the shop links to.
  if (params.id !== result.product.id) throw redirect(`/product/${result.product.id}${url.search}`, 301);
  // Which image shows which colour is worked out here: the page's JavaScript needs only the answers.
  const { images, colors } = result.product;
  const origin = context.get(appContext).config.publicUrl;
  return {
    ...result,
    // The schema.org data is written once, here: the page's JavaScript only puts the text back.
    jsonLd: serializeJsonLd(productJsonLd(result.product, origin, shop.shopName, productJsonLdImages(result.product, origin))),
    // The share picture (a JPEG, never the SVG), price, availability and breadcrumbs: the same.
    headTags: productHeadTags(result.product, origin, shop.shopName),
    colourImages: colourImages(images, colors),
    colourVariants: colourVariantThumbnails(images, colors),
    // ?colour=Black from a colour filter's card, or the choices the page's address keeps after a
    // reload or Back: the page opens with them chosen, not to be chosen again.
    opened: offeredChoices(result.product, url.searchParams),
  };
}

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  // 'Loading product...' while a link to another product loads (section 2); the root layout
  // scrolls to the top once it arrives.
  const loadingAnother =
    navigation.state === "loading" &&
    navigation.location.pathname.startsWith("/product/") &&
    navigation.location.pathname !== location.pathname;

  return (
    <>
      {loadingAnother ? (
        <div role="status" className="fixed inset-x-0 top-24 z-40 flex justify-center px-4">
          <p className="flex items-center gap-2 rounded-full bg-brand-900 px-4 py-2 text-sm font-medium text-white shadow-lg">
            <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-white/30 border-t-white" />
            {productDetail.loading}
          </p>
        </div>
      ) : null}
      <main aria-busy={loadingAnother || undefined} className={`mx-auto max-w-7xl px-4 pb-16 pt-6 transition-opacity ${loadingAnother ? "opacity-50" : ""}`}>
        {/* Keyed by id: another product starts with its own selection and first image. */}
        <ProductPage
          key={loaderData.product.id}
          product={loaderData.product}
          related={loaderData.related}
          known={loaderData.colourImages}
          variants={loaderData.colourVariants}
          opened={loaderData.opened}
          jsonLd={loaderData.jsonLd}
        />
      </main>
    </>
  );
}

type PageProps = { product: ProductDetail; related: StorefrontProduct[]; known: ColourImage[]; variants: ColourImage[]; opened: OpenedWith; jsonLd: string };

function ProductPage({ product, related, known, variants, opened, jsonLd }: PageProps) {
  const selectionState = useProductSelection(product, opened);
  const cart = useCart();
  const buyNowWith = useBuyNow();
  const colourImageIndex = new Map<string | null, number>(known.map((entry) => [entry.colour, entry.imageIndex]));
  // A colour the page opened with shows its own picture when it has one.
  const [imageIndex, setImageIndex] = useState(() => colourImageIndex.get(opened.colour) ?? 0);

  /** Choosing a colour (swatch or variant thumbnail) shows that colour's image when one is known. */
  const chooseColour = (colour: string) => {
    selectionState.setColour(colour);
    const index = colourImageIndex.get(colour);
    if (index !== undefined) setImageIndex(index);
  };

  const chosenPicture = pictureOfColour(known, product.images.length, product.colors, selectionState.selection.colour, imageIndex);
  const colourNote = chosenPicture.kind === "no-image" ? productPageCopy.noPhotoOfColour(chosenPicture.colour, chosenPicture.pictured) : null;

  return (
    <>
      <ProductJsonLd json={jsonLd} />
      <ProductBreadcrumb category={product.category} name={product.name} />
      <div className="mt-6 grid gap-8 md:grid-cols-2 md:gap-10 lg:gap-14">
        <ProductGallery
          name={product.name}
          images={product.images}
          onSale={product.originalPrice !== null && product.originalPrice > product.price}
          index={imageIndex}
          onIndexChange={setImageIndex}
          colourVariants={variants}
          selectedColour={selectionState.selection.colour}
          onSelectColour={chooseColour}
          colourNote={colourNote}
        />
        <div className="flex min-w-0 flex-col gap-6">
          <ProductSummary
            name={product.name}
            category={product.category}
            price={product.price}
            originalPrice={product.originalPrice}
            shareText={metaDescription(product.description)}
          />
          <PurchasePanel
            product={product}
            state={selectionState}
            onColourChange={chooseColour}
            onAddToCart={async (selection) => {
              await cart.add({ productId: product.id, name: product.name, size: selection.size, colour: selection.colour, quantity: selection.quantity, stock: product.stock });
            }}
            onBuyNow={buyNowWith}
          />
        </div>
      </div>
      <div className="mt-12">
        <ProductInformation description={product.description} specifications={product.specifications} />
      </div>
      {related.length > 0 ? (
        <section aria-labelledby="related-products" className="render-when-near mt-14 [--near-height:760px]">
          <h2 id="related-products" className="font-serif text-2xl font-semibold">
            {productDetail.youMayAlsoLike}
          </h2>
          <ul className="mt-5 grid grid-cols-2 gap-4 md:grid-cols-4">
            {related.map((item) => (
              <li key={item.id}>
                <ProductCard product={item} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <ProductNotFound />;
  if (import.meta.env.DEV) console.error(error);
  return <ErrorScreen />;
}
