// The product editor's rules (admin Add Product / Edit): one zod schema that the editor runs in
// the browser before it sends and the server runs on every create and update (page form and JSON
// API alike), so the owner sees the server's own messages before a round trip.
// Prices are typed in pounds and come out in integer pence.
import { z } from "zod";
import { CATEGORIES, categoryFromParam, type CategoryValue } from "../categories.ts";
import { isGalleryImage } from "../images.ts";
import { adminProductEditor as text } from "../messages/admin.ts";
import { validation } from "../messages/forms.ts";
import { requestErrors } from "../messages/requests.ts";
import { isNegativePounds, poundsToPence } from "../pounds-input.ts";
import type { InputSource } from "../input-source.ts";
import { hasControlCharacters } from "../text-rules.ts";

export const PRODUCT_LIMITS = {
  name: 200,
  description: 5000,
  listEntries: 30,
  listEntry: 40,
  galleryImages: 12,
  imageUrl: 2000,
  maxStock: 1_000_000,
  maxPricePence: 10_000_000,
} as const;

export type ProductInput = {
  name: string;
  description: string;
  category: CategoryValue;
  pricePence: number;
  /** Null when blank: no "was" price. */
  originalPricePence: number | null;
  colours: string[];
  sizes: string[];
  stock: number;
  isActive: boolean;
  /** Image URLs in display order; the first is the main image. */
  gallery: string[];
};

/**
 * A price as typed, in pounds ("" when left empty, null when not text), or why it cannot be one:
 * the save reads it so, and the editor's live "Shoppers pay" line with it.
 */
export function readProductPrice(priceText: string | null): { ok: true; pence: number } | { ok: false; message: string } {
  if (priceText === "") return { ok: false, message: text.priceRequired };
  if (priceText !== null && isNegativePounds(priceText)) return { ok: false, message: text.pricePositive };
  const pence = priceText === null ? null : poundsToPence(priceText, { wholePennies: true });
  if (pence === null) return { ok: false, message: text.priceInvalid };
  if (pence <= 0) return { ok: false, message: text.pricePositive };
  if (pence > PRODUCT_LIMITS.maxPricePence) return { ok: false, message: text.priceTooHigh };
  return { ok: true, pence };
}

/** What separates the entries of a colour or size list in the catalogue spreadsheet (its import splits on them). */
export const LIST_SEPARATORS = /[,;|\n]/;

// What the editor's Active checkbox posts: its value ("true"; a checkbox without one, "on") when ticked.
const TRUE_WORDS = new Set(["true", "on"]);
const FALSE_WORDS = new Set(["false", ""]);

/** A list typed as "Black, Navy" or sent as ["Black", "Navy"]: trimmed, blanks dropped, repeats (any case) dropped. */
export function readList(value: unknown): string[] | null {
  const entries = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : value == null ? [] : null;
  if (entries === null || entries.some((entry) => typeof entry !== "string")) return null;
  const seen = new Set<string>();
  const result: string[] = [];
  for (const entry of entries as string[]) {
    const trimmed = entry.trim();
    if (trimmed === "" || seen.has(trimmed.toLowerCase())) continue;
    seen.add(trimmed.toLowerCase());
    result.push(trimmed);
  }
  return result;
}

/**
 * Line breaks as "\n": a browser posts a form's textarea with "\r\n" when it sends the form itself
 * (no JavaScript) and with "\n" through JavaScript, so one description is stored one way.
 */
