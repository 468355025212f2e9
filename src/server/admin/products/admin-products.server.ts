// The admin Products page and editor (admin.md sections 2, 3, 7 "Products"): every product,
// active or not, by category and name search, newest first, a page at a time; create, update and
// delete with the audit trail in the same transaction. A product that appears in orders is
// deactivated instead of deleted, so order history keeps its link to the product.
import { and, count, countDistinct, eq, inArray, like, or, sql, type SQL } from "drizzle-orm";
import { DETAIL_FIELDS, detailsEdit, withKeptDetails, type DetailField, type DetailVersions } from "../../../domain/admin/details-edit.ts";
import type { AdminProductFilter } from "../../../domain/admin/product-filters.ts";
import { inStockFor, withNewlines, type ProductInput } from "../../../domain/admin/product-input.ts";
import { stockEdit } from "../../../domain/admin/stock-edit.ts";
import { containsPattern } from "../../../domain/admin/order-filters.ts";
import { productImageList } from "../../../domain/images.ts";
import { pageCount } from "../../../domain/pagination.ts";
import { parseUploadedImageUrl } from "../../../domain/responsive-images.ts";
import type { Database, DbOrTx } from "../../db/client.server.ts";
import { orderItems, products, type NewProduct, type Product } from "../../db/schema.ts";
import { imagesOf, productImageColumns, withDerivedFields } from "../../catalog/product-fields.server.ts";
import type { AdminViewer } from "../admin-guard.server.ts";
import { recordAdminAction } from "../audit/audit.server.ts";
import { fieldVersions } from "../field-versions.server.ts";
import { isRowId } from "../../../domain/row-ids.ts";
import { priceWithMarkup } from "../../../domain/markup.ts";
import { getPriceSettings } from "../../settings/price-settings.server.ts";

export type AdminProductCard = {
  id: string;
  name: string;
  category: string;
  /** The base 'Price (GBP)' the owner enters. */
  pricePence: number;
  /** What the shop charges: the base price plus the markup on /admin/settings. */
  shopPricePence: number;
  /** The first valid image, or null for 'No image available'. */
  image: string | null;
  inStock: boolean;
  stock: number;
  isActive: boolean;
  /** Orders this product appears in: deleting it then deactivates it instead. */
  ordersCount: number;
};

export type AdminProductPage = {
  items: AdminProductCard[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  /** The markup the shop prices were worked out with, so the cards can explain them. */
  markupPercent: number;
};

/** What the editor shows and the API answers for one product. */
export type AdminProduct = {
  id: string;
  name: string;
  description: string;
  category: ProductInput["category"];
  pricePence: number;
  originalPricePence: number | null;
  colours: string[];
  sizes: string[];
  stock: number;
  inStock: boolean;
  isActive: boolean;
  gallery: string[];
  ordersCount: number;
  createdAt: string;
  updatedAt: string;
  /** A fingerprint of each detail as it is now: an editor sends back those it showed (versionsSeen). */
  versions: DetailVersions;
};

const cardColumns = {
  id: products.id,
  name: products.name,
  category: products.category,
  pricePence: products.pricePence,
  ...productImageColumns,
  inStock: products.inStock,
  stock: products.stock,
  isActive: products.isActive,
};

// The order of the admin listing indexes (products_admin_list_idx, products_admin_category_idx).
const newestFirst = [sql`${products.createdAt} desc nulls last`, products.id];

function filterConditions(filter: Pick<AdminProductFilter, "category" | "search">): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.category) conditions.push(eq(products.category, filter.category));
  // lower(name) LIKE '%term%' is what products_name_trgm_idx serves (docs/admin-performance.md).
  if (filter.search) conditions.push(like(sql`lower(${products.name})`, containsPattern(filter.search.toLowerCase())));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** How many orders each product appears in (products without orders are left out). */
