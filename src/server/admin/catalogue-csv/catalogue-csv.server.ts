// The owner's spreadsheet (issue 13; decision 029): export the catalogue as CSV, preview a file,
// and import it: one transaction per batch of rows, so a batch is saved whole or not at all and
// a row the database refuses is found, reported and left out while the rest of its batch is saved.
import { CATALOGUE_NAME_LOCK_KEY } from "../../catalog/catalogue-lock.server.ts";
import { randomUUID } from "node:crypto";
import { and, asc, inArray, sql, type SQL } from "drizzle-orm";
import {
  CATALOGUE_HEADER_ROW,
  catalogueCsvLine,
  changedCells,
  claimTargets,
  nameKey,
  parseCatalogueCsv,
  planRow,
  type CatalogueColumn,
  type CatalogueField,
  type CatalogueLookup,
  type CatalogueProduct,
  type CatalogueRow,
  type CatalogueValues,
  type RowPlan,
} from "../../../domain/admin/catalogue-csv.ts";
import type { CellProblem } from "../../../domain/admin/catalogue-csv-problems.ts";
import { catalogueCsvErrors } from "../../../domain/messages/catalogue-csv.ts";
import { imagesOf, productImageColumns, withDerivedFields } from "../../catalog/product-fields.server.ts";
import type { Database, DbOrTx } from "../../db/client.server.ts";
import { products, type NewProduct, type Product } from "../../db/schema.ts";
import type { AdminViewer } from "../admin-guard.server.ts";
import { recordAdminAction, recordAdminActions, type AdminActionEntry } from "../audit/audit.server.ts";
import { auditedChange, productAuditFields, type AuditedChange } from "../products/admin-products.server.ts";

export const EXPORT_BATCH_SIZE = 500;
/** Rows per transaction: big enough that 10,000 rows take a few seconds, small enough to report progress often. */
export const IMPORT_BATCH_SIZE = 500;
/** How many rows the preview shows, and how many problems a preview or a report lists. */
export const PREVIEW_ROWS = 20;
export const LISTED_PROBLEMS = 200;
// Two imports at once must not both add the same new name: their batches take turns. The seed
// imports use the same key for the same reason, so a seed import and a spreadsheet import take
// turns too (one transaction-level lock per batch, never held across batches).
const IMPORT_LOCK_KEY = CATALOGUE_NAME_LOCK_KEY;

type ExportRow = Pick<
  typeof products.$inferSelect,
  "id" | "name" | "description" | "category" | "pricePence" | "originalPricePence" | "availableColors" | "availableSizes" | "stock" | "isActive" | "image" | "productUrl" | "productGallery" | "productImages"
>;

const exportColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  category: products.category,
  pricePence: products.pricePence,
  originalPricePence: products.originalPricePence,
  availableColors: products.availableColors,
  availableSizes: products.availableSizes,
  stock: products.stock,
  isActive: products.isActive,
  ...productImageColumns,
};

/** The whole catalogue as CSV, header first, a batch per chunk (keyset by category, name, id). */
export async function* exportCatalogueCsv(db: Database, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<string> {
  // A byte-order mark, so Excel reads the file as UTF-8 (£, accents).
  yield `\uFEFF${CATALOGUE_HEADER_ROW}`;
  let cursor: { category: string; name: string; id: string } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? sql`(${products.category}, ${products.name}, ${products.id}) > (${cursor.category}, ${cursor.name}, ${cursor.id})`
      : undefined;
    const rows: ExportRow[] = await db
      .select(exportColumns)
      .from(products)
      .where(and(after))
      .orderBy(asc(products.category), asc(products.name), asc(products.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map((row) => catalogueCsvLine(asCatalogueProduct(row))).join("");
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { category: last.category, name: last.name, id: last.id };
  }
}

/** A product as the spreadsheet shows it. */
function asCatalogueProduct(row: ExportRow): CatalogueProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    pricePence: row.pricePence,
    originalPricePence: row.originalPricePence,
    colours: row.availableColors,
    sizes: row.availableSizes,
    stock: row.stock,
    active: row.isActive,
    images: imagesOf(row),
  };
}

/** Who exported the catalogue, and when. */
export async function recordCatalogueExport(db: Database, admin: AdminViewer): Promise<void> {
  await db.transaction(async (tx) => {
    await recordAdminAction(tx, { adminId: admin.userId, adminEmail: admin.email, action: "products.exported", subjectType: "products", subjectId: null, before: null, after: null });
  });
}

// ---------------------------------------------------------------------------
// Preview
// ---------------------------------------------------------------------------

