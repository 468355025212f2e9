// The built-in seed catalogue (admin.md sections 3, 5, 7 and 9): our own rows in seed/data/ and
// their local illustrations in seed/images/ (served at /images/products/), so a fresh shop looks
// like a real shop with no network. Every file is validated with zod; a bad row throws an error
// naming the file and the row. Prices in the files are base prices in pounds (before the
// storefront markup); products carry integer pence.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";
import { z } from "zod";
import {
  CSV_MIN_FIELDS,
  CSV_ROW_FORMATS,
  csvRowRefusal,
  importPricePence,
  isHeaderRow,
  originalFromFactor,
  SHOE_ACCESSORY_ORIGINAL_FACTOR,
  shirtFields,
  splitListCell,
  SUIT_CSV_MIN_COLUMNS,
  type CsvRowRefusal,
  type CsvToolCategory,
} from "../../domain/admin/import-rows.ts";
import { CATEGORIES, type CategoryValue } from "../../domain/categories.ts";
import { isValidImageUrl } from "../../domain/images.ts";
import { kaftanDiscountPercentage } from "../../domain/kaftan.ts";
import { parseSoldCount } from "../../domain/sold-count.ts";
import { normaliseSuitColours } from "../../domain/suit-colours.ts";
import type { NewProduct, ProductSpecifications } from "../db/schema.ts";

export type SeedProduct = Omit<NewProduct, "id" | "createdAt" | "updatedAt">;

/** Every category of the shop has its seed file; they are read in the shop's order of categories. */
export const SEED_CATEGORIES: readonly CategoryValue[] = CATEGORIES.map((category) => category.value);

/** Which file in seed/data/ feeds which category. */
export const SEED_CATEGORY_FILES: Readonly<Record<CategoryValue, string>> = {
  suits: "suits.csv",
  blazers: "blazers.json",
  shirts: "shirts.csv",
  shoes: "shoes.csv",
  ties: "ties.json",
  kaftan: "kaftan.json",
  "Traditional Wear": "traditional-wear.json",
  denim: "denim.json",
  "white-wear": "white-wear.csv",
  accessories: "accessories.csv",
};

/** Where the web app serves seed/images/ from; every seed image URL starts with this. */
export const SEED_IMAGE_URL_PREFIX = "/images/products/";

export { SUIT_CSV_MIN_COLUMNS };

const DEFAULT_SEED_DIR = new URL("../../../seed/", import.meta.url);

// ---------------------------------------------------------------------------------------------
// Per-category defaults (admin.md section 9) for fields a row leaves out.
// ---------------------------------------------------------------------------------------------

/**
 * A stand-in for the spec's "random integer from 10 to 59": derived from the row's position so
 * that seeding twice gives the same catalogue (17 and 50 share no factor, so stock varies).
 */
export function seedStockFromIndex(index: number): number {
  return 10 + ((index * 17 + 7) % 50);
}

type CategoryDefaults = {
  description: string;
  colours?: readonly string[];
  sizes?: readonly string[];
  rating?: number;
  storeName?: string;
  shipping?: string;
  returnPolicy?: string;
  tags?: readonly string[];
  /** original_price = price x this when the row gives none (shoes and accessories: 1.2). */
  originalPriceFactor?: number;
  stock: (index: number) => number;
};

const ONE_SIZE = ["One Size"] as const;

