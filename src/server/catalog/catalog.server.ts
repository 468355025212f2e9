import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import { HOME_SECTIONS, type CategoryValue } from "../../domain/categories.ts";
import { HOME_SECTION_SIZE, pageCount, RELATED_PRODUCTS_LIMIT } from "../../domain/pagination.ts";
import type { DbOrTx } from "../db/client.server.ts";
import { products, type Product } from "../db/schema.ts";
import { getPriceSettings, type PriceSettings } from "../settings/price-settings.server.ts";
import { toStorefrontProduct, type StorefrontProduct } from "./storefront-product.server.ts";

export type HomeSection = { title: string; category: CategoryValue; products: StorefrontProduct[] };

const storefrontColumns = {
  id: products.id,
  name: products.name,
  category: products.category,
  pricePence: products.pricePence,
  originalPricePence: products.originalPricePence,
  image: products.image,
  productUrl: products.productUrl,
  productGallery: products.productGallery,
  productImages: products.productImages,
  availableColors: products.availableColors,
  availableSizes: products.availableSizes,
  inStock: products.inStock,
  stock: products.stock,
  createdAt: products.createdAt,
};

/** Newest first, in the order of the listing indexes (created_at desc nulls last, id). */
export const newestFirst = [sql`${products.createdAt} desc nulls last`, products.id];

/** Only active products with at least one valid image are listed (storefront.md section 2). */
export const listable = and(eq(products.isActive, true), eq(products.hasValidImage, true));

/**
 * Every home section in one query: the newest listable products of each category, ranked per
 * category, so every section fills up to 8 (the old fixed "50 products" fetch left later
 * sections empty; see docs/deviations.md).
 */
export async function listHomeSections(db: DbOrTx, now = new Date()): Promise<HomeSection[]> {
  const categories = HOME_SECTIONS.map((s) => s.category);
  const ranked = db
    .select({
      ...storefrontColumns,
      rank: sql<number>`row_number() over (partition by ${products.category} order by ${products.createdAt} desc nulls last, ${products.id})`.as("rank"),
    })
    .from(products)
    .where(and(listable, inArray(products.category, categories)))
    .as("ranked");
  const rows = await db.select().from(ranked).where(sql`${ranked.rank} <= ${HOME_SECTION_SIZE}`).orderBy(ranked.category, ranked.rank);
  const settings = await getPriceSettings(db);
  return HOME_SECTIONS.map((section) => ({
    title: section.title,
    category: section.category,
    products: rows.filter((row) => row.category === section.category).map((row) => toStorefrontProduct(row, settings, now)),
  }));
}

export async function countProducts(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products);
  return row?.n ?? 0;
}


export type CategoryPage = {
  category: string;
  products: StorefrontProduct[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
};

/**
 * One page of a category (or of all categories when null), paged by the database (LIMIT/OFFSET on
 * the partial listing index), so a category of 10,000 products costs about what one of 20 does.
 * A page past the end comes back empty; `pageCount` tells the caller where the end is.
 */
export async function listCategoryPage(
  db: DbOrTx,
  input: { category: string | null; page: number; pageSize: number },
  now = new Date(),
): Promise<CategoryPage> {
  const where = input.category === null ? listable : and(listable, eq(products.category, input.category));
  const [totalRow] = await db.select({ n: count() }).from(products).where(where);
  const total = totalRow?.n ?? 0;
  const offset = (input.page - 1) * input.pageSize;
  const rows =
    offset >= total
      ? []
      : await db.select(storefrontColumns).from(products).where(where).orderBy(...newestFirst).limit(input.pageSize).offset(offset);
  const settings = await getPriceSettings(db);
  return {
    category: input.category ?? "all",
    products: rows.map((row) => toStorefrontProduct(row, settings, now)),
    total,
    page: input.page,
    pageSize: input.pageSize,
    pageCount: pageCount(total, input.pageSize),
  };
}

export type ProductDetail = StorefrontProduct & {
  description: string;
  stock: number;
  specifications: Product["specifications"];
  rating: number | null;
  reviewCount: number;
};

export function toProductDetail(row: Product, settings: PriceSettings, now: Date): ProductDetail {
  return {
    ...toStorefrontProduct(row, settings, now),
    description: row.description,
    stock: row.stock,
    specifications: row.specifications,
    rating: row.rating,
    reviewCount: row.reviewCount,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An active product with its related products (same category, not itself, up to 4), or null. */
export async function getProductDetail(
  db: DbOrTx,
  id: string,
  now = new Date(),
): Promise<{ product: ProductDetail; related: StorefrontProduct[] } | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id.toLowerCase()), eq(products.isActive, true)));
  if (!row) return null;
  const settings = await getPriceSettings(db);
  const related = await db
    .select(storefrontColumns)
    .from(products)
    .where(and(listable, eq(products.category, row.category), ne(products.id, row.id)))
    .orderBy(...newestFirst)
    .limit(RELATED_PRODUCTS_LIMIT);
  return {
    product: toProductDetail(row, settings, now),
    related: related.map((r) => toStorefrontProduct(r, settings, now)),
  };
}
