// The owner's spreadsheet (issue 13; decision 029): the catalogue as CSV, out and back in.
// One format both ways, so an export opened in Excel, edited and saved imports as it is.
//
// Key: a row with a Product ID updates that product; a row without one updates the product with
// the same name (case and surrounding spaces aside) or, when there is none, adds a product. A
// spreadsheet user keeps the ID column they were given and adds rows at the bottom without one;
// importing the same file twice adds nothing twice.
//
// Cells that a spreadsheet would run as a formula or read as a number are written with a leading '
// (csvCell); the import removes exactly that one ' again (unescapeCsvCell), so a round trip keeps
// "-20% off" as typed.
import { parse } from "csv-parse/sync";
import { CATEGORIES, categoryFromParam, type CategoryValue } from "../categories.ts";
import { isGalleryImage } from "../images.ts";
import { catalogueCsvErrors as errors } from "../messages/catalogue-csv.ts";
import { penceToPounds } from "../money.ts";
import { poundsToPence } from "../pounds-input.ts";
import { hasControlCharacters } from "../text-rules.ts";
import type { CellProblem } from "./catalogue-csv-problems.ts";
import { csvRow, unescapeCsvCell } from "./csv.ts";
import { isRowId } from "../row-ids.ts";
import { LIST_SEPARATORS, PRODUCT_LIMITS, withNewlines } from "./product-input.ts";
import { stockEdit } from "./stock-edit.ts";
import { sameList } from "../same-list.ts";

export type CatalogueField =
  | "id"
  | "name"
  | "description"
  | "category"
  | "price"
  | "originalPrice"
  | "colours"
  | "sizes"
  | "stock"
  | "stockAtExport"
  | "active"
  | "images";

/** The columns, in the order the export writes them; `aliases` are other headers the import accepts. */
export const CATALOGUE_COLUMNS: readonly { field: CatalogueField; header: string; aliases: readonly string[] }[] = [
  { field: "id", header: "Product ID", aliases: ["id"] },
  { field: "name", header: "Name", aliases: ["product name", "title"] },
  { field: "description", header: "Description", aliases: [] },
  { field: "category", header: "Category", aliases: [] },
  { field: "price", header: "Price (GBP)", aliases: ["price", "price (£)", "price £"] },
  { field: "originalPrice", header: "Original price (GBP)", aliases: ["original price", "original price (£)", "compare at price"] },
  { field: "colours", header: "Colours", aliases: ["colors", "available colours", "available colors"] },
  { field: "sizes", header: "Sizes", aliases: ["available sizes"] },
  { field: "stock", header: "Stock", aliases: ["quantity", "stock quantity"] },
  // The stock when the file was exported: a row whose Stock still says the same leaves the units
  // sold since alone, and a Stock the owner changed is set only if nothing moved it meanwhile.
  { field: "stockAtExport", header: "Stock at export", aliases: [] },
  { field: "active", header: "Active", aliases: ["is active", "on sale"] },
  { field: "images", header: "Image URLs", aliases: ["images", "image", "image url", "product images"] },
];

/** Upload limits (decision 029): 10,000 products with long descriptions fit with room to spare. */
export const CATALOGUE_CSV_MAX_BYTES = 10 * 1024 * 1024;
export const CATALOGUE_CSV_MAX_ROWS = 25_000;
export const CATALOGUE_CSV_MAX_BYTES_LABEL = "10 MB";

// The editor's own limits: a product the spreadsheet saves can always be opened and saved again
// in the editor (and the API), and the other way round.
export const CATALOGUE_LIMITS = {
  name: PRODUCT_LIMITS.name,
  description: PRODUCT_LIMITS.description,
  listEntry: PRODUCT_LIMITS.listEntry,
  listEntries: PRODUCT_LIMITS.listEntries,
  imageUrl: PRODUCT_LIMITS.imageUrl,
  images: PRODUCT_LIMITS.galleryImages,
  stock: PRODUCT_LIMITS.maxStock,
  pricePence: PRODUCT_LIMITS.maxPricePence,
} as const;

/** A product as the spreadsheet shows it (the export's input). */
export type CatalogueProduct = {
  id: string;
  name: string;
  description: string;
  category: string;
  pricePence: number;
  originalPricePence: number | null;
  colours: readonly string[];
  sizes: readonly string[];
  stock: number;
  active: boolean;
  images: readonly string[];
};

