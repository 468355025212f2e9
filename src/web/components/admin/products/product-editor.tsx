// The product form of Add Product and Edit: every field a shopper sees, checked in the browser with
// the server's own zod rules before it is sent (the server checks again), and the image gallery.
import { Loader2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { CATEGORIES } from "../../../../domain/categories.ts";
import { PRODUCT_LIMITS, productFieldErrors, productFormValues, productInputSchema, type ProductField } from "../../../../domain/admin/product-input.ts";
import { adminProductEditor as text } from "../../../../domain/messages/admin.ts";
import { penceToPounds } from "../../../../domain/money.ts";
import { adminButton, adminInput, AdminCard } from "../ui/admin-ui.tsx";
import { ImageGallery } from "./image-gallery.tsx";

/** What the form starts from: a product's values, or what the owner sent back with errors. */
export type ProductFormValues = {
  name: string;
  description: string;
  category: string;
  price: string;
  originalPrice: string;
  colours: string;
  sizes: string;
  stock: string;
  isActive: boolean;
  gallery: string[];
};

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: "",
  description: "",
  category: "",
  price: "",
  originalPrice: "",
  colours: "",
  sizes: "",
  stock: "0",
  isActive: true,
  gallery: [],
};

export function formValuesOf(product: {
  name: string;
  description: string;
  category: string;
  pricePence: number;
  originalPricePence: number | null;
  colours: string[];
  sizes: string[];
  stock: number;
  isActive: boolean;
  gallery: string[];
}): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    category: product.category,
    price: penceToPounds(product.pricePence),
    originalPrice: product.originalPricePence === null ? "" : penceToPounds(product.originalPricePence),
    colours: product.colours.join(", "),
    sizes: product.sizes.join(", "),
    stock: String(product.stock),
    isActive: product.isActive,
    gallery: product.gallery,
  };
}

type Props = {
  values: ProductFormValues;
  serverErrors: Partial<Record<ProductField, string>> | null;
  submitLabel: string;
  cancelHref: string;
};

export function ProductEditor({ values, serverErrors, submitLabel, cancelHref }: Props) {
  const id = useId();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  // The browser's check until the form is sent; then what the server answers.
  const [clientErrors, setClientErrors] = useState<Partial<Record<ProductField, string>> | null>(null);
  const errors = clientErrors ?? serverErrors ?? {};
  const [gallery, setGallery] = useState<string[]>(values.gallery);
  const [uploading, setUploading] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const firstInvalid = useRef(false);
  useEffect(() => {
    if (!firstInvalid.current) return;
    firstInvalid.current = false;
    form.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [clientErrors]);

  const field = (name: ProductField) => ({
    id: `${id}-${name}`,
    name,
    "aria-invalid": errors[name] ? (true as const) : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
  });
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <Form
      ref={form}
      method="post"
      noValidate
      className="space-y-4"
      onChange={(event) => {
        // Once problems are shown, each correction clears its message as it is typed.
        if (!hasErrors) return;
        const parsed = productInputSchema.safeParse(productFormValues(new FormData(event.currentTarget)));
        setClientErrors(parsed.success ? {} : productFieldErrors(parsed.error));
      }}
      onSubmit={(event) => {
        const parsed = productInputSchema.safeParse(productFormValues(new FormData(event.currentTarget)));
        if (parsed.success && !uploading) return setClientErrors(null);
        event.preventDefault();
        if (!parsed.success) {
          firstInvalid.current = true;
          setClientErrors(productFieldErrors(parsed.error));
        }
      }}
    >
      {hasErrors ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {text.fixErrors}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-4">
          <AdminCard className="space-y-3 p-4">
            <Field label={text.name} htmlFor={`${id}-name`} error={errors.name} errorId={`${id}-name-error`}>
              <input {...field("name")} defaultValue={values.name} maxLength={PRODUCT_LIMITS.name} required className={adminInput} />
            </Field>
            <Field label={text.description} htmlFor={`${id}-description`} error={errors.description} errorId={`${id}-description-error`}>
              <textarea {...field("description")} defaultValue={values.description} rows={6} maxLength={PRODUCT_LIMITS.description} className={adminInput} />
            </Field>
          </AdminCard>
          <AdminCard className="space-y-2 p-4">
            <h2 className="text-sm font-semibold text-gray-900">{text.gallery}</h2>
            <ImageGallery images={gallery} onChange={setGallery} onBusyChange={setUploading} error={errors.gallery} />
            {gallery.map((url) => (
              <input key={url} type="hidden" name="gallery" value={url} />
            ))}
          </AdminCard>
        </div>
        <div className="space-y-4">
          <AdminCard className="space-y-3 p-4">
            <Field label={text.category} htmlFor={`${id}-category`} error={errors.category} errorId={`${id}-category-error`}>
              <select {...field("category")} defaultValue={values.category} required className={adminInput}>
                <option value="" disabled>
                  {text.categoryRequired}
                </option>
                {CATEGORIES.map((category) => (
                  <option key={category.value} value={category.value}>
                    {category.label}
                  </option>
                ))}
              </select>
            </Field>
            <div className="grid grid-cols-2 gap-3">
              <Field label={text.price} htmlFor={`${id}-price`} error={errors.price} errorId={`${id}-price-error`}>
                <input {...field("price")} defaultValue={values.price} inputMode="decimal" required className={adminInput} />
              </Field>
              <Field label={text.originalPrice} htmlFor={`${id}-originalPrice`} error={errors.originalPrice} errorId={`${id}-originalPrice-error`}>
                <input {...field("originalPrice")} defaultValue={values.originalPrice} inputMode="decimal" className={adminInput} />
              </Field>
            </div>
            <p className="text-xs text-gray-600">
              {text.priceNote} {text.originalPriceNote}
            </p>
            <Field label={text.stock} htmlFor={`${id}-stock`} error={errors.stock} errorId={`${id}-stock-error`}>
              <input {...field("stock")} defaultValue={values.stock} inputMode="numeric" required className={adminInput} />
            </Field>
            <label className="flex items-center gap-2 text-sm text-gray-900">
              <input type="checkbox" name="isActive" value="true" defaultChecked={values.isActive} className="h-4 w-4 rounded border-gray-400" />
              {text.active}
            </label>
          </AdminCard>
          <AdminCard className="space-y-3 p-4">
            <Field label={text.colours} htmlFor={`${id}-colours`} error={errors.colours} errorId={`${id}-colours-error`} note={text.listNote}>
              <input {...field("colours")} defaultValue={values.colours} className={adminInput} />
            </Field>
            <Field label={text.sizes} htmlFor={`${id}-sizes`} error={errors.sizes} errorId={`${id}-sizes-error`} note="e.g. S, M, L, XL or 40R, 42R">
              <input {...field("sizes")} defaultValue={values.sizes} className={adminInput} />
            </Field>
          </AdminCard>
        </div>
      </div>
      <div className="sticky bottom-0 -mx-3 flex justify-end gap-2 border-t border-gray-200 bg-gray-50/95 px-3 py-3 sm:mx-0 sm:rounded-lg sm:border">
        <a href={cancelHref} className={adminButton.secondary}>
          {text.cancel}
        </a>
        <button type="submit" className={adminButton.primary} disabled={saving || uploading}>
          {saving ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
          {saving ? text.saving : submitLabel}
        </button>
      </div>
    </Form>
  );
}

function Field({
  label,
  htmlFor,
  error,
  errorId,
  note,
  children,
}: {
  label: string;
  htmlFor: string;
  error: string | undefined;
  errorId: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={htmlFor} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      {children}
      {note ? <p className="text-xs text-gray-600">{note}</p> : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
