// The editor pages' form post: read it with the shared schema; a refusal answers every field's
// message and what was typed, so the form shows both (also without JavaScript).
import { data } from "react-router";
import { productField, productFieldErrors, productFormSchema, productFormValues, type ProductField, type ProductInput } from "../../domain/admin/product-input.ts";
import { readStockSeen } from "../../domain/admin/stock-edit.ts";
import { adminProductEditor } from "../../domain/messages/admin.ts";
import type { AdminFormPost } from "./admin-form.server.ts";
import { formValuesOf, type ProductFormValues } from "../components/admin/products/product-editor.tsx";

/** `message` heads the form instead of "Please correct the highlighted fields" when it is about no field. */
export type ProductFormRefusal = { errors: Partial<Record<ProductField, string>>; values: ProductFormValues; message?: string };

export function readProductForm({ form, refusal }: AdminFormPost):
  | { ok: true; input: ProductInput; stockSeen: number | null }
  | { ok: false; response: ReturnType<typeof data<ProductFormRefusal>> } {
  const raw = form ? productFormValues(form) : productFormValues(new FormData());
  const parsed = productFormSchema.safeParse(raw);
  const stockSeenText = form?.get("stockSeen");
  const seen = readStockSeen(stockSeenText ?? undefined);
  if (parsed.success && seen.ok && !refusal) return { ok: true, input: parsed.data, stockSeen: seen.seen };
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
  };
  // Text no field may hold is marked on its field (or heads the form), whatever else is wrong.
  const field = productField(refusal?.field);
  const answer: ProductFormRefusal = !refusal
    ? parsed.success
      ? { errors: {}, values, message: adminProductEditor.stockSeenInvalid }
      : { errors: productFieldErrors(parsed.error), values }
    : field
      ? { errors: { [field]: refusal.message }, values }
      : { errors: {}, values, message: refusal.message };
  return { ok: false, response: data<ProductFormRefusal>(answer, { status: 400 }) };
}

/** Nothing saved: orders moved the stock the owner changed. The form keeps what was typed and now shows the new count as seen, so saving again sets it. */
export function stockMovedRefusal(input: ProductInput, moved: { seen: number; now: number }) {
  const message = adminProductEditor.stockMoved(moved.seen, moved.now);
  return data<ProductFormRefusal>({ errors: { stock: message }, values: { ...formValuesOf(input), stockSeen: String(moved.now) }, message }, { status: 409 });
}