/** What one row asks for; a field is absent when the file has no column for it (left as it is). */
export type CatalogueValues = {
  /** Absent only in a file without a Name column, whose rows all name their product by ID. */
  name?: string;
  description?: string;
  category?: CategoryValue;
  pricePence?: number;
  originalPricePence?: number | null;
  colours?: string[];
  sizes?: string[];
  stock?: number;
  /** The export's count (see the column); absent when the cell is blank or the file has no such column. */
  stockAtExport?: number;
  active?: boolean;
  images?: string[];
};


export type CatalogueRow = {
  row: number;
  id: string | null;
  values: CatalogueValues;
  /** The cells as read (formula escape removed), by field, for the preview. */
  cells: Partial<Record<CatalogueField, string>>;
  problems: CellProblem[];
};

export type CatalogueColumn = { field: CatalogueField; header: string; letter: string; index: number };

export type ParsedCatalogue =
  | { ok: true; columns: CatalogueColumn[]; ignoredColumns: string[]; rows: CatalogueRow[] }
  | { ok: false; message: string };

// ---------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------

export const CATALOGUE_HEADER_ROW = csvRow(CATALOGUE_COLUMNS.map((column) => column.header));

/** Colours and sizes are written comma-separated (a spreadsheet user reads "Navy, Black"). */
const LIST_JOIN = ", ";
/** Image URLs may hold commas themselves (Cloudinary), so they are written " | "-separated. */
const IMAGE_JOIN = " | ";

/** One product's cells as the export writes them. Prices in pounds as the owner types them. */
export function catalogueCells(product: CatalogueProduct): Record<CatalogueField, string | number> {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    category: product.category,
    price: penceToPounds(product.pricePence),
    originalPrice: product.originalPricePence === null ? "" : penceToPounds(product.originalPricePence),
    colours: product.colours.join(LIST_JOIN),
    sizes: product.sizes.join(LIST_JOIN),
    stock: product.stock,
    // A row without an ID (the template's examples) adds a product: no count was exported.
    stockAtExport: product.id ? product.stock : "",
    active: product.active ? "yes" : "no",
    images: product.images.join(IMAGE_JOIN),
  };
}

/** One product as a CSV line of the export. */
export function catalogueCsvLine(product: CatalogueProduct): string {
  const cells = catalogueCells(product);
  return csvRow(CATALOGUE_COLUMNS.map((column) => cells[column.field]));
}

/**
 * The cells of an update row that differ from the product as the export shows it: for each, the
 * product's cell as the export writes it (the preview shows it struck through beside the new one).
 * Judged on values, not text, so "24.9" against "24.90" or "Navy,Black" against "Navy, Black" is no change.
 * Whether a row changes the product at all is the server's question (auditedChange, on what the
 * editor shows), which also sees what no cell holds.
 */
export function changedCells(values: CatalogueValues, product: CatalogueProduct): Partial<Record<CatalogueField, string>> {
  const changed: CatalogueField[] = [];
  const differs = (field: CatalogueField, given: unknown, current: unknown) => {
    if (given !== undefined && given !== current) changed.push(field);
  };
  differs("name", values.name, product.name);
  differs("description", values.description, product.description);
  differs("category", values.category, product.category);
  differs("price", values.pricePence, product.pricePence);
  differs("originalPrice", values.originalPricePence, product.originalPricePence);
  if (values.colours !== undefined && !sameList(values.colours, product.colours)) changed.push("colours");
  if (values.sizes !== undefined && !sameList(values.sizes, product.sizes)) changed.push("sizes");
  differs("stock", values.stock, product.stock);
  differs("active", values.active, product.active);
  if (values.images !== undefined && !sameList(values.images, product.images)) changed.push("images");
  const cells = catalogueCells(product);
  return Object.fromEntries(changed.map((field) => [field, String(cells[field])]));
}

/** The template: the header and two example rows showing every format the import reads. */
export function catalogueTemplateCsv(): string {
  const examples: CatalogueProduct[] = [
    {
      id: "",
      name: "Navy Wool Suit",
      description: "Two-piece suit in pure new wool.\nDry clean only.",
      category: "suits",
      pricePence: 24999,
      originalPricePence: 29999,
      colours: ["Navy", "Charcoal"],
      sizes: ["38R", "40R", "42R"],
      stock: 12,
      active: true,
      images: ["https://images.unsplash.com/photo-1594938298603-c8148c4dae35", "/images/products/navy-suit-2.jpg"],
    },
    {
      id: "",
      name: "Silk Tie, Burgundy",
      description: "",
      category: "ties",
      pricePence: 3500,
      originalPricePence: null,
      colours: ["Burgundy"],
      sizes: [],
      stock: 0,
      active: false,
      images: ["https://example.com/ties/burgundy.jpg"],
    },
  ];
  return `\uFEFF${CATALOGUE_HEADER_ROW}${examples.map(catalogueCsvLine).join("")}`;
}

