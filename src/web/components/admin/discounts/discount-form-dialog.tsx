// The Create Discount and edit dialogs (admin.md sections 2 and 5): Code, Description, Discount
// Type, Discount Value with (%) or (£), Minimum Order Amount, Usage Limit, Expiry Date and the
// Active switch. The server checks everything (src/domain/admin/discount-form.ts) and every field's
// problem is shown beside its field at once, as the product editor and Settings do; the form is
// not checked by the browser, so the spec's own message ('Please fill in required fields') is what
// the owner reads, under every required field that was sent empty. A created code closes the
// dialog and resets the form (admin.md section 4).
import { Loader2 } from "lucide-react";
import { useRef, useState } from "react";
import { useAdminFetcher } from "../session-sign-in.tsx";
import type { DiscountField, DiscountFieldErrors } from "../../../../domain/admin/discount-form.ts";
import { DISCOUNT_RESERVATION_MINUTES, discountValueLabel, type DiscountType } from "../../../../domain/discounts.ts";
import { adminDiscounts } from "../../../../domain/messages/admin-discounts.ts";
import { discounts } from "../../../../domain/messages/discounts.ts";
import { FIELD_LIMITS } from "../../../../domain/field-limits.ts";
import type { AdminDiscount } from "../../../../server/admin/discounts/admin-discounts.server.ts";
import { toast } from "../../../lib/toast.ts";
import { AdminDialog } from "../ui/admin-dialog.tsx";
import { adminButton } from "../ui/admin-ui.tsx";
import { BusyButton } from "../ui/busy-button.tsx";
import { Field, focusFirstInvalid, SelectField, TextAreaField } from "../../form/field.tsx";
import { CheckboxField } from "../../form/checkbox-field.tsx";
import { useEachAnswer } from "../use-each-answer.ts";
import { discountFieldText } from "./discount-form-values.ts";

const TEXT_FIELDS = ["code", "description", "discount_value", "min_order_amount", "usage_limit", "expires_at"] as const;

