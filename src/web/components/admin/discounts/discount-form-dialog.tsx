// The Create Discount and edit dialogs (admin.md sections 2 and 5): Code, Description, Discount
// Type, Discount Value with (%) or (£), Minimum Order Amount, Usage Limit, Expiry Date and the
// Active switch. The server checks everything (src/domain/discount-form.ts) and its first problem
// is shown beside its field; the form is not checked by the browser, so the spec's own message
// ('Please fill in required fields') is what the owner reads. A created code closes the dialog
// and resets the form (admin.md section 4).
import { Loader2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { expiryDateField, type DiscountField } from "../../../../domain/discount-form.ts";
import { discountValueLabel, type DiscountType } from "../../../../domain/discounts.ts";
import { adminDiscounts } from "../../../../domain/messages/admin-discounts.ts";
import { discounts } from "../../../../domain/messages/discounts.ts";
import { FIELD_LIMITS } from "../../../../domain/field-limits.ts";
import type { AdminDiscount } from "../../../../server/admin/discounts/admin-discounts.server.ts";
import { toast } from "../../../lib/toast.ts";
import { AdminDialog } from "../ui/admin-dialog.tsx";
import { adminButton, adminInput } from "../ui/admin-ui.tsx";

export type DiscountAnswer = {
  ok: boolean;
  intent: string;
  message: string;
  field?: DiscountField | null;
  outcome?: "deleted" | "deactivated";
};

type Props = {
  mode: "create" | "edit";
  open: boolean;
  onClose: () => void;
  /** The code being edited; none when creating. */
  discount?: AdminDiscount;
};

export function DiscountFormDialog({ mode, open, onClose, discount }: Props) {
  const fetcher = useFetcher<DiscountAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const [type, setType] = useState<DiscountType>(discount?.discount_type ?? "percentage");
  // The last refusal is shown until the dialog is closed or the form sent again.
  const [dismissed, setDismissed] = useState<DiscountAnswer | null>(null);
  const shown = useRef<DiscountAnswer | null>(null);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  const problem = answer && !answer.ok && answer !== dismissed ? { message: answer.message, field: answer.field ?? null } : null;

  useEffect(() => {
    if (fetcher.state !== "idle" || !answer || shown.current === answer) return;
    shown.current = answer;
    if (answer.ok) {
      toast.success(answer.message);
      if (mode === "create") formRef.current?.reset();
      // Closing the element (not only the state) puts the focus back on the button that opened it.
      const dialog = formRef.current?.closest("dialog");
      if (dialog?.open) dialog.close();
      else onClose();
    } else if (answer.field) {
      // The refusal is shown in the dialog (a toast would sit under the modal's backdrop); the
      // field it is about takes the focus.
      formRef.current?.querySelector<HTMLElement>(`[name="${answer.field}"]`)?.focus();
    }
  }, [fetcher.state, answer, mode, onClose]);

  const fieldId = (name: DiscountField) => `${id}-${name}`;
  const errorId = `${id}-error`;
  // A field is described by the refusal about it (first) and by its hint.
  const HINTED: DiscountField[] = ["code", "discount_value", "min_order_amount", "usage_limit", "expires_at"];
  const invalid = (name: DiscountField) => {
    const ids = [problem?.field === name ? errorId : null, HINTED.includes(name) ? `${fieldId(name)}-hint` : null].filter(Boolean).join(" ");
    return { ...(problem?.field === name ? { "aria-invalid": true as const } : {}), ...(ids ? { "aria-describedby": ids } : {}) };
  };

  return (
    <AdminDialog
      open={open}
      onClose={() => {
        setDismissed(fetcher.data ?? null);
        onClose();
      }}
      title={mode === "create" ? discounts.createDiscount : adminDiscounts.editDiscount}
      description={mode === "edit" && discount ? <span className="font-mono">{discount.code}</span> : undefined}
      closeLabel={adminDiscounts.close}
    >
      <fetcher.Form method="post" ref={formRef} noValidate className="space-y-3" onReset={() => setType("percentage")}>
        <input type="hidden" name="intent" value={mode === "create" ? "create" : "update"} />
        {discount ? <input type="hidden" name="id" value={discount.id} /> : null}
        {discount ? <input type="hidden" name="expires_at_saved" value={discount.expires_at ?? ""} /> : null}

        {problem ? (
          <p id={errorId} role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            {problem.message}
          </p>
        ) : null}

        <Field label={adminDiscounts.fields.code} htmlFor={fieldId("code")} required hint={adminDiscounts.codeHint}>
          <input
            id={fieldId("code")}
            name="code"
            defaultValue={discount?.code ?? ""}
            maxLength={FIELD_LIMITS.discountCode}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            aria-required="true"
            className={`${adminInput} font-mono uppercase`}
            {...invalid("code")}
          />
        </Field>

        <Field label={adminDiscounts.fields.description} htmlFor={fieldId("description")}>
          <textarea
            id={fieldId("description")}
            name="description"
            rows={2}
            defaultValue={discount?.description ?? ""}
            maxLength={FIELD_LIMITS.discountDescription}
            className={adminInput}
            {...invalid("description")}
          />
        </Field>

        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={adminDiscounts.fields.discountType} htmlFor={fieldId("discount_type")}>
            <select
              id={fieldId("discount_type")}
              name="discount_type"
              value={type}
              onChange={(event) => setType(event.target.value === "fixed" ? "fixed" : "percentage")}
              className={adminInput}
              {...invalid("discount_type")}
            >
              <option value="percentage">{discounts.percentage}</option>
              <option value="fixed">{discounts.fixedAmount}</option>
            </select>
          </Field>
          <Field
            label={discountValueLabel(type)}
            htmlFor={fieldId("discount_value")}
            required
            hint={type === "percentage" ? adminDiscounts.percentageHint : adminDiscounts.fixedHint}
          >
            <input
              id={fieldId("discount_value")}
              name="discount_value"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={discount ? String(discount.discount_value) : ""}
              aria-required="true"
              className={adminInput}
              {...invalid("discount_value")}
            />
          </Field>
          <Field label={`${adminDiscounts.fields.minOrderAmount} (£)`} htmlFor={fieldId("min_order_amount")} hint={adminDiscounts.minOrderHint}>
            <input
              id={fieldId("min_order_amount")}
              name="min_order_amount"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={discount?.min_order_amount != null ? discount.min_order_amount.toFixed(2) : ""}
              className={adminInput}
              {...invalid("min_order_amount")}
            />
          </Field>
          <Field label={adminDiscounts.fields.usageLimit} htmlFor={fieldId("usage_limit")} hint={adminDiscounts.usageLimitHint}>
            <input
              id={fieldId("usage_limit")}
              name="usage_limit"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={discount?.usage_limit ?? ""}
              className={adminInput}
              {...invalid("usage_limit")}
            />
          </Field>
        </div>

        <Field label={adminDiscounts.fields.expiryDate} htmlFor={fieldId("expires_at")} hint={adminDiscounts.expiryHint}>
          <input
            id={fieldId("expires_at")}
            name="expires_at"
            type="date"
            defaultValue={expiryDateField(discount?.expires_at ?? null)}
            className={adminInput}
            {...invalid("expires_at")}
          />
        </Field>

        <label className="flex cursor-pointer items-center gap-3 py-1 text-sm font-medium text-gray-800">
          <input
            type="checkbox"
            role="switch"
            name="is_active"
            value="true"
            defaultChecked={discount?.is_active ?? true}
            className="peer sr-only"
          />
          <span
            aria-hidden
            className="relative inline-block h-5 w-9 shrink-0 rounded-full bg-gray-300 transition-colors after:absolute after:left-0.5 after:top-0.5 after:h-4 after:w-4 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:bg-gray-900 peer-checked:after:translate-x-4 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gray-900"
          />
          {adminDiscounts.fields.active}
        </label>

        <div className="flex flex-col-reverse gap-2 border-t border-gray-100 pt-3 sm:flex-row sm:justify-end">
          <button type="button" className={adminButton.secondary} onClick={() => formRef.current?.closest("dialog")?.close()}>
            {adminDiscounts.cancel}
          </button>
          <button type="submit" className={adminButton.primary} disabled={busy}>
            {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
            {mode === "create" ? (busy ? adminDiscounts.creating : discounts.createDiscount) : busy ? adminDiscounts.saving : adminDiscounts.save}
          </button>
        </div>
      </fetcher.Form>
    </AdminDialog>
  );
}

function Field({ label, htmlFor, required, hint, children }: { label: string; htmlFor: string; required?: boolean; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
        {required ? (
          <span aria-hidden className="ml-0.5 text-red-700">
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${htmlFor}-hint`} className="mt-0.5 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
