// The product form of Add Product and Edit: every field a shopper sees, checked in the browser with
// the server's own zod rules before it is sent (the server checks again), and the image gallery.
import { Loader2 } from "lucide-react";
import { useEffect, useRef, useState, type Ref } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CATEGORIES } from "../../../../domain/categories.ts";
import type { DetailVersions } from "../../../../domain/admin/details-edit.ts";
import { PRODUCT_LIMITS, productFieldErrors, readProductPrice, productFormSchema, productFormValues, type ProductField, type ProductInput } from "../../../../domain/admin/product-input.ts";
import { adminProductEditor as text } from "../../../../domain/messages/admin.ts";
import { priceWithMarkup } from "../../../../domain/markup.ts";
import { formatGbp, penceToPounds } from "../../../../domain/money.ts";
import { Field, focusFirstInvalid, SelectField, TextAreaField } from "../../form/field.tsx";
import { CheckboxField } from "../../form/checkbox-field.tsx";
import { useFocusOnRefusal } from "../../form/use-focus-on-refusal.ts";
import { adminButton, AdminCard } from "../ui/admin-ui.tsx";
import { AdminConfirmDialog } from "../ui/admin-dialog.tsx";
import { BusyButton } from "../ui/busy-button.tsx";
import { ImageGallery } from "./image-gallery.tsx";
import { useLeaveGuard } from "./use-leave-guard.ts";
import { KEEP_SCROLL } from "../../../lib/keep-scroll.ts";

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
  /** The stock the editor showed when it opened ("" for a new product): saving judges the typed stock against it. */
  stockSeen: string;
  /** The versions of the details the editor showed, as JSON ("" for a new product): saving judges each change against them. */
  versionsSeen: string;
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
  stockSeen: "",
  versionsSeen: "",
};

/** The form's values for a product; `seen`: the product as it is now, whose stock and versions a save is judged against. */
export function formValuesOf(
  product: ProductInput,
  seen: { stock: number; versions: DetailVersions } | null,
): ProductFormValues {
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
    stockSeen: seen ? String(seen.stock) : "",
    versionsSeen: seen ? JSON.stringify(seen.versions) : "",
  };
}

type Props = {
  values: ProductFormValues;
  serverErrors: Partial<Record<ProductField, string>> | null;
  /** The server's refusal that is about no field (it heads the form). */
  serverMessage?: string | undefined;
  submitLabel: string;
  cancelHref: string;
  /** The markup on /admin/settings: the form shows what shoppers will pay for the price typed. */
  markupPercent: number;
  /** The Save button, for the page to give the focus back to once a save has remade the form. */
  saveRef?: Ref<HTMLButtonElement>;
};