export type PreviewRow = {
  row: number;
  /** "unchanged": the row matches a product whose values are already the file's (auditedChange, as the import judges it). */
  action: "create" | "update" | "unchanged" | "problem";
  cells: CatalogueRow["cells"];
  /**
   * An update's cells that differ from the product (changedCells): what the product has now, as
   * the export writes it. Empty for an update that changes only what no cell shows (an in-stock
   * flag that disagreed with the stock, put right; a picture held only in the supplier link,
   * moved into the gallery).
   */
  was?: Partial<Record<CatalogueField, string>>;
  problems: CellProblem[];
};

export type CataloguePreview =
  | {
      ok: true;
      columns: { field: CatalogueColumn["field"]; header: string; letter: string }[];
      ignoredColumns: string[];
      totalRows: number;
      creates: number;
      /** Rows that change a product; rows matching a product already as the file says are `unchanged`. */
      updates: number;
      unchanged: number;
      problemRows: number;
      rows: PreviewRow[];
      problems: CellProblem[];
      moreProblems: number;
    }
  | { ok: false; message: string };

async function lookUp(db: DbOrTx, rows: readonly CatalogueRow[], lock: boolean): Promise<CatalogueLookup> {
  const ids = [...new Set(rows.flatMap((row) => (row.id !== null && row.problems.length === 0 ? [row.id] : [])))];
  const names = [...new Set(rows.flatMap((row) => (row.id === null && row.problems.length === 0 ? [nameKey(row.values.name!)] : [])))];
  const existingIds = new Set<string>();
  const idsByName = new Map<string, string[]>();
  const stockById = new Map<string, number>();
  const priceById = new Map<string, number>();
  if (ids.length > 0) {
    const query = db.select({ id: products.id, stock: products.stock, price: products.pricePence }).from(products).where(inArray(products.id, ids));
    for (const { id, stock, price } of await (lock ? query.for("update") : query)) {
      existingIds.add(id);
      stockById.set(id, stock);
      priceById.set(id, price);
    }
  }
  if (names.length > 0) {
    const query = db
      .select({ id: products.id, key: sql<string>`lower(${products.name})`, stock: products.stock, price: products.pricePence })
      .from(products)
      .where(inArray(sql`lower(${products.name})`, names))
      .orderBy(asc(products.id));
    for (const { id, key, stock, price } of await (lock ? query.for("update") : query)) {
      idsByName.set(key, [...(idsByName.get(key) ?? []), id]);
      stockById.set(id, stock);
      priceById.set(id, price);
    }
  }
  return { existingIds, idsByName, stockById, priceById };
}

/** What importing `text` would do, row by row; nothing is written. */
export async function previewCatalogueImport(db: Database, text: string): Promise<CataloguePreview> {
  const parsed = parseCatalogueCsv(text);
  if (!parsed.ok) return parsed;
  const lookup = await lookUp(db, parsed.rows, false);
  const plans = claimTargets(
    parsed.rows.map((row) => planRow(row, parsed.columns, lookup)),
    parsed.columns,
    new Map(),
  );
  const problems = plans.flatMap((plan) => (plan.kind === "problem" ? plan.problems : []));
  const current = await currentProducts(db, plans.flatMap((plan) => (plan.kind === "update" ? [plan.productId] : [])));
  const unchanged = unchangedRows(current, plans);
  const action = (plan: RowPlan, index: number): PreviewRow["action"] => (unchanged.has(index) ? "unchanged" : plan.kind);
  const was = (plan: RowPlan, index: number) => {
    const product = plan.kind === "update" && !unchanged.has(index) ? current.get(plan.productId) : undefined;
    return product && plan.kind === "update" ? { was: changedCells(plan.values, asCatalogueProduct(product)) } : {};
  };
  const updates = plans.filter((plan) => plan.kind === "update").length;
  return {
    ok: true,
    columns: parsed.columns.map(({ field, header, letter }) => ({ field, header, letter })),
    ignoredColumns: parsed.ignoredColumns,
    totalRows: plans.length,
    creates: plans.filter((plan) => plan.kind === "create").length,
    updates: updates - unchanged.size,
    unchanged: unchanged.size,
    problemRows: plans.filter((plan) => plan.kind === "problem").length,
    rows: parsed.rows.slice(0, PREVIEW_ROWS).map((row, index) => {
      const plan = plans[index]!;
      return { row: row.row, action: action(plan, index), cells: row.cells, ...was(plan, index), problems: plan.kind === "problem" ? plan.problems : [] };
    }),
    problems: problems.slice(0, LISTED_PROBLEMS),
    moreProblems: Math.max(0, problems.length - LISTED_PROBLEMS),
  };
}

