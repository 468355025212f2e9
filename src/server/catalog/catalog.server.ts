import { and, count, eq, getTableColumns, ne, sql, type SQL } from "drizzle-orm";
import { PgTransaction, unionAll } from "drizzle-orm/pg-core";
import { HOME_SECTIONS, type CategoryValue } from "../../domain/categories.ts";
import { HOME_SECTION_SIZE, pageCount, RELATED_PRODUCTS_LIMIT } from "../../domain/pagination.ts";
import type { DbOrTx } from "../db/client.server.ts";
import { products, type Product } from "../db/schema.ts";
import { getPriceSettings, type PriceSettings } from "../settings/price-settings.server.ts";
import { productImageColumns } from "./product-fields.server.ts";
import { toStorefrontProduct, type StorefrontProduct } from "./storefront-product.server.ts";
import { isRowId } from "../../domain/row-ids.ts";

export type HomeSection = { title: string; category: CategoryValue; products: StorefrontProduct[] };

/** The columns a product card needs (`toStorefrontProduct`), for every listing query. */
export const storefrontColumns = {
  id: products.id,
  name: products.name,
  category: products.category,
  pricePence: products.pricePence,
  originalPricePence: products.originalPricePence,
  ...productImageColumns,
  availableColors: products.availableColors,
  availableSizes: products.availableSizes,
  inStock: products.inStock,
  stock: products.stock,
  createdAt: products.createdAt,
};

// A product page reads every column but the search's own (the search document is the size of the
// description again, and only the database reads it).
const { searchDocument: _searchDocument, colourFamilies: _colourFamilies, ...productColumns } = getTableColumns(products);
type ProductRow = Omit<Product, "searchDocument" | "colourFamilies">;

/** Newest first, in the order of the listing indexes (created_at desc nulls last, id). */
export const newestFirst = [sql`${products.createdAt} desc nulls last`, products.id];

// The storefront's queries are prepared once per database handle: Drizzle builds their SQL once,
// and on PostgreSQL each connection parses and plans them once (named prepared statements; behind
// PgBouncer this needs its prepared-statement support, 1.21+). Inside a transaction they are
// built per call as usual.
const byCategory = eq(products.category, sql.placeholder("category"));
const pageIdsOf = (db: DbOrTx, where: SQL) =>
  db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...newestFirst)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("page_ids");
const pageOf = (db: DbOrTx, where: SQL) => {
  const pageIds = pageIdsOf(db, where);
  return db.select(storefrontColumns).from(products).innerJoin(pageIds, eq(products.id, pageIds.id)).orderBy(...newestFirst);
};

function buildStorefrontQueries(db: DbOrTx, prepare: (name: string) => string) {
  const inCategory = and(listable, byCategory)!;
  const [first, second, ...others] = HOME_SECTIONS.map((section) =>
    db
      .select(storefrontColumns)
      .from(products)
      .where(and(listable, eq(products.category, section.category)))
      .orderBy(...newestFirst)
      .limit(HOME_SECTION_SIZE),
  );
  return {
    homeSections: (first && second ? unionAll(first, second, ...others) : db.select(storefrontColumns).from(products).where(sql`false`)).prepare(
      prepare("storefront_home_sections"),
    ),
    countInCategory: db.select({ n: count() }).from(products).where(inCategory).prepare(prepare("storefront_count_category")),
    countAll: db.select({ n: count() }).from(products).where(listable).prepare(prepare("storefront_count_all")),
    pageInCategory: pageOf(db, inCategory).prepare(prepare("storefront_page_category")),
    pageAll: pageOf(db, listable).prepare(prepare("storefront_page_all")),
    product: db
      .select(productColumns)
      .from(products)
      .where(and(eq(products.id, sql.placeholder("id")), eq(products.isActive, true)))
      .prepare(prepare("storefront_product")),
    related: db
      .select(storefrontColumns)
      .from(products)
      .where(and(listable, byCategory, ne(products.id, sql.placeholder("id"))))
      .orderBy(...newestFirst)
      .limit(RELATED_PRODUCTS_LIMIT)
      .prepare(prepare("storefront_related")),
  };
}