// ---------------------------------------------------------------------------
// Import
// ---------------------------------------------------------------------------

/**
 * The file's bytes as text: UTF-16 when it starts with UTF-16's byte-order mark (what a
 * spreadsheet's "Unicode" or "UTF-16" CSV writes; read before, every other byte was a NUL the
 * import refused), UTF-8 (with or without a byte-order mark), or, when the bytes are not valid
 * UTF-8, Windows-1252, which is what Excel's plain "CSV (Comma delimited)" writes on a UK PC (a £
 * is the single byte 0xA3 there).
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

function columnLetter(index: number): string {
  let n = index + 1;
  let letters = "";
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

function headerKey(text: string): string {
  return text.replace(/^\uFEFF/, "").trim().toLowerCase().replace(/\s+/g, " ");
}

const HEADER_LOOKUP = new Map<string, CatalogueField>(
  CATALOGUE_COLUMNS.flatMap((column) => [column.header, ...column.aliases].map((name) => [headerKey(name), column.field] as const)),
);

const HEADERS_TEXT = CATALOGUE_COLUMNS.map((column) => column.header).join(", ");
// Named as every other screen names them; the import reads a label as its category (case, spaces
// and dashes aside), so what the message offers is what it takes.
const CATEGORIES_TEXT = CATEGORIES.map((category) => category.label).join(", ");

/** The amount in a price cell: "24.99", "£24.99", "24.9", "1,250.00", "24" (as Excel writes them). */
function readPounds(text: string): number | null {
  // Whole pennies, as the editor takes them: 5.005 is a slip to show, not a price to round.
  return poundsToPence(text.replace(/^£\s*/, "").replace(/\s*GBP$/i, ""), { wholePennies: true });
}

const TRUE_WORDS = new Set(["yes", "y", "true", "1", "on", "active"]);
const FALSE_WORDS = new Set(["no", "n", "false", "0", "off", "inactive"]);

function splitList(text: string): string[] {
  const entries = text
    .split(LIST_SEPARATORS)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  return [...new Set(entries)];
}

// " | ", line breaks, spaces, or a comma that starts a new URL or path separate image URLs; a
// comma inside a URL (Cloudinary's "w_400,h_300") does not.
const IMAGE_SEPARATOR = /\s*\|\s*|\s+|,(?=\s*(?:https?:\/\/|\/))/i;

function splitImages(text: string): string[] {
  return [...new Set(text.split(IMAGE_SEPARATOR).map((entry) => entry.trim()).filter((entry) => entry !== ""))];
}

type CellContext = { row: number; column: CatalogueColumn; headerText: string; problems: CellProblem[] };

/** A count as Excel writes it ("1,200" with separators, "12.0" as a decimal), or null. */
function readCount(text: string): number | null {
  const plain = /^\d{1,3}(,\d{3})+(\.0*)?$/.test(text) ? text.replace(/,/g, "") : text;
  const match = /^(\d+)(?:\.0*)?$/.exec(plain);
  const count = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(count) && count <= CATALOGUE_LIMITS.stock ? count : null;
}

function problem(context: CellContext, message: string): undefined {
  context.problems.push({ row: context.row, column: context.column.letter, field: context.headerText, message });
  return undefined;
}