const CATEGORY_DEFAULTS: Readonly<Record<CategoryValue, CategoryDefaults>> = {
  suits: {
    description: "A tailored suit cut for a sharp, comfortable fit, ready for work, weddings and every occasion in between.",
    stock: seedStockFromIndex,
  },
  blazers: {
    description: "A versatile tailored blazer that smartens up trousers, chinos or denim.",
    stock: seedStockFromIndex,
  },
  shirts: {
    description: "A well-made shirt in quality cotton, cut for comfort and a clean line.",
    rating: 4.5,
    stock: () => 100,
  },
  shoes: {
    description: "Quality men's footwear built for comfort, style and everyday wear.",
    colours: ["Black", "Brown", "Navy", "Tan"],
    sizes: ["7", "8", "9", "10", "11", "12"],
    originalPriceFactor: SHOE_ACCESSORY_ORIGINAL_FACTOR,
    stock: seedStockFromIndex,
  },
  ties: {
    description: "A finely made tie to finish a shirt and suit with character.",
    sizes: ONE_SIZE,
    rating: 4.5,
    storeName: "Fashion Store",
    shipping: "Free shipping",
    returnPolicy: "Return policy available",
    tags: ["tie", "menswear", "formal", "accessories"],
    stock: seedStockFromIndex,
  },
  kaftan: {
    description: "A comfortable, elegant kaftan for celebrations, prayers and relaxed everyday wear.",
    stock: () => 50,
  },
  "Traditional Wear": {
    description: "Traditional menswear made for ceremonies, celebrations and special days.",
    stock: seedStockFromIndex,
  },
  denim: {
    description: "A hard-wearing denim piece that gets better with every wear and wash.",
    colours: ["Blue"],
    sizes: ["M", "L", "XL"],
    rating: 4,
    storeName: "Unknown Store",
    shipping: "Standard shipping",
    returnPolicy: "Standard return policy",
    stock: () => 50,
  },
  "white-wear": {
    description: "Clean, crisp white wear for ceremonies, summer days and smart occasions.",
    colours: ["White", "Black", "Blue", "Gray"],
    sizes: ["S", "M", "L", "XL", "XXL"],
    stock: seedStockFromIndex,
  },
  accessories: {
    description: "A finishing touch for your outfit, made to last.",
    colours: ["Silver", "Gold", "Black", "Rose Gold"],
    sizes: ONE_SIZE,
    originalPriceFactor: SHOE_ACCESSORY_ORIGINAL_FACTOR,
    stock: seedStockFromIndex,
  },
};

// ---------------------------------------------------------------------------------------------
// Row schemas
// ---------------------------------------------------------------------------------------------

const text = z.string().trim().min(1, "must not be empty");

/** Pounds with at most two decimal places, above zero. */
const pounds = z
  .number()
  .finite()
  .positive("must be above zero")
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "must have at most 2 decimal places");

const imageUrl = z
  .string()
  .trim()
  .refine(
    (value) => value.startsWith(SEED_IMAGE_URL_PREFIX) && isValidImageUrl(value),
    `must be a local image URL starting with ${SEED_IMAGE_URL_PREFIX}`,
  );

/** Seed data never points at the internet: a product URL is a root-relative path or absent. */
const rootRelativePath = z
  .string()
  .trim()
  .regex(/^\/(?![/\\])\S*$/, "must be a root-relative path such as /product-source/navy-suit");

const specificationsSchema = z.strictObject({
  material: text.optional(),
  pattern: text.optional(),
  occasion: text.optional(),
  care: text.optional(),
  variants: z.array(text).optional(),
  feedback: text.optional(),
  followers: text.optional(),
});

/** One row of the JSON seed files: fields left out get the category defaults. */
const jsonRowSchema = z
  .strictObject({
    name: text,
    url: rootRelativePath.nullish(),
    price: pounds,
    original_price: pounds.nullish(),
    description: text.optional(),
    images: z.array(imageUrl).min(2, "needs at least two images"),
    colours: z.array(text).min(1).optional(),
    sizes: z.array(text).min(1).optional(),
    rating: z.number().min(0).max(5).optional(),
    review_count: z.number().int().nonnegative().optional(),
    sold: text.optional(),
    bestseller_rank: text.optional(),
    store_name: text.optional(),
    store_feedback_percentage: z.number().min(0).max(100).optional(),
    shipping: text.optional(),
    return_policy: text.optional(),
    specifications: specificationsSchema.optional(),
    tags: z.array(text).optional(),
    stock: z.number().int().nonnegative().optional(),
  })
  .refine((row) => row.original_price == null || row.original_price > row.price, {
    message: "must be above price (leave it out when the product is not on sale)",
    path: ["original_price"],
  });

