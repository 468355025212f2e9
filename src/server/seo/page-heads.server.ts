// What each storefront loader adds to its page's head (head-tags.server.ts): the product page's
// picture, price and breadcrumbs, a category's picture and breadcrumbs, the shop's own for the home
// and policy pages.
import { categoryLabel, categoryPath, findCategory } from "../../domain/categories.ts";
import { navigation } from "../../domain/messages/layout.ts";
import type { PublicShopDetails } from "../../domain/shop-details.ts";
import type { MetaDescriptor } from "react-router";
import { breadcrumbJsonLd, isRasterPicture, sharePicture, shareTags, shopJsonLd, shopSharePicture, type SharePicture } from "./head-tags.server.ts";
import { productSharePath } from "./share-image.server.ts";

type PicturedProduct = { id: string; name: string; images: readonly string[] };

const absolute = (origin: string, pathAndQuery: string) => new URL(pathAndQuery, origin).toString();

/**
 * A product's share picture: its share JPEG when its first picture of the shop's own exists, else
 * its first raster picture on another host, else null.
 */
export function productPicture(product: PicturedProduct, origin: string): SharePicture | null {
  const sharePath = productSharePath(product);
  if (sharePath) return sharePicture(origin, sharePath, product.name);
  const raster = product.images.map((image) => absolute(origin, image)).find(isRasterPicture);
  return raster ? { url: raster, alt: product.name } : null;
}

/** The pictures the product's schema.org data lists: the share JPEG, then every gallery picture but SVGs. */
export function productJsonLdImages(product: PicturedProduct, origin: string): string[] {
  const sharePath = productSharePath(product);
  const raster = product.images.map((image) => absolute(origin, image)).filter(isRasterPicture);
  return [...(sharePath ? [absolute(origin, sharePath)] : []), ...raster];
}

/** The home page's and policy pages' tags: the shop's picture (root loader). */
export function shopShareTags(origin: string, shopName: string): MetaDescriptor[] {
  return shareTags(shopSharePicture(origin, shopName));
}

/** The home page: the shop's picture and its schema.org WebSite and OnlineStore. */
export function homeHeadTags(origin: string, shop: Pick<PublicShopDetails, "shopName" | "email" | "phone" | "social">): MetaDescriptor[] {
  return [...shopShareTags(origin, shop.shopName), shopJsonLd(origin, shop)];
}

/**
 * Home / category / product, as the page's breadcrumb shows it (an unknown category is not a link,
 * so not a step). A product with no picture at all is not listed by the shop (not in categories,
 * search or the sitemap: `listable`) and is not offered to search engines either.
 */
export function productHeadTags(product: PicturedProduct & { category: string; price: number; inStock: boolean }, origin: string, shopName: string): MetaDescriptor[] {
  const known = findCategory(product.category);
  const picture = productPicture(product, origin);
  return [
    ...(product.images.length > 0 ? [] : [{ name: "robots", content: "noindex" }]),
    ...shareTags(picture ?? shopSharePicture(origin, shopName), { price: product.price, inStock: product.inStock }),
    breadcrumbJsonLd([
      { name: navigation.home, url: absolute(origin, "/") },
      ...(known ? [{ name: known.label, url: absolute(origin, categoryPath(known.value)) }] : []),
      { name: product.name, url: absolute(origin, `/product/${product.id}`) },
    ]),
  ];
}

/** A category page: its first product's picture (else the shop's), and Home / category. */
export function categoryHeadTags(category: string, firstProduct: PicturedProduct | undefined, origin: string, shopName: string): MetaDescriptor[] {
  const known = findCategory(category);
  return [
    ...shareTags((firstProduct && productPicture(firstProduct, origin)) ?? shopSharePicture(origin, shopName)),
    breadcrumbJsonLd([
      { name: navigation.home, url: absolute(origin, "/") },
      { name: known?.label ?? categoryLabel(category), url: absolute(origin, known ? categoryPath(known.value) : `/category/${encodeURIComponent(category)}`) },
    ]),
  ];
}