/** Reads one cell into `values`; records a problem instead when the cell is not valid. */
function readCell(field: CatalogueField, raw: string, values: CatalogueValues, context: CellContext): string | null | undefined {
  const header = context.headerText;
  const multiLine = field === "description";
  const text = multiLine ? withNewlines(raw).trim() : raw.trim();
  if (hasControlCharacters(text, { multiLine: multiLine || field === "images" || field === "colours" || field === "sizes" })) {
    problem(context, errors.controlCharacters(header));
    return undefined;
  }
  switch (field) {
    case "id":
      if (text === "") return null;
      if (!isRowId(text)) {
        problem(context, errors.badId(text));
        return undefined;
      }
      return text.toLowerCase();
    case "name":
      if (text === "") return problem(context, errors.required(header));
      if (text.length > CATALOGUE_LIMITS.name) return problem(context, errors.tooLong(header, CATALOGUE_LIMITS.name));
      values.name = text.replace(/\s+/g, " ");
      return;
    case "description":
      if (text.length > CATALOGUE_LIMITS.description) return problem(context, errors.tooLong(header, CATALOGUE_LIMITS.description));
      values.description = text;
      return;
    case "category": {
      if (text === "") return problem(context, errors.required(header));
      const category = categoryFromParam(text);
      if (category === null) return problem(context, errors.badCategory(text, CATEGORIES_TEXT));
      values.category = category;
      return;
    }
    case "price": {
      if (text === "") return problem(context, errors.required(header));
      const pence = readPounds(text);
      if (pence === null || pence > CATALOGUE_LIMITS.pricePence) return problem(context, errors.badPrice(header, text));
      // admin.md section 5: imports skip a price that is not more than 0; the owner is told why.
      if (pence <= 0) return problem(context, errors.priceNotPositive);
      values.pricePence = pence;
      return;
    }
    case "originalPrice": {
      if (text === "") {
        values.originalPricePence = null;
        return;
      }
      const pence = readPounds(text);
      if (pence === null || pence > CATALOGUE_LIMITS.pricePence) return problem(context, errors.badPrice(header, text));
      if (pence <= 0) return problem(context, errors.originalPriceNotPositive);
      values.originalPricePence = pence;
      return;
    }
    case "colours":
    case "sizes": {
      const list = splitList(text);
      if (list.length > CATALOGUE_LIMITS.listEntries) return problem(context, errors.tooManyEntries(header, CATALOGUE_LIMITS.listEntries));
      const long = list.find((entry) => entry.length > CATALOGUE_LIMITS.listEntry);
      if (long !== undefined) return problem(context, errors.tooLong(header, CATALOGUE_LIMITS.listEntry));
      values[field] = list;
      return;
    }
    case "stock": {
      if (text === "") return problem(context, errors.required(header));
      const stock = readCount(text);
      if (stock === null) return problem(context, errors.badStock(text));
      values.stock = stock;
      return;
    }
    case "stockAtExport": {
      if (text === "") return;
      const stock = readCount(text);
      if (stock === null) return problem(context, errors.badStockAtExport(text));
      values.stockAtExport = stock;
      return;
    }
    case "active": {
      const word = text.toLowerCase();
      if (word === "" || TRUE_WORDS.has(word)) values.active = true;
      else if (FALSE_WORDS.has(word)) values.active = false;
      else problem(context, errors.badActive(text));
      return;
    }
    case "images": {
      const urls = splitImages(text);
      if (urls.length > CATALOGUE_LIMITS.images) return problem(context, errors.tooManyEntries(header, CATALOGUE_LIMITS.images));
      const bad = urls.find((url) => url.length > CATALOGUE_LIMITS.imageUrl || !isGalleryImage(url));
      if (bad !== undefined) return problem(context, errors.badImage(bad.length > 80 ? `${bad.slice(0, 77)}...` : bad));
      values.images = urls;
      return;
    }
  }
}

function readHeader(
  header: readonly string[],
): { ok: true; columns: CatalogueColumn[]; ignoredColumns: string[]; headerTexts: Map<CatalogueField, string> } | { ok: false; message: string } {
  const columns: CatalogueColumn[] = [];
  const ignoredColumns: string[] = [];
  const headerTexts = new Map<CatalogueField, string>();
  header.forEach((cell, index) => {
    const field = HEADER_LOOKUP.get(headerKey(cell));
    if (field === undefined) {
      if (cell.trim() !== "") ignoredColumns.push(cell.trim());
      return;
    }
    columns.push({ field, header: cell.trim(), letter: columnLetter(index), index });
  });
  if (columns.length === 0) {
    const semicolons = header.length === 1 && (header[0] ?? "").includes(";");
    return { ok: false, message: semicolons ? errors.semicolons : errors.noHeader(HEADERS_TEXT) };
  }
  for (const column of columns) {
    if (headerTexts.has(column.field)) return { ok: false, message: errors.duplicateColumn(column.header) };
    headerTexts.set(column.field, column.header);
  }
  // A file of Product IDs and the columns to change (a bulk price change) needs no names.
  if (!headerTexts.has("name") && !headerTexts.has("id")) return { ok: false, message: errors.nameColumnMissing };
  return { ok: true, columns, ignoredColumns, headerTexts };
}

class TooManyRows extends Error {}

/**
 * Reads and checks a whole file without the database: the header, then every row cell by cell.
 * A row with any problem keeps its problems and is never imported; the others carry their values.
 * Duplicate keys inside the file are problems of the later row.
 */
