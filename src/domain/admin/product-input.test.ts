import { describe, expect, it } from "vitest";
import { adminProductEditor as text } from "../messages/admin.ts";
import { PRODUCT_LIMITS, productFieldErrors, productFormSchema, productFormValues, productInputSchema, readList, readProductPrice } from "./product-input.ts";

const valid = {
  name: "  Navy Wool Suit ",
  description: "Two-piece suit.\nDry clean only.",
  category: "suits",
  price: "249.99",
  originalPrice: "299.00",
  colours: "Navy, Charcoal, navy",
  sizes: ["38R", " 40R ", ""],
  stock: "12",
  isActive: "on",
  gallery: ["/uploads/0123456789abcdef0123456789abcdef-1200.webp", "https://images.unsplash.com/photo-1"],
};

// `valid` is text, as the editor's form posts it; the JSON API's own rules are tested apart.
function errorsOf(input: Record<string, unknown>, schema = productFormSchema) {
  const parsed = schema.safeParse(input);
  expect(parsed.success).toBe(false);
  return parsed.success ? {} : productFieldErrors(parsed.error);
}

describe("the product editor's rules (one schema for the browser and the server)", () => {
  it("reads a complete form: pounds to pence, trimmed text, lists without blanks or repeats", () => {
    expect(productFormSchema.parse(valid)).toEqual({
      name: "Navy Wool Suit",
      description: "Two-piece suit.\nDry clean only.",
      category: "suits",
      pricePence: 24999,
      originalPricePence: 29900,
      colours: ["Navy", "Charcoal"],
      sizes: ["38R", "40R"],
      stock: 12,
      isActive: true,
      gallery: valid.gallery,
    });
  });

  it("stores a description's line breaks one way, whether the browser sent CRLF (no JavaScript) or LF", () => {
    expect(productFormSchema.parse({ ...valid, description: "Two-piece suit.\r\nDry clean only.\r\n" }).description).toBe("Two-piece suit.\nDry clean only.");
    expect(productFormSchema.parse({ ...valid, description: "Old Mac\rline" }).description).toBe("Old Mac\nline");
  });

  it("reads the JSON API's typed values the same way", () => {
    const parsed = productInputSchema.parse({ ...valid, price: 24.5, originalPrice: null, stock: 0, isActive: false, colours: ["Black"] });
    expect(parsed).toMatchObject({ pricePence: 2450, originalPricePence: null, stock: 0, isActive: false, colours: ["Black"] });
  });

  it("JSON: stock is a number and Active a boolean, never text (the form's text is the form's)", () => {
    const json = { ...valid, stock: 5, isActive: true };
    expect(productInputSchema.parse(json)).toMatchObject({ stock: 5, isActive: true });
    expect(productInputSchema.parse({ ...json, isActive: undefined })).toMatchObject({ isActive: false });
    expect(errorsOf({ ...json, stock: "5" }, productInputSchema)).toEqual({ stock: text.stockNotNumber });
    expect(errorsOf({ ...json, stock: 2.5 }, productInputSchema)).toEqual({ stock: text.stockInvalid });
    for (const word of ["yes", "no", "on", "true", "0"]) {
      expect(errorsOf({ ...json, isActive: word }, productInputSchema), word).toEqual({ isActive: text.activeInvalid });
    }
    expect(productFormSchema.parse({ ...valid, stock: " 7 ", isActive: "true" })).toMatchObject({ stock: 7, isActive: true });
    expect(errorsOf({ ...valid, isActive: "yes" })).toEqual({ isActive: text.activeInvalid });
  });

  it("reports every wrong field at once, each with its own message", () => {
    expect(errorsOf({ ...valid, name: " ", category: "hats", price: "", stock: "1.5" })).toEqual({
      name: text.nameRequired,
      category: text.categoryRequired,
      price: text.priceRequired,
      stock: text.stockInvalid,
    });
  });

  it("refuses prices that are not amounts, zero, or absurd", () => {
    expect(errorsOf({ ...valid, price: "24,99" }).price).toBe(text.priceInvalid);
    // A part of a penny is refused, not rounded: what is saved is what was typed.
    expect(errorsOf({ ...valid, price: "49.999" }).price).toBe(text.priceInvalid);
    expect(errorsOf({ ...valid, originalPrice: "99.995" }).originalPrice).toBe(text.priceInvalid);
    expect(errorsOf({ ...valid, price: "0" }).price).toBe(text.pricePositive);
    // A negative price is a price below zero, not an unreadable one.
    expect(errorsOf({ ...valid, price: "-5" }).price).toBe(text.pricePositive);
    expect(errorsOf({ ...valid, price: -1 }).price).toBe(text.pricePositive);
    expect(errorsOf({ ...valid, originalPrice: "-10" }).originalPrice).toBe(text.originalPricePositive);
    expect(errorsOf({ ...valid, price: "-abc" }).price).toBe(text.priceInvalid);
    expect(errorsOf({ ...valid, price: "100000.01" }).price).toBe(text.priceTooHigh);
  });

  it("needs an original price of at least the price, or none", () => {
    expect(errorsOf({ ...valid, originalPrice: "199.99" }).originalPrice).toBe(text.originalBelowPrice);
    expect(productFormSchema.parse({ ...valid, originalPrice: "249.99" }).originalPricePence).toBe(24999);
    expect(productFormSchema.parse({ ...valid, originalPrice: " " }).originalPricePence).toBeNull();
  });

  it("takes only images the storefront can show, at most 12, without repeats", () => {
    expect(errorsOf({ ...valid, gallery: ["javascript:alert(1)"] }).gallery).toBe(text.galleryInvalid);
    expect(errorsOf({ ...valid, gallery: ["https://example.com/page.html"] }).gallery).toBe(text.galleryInvalid);
    expect(errorsOf({ ...valid, gallery: ["//evil.example/x.png"] }).gallery).toBe(text.galleryInvalid);
    const many = Array.from({ length: PRODUCT_LIMITS.galleryImages + 1 }, (_, i) => `https://example.com/${i}.jpg`);
    expect(errorsOf({ ...valid, gallery: many }).gallery).toBe(text.galleryTooLong(PRODUCT_LIMITS.galleryImages));
    expect(productFormSchema.parse({ ...valid, gallery: ["https://example.com/a.jpg", "https://example.com/a.jpg"] }).gallery).toEqual([
      "https://example.com/a.jpg",
    ]);
    expect(productFormSchema.parse({ ...valid, gallery: [] }).gallery).toEqual([]);
  });

  it("limits lists and refuses control characters", () => {
    const colours = Array.from({ length: PRODUCT_LIMITS.listEntries + 1 }, (_, i) => `Colour ${i}`);
    expect(errorsOf({ ...valid, colours }).colours).toBe(text.listTooLong("Colours", PRODUCT_LIMITS.listEntries));
    expect(errorsOf({ ...valid, sizes: ["x".repeat(41)] }).sizes).toBe(text.entryTooLong("Sizes", PRODUCT_LIMITS.listEntry));
    // The spreadsheet's separators inside one entry: it came back from an export as several.
    expect(errorsOf({ ...valid, sizes: ["EU 42; UK 8"] }).sizes).toBe(text.entryHoldsSeparator("Sizes"));
    expect(errorsOf({ ...valid, colours: ["Navy|Blue"] }).colours).toBe(text.entryHoldsSeparator("Colours"));
    expect(errorsOf({ ...valid, gallery: ["https://images.example.com/a|b.jpg"] }).gallery).toBe(text.galleryInvalid);
    expect(errorsOf({ ...valid, name: "Suit\u0000" }).name).toBe("Name contains characters that are not allowed");
    expect(errorsOf({ ...valid, name: "Suit \u202eesuoht" }).name).toBe("Name contains characters that are not allowed");
    expect(errorsOf({ ...valid, colours: "Navy\u2066" }).colours).toBe("Colours contain characters that are not allowed");
    expect(errorsOf({ ...valid, colours: 42 }).colours).toBeDefined();
  });

  it("reads an unchecked Active box as inactive", () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ name: "Tie", category: "ties", price: "20", stock: "3", colours: "", sizes: "" })) form.set(key, value);
    form.append("gallery", "https://example.com/b.jpg");
    form.append("gallery", "https://example.com/a.jpg");
    const parsed = productFormSchema.parse(productFormValues(form));
    expect(parsed.isActive).toBe(false);
    expect(parsed.gallery).toEqual(["https://example.com/b.jpg", "https://example.com/a.jpg"]);
  });

  it("splits typed lists on commas", () => {
    expect(readList("S, M ,L,,m")).toEqual(["S", "M", "L"]);
    expect(readList(undefined)).toEqual([]);
    expect(readList([1])).toBeNull();
  });
});

describe("readProductPrice (the save and the editor's live 'Shoppers pay')", () => {
  it("reads pounds as typed and says why anything else is not a price", () => {
    expect(readProductPrice("24.99")).toEqual({ ok: true, pence: 2499 });
    expect(readProductPrice("")).toEqual({ ok: false, message: text.priceRequired });
    expect(readProductPrice("-5")).toEqual({ ok: false, message: text.pricePositive });
    expect(readProductPrice("0")).toEqual({ ok: false, message: text.pricePositive });
    expect(readProductPrice("12.345")).toEqual({ ok: false, message: text.priceInvalid });
    expect(readProductPrice(String(PRODUCT_LIMITS.maxPricePence / 100 + 1))).toEqual({ ok: false, message: text.priceTooHigh });
  });
});