// ---------------------------------------------------------------------------
// Import
// ---------------------------------------------------------------------------

export type CatalogueImportProgress = { done: number; total: number };

export type CatalogueImportResult =
  | {
      ok: true;
      totalRows: number;
      created: number;
      /** Products the file changed; rows that matched a product already as the file says are `unchanged`. */
      updated: number;
      unchanged: number;
      failed: number;
      problems: CellProblem[];
      moreProblems: number;
    }
  | { ok: false; message: string };

/**
 * The plans (by index) that would update a product to the values it has already: the preview
 * counts them apart, by the import's own rule (auditedChange).
 */
function unchangedRows(current: ReadonlyMap<string, Product>, plans: readonly RowPlan[]): Set<number> {
  const same = new Set<number>();
  plans.forEach((plan, index) => {
    const row = plan.kind === "update" ? current.get(plan.productId) : undefined;
    if (plan.kind === "update" && row && auditedChange(row, productFields(plan.values)) === null) same.add(index);
  });
  return same;
}

async function currentProducts(db: DbOrTx, ids: readonly string[]): Promise<Map<string, Product>> {
  const current = new Map<string, Product>();
  for (let start = 0; start < ids.length; start += IMPORT_BATCH_SIZE) {
    for (const row of await db.select().from(products).where(inArray(products.id, ids.slice(start, start + IMPORT_BATCH_SIZE)))) current.set(row.id, row);
  }
  return current;
}

/** The columns one row's values set; a column the file does not have is left as it is. */
function productFields(values: CatalogueValues): Partial<NewProduct> {
  const fields: Partial<NewProduct> = {};
  if (values.name !== undefined) fields.name = values.name;
  if (values.description !== undefined) fields.description = values.description;
  if (values.category !== undefined) fields.category = values.category;
  if (values.pricePence !== undefined) fields.pricePence = values.pricePence;
  if (values.originalPricePence !== undefined) fields.originalPricePence = values.originalPricePence;
  if (values.colours !== undefined) fields.availableColors = values.colours;
  if (values.sizes !== undefined) fields.availableSizes = values.sizes;
  if (values.stock !== undefined) {
    fields.stock = values.stock;
    fields.inStock = values.stock > 0;
  }
  if (values.active !== undefined) fields.isActive = values.active;
  if (values.images !== undefined) {
    // The spreadsheet's list becomes the product's gallery, in its order, the first being the main
    // image; every entry passed the gallery rule already. ('Product URL' is a supplier page and is
    // kept; the export lists any image it holds, so a round trip moves that image into the gallery.)
    const { image, productGallery, productImages, hasValidImage } = withDerivedFields({ image: values.images[0] ?? null, productGallery: values.images, productImages: [], productUrl: null });
    Object.assign(fields, { image, productGallery, productImages, hasValidImage });
  }
  return fields;
}

/** `changes`: what each updated product's row changed on it. */
type Applied = { created: string[]; updated: string[]; changes: (AuditedChange & { id: string })[] };

function storedChange(row: Product, fields: Partial<NewProduct>): boolean {
  return (Object.keys(fields) as (keyof NewProduct)[]).some((field) => JSON.stringify(row[field as keyof Product] ?? null) !== JSON.stringify(fields[field] ?? null));
}

// The writes of a whole batch are two statements: the rows travel as one JSON parameter and
// jsonb_to_recordset turns them back into typed columns (10,000 single-row updates took 22 s on
// PGlite, and a 500-row INSERT of 11,000 parameters ~1 s a batch; one JSON parameter a fraction of
// that). An update sets only the file's columns.
const UPDATE_COLUMNS: readonly { field: keyof NewProduct; column: string; type: string; value: (fields: Partial<NewProduct>) => unknown; array?: boolean }[] = [
  { field: "name", column: "name", type: "text", value: (f) => f.name },
  { field: "description", column: "description", type: "text", value: (f) => f.description },
  { field: "category", column: "category", type: "text", value: (f) => f.category },
  { field: "pricePence", column: "price_pence", type: "integer", value: (f) => f.pricePence },
  { field: "originalPricePence", column: "original_price_pence", type: "integer", value: (f) => f.originalPricePence },
  { field: "availableColors", column: "available_colors", type: "jsonb", value: (f) => f.availableColors, array: true },
  { field: "availableSizes", column: "available_sizes", type: "jsonb", value: (f) => f.availableSizes, array: true },
  { field: "stock", column: "stock", type: "integer", value: (f) => f.stock },
  { field: "inStock", column: "in_stock", type: "boolean", value: (f) => f.inStock },
  { field: "isActive", column: "is_active", type: "boolean", value: (f) => f.isActive },
  { field: "image", column: "image", type: "text", value: (f) => f.image },
  { field: "productGallery", column: "product_gallery", type: "jsonb", value: (f) => f.productGallery, array: true },
  { field: "productImages", column: "product_images", type: "jsonb", value: (f) => f.productImages, array: true },
  { field: "hasValidImage", column: "has_valid_image", type: "boolean", value: (f) => f.hasValidImage },
];