export function parseCatalogueCsv(text: string): ParsedCatalogue {
  if (text.replace(/^\uFEFF/, "").trim() === "") return { ok: false, message: errors.emptyFile };
  let records: string[][];
  let count = 0;
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      // A stray quote inside an unquoted cell (5" heel) is kept as typed; Excel always quotes properly.
      relax_quotes: true,
      skip_empty_lines: true,
      // Stops reading at the limit rather than holding millions of tiny rows in memory first.
      on_record: (record: string[]) => {
        count += 1;
        if (count > CATALOGUE_CSV_MAX_ROWS + 1) throw new TooManyRows();
        return record;
      },
    }) as string[][];
  } catch (error) {
    if (error instanceof TooManyRows) return { ok: false, message: errors.tooManyRows(CATALOGUE_CSV_MAX_ROWS) };
    const csvError = error as { lines?: number; message?: string };
    const reason = (csvError.message ?? "unknown problem").replace(/^Invalid [^:]*: /, "").replace(/\.$/, "");
    return { ok: false, message: errors.unreadable(csvError.lines ?? 1, reason) };
  }
  const [header, ...body] = records;
  if (header === undefined) return { ok: false, message: errors.emptyFile };
  const headerResult = readHeader(header);
  if (!headerResult.ok) return headerResult;
  const { columns, ignoredColumns } = headerResult;
  // Rows of empty cells (a formatted but empty spreadsheet row is written as ",,,,,") are not rows.
  const indexed = body
    .map((record, index) => ({ record, row: index + 2 }))
    .filter(({ record }) => record.some((cell) => cell.trim() !== ""));

  const firstRowOfId = new Map<string, number>();
  const firstRowOfName = new Map<string, number>();
  const rows = indexed.map(({ record, row }): CatalogueRow => {
    const problems: CellProblem[] = [];
    const values: CatalogueValues = {};
    const cells: Partial<Record<CatalogueField, string>> = {};
    let id: string | null = null;
    for (const column of columns) {
      const raw = unescapeCsvCell(record[column.index] ?? "");
      cells[column.field] = raw;
      const result = readCell(column.field, raw, values, { row, column, headerText: column.header, problems });
      if (column.field === "id" && typeof result !== "undefined") id = result;
    }
    const { pricePence, originalPricePence } = values;
    if (pricePence !== undefined && originalPricePence != null && originalPricePence < pricePence) {
      const column = columns.find((candidate) => candidate.field === "originalPrice")!;
      problems.push({ row, column: column.letter, field: column.header, message: errors.originalBelowPrice(penceToPounds(pricePence)) });
    }
    const idColumn = columns.find((column) => column.field === "id");
    const nameColumn = columns.find((column) => column.field === "name");
    if (id !== null) {
      const earlier = firstRowOfId.get(id);
      if (earlier !== undefined) problems.push({ row, column: idColumn!.letter, field: idColumn!.header, message: errors.repeatedId(earlier) });
      else firstRowOfId.set(id, row);
    } else if (!nameColumn) {
      if (!cells.id?.trim()) problems.push({ row, column: idColumn!.letter, field: idColumn!.header, message: errors.idNeededWithoutNames });
    } else if (values.name && !(idColumn && cells.id?.trim())) {
      const key = nameKey(values.name);
      const earlier = firstRowOfName.get(key);
      if (earlier !== undefined) problems.push({ row, column: nameColumn.letter, field: nameColumn.header, message: errors.repeatedName(earlier) });
      else firstRowOfName.set(key, row);
    }
    return { row, id, values, cells, problems };
  });
  return { ok: true, columns, ignoredColumns, rows };
}

/** Names are matched without regard to case or repeated spaces (the imports' duplicate rule). */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

// ---------------------------------------------------------------------------
// Deciding what each row does, given what the database holds
// ---------------------------------------------------------------------------

export type CatalogueLookup = {
  /** Product IDs of the file that exist. */
  existingIds: ReadonlySet<string>;
  /** Existing products by nameKey, for rows without an ID. */
  idsByName: ReadonlyMap<string, readonly string[]>;
  /** The stock now of every product found by ID or name. */
  stockById: ReadonlyMap<string, number>;
  /** The price now of every product found by ID or name, in pence. */
  priceById: ReadonlyMap<string, number>;
};

export type RowPlan =
  | { kind: "update"; row: number; productId: string; values: CatalogueValues }
  | { kind: "create"; row: number; values: Required<Pick<CatalogueValues, "name" | "category" | "pricePence" | "stock">> & CatalogueValues }
  | { kind: "problem"; row: number; problems: CellProblem[] };