type StorefrontQueries = ReturnType<typeof buildStorefrontQueries>;
const preparedFor = new WeakMap<DbOrTx, StorefrontQueries>();

function storefrontQueries(db: DbOrTx): StorefrontQueries {
  // An unnamed statement inside a transaction: its connection is borrowed for this one transaction.
  if (db instanceof PgTransaction) return buildStorefrontQueries(db, () => "");
  let queries = preparedFor.get(db);
  if (!queries) {
    queries = buildStorefrontQueries(db, (name) => name);
    preparedFor.set(db, queries);
  }
  return queries;
}

/**
 * Only active products with at least one valid image are listed (storefront.md section 2). Written
 * as the listing indexes' own predicate (not `= $1` parameters) so the planner always matches those
 * partial indexes, also in a prepared statement's generic plan.
 */
export const listable = sql`${products.isActive} and ${products.hasValidImage}`;

/**
 * Every home section in one query: the newest listable products of each category, up to 8 a
 * section (the old fixed "50 products" fetch left later sections empty; see docs/deviations.md).
 * Each section is its own LIMIT on the category listing index, so the cost does not grow with the
 * catalogue (ranking every product of every category did: ~10 ms of database time at 10,000).
 */
export async function listHomeSections(db: DbOrTx, now = new Date()): Promise<HomeSection[]> {
  const [rows, settings] = await Promise.all([storefrontQueries(db).homeSections.execute(), getPriceSettings(db)]);
  return HOME_SECTIONS.map((section) => ({
    title: section.title,
    category: section.category,
    products: newestFirstInJs(rows.filter((row) => row.category === section.category)).map((row) => toStorefrontProduct(row, settings, now)),
  }));
}

/** The order of `newestFirst` (created_at desc, then id), which UNION ALL does not promise to keep. */
function newestFirstInJs<Row extends { createdAt: Date; id: string }>(rows: Row[]): Row[] {
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
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
 * The page's ids come from the index alone and only those rows are read in full, so a deep page
 * does not read every row before it. The count and the page are independent queries, run side by
 * side. A page past the end comes back empty; `pageCount` tells the caller where the end is.
 */
export async function listCategoryPage(
  db: DbOrTx,
  input: { category: string | null; page: number; pageSize: number },
  now = new Date(),
): Promise<CategoryPage> {
  const queries = storefrontQueries(db);
  const paging = { limit: input.pageSize, offset: (input.page - 1) * input.pageSize };
  const [[totalRow], rows, settings] = await Promise.all([
    input.category === null ? queries.countAll.execute() : queries.countInCategory.execute({ category: input.category }),
    input.category === null ? queries.pageAll.execute(paging) : queries.pageInCategory.execute({ ...paging, category: input.category }),
    getPriceSettings(db),
  ]);
  const total = totalRow?.n ?? 0;
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

export function toProductDetail(row: ProductRow, settings: PriceSettings, now: Date): ProductDetail {
  return {
    ...toStorefrontProduct(row, settings, now),
    description: row.description,
    stock: row.stock,
    specifications: row.specifications,
    rating: row.rating,
    reviewCount: row.reviewCount,
  };
}

/** An active product with its related products (same category, not itself, up to 4), or null. */
export async function getProductDetail(
  db: DbOrTx,
  id: string,
  now = new Date(),
): Promise<{ product: ProductDetail; related: StorefrontProduct[] } | null> {
  if (!isRowId(id)) return null;
  const queries = storefrontQueries(db);
  const [[row], settings] = await Promise.all([queries.product.execute({ id: id.toLowerCase() }), getPriceSettings(db)]);
  if (!row) return null;
  const related = await queries.related.execute({ category: row.category, id: row.id });
  return {
    product: toProductDetail(row, settings, now),
    related: related.map((r) => toStorefrontProduct(r, settings, now)),
  };
}