async function ordersCountOf(db: DbOrTx, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ productId: orderItems.productId, orders: countDistinct(orderItems.orderId) })
    .from(orderItems)
    .where(inArray(orderItems.productId, ids))
    .groupBy(orderItems.productId);
  return new Map(rows.map((row) => [row.productId!, row.orders]));
}

/**
 * One page of the catalogue for the admin: the count and the page are separate index reads
 * side by side; a page past the end answers the last page.
 */
export async function listAdminProducts(db: Database, filter: AdminProductFilter): Promise<AdminProductPage> {
  const where = filterConditions(filter);
  const pageRows = (page: number) =>
    db
      .select(cardColumns)
      .from(products)
      .where(where)
      .orderBy(...newestFirst)
      .limit(filter.pageSize)
      .offset((page - 1) * filter.pageSize);
  const [[totalRow], asked, { markupPercent }] = await Promise.all([
    db.select({ n: count() }).from(products).where(where),
    pageRows(filter.page),
    getPriceSettings(db),
  ]);
  const total = totalRow?.n ?? 0;
  const pages = pageCount(total, filter.pageSize);
  const page = Math.max(1, Math.min(filter.page, pages));
  // Past the end: the last page instead (a second read only then).
  const rows = page === filter.page ? asked : await pageRows(page);
  const orders = await ordersCountOf(db, rows.map((row) => row.id));
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      category: row.category,
      pricePence: row.pricePence,
      shopPricePence: priceWithMarkup(row.pricePence, markupPercent),
      image: imagesOf(row)[0] ?? null,
      inStock: row.inStock && row.stock > 0,
      stock: row.stock,
      isActive: row.isActive,
      ordersCount: orders.get(row.id) ?? 0,
    })),
    total,
    page,
    pageSize: filter.pageSize,
    pageCount: pages,
    markupPercent,
  };
}

/** The editor's gallery: the product's images in display order, without those found in 'Product URL'. */
function galleryOf(row: Pick<Product, "image" | "productGallery" | "productImages">): string[] {
  return productImageList({ image: row.image, gallery: row.productGallery, images: row.productImages });
}

/** Each detail's fingerprint: a save judges the owner's values against those the editor showed. */
export function detailVersionsOf(details: Pick<ProductInput, DetailField>): DetailVersions {
  // A description saved before line breaks were made one kind matches the same text sent now.
  return fieldVersions(DETAIL_FIELDS, (field) => (field === "description" ? withNewlines(details.description) : details[field]));
}

/** A product row's details as the editor's input names them. */
function detailsOf(row: Product): Pick<ProductInput, DetailField> {
  return {
    name: row.name,
    description: row.description,
    // Written only through the editor, the import and the seed, which all check it.
    category: row.category as ProductInput["category"],
    pricePence: row.pricePence,
    originalPricePence: row.originalPricePence,
    colours: row.availableColors,
    sizes: row.availableSizes,
    isActive: row.isActive,
    gallery: galleryOf(row),
  };
}

function toAdminProduct(row: Product, ordersCount: number): AdminProduct {
  const details = detailsOf(row);
  return {
    id: row.id,
    ...details,
    stock: row.stock,
    inStock: row.inStock && row.stock > 0,
    ordersCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    versions: detailVersionsOf(details),
  };
}

export async function getAdminProduct(db: DbOrTx, id: string): Promise<AdminProduct | null> {
  if (!isRowId(id)) return null;
  const [row] = await db.select().from(products).where(eq(products.id, id.toLowerCase()));
  if (!row) return null;
  return toAdminProduct(row, (await ordersCountOf(db, [row.id])).get(row.id) ?? 0);
}

/** The images a product has now, in display order; null when there is no such product. */
export async function currentImagesOf(db: DbOrTx, id: string): Promise<string[] | null> {
  if (!isRowId(id)) return null;
  const [row] = await db.select(productImageColumns).from(products).where(eq(products.id, id.toLowerCase()));
  return row ? imagesOf(row) : null;
}