function recordsOf(rows: readonly { id: string; fields: Partial<NewProduct> }[], columns: typeof UPDATE_COLUMNS) {
  return JSON.stringify(rows.map(({ id, fields }) => Object.fromEntries([["id", id], ...columns.map((column) => [column.column, column.value(fields) ?? null])])));
}

function recordDefinitions(columns: typeof UPDATE_COLUMNS) {
  return sql.raw(["id text", ...columns.map((column) => `${column.column} ${column.type}`)].join(", "));
}

function columnValue(column: (typeof UPDATE_COLUMNS)[number]): string {
  return column.array ? `array(select jsonb_array_elements_text(v.${column.column}))` : `v.${column.column}`;
}

async function updateProducts(tx: DbOrTx, updates: readonly { id: string; fields: Partial<NewProduct> }[], now: Date): Promise<void> {
  if (updates.length === 0) return;
  const present = UPDATE_COLUMNS.filter((column) => column.field in updates[0]!.fields);
  const assignments = sql.raw(present.map((column) => `${column.column} = ${columnValue(column)}`).join(", "));
  await tx.execute(sql`
    update products set ${assignments}, updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${recordsOf(updates, present)}::jsonb) as v(${recordDefinitions(present)})
    where products.id = v.id`);
}

/** New products, every column given (the defaults of a product without that column in the file). */
async function insertProducts(tx: DbOrTx, inserts: readonly { id: string; fields: Partial<NewProduct> }[], now: Date): Promise<void> {
  if (inserts.length === 0) return;
  const names = sql.raw(["id", ...UPDATE_COLUMNS.map((column) => column.column)].join(", "));
  const values = sql.raw(["v.id", ...UPDATE_COLUMNS.map(columnValue)].join(", "));
  await tx.execute(sql`
    insert into products (${names}, created_at, updated_at)
    select ${values}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${recordsOf(inserts, UPDATE_COLUMNS)}::jsonb) as v(${recordDefinitions(UPDATE_COLUMNS)})`);
}

async function applyPlans(tx: DbOrTx, plans: readonly RowPlan[], now: Date): Promise<Applied> {
  const inserts: { id: string; fields: Partial<NewProduct> }[] = [];
  const updates: { id: string; fields: Partial<NewProduct> }[] = [];
  for (const plan of plans) {
    if (plan.kind === "create") {
      const { values } = plan;
      inserts.push({
        id: randomUUID(),
        fields: {
          description: "",
          originalPricePence: null,
          availableColors: [],
          availableSizes: [],
          isActive: true,
          image: null,
          productGallery: [],
          productImages: [],
          hasValidImage: false,
          ...productFields(values),
          inStock: values.stock > 0,
        },
      });
    } else if (plan.kind === "update") {
      updates.push({ id: plan.productId, fields: productFields(plan.values) });
    }
  }
  // claimTargets leaves each product to one row, so each id is updated once. The products are read
  // once (the batch holds their locks): a row that changes nothing is not written, so it leaves the
  // product's last-updated time alone too.
  const updatedIds = updates.map((update) => update.id);
  const current = await currentProducts(tx, updatedIds);
  const changes: Applied["changes"] = [];
  const writes = updates.filter((update) => {
    const row = current.get(update.id);
    if (!row) return false;
    const change = auditedChange(row, update.fields);
    if (change) changes.push({ id: row.id, ...change });
    // A row can change how a product is stored and not what the owner sees (its one image moved
    // into the gallery, as the file lists it): written, and still counted as unchanged.
    return change !== null || storedChange(row, update.fields);
  });
  await updateProducts(tx, writes, now);
  await insertProducts(tx, inserts, now);
  return { created: inserts.map((insert) => insert.id), updated: updatedIds, changes };
}

type ImportContext = { db: Database; admin: AdminViewer; jobId: string | null; columns: readonly CatalogueColumn[]; claimed: Map<string, number> };