/** A shirt row's original price, which falls back to the price (admin.md section 5). */
type SeedRow = z.infer<typeof jsonRowSchema> & { shirtOriginalPence?: number | null };

// suits.csv: the first 16 columns carry everything a suit needs; the rest are optional.
const SUIT_CSV_COLUMNS = [
  "name",
  "url",
  "price",
  "original_price",
  "discount",
  "sold",
  "rating",
  "review_count",
  "colours",
  "sizes",
  "description",
  "material",
  "pattern",
  "occasion",
  "care",
  "images",
  "store_name",
  "tags",
  "bestseller_rank",
] as const;
type SuitCsvColumn = (typeof SUIT_CSV_COLUMNS)[number];

const LIST_SEPARATOR = /[|;]/;
const emptyToUndefined = (value: string | undefined) => (value === undefined || value.trim() === "" ? undefined : value.trim());
const csvText = z.string().optional().transform(emptyToUndefined);
const csvList = csvText.transform((value) =>
  value === undefined
    ? undefined
    : value
        .split(LIST_SEPARATOR)
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ""),
);
const csvNumber = (inner: z.ZodType<number, number>) =>
  csvText.pipe(
    z
      .string()
      .regex(/^\d+(\.\d+)?$/, "must be a plain number such as 199.00")
      .transform(Number)
      .pipe(inner)
      .optional(),
  );

const suitCsvRowSchema = z
  .object({
    name: csvText.pipe(text),
    url: csvText.pipe(rootRelativePath.optional()),
    price: csvText.pipe(z.string({ error: "is required" }).regex(/^\d+(\.\d+)?$/, "must be a plain number such as 199.00").transform(Number).pipe(pounds)),
    original_price: csvNumber(pounds),
    discount: csvNumber(z.number().int().min(0).max(100)),
    sold: csvText,
    rating: csvNumber(z.number().min(0).max(5)),
    review_count: csvNumber(z.number().int().nonnegative()),
    colours: csvList.pipe(z.array(text).min(1, "needs at least one colour")),
    sizes: csvList.pipe(z.array(text).min(1, "needs at least one size")),
    description: csvText,
    material: csvText,
    pattern: csvText,
    occasion: csvText,
    care: csvText,
    images: csvList.pipe(z.array(imageUrl).min(2, "needs at least two images")),
    store_name: csvText,
    tags: csvList,
    bestseller_rank: csvText,
  })
  .refine((row) => row.original_price === undefined || row.original_price > row.price, {
    message: "must be above price (leave it empty when the suit is not on sale)",
    path: ["original_price"],
  });

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

export class SeedDataError extends Error {
  override name = "SeedDataError";
}

/**
 * One data row of a source as the import sees it: a product, or why it is not one. "skipped"
 * rows break one of the spec's skip rules (admin.md section 5: too few fields, no name, url,
 * image or price, a price that is not a number above zero); "error" rows are malformed in another
 * way. Header rows are not data rows.
 */
export type SeedRowOutcome =
  | { row: number; name: string | null; product: SeedProduct }
  | { row: number; name: string | null; refused: { kind: "skipped" | "error"; reason: string } };

export type SeedSource = { category: CategoryValue; file: string; rows: SeedRowOutcome[] };

type RowRead = { row: number; name: string | null; seedRow?: SeedRow; refused?: { kind: "skipped" | "error"; reason: string } };