export function withNewlines(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

function amountText(value: unknown): string | null {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : null;
  if (typeof value === "string") return value.trim();
  return value == null ? "" : null;
}

// Each field is read below, whatever its type; only a body that is no object at all fails here.
const rawProduct = z.object(
  {
    name: z.unknown().optional(),
    description: z.unknown().optional(),
    category: z.unknown().optional(),
    price: z.unknown().optional(),
    originalPrice: z.unknown().optional(),
    colours: z.unknown().optional(),
    sizes: z.unknown().optional(),
    stock: z.unknown().optional(),
    isActive: z.unknown().optional(),
    gallery: z.unknown().optional(),
  },
  { error: requestErrors.jsonObjectRequired },
);

export type ProductField = keyof z.infer<typeof rawProduct>;

/** The product field of that name, or null. */
export function productField(name: unknown): ProductField | null {
  return typeof name === "string" && Object.hasOwn(rawProduct.shape, name) ? (name as ProductField) : null;
}

/**
 * Reads a product from the editor's form values or the JSON API's body (`source`). Every problem
 * is reported against its field (all at once, so the form can mark each one).
 */
const productSchema = (source: InputSource) => rawProduct.transform((input, ctx): ProductInput => {
  const fail = (path: ProductField, message: string) => {
    ctx.issues.push({ code: "custom", message, input: input[path], path: [path] });
  };

  const name = typeof input.name === "string" ? input.name.trim() : "";
  if (name === "") fail("name", text.nameRequired);
  else if (name.length > PRODUCT_LIMITS.name) fail("name", `Name can be at most ${PRODUCT_LIMITS.name} characters`);
  else if (hasControlCharacters(name)) fail("name", "Name contains characters that are not allowed");

  const description = typeof input.description === "string" ? withNewlines(input.description).trim() : "";
  if (input.description != null && typeof input.description !== "string") fail("description", validation.notText("Description"));
  else if (description.length > PRODUCT_LIMITS.description) fail("description", `Description can be at most ${PRODUCT_LIMITS.description} characters`);
  else if (hasControlCharacters(description, { multiLine: true })) fail("description", "Description contains characters that are not allowed");

  const category = typeof input.category === "string" ? categoryFromParam(input.category) : null;
  if (category === null) fail("category", text.categoryRequired);

  let pricePence = 0;
  const price = readProductPrice(amountText(input.price));
  if (price.ok) pricePence = price.pence;
  else fail("price", price.message);

  let originalPricePence: number | null = null;
  const originalText = amountText(input.originalPrice);
  if (originalText !== "") {
    const pence = originalText === null ? null : poundsToPence(originalText, { wholePennies: true });
    if (originalText !== null && isNegativePounds(originalText)) fail("originalPrice", text.originalPricePositive);
    else if (pence === null) fail("originalPrice", text.priceInvalid);
    else if (pence > PRODUCT_LIMITS.maxPricePence) fail("originalPrice", text.priceTooHigh);
    else if (pricePence > 0 && pence < pricePence) fail("originalPrice", text.originalBelowPrice);
    else originalPricePence = pence;
  }

  const lists = { colours: "Colours", sizes: "Sizes" } as const;
  const readField = (field: keyof typeof lists): string[] => {
    const list = readList(input[field]);
    if (list === null) {
      fail(field, `${lists[field]} must be a list of text`);
      return [];
    }
    if (list.length > PRODUCT_LIMITS.listEntries) fail(field, text.listTooLong(lists[field], PRODUCT_LIMITS.listEntries));
    else if (list.some((entry) => entry.length > PRODUCT_LIMITS.listEntry)) fail(field, text.entryTooLong(lists[field], PRODUCT_LIMITS.listEntry));
    else if (list.some((entry) => hasControlCharacters(entry))) fail(field, `${lists[field]} contain characters that are not allowed`);
    // The spreadsheet separates a list's entries with them: one entry holding one came back as several.
    else if (list.some((entry) => LIST_SEPARATORS.test(entry))) fail(field, text.entryHoldsSeparator(lists[field]));
    return list;
  };
  const colours = readField("colours");
  const sizes = readField("sizes");

  let stock = 0;
  const stockText = typeof input.stock === "number" ? String(input.stock) : typeof input.stock === "string" && source === "form" ? input.stock.trim() : "";
  if (typeof input.stock === "string" && source === "json") fail("stock", text.stockNotNumber);
  else if (!/^\d{1,7}$/.test(stockText) || Number(stockText) > PRODUCT_LIMITS.maxStock) fail("stock", text.stockInvalid);
  else stock = Number(stockText);

  // JSON says true or false; a form's checkbox posts its value when ticked ("true", "on").
  let isActive = false;
  const activeWord = typeof input.isActive === "string" && source === "form" ? input.isActive.trim().toLowerCase() : null;
  if (typeof input.isActive === "boolean") isActive = input.isActive;
  else if (activeWord !== null && TRUE_WORDS.has(activeWord)) isActive = true;
  else if (!(input.isActive == null || (activeWord !== null && FALSE_WORDS.has(activeWord)))) fail("isActive", text.activeInvalid);

  const galleryEntries = input.gallery == null ? [] : Array.isArray(input.gallery) ? input.gallery : typeof input.gallery === "string" ? [input.gallery] : null;
  const gallery: string[] = [];
  if (galleryEntries === null || galleryEntries.some((entry) => typeof entry !== "string")) fail("gallery", text.galleryInvalid);
  else {
    for (const entry of galleryEntries as string[]) {
      const url = entry.trim();
      if (url === "" || gallery.includes(url)) continue;
      gallery.push(url);
    }
    if (gallery.length > PRODUCT_LIMITS.galleryImages) fail("gallery", text.galleryTooLong(PRODUCT_LIMITS.galleryImages));
    // A "|" or a space separates image URLs in the spreadsheet; a web address has them encoded.
    else if (gallery.some((url) => url.length > PRODUCT_LIMITS.imageUrl || !isGalleryImage(url) || hasControlCharacters(url) || /[|\s]/.test(url))) {
      fail("gallery", text.galleryInvalid);
    }
  }

  return { name, description, category: category ?? CATEGORIES[0]!.value, pricePence, originalPricePence, colours, sizes, stock, isActive, gallery };
});

/** A product body of the JSON API: `stock` a number, `isActive` a boolean. */
export const productInputSchema = productSchema("json");
/** The editor's posted form (productFormValues), in the browser and on the server: every value is text. */
export const productFormSchema = productSchema("form");

/** The form's values as the schema reads them: repeated `gallery` fields keep their order. */
export function productFormValues(form: FormData): Record<ProductField, unknown> {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    name: field("name"),
    description: field("description"),
    category: field("category"),
    price: field("price"),
    originalPrice: field("originalPrice"),
    colours: field("colours"),
    sizes: field("sizes"),
    stock: field("stock"),
    isActive: field("isActive") ?? "false",
    gallery: form.getAll("gallery").filter((value): value is string => typeof value === "string"),
  };
}

/** Each field's first problem, for marking the form. */
export function productFieldErrors(error: z.ZodError): Partial<Record<ProductField, string>> {
  const errors: Partial<Record<ProductField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as ProductField | undefined;
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/**
 * A refused product as the JSON API answers it: each field's first problem, and the first of them
 * as the headline; a body that is no object has no field, so its own message heads it.
 */
export function productRefusal(error: z.ZodError): { error: string; fields: Partial<Record<ProductField, string>> } {
  const fields = productFieldErrors(error);
  return { error: Object.values(fields)[0] ?? error.issues[0]?.message ?? requestErrors.unreadable, fields };
}

/** Whether a product in stock: the storefront sells a product only while both hold. */
export function inStockFor(stock: number): boolean {
  return stock > 0;
}