/** The editor's fields as product columns; every write derives the listing flag from the images. */
function columnsOf(input: ProductInput) {
  return withDerivedFields({
    name: input.name,
    description: input.description,
    category: input.category,
    pricePence: input.pricePence,
    originalPricePence: input.originalPricePence,
    availableColors: input.colours,
    availableSizes: input.sizes,
    stock: input.stock,
    inStock: inStockFor(input.stock),
    isActive: input.isActive,
    // 'Product Image' is the main image; the gallery holds all of them in order.
    image: input.gallery[0] ?? null,
    productGallery: input.gallery,
    productImages: [] as string[],
  });
}

/** The audit trail's picture of a product: the editor's fields, prices in pence. */
/** A product row as the audit trail records it: the fields the editor shows. */
export function productAuditFields(row: Product) {
  return auditView(toAdminProduct(row, 0));
}

function auditView(product: AdminProduct | null) {
  if (!product) return null;
  const { ordersCount: _orders, createdAt: _created, updatedAt: _updated, versions: _versions, ...fields } = product;
  return fields;
}

/** A change as the audit trail records it: the fields that differ, each side with the product's name to know it by. */
export type AuditedChange = { before: Record<string, unknown>; after: Record<string, unknown> };

/**
 * What writing `columns` over a product changes, judged on what the editor shows
 * (productAuditFields); null when the write changes nothing there. The editor's Save and the
 * spreadsheet import both ask it, so a save of what the product already is writes nothing.
 */
export function auditedChange(row: Product, columns: Partial<NewProduct>): AuditedChange | null {
  const was = productAuditFields(row) as Record<string, unknown>;
  const now = productAuditFields({ ...row, ...columns }) as Record<string, unknown>;
  const changed = Object.keys(now).filter((field) => JSON.stringify(was[field] ?? null) !== JSON.stringify(now[field] ?? null));
  if (changed.length === 0) return null;
  const pick = (record: Record<string, unknown>) => Object.fromEntries(["name", ...changed].map((field) => [field, record[field] ?? null]));
  return { before: pick(was), after: pick(now) };
}

export async function createProduct(db: Database, admin: AdminViewer, input: ProductInput): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(products).values(columnsOf(input)).returning();
    const created = toAdminProduct(row!, 0);
    await recordAdminAction(tx, {
      adminId: admin.userId,
      adminEmail: admin.email,
      action: "product.created",
      subjectType: "product",
      subjectId: created.id,
      before: null,
      after: auditView(created),
    });
    return created;
  });
}

export type ProductChange =
  /** `changed` false: the save asked for what the product already is, and nothing was written. */
  | { outcome: "saved"; product: AdminProduct; removedImages: string[]; changed: boolean }
  /** Nothing saved: `stock` when orders moved the stock the owner changed, `fields` the details someone else changed differently. */
  | { outcome: "changed-meanwhile"; stock: { seen: number; now: number } | null; fields: DetailField[]; keep: DetailField[]; current: AdminProduct };

/** What the editor showed, to judge a save against (null: the client did not say; the save writes as given). */
export type ProductSeen = { stock: number | null; details: DetailVersions | null };

/**
 * Null when there is no such product. `removedImages`: images the product no longer uses. Fields
 * the editor left as shown keep what the product has now (another admin's save, a sale's stock);
 * nothing is written when a field the owner changed was changed meanwhile to something else.
 */
