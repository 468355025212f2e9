// The editor pages' form post: read it with the shared schema; a refusal answers every field's
// message and what was typed, so the form shows both (also without JavaScript).
import { data } from "react-router";
import { productFieldErrors, productFormValues, productInputSchema, type ProductField, type ProductInput } from "../../domain/admin/product-input.ts";
import type { ProductFormValues } from "../components/admin/products/product-editor.tsx";

export type ProductFormRefusal = { errors: Partial<Record<ProductField, string>>; values: ProductFormValues };

export function readProductForm(form: FormData | null): { ok: true; input: ProductInput } | { ok: false; response: ReturnType<typeof data<ProductFormRefusal>> } {
  const raw = form ? productFormValues(form) : productFormValues(new FormData());
  const parsed = productInputSchema.safeParse(raw);
  if (parsed.success) return { ok: true, input: parsed.data };
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
  };
  return { ok: false, response: data<ProductFormRefusal>({ errors: productFieldErrors(parsed.error), values }, { status: 400 }) };
}