/** Puts the code's current value in each kept field (the form's fields keep what is typed in them otherwise). */
function showCurrent(form: HTMLFormElement, current: AdminDiscount, keep: readonly DiscountField[], setType: (type: DiscountType) => void) {
  for (const name of keep) {
    const control = form.elements.namedItem(name);
    const text = TEXT_FIELDS.find((field) => field === name);
    if (name === "discount_type") setType(current.discount_type);
    else if (name === "is_active" && control instanceof HTMLInputElement) control.checked = current.is_active;
    else if (text && (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) control.value = discountFieldText(current, text);
  }
}

export type DiscountAnswer = {
  ok: boolean;
  intent: string;
  message: string;
  field?: DiscountField | null;
  /** Every field's problem, when the fields were checked. */
  errors?: DiscountFieldErrors;
  outcome?: "deleted" | "deactivated";
  /** Someone else saved the code meanwhile: the code now, and the fields this edit left as shown that they changed. */
  current?: AdminDiscount;
  keep?: DiscountField[];
};

const NONE: readonly string[] = [];

type Props = {
  mode: "create" | "edit";
  open: boolean;
  onClose: () => void;
  /** The code being edited; none when creating. */
  discount?: AdminDiscount;
};

export function DiscountFormDialog({ mode, open, onClose, discount }: Props) {
  const fetcher = useAdminFetcher<DiscountAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const [type, setType] = useState<DiscountType>(discount?.discount_type ?? "percentage");
  // What the dialog shows of the stored code, which a save is judged against: the code it opened
  // with, then the code as someone else left it when a save was refused for their change.
  const [seen, setSeen] = useState(discount);
  // The last refusal is shown until the dialog is closed or the form sent again; each field's
  // message until that field is edited.
  const [dismissed, setDismissed] = useState<DiscountAnswer | null>(null);
  const [edited, setEdited] = useState<{ answer: DiscountAnswer | undefined; fields: readonly string[] }>({ answer: undefined, fields: NONE });
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  const refusal = answer && !answer.ok && answer !== dismissed ? answer : null;
  const editedFields = edited.answer === answer ? edited.fields : NONE;
  const refused: DiscountFieldErrors = refusal ? (refusal.errors ?? (refusal.field ? { [refusal.field]: refusal.message } : {})) : {};
  const errors: DiscountFieldErrors = Object.fromEntries(Object.entries(refused).filter(([name]) => !editedFields.includes(name)));

  useEachAnswer(fetcher, (answer) => {
    if (answer.ok) {
      toast.success(answer.message);
      if (mode === "create") formRef.current?.reset();
      // Closing the element (not only the state) puts the focus back on the button that opened it.
      const dialog = formRef.current?.closest("dialog");
      if (dialog?.open) dialog.close();
      else onClose();
    } else {
      if (answer.current && formRef.current) {
        // Saved meanwhile by someone else: the fields this edit left alone show what they saved,
        // the fields both changed keep this owner's value (marked with theirs), and saving again
        // is judged against the code as it is now, so it replaces their change knowingly.
        showCurrent(formRef.current, answer.current, answer.keep ?? [], setType);
        setSeen(answer.current);
      }
      // The refusal is shown in the dialog (a toast would sit under the modal's backdrop); the
      // first field it marks takes the focus.
      focusFirstInvalid(formRef.current);
    }
  });

  const field = (name: DiscountField) => ({ name, density: "compact" as const, error: errors[name] });
  // A refusal about no field (the server failed), or about someone else's change, stays above the form.
  const general = refusal && (!refusal.field || refusal.current) ? refusal.message : null;

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
      <fetcher.Form
        method="post"
        ref={formRef}
        noValidate
        className="space-y-3"
        onReset={() => setType("percentage")}
        onInput={(event) => {
          const name = (event.target as HTMLInputElement).name;
          if (name in errors) setEdited({ answer, fields: [...editedFields, name] });
        }}
      >
        <input type="hidden" name="intent" value={mode === "create" ? "create" : "update"} />
        {discount ? <input type="hidden" name="id" value={discount.id} /> : null}
        {seen ? <input type="hidden" name="expires_at_saved" value={seen.expires_at ?? ""} /> : null}
        {seen ? <input type="hidden" name="versions_seen" value={JSON.stringify(seen.versions)} /> : null}

        {general ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            {general}
          </p>
        ) : null}

        <Field
          {...field("code")}
          label={adminDiscounts.fields.code}
          required
          hint={adminDiscounts.codeHint}
          defaultValue={discountFieldText(discount, "code")}
          maxLength={FIELD_LIMITS.discountCode}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          controlClassName="font-mono uppercase"
        />

        <TextAreaField {...field("description")} label={adminDiscounts.fields.description} rows={2} defaultValue={discountFieldText(discount, "description")} maxLength={FIELD_LIMITS.discountDescription} />

        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            {...field("discount_type")}
            label={adminDiscounts.fields.discountType}
            value={type}
            onChange={(event) => setType(event.target.value === "fixed" ? "fixed" : "percentage")}
          >
            <option value="percentage">{discounts.percentage}</option>
            <option value="fixed">{discounts.fixedAmount}</option>
          </SelectField>
          <Field
            {...field("discount_value")}
            label={discountValueLabel(type)}
            required
            hint={type === "percentage" ? adminDiscounts.percentageHint : adminDiscounts.fixedHint}
            inputMode="decimal"
            autoComplete="off"
            defaultValue={discountFieldText(discount, "discount_value")}
          />
          <Field
            {...field("min_order_amount")}
            label={`${adminDiscounts.fields.minOrderAmount} (£)`}
            hint={adminDiscounts.minOrderHint}
            inputMode="decimal"
            autoComplete="off"
            prefix="£"
            defaultValue={discountFieldText(discount, "min_order_amount")}
          />
          <Field {...field("usage_limit")} label={adminDiscounts.fields.usageLimit} hint={adminDiscounts.usageLimitHint} inputMode="numeric" autoComplete="off" defaultValue={discountFieldText(discount, "usage_limit")} />
        </div>

        <Field {...field("expires_at")} label={adminDiscounts.fields.expiryDate} hint={adminDiscounts.expiryHint} type="date" defaultValue={discountFieldText(discount, "expires_at")} />

        <CheckboxField
          {...field("is_active")}
          value="true"
          variant="switch"
          label={adminDiscounts.fields.active}
          hint={mode === "edit" ? adminDiscounts.activeHint(DISCOUNT_RESERVATION_MINUTES) : undefined}
          defaultChecked={discount?.is_active ?? true}
          className="py-1"
        />

        <div className="flex flex-col-reverse gap-2 border-t border-gray-100 pt-3 sm:flex-row sm:justify-end">
          <button type="button" className={adminButton.secondary} onClick={() => formRef.current?.closest("dialog")?.close()}>
            {adminDiscounts.cancel}
          </button>
          <BusyButton type="submit" className={adminButton.primary} busy={busy}>
            {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
            {mode === "create" ? (busy ? adminDiscounts.creating : discounts.createDiscount) : busy ? adminDiscounts.saving : adminDiscounts.save}
          </BusyButton>
        </div>
      </fetcher.Form>
    </AdminDialog>
  );
}
