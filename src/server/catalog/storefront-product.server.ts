import { swatchPaint } from "../../domain/colours.ts";
import { priceWithMarkup } from "../../domain/markup.ts";
import type { Product } from "../db/schema.ts";
import type { PriceSettings } from "../settings/price-settings.server.ts";
import { imagesOf } from "./product-fields.server.ts";

/** "New" is deterministic: added in the last 30 days (the spec's random badge is a defect). */
export const NEW_PRODUCT_DAYS = 30;

/** A product as the storefront shows it: prices in pence at storefront price (base + markup). */
export type StorefrontProduct = {
  id: string;
  name: string;
  category: string;
  price: number;
  originalPrice: number | null;
  images: string[];
  colors: string[];
  /** Each colour's swatch paint (same order as `colors`), worked out here so the browser needs no colour tables. */
  swatches: string[];
  sizes: string[];
  inStock: boolean;
  /** Units on hand: a card that adds directly keeps a guest's line within it, as the product page does. */
  stock: number;
  isNew: boolean;
  /** Under a colour filter, the colour the card shows (colourForFilter): its link opens the product page with it chosen. */
  filterColour?: string;
};

export type StorefrontProductRow = Pick<
  Product,
  | "id"
  | "name"
  | "category"
  | "pricePence"
  | "originalPricePence"
  | "image"
  | "productUrl"
  | "productGallery"
  | "productImages"
  | "availableColors"
  | "availableSizes"
  | "inStock"
  | "stock"
  | "createdAt"
>;

export function toStorefrontProduct(row: StorefrontProductRow, settings: PriceSettings, now: Date): StorefrontProduct {
  const price = priceWithMarkup(row.pricePence, settings.markupPercent);
  const original = row.originalPricePence === null ? null : priceWithMarkup(row.originalPricePence, settings.markupPercent);
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    price,
    originalPrice: original !== null && original > price ? original : null,
    images: imagesOf(row),
    colors: row.availableColors,
    swatches: row.availableColors.map(swatchPaint),
    sizes: row.availableSizes,
    inStock: row.inStock && row.stock > 0,
    stock: row.stock,
    isNew: now.getTime() - row.createdAt.getTime() <= NEW_PRODUCT_DAYS * 24 * 60 * 60 * 1000,
  };
}
