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
import { isValidImageUrl } from "../../domain/images.ts";
import { kaftanDiscountPercentage } from "../../domain/kaftan.ts";
import { parseSoldCount } from "../../domain/sold-count.ts";
import { normaliseSuitColours } from "../../domain/suit-colours.ts";
import type { NewProduct, ProductSpecifications } from "../db/schema.ts";

export type SeedProduct = Omit<NewProduct, "id" | "createdAt" | "updatedAt">;

/** The category values stored in products.category, exactly as the admin filter uses them. */
export const SEED_CATEGORIES = [
  "suits",
  "blazers",
  "shirts",
  "shoes",
  "ties",
  "kaftan",
  "Traditional Wear",
  "denim",
  "white-wear",
  "accessories",
] as const;
export type SeedCategory = (typeof SEED_CATEGORIES)[number];

/** Which file in seed/data/ feeds which category. */
export const SEED_CATEGORY_FILES: Readonly<Record<SeedCategory, string>> = {
  suits: "suits.csv",
  blazers: "blazers.json",
  shirts: "shirts.json",
  shoes: "shoes.json",
  ties: "ties.json",
  kaftan: "kaftan.json",
  "Traditional Wear": "traditional-wear.json",
  denim: "denim.json",
  "white-wear": "white-wear.json",
  accessories: "accessories.json",
};

/** Where the web app serves seed/images/ from; every seed image URL starts with this. */
export const SEED_IMAGE_URL_PREFIX = "/images/products/";

/** suits.csv rows need at least this many columns (admin.md sections 3 and 9). */
export const SUIT_CSV_MIN_COLUMNS = 16;

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

const CATEGORY_DEFAULTS: Readonly<Record<SeedCategory, CategoryDefaults>> = {
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
    originalPriceFactor: 1.2,
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
    originalPriceFactor: 1.2,
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

type SeedRow = z.infer<typeof jsonRowSchema>;

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

function readJsonRows(dir: string, file: string): SeedRow[] {
  let data: unknown;
  try {
    data = JSON.parse(readDataFile(dir, file));
  } catch (error) {
    if (error instanceof SeedDataError) throw error;
    throw new SeedDataError(`seed/data/${file}: is not valid JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(data)) throw new SeedDataError(`seed/data/${file}: must hold a JSON array of products`);
  return data.map((raw: unknown, index) => {
    const result = jsonRowSchema.safeParse(raw);
    if (!result.success) {
      const name = typeof raw === "object" && raw !== null ? (raw as { name?: unknown }).name : undefined;
      throw new SeedDataError(`${rowLabel(file, index + 1, name)}: ${describeIssues(result.error)}`);
    }
    return result.data;
  });
}

/** suits.csv: a header row, then one suit a row; list cells are separated by | or ;. */
function readSuitCsvRows(dir: string, file: string): SeedRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // `info: true` wraps each record with its line number; csv-parse's types do not model it.
    records = parse(readDataFile(dir, file), {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof SeedDataError) throw error;
    throw new SeedDataError(`seed/data/${file}: is not valid CSV (${(error as Error).message})`);
  }
  const [header, ...rows] = records;
  const headerCells = (header?.record ?? []).map((cell) => cell.trim().toLowerCase());
  const missing = SUIT_CSV_COLUMNS.slice(0, SUIT_CSV_MIN_COLUMNS).filter((column) => !headerCells.includes(column));
  if (missing.length > 0) {
    throw new SeedDataError(`seed/data/${file}: the header row lacks the column(s) ${missing.join(", ")}`);
  }
  return rows.map(({ record, info }, index) => {
    const label = `${rowLabel(file, index + 1, record[0])} (line ${info.lines})`;
    if (record.length < SUIT_CSV_MIN_COLUMNS) {
      throw new SeedDataError(`${label}: has ${record.length} columns; suit rows need at least ${SUIT_CSV_MIN_COLUMNS}`);
    }
    if (record.length > headerCells.length) {
      throw new SeedDataError(`${label}: has ${record.length} columns but the header has ${headerCells.length}`);
    }
    const cells: Partial<Record<SuitCsvColumn, string>> = {};
    for (const column of SUIT_CSV_COLUMNS) {
      const position = headerCells.indexOf(column);
      if (position >= 0) cells[column] = record[position];
    }
    const result = suitCsvRowSchema.safeParse(cells);
    if (!result.success) throw new SeedDataError(`${label}: ${describeIssues(result.error)}`);
    const row = result.data;
    const originalPence = row.original_price === undefined ? null : toPence(row.original_price);
    const computedDiscount = kaftanDiscountPercentage(toPence(row.price), originalPence);
    if (row.discount !== undefined && row.discount !== computedDiscount) {
      throw new SeedDataError(
        `${label}: discount: is ${row.discount} but price and original_price make ${computedDiscount ?? "no discount"}`,
      );
    }
    const specifications = {
      ...(row.material && { material: row.material }),
      ...(row.pattern && { pattern: row.pattern }),
      ...(row.occasion && { occasion: row.occasion }),
      ...(row.care && { care: row.care }),
    };
    const normalisedColours = normaliseSuitColours(row.colours);
    if (normalisedColours.length === 0) throw new SeedDataError(`${label}: colours: no colour left after normalising`);
    return {
      name: row.name,
      url: row.url ?? null,
      price: row.price,
      original_price: row.original_price ?? null,
      description: row.description,
      images: row.images,
      colours: normalisedColours,
      sizes: row.sizes,
      rating: row.rating,
      review_count: row.review_count,
      sold: row.sold,
      bestseller_rank: row.bestseller_rank,
      store_name: row.store_name,
      specifications: Object.keys(specifications).length > 0 ? specifications : undefined,
      tags: row.tags,
    };
  });
}

function toPence(pounds: number): number {
  return Math.round(pounds * 100);
}

function toProduct(row: SeedRow, category: SeedCategory, index: number): SeedProduct {
  const defaults = CATEGORY_DEFAULTS[category];
  const pricePence = toPence(row.price);
  const originalPricePence =
    row.original_price != null
      ? toPence(row.original_price)
      : defaults.originalPriceFactor !== undefined
        ? Math.round(pricePence * defaults.originalPriceFactor)
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

function resolveCategory(category: string): SeedCategory {
  const wanted = category.trim().toLowerCase();
  const match = SEED_CATEGORIES.find((candidate) => candidate.toLowerCase() === wanted);
  if (match === undefined) {
    throw new SeedDataError(`Unknown seed category "${category}"; expected one of ${SEED_CATEGORIES.join(", ")}`);
  }
  return match;
}

function readCategory(category: SeedCategory, dir: string): SeedProduct[] {
  const file = SEED_CATEGORY_FILES[category];
  const rows = file.endsWith(".csv") ? readSuitCsvRows(dir, file) : readJsonRows(dir, file);
  return rows.map((row, index) => {
    const product = toProduct(row, category, index);
    assertOffline(product, file, index + 1);
    return product;
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