const NEEDED_TO_CREATE = ["category", "price", "stock"] as const;
const HEADER_OF = new Map(CATALOGUE_COLUMNS.map((column) => [column.field, column.header]));

/** An update of `productId`, its stock judged against the export's count (stockEdit). */
function updatePlan(row: CatalogueRow, productId: string, columns: readonly CatalogueColumn[], lookup: CatalogueLookup): RowPlan {
  // An original price in a file without prices is judged against the product's price now.
  const { originalPricePence: original, pricePence } = row.values;
  const price = lookup.priceById.get(productId);
  if (pricePence === undefined && original != null && price !== undefined && original < price) {
    const column = columns.find((candidate) => candidate.field === "originalPrice")!;
    return { kind: "problem", row: row.row, problems: [{ row: row.row, column: column.letter, field: column.header, message: errors.originalBelowPrice(penceToPounds(price)) }] };
  }
  const { stock: typed, stockAtExport: seen } = row.values;
  const now = lookup.stockById.get(productId);
  if (typed === undefined || seen === undefined || now === undefined) return { kind: "update", row: row.row, productId, values: row.values };
  const edit = stockEdit(typed, seen, now);
  // The count read under the import's row lock: written back as it is, so every row of a batch
  // still sets the same columns.
  if (edit.kind === "keep") return { kind: "update", row: row.row, productId, values: { ...row.values, stock: now } };
  if (edit.kind === "write") return { kind: "update", row: row.row, productId, values: row.values };
  const column = columns.find((candidate) => candidate.field === "stock")!;
  return { kind: "problem", row: row.row, problems: [{ row: row.row, column: column.letter, field: column.header, message: errors.stockMoved(edit.seen, edit.now) }] };
}

/** Update, create, or refuse one row: an unknown ID is refused, a name shared by several is refused. */
export function planRow(row: CatalogueRow, columns: readonly CatalogueColumn[], lookup: CatalogueLookup): RowPlan {
  if (row.problems.length > 0) return { kind: "problem", row: row.row, problems: row.problems };
  const columnOf = (field: CatalogueField) => columns.find((column) => column.field === field);
  if (row.id !== null) {
    if (lookup.existingIds.has(row.id)) return updatePlan(row, row.id, columns, lookup);
    const idColumn = columnOf("id")!;
    return { kind: "problem", row: row.row, problems: [{ row: row.row, column: idColumn.letter, field: idColumn.header, message: errors.unknownId }] };
  }
  // Every row of a file without names has an ID (parseCatalogueCsv): this one has a name.
  const name = row.values.name!;
  const matches = lookup.idsByName.get(nameKey(name)) ?? [];
  if (matches.length === 1) return updatePlan(row, matches[0]!, columns, lookup);
  if (matches.length > 1) {
    const nameColumn = columnOf("name")!;
    return {
      kind: "problem",
      row: row.row,
      problems: [{ row: row.row, column: nameColumn.letter, field: nameColumn.header, message: errors.ambiguousName(matches.length) }],
    };
  }
  const missing = NEEDED_TO_CREATE.filter((field) => !columnOf(field));
  if (missing.length > 0) {
    return {
      kind: "problem",
      row: row.row,
      problems: missing.map((field) => ({ row: row.row, column: "", field: "", message: errors.neededToAdd(HEADER_OF.get(field)!) })),
    };
  }
  const { values } = row;
  return {
    kind: "create",
    row: row.row,
    values: { ...values, name, category: values.category!, pricePence: values.pricePence!, stock: values.stock! },
  };
}

/**
 * A product may be the target of one row only: a row with its ID and another with its name would
 * otherwise both write it, the later silently winning. `claimed` (product id -> row) spans the
 * whole file, across batches.
 */
export function claimTargets(plans: readonly RowPlan[], columns: readonly CatalogueColumn[], claimed: Map<string, number>): RowPlan[] {
  const keyColumn = columns.find((column) => column.field === "id") ?? columns.find((column) => column.field === "name")!;
  return plans.map((plan) => {
    if (plan.kind !== "update") return plan;
    const earlier = claimed.get(plan.productId);
    if (earlier === undefined) {
      claimed.set(plan.productId, plan.row);
      return plan;
    }
    return { kind: "problem", row: plan.row, problems: [{ row: plan.row, column: keyColumn.letter, field: keyColumn.header, message: errors.sameProduct(earlier) }] };
  });
}
