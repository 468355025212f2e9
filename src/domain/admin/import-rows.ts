// The row rules of the seed imports (admin.md sections 3, 5 and 9), pure so the server's import
// and these tests share them. Prices come back as integer pence.
/** admin.md section 5: CSV rows need at least 6 fields, 7 for shoes and accessories. */
export const CSV_MIN_FIELDS = { shoes: 7, accessories: 7, shirts: 6, "white-wear": 6 } as const;
export type CsvToolCategory = keyof typeof CSV_MIN_FIELDS;

/** Spec row formats (admin.md section 3 "Import source rows"): the leading columns, in order. */
export const CSV_ROW_FORMATS: Readonly<Record<CsvToolCategory, readonly string[]>> = {
  // "name, url, image list, price, sold text, description"; the seventh field of a shoe row is
  // the store, delivery and return text the spec says is ignored.
  shoes: ["name", "url", "images", "price", "sold", "description", "delivery"],
  // "accessories also a category": the kind of accessory (Cufflinks, Belts, ...).
  accessories: ["name", "url", "images", "price", "sold", "description", "category"],
  // "name, url, current price, original price, discount, sold, images, selected colour and size,
  // rating, lists of available colours and sizes".
  shirts: ["name", "url", "price", "original_price", "discount", "sold", "images", "colour", "size", "rating", "colours", "sizes"],
  "white-wear": ["name", "url", "price", "original_price", "discount", "sold", "images", "colour", "size", "rating", "colours", "sizes"],
};

/** suits.csv rows need at least this many columns (admin.md sections 3 and 9). */
export const SUIT_CSV_MIN_COLUMNS = 16;

/** Why a CSV row is not imported, or null when it may be. */
export type CsvRowRefusal = "header" | "too-few-fields" | "no-name" | "no-url" | "no-image-or-price";

/**
 * admin.md section 5: "a row needs at least 6 fields (7 for shoes and accessories), a non-empty
 * name, url and image or price, and must not be the header row". Read as: name and url both
 * non-empty, and at least one of image and price.
 */
export function csvRowRefusal(fields: readonly string[], format: readonly string[], minFields: number): CsvRowRefusal | null {
  const cell = (column: string) => (fields[format.indexOf(column)] ?? "").trim();
  if (isHeaderRow(fields)) return "header";
  if (fields.length < minFields) return "too-few-fields";
  if (cell("name") === "") return "no-name";
  if (cell("url") === "") return "no-url";
  if (cell("images") === "" && cell("price") === "") return "no-image-or-price";
  return null;
}

/** The header row names its first column (name / Product Name) instead of a product. */
export function isHeaderRow(fields: readonly string[]): boolean {
  const first = (fields[0] ?? "").trim().toLowerCase();
  return first === "name" || first === "product name";
}

/**
 * A price in pounds ("£29.99", "29.99", 29.99) as pence; null when it is not a number or is zero
 * or negative: admin.md section 5, "rows are skipped when the price is not a number, or is zero
 * or negative".
 */
export function importPricePence(value: unknown): number | null {
  let pounds: number;
  if (typeof value === "number") pounds = value;
  else if (typeof value === "string") {
    const cleaned = value.trim().replace(/^[£$₵]\s*/, "").replace(/,/g, "");
    if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
    pounds = Number(cleaned);
  } else return null;
  if (!Number.isFinite(pounds) || pounds <= 0) return null;
  const pence = Math.round(pounds * 100);
  return pence > 0 && Number.isSafeInteger(pence) ? pence : null;
}

/** List cells ("Navy|Charcoal", "S;M;L", "White, Black") as trimmed, non-empty entries. */
export function splitListCell(text: string | null | undefined, separators: RegExp = /[|;,]/): string[] {
  if (!text) return [];
  return text
    .split(separators)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

/** admin.md section 9: shoes and accessories get original_price = 1.2 x price. */
export const SHOE_ACCESSORY_ORIGINAL_FACTOR = 1.2;
export function originalFromFactor(pricePence: number, factor = SHOE_ACCESSORY_ORIGINAL_FACTOR): number {
  return Math.round(pricePence * factor);
}

/** admin.md section 9 "Shirt defaults: rating 4.5". */
export const SHIRT_DEFAULT_RATING = 4.5;

/**
 * admin.md section 5, shirts: "price defaults to 0, original price falls back to the current
 * price, rating defaults to 4.5". A price of 0 is then skipped like every other import's
 * (decision 028): a free shirt is never what the owner meant.
 */
export function shirtFields(row: { price?: string; originalPrice?: string; rating?: string }): {
  pricePence: number | null;
  originalPricePence: number | null;
  rating: number;
} {
  const priceText = row.price?.trim() ? row.price : "0";
  const pricePence = importPricePence(priceText);
  const original = row.originalPrice?.trim() ? importPricePence(row.originalPrice) : null;
  const ratingNumber = Number(row.rating);
  const rating = row.rating?.trim() && Number.isFinite(ratingNumber) && ratingNumber >= 0 && ratingNumber <= 5 ? ratingNumber : SHIRT_DEFAULT_RATING;
  return { pricePence, originalPricePence: original ?? pricePence, rating };
}

/**
 * The duplicate key of a product: its name without case or surrounding spaces, as the
 * database's lower(name) index compares it (imported names are stored trimmed).
 */
export function productNameKey(name: string): string {
  return name.trim().toLowerCase();
}