export function ProductEditor({ values, serverErrors, serverMessage, submitLabel, cancelHref, markupPercent, saveRef }: Props) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  // The browser's check until the form is sent; then what the server answers.
  const [clientErrors, setClientErrors] = useState<Partial<Record<ProductField, string>> | null>(null);
  const errors = clientErrors ?? serverErrors ?? {};
  const [gallery, setGallery] = useState<string[]>(values.gallery);
  const [uploading, setUploading] = useState(false);
  const [price, setPrice] = useState(values.price);
  const form = useRef<HTMLFormElement>(null);
  const refused = useFocusOnRefusal(form);
  const leave = useLeaveGuard(serverErrors !== null);
  // The server's answer (also without JavaScript) is a refusal of its own.
  useEffect(() => {
    if (serverErrors && Object.keys(serverErrors).length > 0) focusFirstInvalid(form.current);
  }, [serverErrors]);

  const field = (name: ProductField) => ({ name, error: errors[name], density: "compact" as const });
  const hasErrors = Object.keys(errors).length > 0;
  const headline = clientErrors === null ? serverMessage : undefined;
  // A save answered with a reason above the form (saved meanwhile by someone else, a picture gone,
  // the shop briefly unavailable) brings it into view: Save was pressed in the bar at the bottom,
  // which stays there for the next try.
  const headlineRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!saving && headline) headlineRef.current?.scrollIntoView({ block: "nearest" });
  }, [saving, headline]);

  return (
    <Form
      ref={form}
      method="post"
      // Saved, the editor answers on its own page: the owner stays where they pressed Save.
      state={KEEP_SCROLL}
      noValidate
      className="space-y-4"
      onChange={(event) => {
        leave.changed();
        const typed = new FormData(event.currentTarget).get("price");
        if (typeof typed === "string") setPrice(typed);
        // Once problems are shown, each correction clears its message as it is typed.
        if (!hasErrors) return;
        const parsed = productFormSchema.safeParse(productFormValues(new FormData(event.currentTarget)));
        setClientErrors(parsed.success ? {} : productFieldErrors(parsed.error));
      }}
      onSubmit={(event) => {
        const parsed = productFormSchema.safeParse(productFormValues(new FormData(event.currentTarget)));
        if (parsed.success && !uploading) {
          leave.submitting();
          return setClientErrors(null);
        }
        event.preventDefault();
        if (!parsed.success) {
          setClientErrors(productFieldErrors(parsed.error));
          refused();
        }
      }}
    >
      {hasErrors || headline ? (
        <p ref={headlineRef} role="alert" className="scroll-mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {headline ?? text.fixErrors}
        </p>
      ) : null}
      {/* The Cancel/Save bar is sticky at the bottom of the screen and covered a control the Tab key
          had reached under it: each control scrolls clear of the bar's height when it takes the focus. */}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] [&_:is(a,button,input,select,textarea)]:scroll-mb-24">
        <div className="space-y-4">
          <AdminCard className="space-y-3 p-4">
            <Field {...field("name")} label={text.name} defaultValue={values.name} maxLength={PRODUCT_LIMITS.name} required />
            <TextAreaField {...field("description")} label={text.description} defaultValue={values.description} rows={6} maxLength={PRODUCT_LIMITS.description} />
          </AdminCard>
          <AdminCard className="space-y-2 p-4">
            <h2 className="text-sm font-semibold text-gray-900">{text.gallery}</h2>
            <ImageGallery
              images={gallery}
              onChange={(next) => {
                leave.changed();
                setGallery(next);
              }} onBusyChange={setUploading} error={errors.gallery} />
            {gallery.map((url) => (
              <input key={url} type="hidden" name="gallery" value={url} />
            ))}
          </AdminCard>
        </div>
        <div className="space-y-4">
          <AdminCard className="space-y-3 p-4">
            <SelectField {...field("category")} label={text.category} defaultValue={values.category} required>
              <option value="" disabled>
                {text.categoryRequired}
              </option>
              {CATEGORIES.map((category) => (
                <option key={category.value} value={category.value}>
                  {category.label}
                </option>
              ))}
            </SelectField>
            <div className="grid grid-cols-2 gap-3">
              <Field {...field("price")} label={text.price} defaultValue={values.price} inputMode="decimal" prefix="£" required />
              <Field {...field("originalPrice")} label={text.originalPrice} defaultValue={values.originalPrice} inputMode="decimal" prefix="£" />
            </div>
            <ShopPrice price={price} markupPercent={markupPercent} />
            <p className="text-xs text-gray-600">
              {text.priceNote} {text.originalPriceNote}
            </p>
            <Field {...field("stock")} label={text.stock} defaultValue={values.stock} inputMode="numeric" required />
            <input type="hidden" name="stockSeen" value={values.stockSeen} />
            <input type="hidden" name="versionsSeen" value={values.versionsSeen} />
            {/* The whole label row ticks it: a thumb's height on a phone. */}
            <CheckboxField name="isActive" value="true" label={text.active} defaultChecked={values.isActive} density="compact" className="[&>label]:min-h-11 sm:[&>label]:min-h-0" />
          </AdminCard>
          <AdminCard className="space-y-3 p-4">
            <Field {...field("colours")} label={text.colours} hint={text.listNote} defaultValue={values.colours} />
            <Field {...field("sizes")} label={text.sizes} hint="e.g. S, M, L, XL or 40R, 42R" defaultValue={values.sizes} />
          </AdminCard>
        </div>
      </div>
      <div className="sticky bottom-0 -mx-3 flex justify-end gap-2 border-t border-gray-200 bg-gray-50 px-3 py-3 sm:mx-0 sm:rounded-lg sm:border">
        <Link to={cancelHref} className={adminButton.secondary}>
          {text.cancel}
        </Link>
        <BusyButton type="submit" ref={saveRef} className={adminButton.primary} busy={saving || uploading}>
          {saving ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
          {saving ? text.saving : submitLabel}
        </BusyButton>
      </div>
      <AdminConfirmDialog
        open={leave.asking}
        onClose={leave.stay}
        onConfirm={leave.proceed}
        title={text.leaveTitle}
        description={text.leaveNote}
        confirmLabel={text.leave}
        cancelLabel={text.stay}
      />
    </Form>
  );
}

/** What shoppers will pay for the price typed, worked out as the server does. */
function ShopPrice({ price, markupPercent }: { price: string; markupPercent: number }) {
  const read = readProductPrice(price.trim());
  return (
    <p className="text-sm text-gray-900" aria-live="polite" data-shop-price>
      {!read.ok ? text.shopPriceUnknown(markupPercent) : text.shopPrice(formatGbp(priceWithMarkup(read.pence, markupPercent)), markupPercent)}
    </p>
  );
}