function seedDirPath(seedDir: string | URL | undefined): string {
  const dir = seedDir ?? DEFAULT_SEED_DIR;
  return dir instanceof URL ? fileURLToPath(dir) : dir;
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "row"}: ${issue.message}`).join("; ");
}

function rowLabel(file: string, row: number, name: unknown): string {
  return `seed/data/${file} row ${row}${typeof name === "string" && name.trim() !== "" ? ` ("${name.trim()}")` : ""}`;
}

function readDataFile(dir: string, file: string): string {
  try {
    return readFileSync(path.join(dir, "data", file), "utf8");
  } catch (error) {
    throw new SeedDataError(`seed/data/${file}: cannot be read (${(error as Error).message})`);
  }
}

const nameOf = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
const PRICE_REFUSAL = "price: is not a number above zero";

function readJsonRows(dir: string, file: string): RowRead[] {
  let data: unknown;
  try {
    data = JSON.parse(readDataFile(dir, file));
  } catch (error) {
    if (error instanceof SeedDataError) throw error;
    throw new SeedDataError(`seed/data/${file}: is not valid JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(data)) throw new SeedDataError(`seed/data/${file}: must hold a JSON array of products`);
  return data.map((raw: unknown, index): RowRead => {
    const row = index + 1;
    const name = typeof raw === "object" && raw !== null ? nameOf((raw as { name?: unknown }).name) : null;
    if (importPricePence((raw as { price?: unknown } | null)?.price) === null) return { row, name, refused: { kind: "skipped", reason: PRICE_REFUSAL } };
    const result = jsonRowSchema.safeParse(raw);
    if (!result.success) return { row, name, refused: { kind: "error", reason: describeIssues(result.error) } };
    return { row, name, seedRow: result.data };
  });
}

type CsvRecord = { record: string[]; info: { lines: number } };