/** One batch in one transaction: lock the rows it names, plan, write, record in the audit trail. */
async function importBatch(context: ImportContext, rows: readonly CatalogueRow[]): Promise<{ applied: Applied; problems: CellProblem[] }> {
  return context.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`);
    const lookup = await lookUp(tx, rows, true);
    // A copy: a batch rolled back must not keep the products it claimed.
    const claimed = new Map(context.claimed);
    const plans = claimTargets(
      rows.map((row) => planRow(row, context.columns, lookup)),
      context.columns,
      claimed,
    );
    const applied = await applyPlans(tx, plans, new Date());
    if (applied.created.length + applied.updated.length > 0) {
      await recordAdminAction(tx, {
        adminId: context.admin.userId,
        adminEmail: context.admin.email,
        action: "products.imported",
        subjectType: "products",
        subjectId: null,
        before: null,
        // A row that matched a product but changed none of its values is counted, not listed as updated.
        after: {
          jobId: context.jobId,
          rows: [rows[0]!.row, rows[rows.length - 1]!.row],
          created: applied.created,
          updated: applied.changes.map((change) => change.id),
          unchanged: applied.updated.length - applied.changes.length,
        },
      });
      // Each product the file added or changed gets its own entry, as one made in the editor does:
      // what it was created with, or its changes before → after.
      const created = await currentProducts(tx, applied.created);
      const entry = (action: string, id: string, before: Record<string, unknown> | null, after: Record<string, unknown>): AdminActionEntry => ({
        adminId: context.admin.userId,
        adminEmail: context.admin.email,
        action,
        subjectType: "product",
        subjectId: id,
        before,
        after: { ...after, source: "spreadsheet import" },
      });
      await recordAdminActions(tx, [
        ...applied.created.flatMap((id) => {
          const row = created.get(id);
          return row ? [entry("product.created", id, null, productAuditFields(row) as Record<string, unknown>)] : [];
        }),
        ...applied.changes.map((change) => entry("product.updated", change.id, change.before, change.after)),
      ]);
    }
    for (const [id, row] of claimed) context.claimed.set(id, row);
    return { applied, problems: plans.flatMap((plan) => (plan.kind === "problem" ? plan.problems : [])) };
  });
}

function databaseReason(error: unknown): string {
  const message = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
  return message.split("\n")[0]!.slice(0, 200);
}

/**
 * Imports a whole file, a batch per transaction, calling `report` after each. Rows with problems
 * are never written. When the database refuses a batch (a constraint, a product deleted at that
 * moment), each of its rows is retried alone, so one bad row costs only itself.
 */
export async function importCatalogueCsv(
  db: Database,
  input: { text: string; admin: AdminViewer; jobId: string | null },
  report: (progress: CatalogueImportProgress) => Promise<void> | void = () => {},
): Promise<CatalogueImportResult> {
  const parsed = parseCatalogueCsv(input.text);
  if (!parsed.ok) return parsed;
  const context: ImportContext = { db, admin: input.admin, jobId: input.jobId, columns: parsed.columns, claimed: new Map() };
  const total = parsed.rows.length;
  const problems: CellProblem[] = [];
  let created = 0;
  let updated = 0;
  let unchanged = 0;
  let failed = 0;
  const count = (outcome: { applied: Applied; problems: CellProblem[] }) => {
    created += outcome.applied.created.length;
    updated += outcome.applied.changes.length;
    unchanged += outcome.applied.updated.length - outcome.applied.changes.length;
    failed += new Set(outcome.problems.map((problem) => problem.row)).size;
    problems.push(...outcome.problems);
  };
  await report({ done: 0, total });
  for (let start = 0; start < total; start += IMPORT_BATCH_SIZE) {
    const batch = parsed.rows.slice(start, start + IMPORT_BATCH_SIZE);
    try {
      count(await importBatch(context, batch));
    } catch {
      for (const row of batch) {
        try {
          count(await importBatch(context, [row]));
        } catch (error) {
          count({ applied: { created: [], updated: [], changes: [] }, problems: [{ row: row.row, column: "", field: "", message: catalogueCsvErrors.notSaved(databaseReason(error)) }] });
        }
      }
    }
    await report({ done: Math.min(total, start + batch.length), total });
  }
  problems.sort((a, b) => a.row - b.row);
  return { ok: true, totalRows: total, created, updated, unchanged, failed, problems: problems.slice(0, LISTED_PROBLEMS), moreProblems: Math.max(0, problems.length - LISTED_PROBLEMS) };
}