export async function updateProduct(db: Database, admin: AdminViewer, id: string, input: ProductInput, seen: ProductSeen = { stock: null, details: null }): Promise<ProductChange | null> {
  if (!isRowId(id)) return null;
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(products).where(eq(products.id, id.toLowerCase())).for("update");
    if (!current) return null;
    const ordersCount = (await ordersCountOf(tx, [current.id])).get(current.id) ?? 0;
    const before = toAdminProduct(current, ordersCount);
    const stock = stockEdit(input.stock, seen.stock, current.stock);
    const details = detailsEdit(detailVersionsOf(input), seen.details, before.versions);
    if (stock.kind === "conflict" || details.kind === "conflict") {
      return {
        outcome: "changed-meanwhile" as const,
        stock: stock.kind === "conflict" ? { seen: stock.seen, now: stock.now } : null,
        fields: details.kind === "conflict" ? details.fields : [],
        keep: details.keep,
        current: before,
      };
    }
    const merged = withKeptDetails({ ...input, stock: stock.kind === "write" ? stock.stock : current.stock }, before, details.keep);
    // Save pressed with nothing changed: no write, no audit entry without fields, no new updatedAt.
    if (auditedChange(current, columnsOf(merged)) === null) {
      return { outcome: "saved" as const, product: before, removedImages: [], changed: false };
    }
    const [row] = await tx
      .update(products)
      .set({ ...columnsOf(merged), updatedAt: new Date() })
      .where(eq(products.id, current.id))
      .returning();
    const after = toAdminProduct(row!, ordersCount);
    await recordAdminAction(tx, {
      adminId: admin.userId,
      adminEmail: admin.email,
      action: "product.updated",
      subjectType: "product",
      subjectId: current.id,
      before: auditView(before),
      after: auditView(after),
    });
    return { outcome: "saved" as const, product: after, removedImages: imagesOf(current).filter((url) => !after.gallery.includes(url)), changed: true };
  });
}

export type ProductRemoval =
  | { outcome: "deleted"; product: AdminProduct; removedImages: string[] }
  | { outcome: "deactivated"; product: AdminProduct; ordersCount: number };

/**
 * Deletes a product, or deactivates it when it appears in orders. The product row is locked
 * first: an order being placed for it holds a key-share lock on it until it commits, so the check
 * for orders sees that order, and an order placed after the lock waits and then fails on the
 * missing product rather than pointing at nothing.
 */
export async function removeProduct(db: Database, admin: AdminViewer, id: string): Promise<ProductRemoval | null> {
  if (!isRowId(id)) return null;
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(products).where(eq(products.id, id.toLowerCase())).for("update");
    if (!current) return null;
    const ordersCount = (await ordersCountOf(tx, [current.id])).get(current.id) ?? 0;
    const before = toAdminProduct(current, ordersCount);
    if (ordersCount > 0) {
      const [row] = await tx.update(products).set({ isActive: false, updatedAt: new Date() }).where(eq(products.id, current.id)).returning();
      const after = toAdminProduct(row!, ordersCount);
      await recordAdminAction(tx, {
        adminId: admin.userId,
        adminEmail: admin.email,
        action: "product.deactivated",
        subjectType: "product",
        subjectId: current.id,
        before: { isActive: before.isActive, ordersCount },
        after: { isActive: false, ordersCount },
      });
      return { outcome: "deactivated", product: after, ordersCount };
    }
    await tx.delete(products).where(eq(products.id, current.id));
    await recordAdminAction(tx, {
      adminId: admin.userId,
      adminEmail: admin.email,
      action: "product.deleted",
      subjectType: "product",
      subjectId: current.id,
      before: auditView(before),
      after: null,
    });
    return { outcome: "deleted", product: before, removedImages: imagesOf(current) };
  });
}

/**
 * Of the given image URLs, our uploads that no product uses any more (the same picture uploaded
 * twice is one set of files, possibly shared by two products). Deletes are rare: a scan of the
 * image columns for the hash is fine at 10,000 products.
 */
export async function unusedUploads(db: DbOrTx, urls: readonly string[]): Promise<string[]> {
  const unused: string[] = [];
  for (const url of urls) {
    const parsed = parseUploadedImageUrl(url);
    if (!parsed) continue;
    const pattern = containsPattern(parsed.hash);
    const [used] = await db
      .select({ id: products.id })
      .from(products)
      .where(
        or(
          like(sql`coalesce(${products.image}, '')`, pattern),
          like(sql`array_to_string(${products.productGallery}, ' ')`, pattern),
          like(sql`array_to_string(${products.productImages}, ' ')`, pattern),
        ),
      )
      .limit(1);
    if (!used) unused.push(url);
  }
  return unused;
}
