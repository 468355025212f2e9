// The editor pages' form post: read it with the shared schema; a refusal answers every field's
// message and what was typed, so the form shows both (also without JavaScript).
import { data } from "react-router";
import { productField, productFieldErrors, productFormSchema, productFormValues, type ProductField, type ProductInput } from "../../../../domain/admin/product-input.ts";
import { readStockSeen } from "../../../../domain/admin/stock-edit.ts";
import { readVersionsSeen, withKeptDetails, type DetailField } from "../../../../domain/admin/details-edit.ts";
import type { ProductChange, ProductSeen } from "../../../../server/admin/products/admin-products.server.ts";
import { adminProductEditor } from "../../../../domain/messages/admin.ts";
import { ABANDONED_UPLOAD_DAYS } from "../../../../domain/admin/abandoned-uploads.ts";
import type { AdminFormPost } from "../admin-form.server.ts";
import { formValuesOf, type ProductFormValues } from "./product-editor.tsx";

/** `message` heads the form instead of "Please correct the highlighted fields" when it is about no field. */
export type ProductFormRefusal = {
  errors: Partial<Record<ProductField, string>>;
  values: ProductFormValues;
  message?: string | undefined;
  /** Someone else changed the product meanwhile: the page reads it again. */
  changedMeanwhile?: true;
};

export function readProductForm({ form, refusal }: AdminFormPost):
  | { ok: true; input: ProductInput; seen: ProductSeen; values: ProductFormValues }
  | { ok: false; response: ReturnType<typeof data<ProductFormRefusal>> } {
  const raw = form ? productFormValues(form) : productFormValues(new FormData());
  const parsed = productFormSchema.safeParse(raw);
  const stockSeenText = form?.get("stockSeen");
  const seen = readStockSeen(stockSeenText ?? undefined);
  const versionsSeenText = form?.get("versionsSeen");
  const versions = readVersionsSeen(versionsSeenText ?? undefined);
  const textOf = (value: unknown) => (typeof value === "string" ? value : "");
  const values: ProductFormValues = {
    name: textOf(raw.name),
    description: textOf(raw.description),
    category: textOf(raw.category),
    price: textOf(raw.price),
    originalPrice: textOf(raw.originalPrice),
    colours: textOf(raw.colours),
    sizes: textOf(raw.sizes),
    stock: textOf(raw.stock),
    isActive: textOf(raw.isActive) === "true",
    gallery: (raw.gallery as string[]).slice(0, 50),
    stockSeen: seen.ok ? textOf(stockSeenText) : "",
    versionsSeen: versions.ok ? textOf(versionsSeenText) : "",
  };
  if (parsed.success && seen.ok && versions.ok && !refusal) return { ok: true, input: parsed.data, seen: { stock: seen.seen, details: versions.seen }, values };
  // Text no field may hold is marked on its field (or heads the form), whatever else is wrong.
  const field = productField(refusal?.field);
  const answer: ProductFormRefusal = !refusal
    ? parsed.success
      ? { errors: {}, values, message: seen.ok ? adminProductEditor.versionsSeenInvalid : adminProductEditor.stockSeenInvalid }
      : { errors: productFieldErrors(parsed.error), values }
    : field
      ? { errors: { [field]: refusal.message }, values }
      : { errors: {}, values, message: refusal.message };
  return { ok: false, response: data<ProductFormRefusal>(answer, { status: 400 }) };
}

/** Nothing saved: an image the form adds was removed as unused while it stayed open (422, marked on the images). */
export function uploadGoneRefusal(values: ProductFormValues) {
  return data<ProductFormRefusal>({ errors: { gallery: uploadGoneMessage() }, values }, { status: 422 });
}

export function uploadGoneMessage(): string {
  return adminProductEditor.uploadGone(ABANDONED_UPLOAD_DAYS);
}

/** The editor's (and the JSON API's) field of each detail. */
const FIELD_OF: Record<DetailField, ProductField> = {
  name: "name",
  description: "description",
  category: "category",
  pricePence: "price",
  originalPricePence: "originalPrice",
  colours: "colours",
  sizes: "sizes",
  isActive: "isActive",
  gallery: "gallery",
};

type ChangedMeanwhile = Extract<ProductChange, { outcome: "changed-meanwhile" }>;

/** What a save refused because someone else changed the product says: at each field, and as a whole. */
export function changedMeanwhileMessages(change: ChangedMeanwhile): { message: string; errors: Partial<Record<ProductField, string>> } {
  const errors: Partial<Record<ProductField, string>> = {};
  for (const field of change.fields) errors[FIELD_OF[field]] = adminProductEditor.changedMeanwhileField;
  const stockMessage = change.stock ? adminProductEditor.stockMoved(change.stock.seen, change.stock.now) : "";
  if (change.stock) errors.stock = stockMessage;
  const names = new Intl.ListFormat("en-GB", { type: "conjunction" }).format(change.fields.map((field) => adminProductEditor.detailLabels[field]));
  return { message: change.fields.length > 0 ? adminProductEditor.changedMeanwhile(names) : stockMessage, errors };
}

/**
 * Nothing saved: someone else changed what the owner changed (another admin's save, or orders
 * moving the stock). The form keeps the owner's changes, shows the product as it is now in the
 * fields they left alone, and takes the product's current versions as seen, so saving again
 * writes the owner's values over the marked fields.
 */
export function changedMeanwhileRefusal(input: ProductInput, seen: ProductSeen, change: ChangedMeanwhile) {
  const { current } = change;
  const stockLeftAlone = seen.stock !== null && input.stock === seen.stock;
  const shown = withKeptDetails({ ...input, stock: stockLeftAlone ? current.stock : input.stock }, current, change.keep);
  const { message, errors } = changedMeanwhileMessages(change);
  return data<ProductFormRefusal>({ errors, values: formValuesOf(shown, current), message, changedMeanwhile: true }, { status: 409 });
}