function parseCsvRecords(dir: string, file: string): CsvRecord[] {
  try {
    // `info: true` wraps each record with its line number; csv-parse's types do not model it.
    return parse(readDataFile(dir, file), {
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as unknown as CsvRecord[];
  } catch (error) {
    if (error instanceof SeedDataError) throw error;
    throw new SeedDataError(`seed/data/${file}: is not valid CSV (${(error as Error).message})`);
  }
}

/** suits.csv: a header row, then one suit a row; list cells are separated by | or ;. */
function readSuitCsvRows(dir: string, file: string): RowRead[] {
  const [header, ...rows] = parseCsvRecords(dir, file);
  const headerCells = (header?.record ?? []).map((cell) => cell.trim().toLowerCase());
  const missing = SUIT_CSV_COLUMNS.slice(0, SUIT_CSV_MIN_COLUMNS).filter((column) => !headerCells.includes(column));
  if (missing.length > 0) {
    throw new SeedDataError(`seed/data/${file}: the header row lacks the column(s) ${missing.join(", ")}`);
  }
  return rows.map(({ record, info }, index): RowRead => {
    const row = index + 1;
    const name = nameOf(record[0]);
    const refuse = (kind: "skipped" | "error", reason: string): RowRead => ({ row, name, refused: { kind, reason: `${reason} (line ${info.lines})` } });
    if (record.length < SUIT_CSV_MIN_COLUMNS) {
      return refuse("skipped", `has ${record.length} columns; suit rows need at least ${SUIT_CSV_MIN_COLUMNS}`);
    }
    if (record.length > headerCells.length) return refuse("error", `has ${record.length} columns but the header has ${headerCells.length}`);
    const cells: Partial<Record<SuitCsvColumn, string>> = {};
    for (const column of SUIT_CSV_COLUMNS) {
      const position = headerCells.indexOf(column);
      if (position >= 0) cells[column] = record[position];
    }
    if (importPricePence(cells.price) === null) return refuse("skipped", PRICE_REFUSAL);
    const result = suitCsvRowSchema.safeParse(cells);
    if (!result.success) return refuse("error", describeIssues(result.error));
    const parsed = result.data;
    const originalPence = parsed.original_price === undefined ? null : toPence(parsed.original_price);
    const computedDiscount = kaftanDiscountPercentage(toPence(parsed.price), originalPence);
    if (parsed.discount !== undefined && parsed.discount !== computedDiscount) {
      return refuse("error", `discount: is ${parsed.discount} but price and original_price make ${computedDiscount ?? "no discount"}`);
    }
    const specifications = {
      ...(parsed.material && { material: parsed.material }),
      ...(parsed.pattern && { pattern: parsed.pattern }),
      ...(parsed.occasion && { occasion: parsed.occasion }),
      ...(parsed.care && { care: parsed.care }),
    };
    const normalisedColours = normaliseSuitColours(parsed.colours);
    if (normalisedColours.length === 0) return refuse("error", "colours: no colour left after normalising");
    return {
      row,
      name,
      seedRow: {
        name: parsed.name,
        url: parsed.url ?? null,
        price: parsed.price,
        original_price: parsed.original_price ?? null,
        description: parsed.description,
        images: parsed.images,
        colours: normalisedColours,
        sizes: parsed.sizes,
        rating: parsed.rating,
        review_count: parsed.review_count,
        sold: parsed.sold,
        bestseller_rank: parsed.bestseller_rank,
        store_name: parsed.store_name,
        specifications: Object.keys(specifications).length > 0 ? specifications : undefined,
        tags: parsed.tags,
      },
    };
  });
}

const CSV_REFUSALS: Readonly<Record<Exclude<CsvRowRefusal, "header">, string>> = {
  "too-few-fields": "has too few fields",
  "no-name": "name: is empty",
  "no-url": "url: is empty",
  "no-image-or-price": "has neither an image nor a price",
};

/**
 * shoes.csv, accessories.csv, shirts.csv, white-wear.csv: the spec's row formats
 * (CSV_ROW_FORMATS) in their leading columns, read by position; further columns (rating, store,
 * specifications, ...) are read by their header name. The header row is skipped.
 */
function readToolCsvRows(dir: string, file: string, category: CsvToolCategory): RowRead[] {
  const format = CSV_ROW_FORMATS[category];
  const minFields = CSV_MIN_FIELDS[category];
  const records = parseCsvRecords(dir, file);
  const header = records[0] && isHeaderRow(records[0].record) ? records[0].record.map((cell) => cell.trim().toLowerCase()) : [...format];
  const reads: RowRead[] = [];
  let row = 0;
  for (const { record, info } of records) {
    const refusal = csvRowRefusal(record, format, minFields);
    if (refusal === "header") continue;
    row++;
    const name = nameOf(record[0]);
    const refuse = (kind: "skipped" | "error", reason: string) => reads.push({ row, name, refused: { kind, reason: `${reason} (line ${info.lines})` } });
    if (refusal !== null) {
      refuse("skipped", CSV_REFUSALS[refusal]);
      continue;
    }
    const cell = (column: string): string | undefined => {
      const position = format.includes(column) ? format.indexOf(column) : header.indexOf(column);
      const value = position >= 0 ? record[position]?.trim() : undefined;
      return value === "" ? undefined : value;
    };
    const isShirt = category === "shirts";
    const shirt = isShirt ? shirtFields({ price: cell("price"), originalPrice: cell("original_price"), rating: cell("rating") }) : null;
    const pricePence = shirt ? shirt.pricePence : importPricePence(cell("price"));
    if (pricePence === null) {
      refuse("skipped", PRICE_REFUSAL);
      continue;
    }
    const originalText = cell("original_price");
    const originalPence = originalText === undefined ? null : importPricePence(originalText);
    if (originalText !== undefined && originalPence === null) {
      refuse("error", "original_price: is not a number above zero");
      continue;
    }
    const list = (column: string) => {
      const entries = splitListCell(cell(column), /[|;]/);
      return entries.length > 0 ? entries : undefined;
    };
    const number = (column: string) => {
      const value = cell(column);
      return value === undefined || !/^\d+(\.\d+)?$/.test(value) ? undefined : Number(value);
    };
    const specifications = {
      ...(cell("material") && { material: cell("material") }),
      ...(cell("pattern") && { pattern: cell("pattern") }),
      ...(cell("occasion") && { occasion: cell("occasion") }),
      ...(cell("care") && { care: cell("care") }),
    };
    const candidate = {
      name: cell("name"),
      url: cell("url"),
      price: pricePence / 100,
      // A shirt's original price is checked after the row is read: it may equal the price.
      original_price: isShirt || originalPence === null ? undefined : originalPence / 100,
      description: cell("description"),
      images: list("images") ?? [],
      colours: list("colours"),
      sizes: list("sizes"),
      rating: shirt ? shirt.rating : number("rating"),
      review_count: number("review_count"),
      sold: cell("sold"),
      bestseller_rank: cell("bestseller_rank"),
      store_name: cell("store_name"),
      specifications: Object.keys(specifications).length > 0 ? specifications : undefined,
      tags: list("tags"),
    };
    const result = jsonRowSchema.safeParse(Object.fromEntries(Object.entries(candidate).filter(([, value]) => value !== undefined)));
    if (!result.success) {
      refuse("error", describeIssues(result.error));
      continue;
    }
    reads.push({ row, name, seedRow: { ...result.data, ...(shirt && { shirtOriginalPence: shirt.originalPricePence }) } });
  }
  return reads;
}

function toPence(pounds: number): number {
  return Math.round(pounds * 100);
}

function toProduct(row: SeedRow, category: CategoryValue, index: number): SeedProduct {
  const defaults = CATEGORY_DEFAULTS[category];
  const pricePence = toPence(row.price);
  const originalPricePence =
    row.shirtOriginalPence != null
      ? row.shirtOriginalPence
      : row.original_price != null
      ? toPence(row.original_price)
      : defaults.originalPriceFactor !== undefined
        ? originalFromFactor(pricePence, defaults.originalPriceFactor)
        : null;
  const sold = parseSoldCount(row.sold);
  const rating = row.rating ?? defaults.rating;
  const shipping = row.shipping ?? defaults.shipping ?? null;
  const specifications: ProductSpecifications | null = row.specifications ?? null;
  return {
    name: row.name,
    productUrl: row.url ?? null,
    image: row.images[0] ?? null,
    pricePence,
    originalPricePence,
    // admin.md section 5 gives the kaftan rule; it is the only discount rounding the spec
    // defines, so every seeded product on sale gets its percentage the same way.
    discountPercentage: kaftanDiscountPercentage(pricePence, originalPricePence),
    rating: rating === undefined ? null : Math.round(rating * 10) / 10,
    numberOfSales: sold,
    reviewCount: row.review_count ?? 0,
    soldQuantity: sold,
    bestsellerRank: row.bestseller_rank ?? null,
    storeName: row.store_name ?? defaults.storeName ?? null,
    storeFeedbackPercentage: row.store_feedback_percentage ?? null,
    shippingInformation: shipping,
    shippingInfo: shipping,
    returnRefundPolicy: row.return_policy ?? defaults.returnPolicy ?? null,
    description: row.description ?? defaults.description,
    category,
    stock: row.stock ?? defaults.stock(index),
    inStock: true, // admin.md section 4: imports create products in stock and active
    isActive: true,
    availableColors: [...(row.colours ?? defaults.colours ?? [])],
    availableSizes: [...(row.sizes ?? defaults.sizes ?? [])],
    productImages: [...row.images],
    productGallery: [...row.images],
    specifications,
    tags: [...(row.tags ?? defaults.tags ?? [])],
  };
}

const ONLINE_URL = /https?:\/\//i;

/** Seed data must work offline: no text of a product may point at the internet. */
function assertOffline(product: SeedProduct, file: string, row: number): void {
  const visit = (value: unknown, where: string): void => {
    if (typeof value === "string") {
      if (ONLINE_URL.test(value)) {
        throw new SeedDataError(`${rowLabel(file, row, product.name)}: ${where} contains an internet address; seed data must stay offline`);
      }
    } else if (Array.isArray(value)) {
      value.forEach((entry, position) => visit(entry, `${where}[${position}]`));
    } else if (typeof value === "object" && value !== null) {
      for (const [key, entry] of Object.entries(value)) visit(entry, where === "" ? key : `${where}.${key}`);
    }
  };
  visit(product, "");
}

function assertUniqueNames(products: readonly SeedProduct[]): void {
  const seen = new Map<string, SeedProduct>();
  for (const product of products) {
    const key = product.name.trim().toLowerCase();
    const earlier = seen.get(key);
    if (earlier) {
      throw new SeedDataError(
        `Duplicate seed product name "${product.name}" (${earlier.category} and ${product.category}); names are the duplicate key and must be unique`,
      );
    }
    seen.set(key, product);
  }
}

function resolveCategory(category: string): CategoryValue {
  const wanted = category.trim().toLowerCase();
  const match = SEED_CATEGORIES.find((candidate) => candidate.toLowerCase() === wanted);
  if (match === undefined) {
    throw new SeedDataError(`Unknown seed category "${category}"; expected one of ${SEED_CATEGORIES.join(", ")}`);
  }
  return match;
}

function readRows(category: CategoryValue, dir: string, file: string): RowRead[] {
  if (category === "suits") return readSuitCsvRows(dir, file);
  if (category in CSV_ROW_FORMATS) return readToolCsvRows(dir, file, category as CsvToolCategory);
  return readJsonRows(dir, file);
}

function readSource(category: CategoryValue, dir: string): SeedSource {
  const file = SEED_CATEGORY_FILES[category];
  const rows = readRows(category, dir, file).map((read, index): SeedRowOutcome => {
    if (read.refused || !read.seedRow) return { row: read.row, name: read.name, refused: read.refused ?? { kind: "error", reason: "unreadable" } };
    const product = toProduct(read.seedRow, category, index);
    try {
      assertOffline(product, file, read.row);
    } catch (error) {
      return { row: read.row, name: read.name, refused: { kind: "error", reason: (error as Error).message.replace(/^.*?: /, "") } };
    }
    return { row: read.row, name: read.name, product };
  });
  return { category, file, rows };
}

/**
 * A seed source as the import reads it (src/server/admin/imports): every data row, imported or
 * refused with its reason. Throws SeedDataError only when the file as a whole cannot be read.
 */
export function readSeedSource(category: string, seedDir?: string | URL): SeedSource {
  return readSource(resolveCategory(category), seedDirPath(seedDir));
}

/** The built-in lists must be clean: for the strict readers, any refused row is an error. */
function readCategory(category: CategoryValue, dir: string): SeedProduct[] {
  const source = readSource(category, dir);
  return source.rows.map((outcome) => {
    if ("refused" in outcome) throw new SeedDataError(`${rowLabel(source.file, outcome.row, outcome.name)}: ${outcome.refused.reason}`);
    return outcome.product;
  });
}

/**
 * One category's seed products (for the admin import buttons). The category is matched without
 * case ("Kaftan" is kaftan, admin.md section 3) and stored in its canonical spelling.
 */
export function readSeedCategory(category: string, seedDir?: string | URL): SeedProduct[] {
  const products = readCategory(resolveCategory(category), seedDirPath(seedDir));
  assertUniqueNames(products);
  return products;
}

/** The whole seed catalogue, category by category in SEED_CATEGORIES order. */
export function readSeedCatalogue(seedDir?: string | URL): SeedProduct[] {
  const dir = seedDirPath(seedDir);
  const products = SEED_CATEGORIES.flatMap((category) => readCategory(category, dir));
  assertUniqueNames(products);
  return products;
}
