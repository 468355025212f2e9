import type { CategoryValue } from "../../domain/categories.ts";
import type { ColourFamily } from "../../domain/colours.ts";
import type { DiscoveryQuery } from "../../domain/discovery.ts";
import type { DbOrTx } from "../db/client.server.ts";
import type { StorefrontProduct } from "./storefront-product.server.ts";

export type FacetOption<T> = { value: T; label: string; count: number };

export type DiscoveryFacets = {
  /** In size order: XS..3XL, jacket sizes (36R..), collars, waists, shoe sizes, then the rest. */
  sizes: FacetOption<string>[];
  /** The families present, in family order, labelled with the family's display name. */
  colours: (FacetOption<ColourFamily> & { swatch: string })[];
  /** Pence at the price the shopper pays, over the result without the price filter. */
  price: { min: number; max: number } | null;
  /** How many of the result are in stock. */
  inStock: number;
  /** How many of the result are on sale. */
  onSale: number;
};

export type DiscoveryPage = {
  products: StorefrontProduct[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  facets: DiscoveryFacets;
};

export type Suggestions = {
  products: { id: string; name: string; category: string; categoryLabel: string; price: number; image: string | null; href: string }[];
  categories: { label: string; href: string }[];
};

// Contract only: the implementation follows in the "Discovery server:" commit.
export async function discoverProducts(
  _db: DbOrTx,
  _input: { category: CategoryValue | null; query: DiscoveryQuery; pageSize: number },
  _now?: Date,
): Promise<DiscoveryPage> {
  throw new Error("discoverProducts is not built yet");
}

export async function suggestProducts(_db: DbOrTx, _q: string): Promise<Suggestions> {
  throw new Error("suggestProducts is not built yet");
}
