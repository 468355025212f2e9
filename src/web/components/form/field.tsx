// The one accessible form field of the shop: a label (with a star when required, "(optional)"
// when asked), the control, a hint and an error, tied together with aria-describedby and
// aria-invalid so a screen reader reads the problem on the field itself. Every form uses it, and
// `focusFirstInvalid` gives every form the same behaviour on a refused submit.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

type Common = {
  name: string;
  label: string;
  /** Shown under the field and read with it ("at least 8 characters"). */
  hint?: string;
  /** The problem with this field; marks it invalid. */
  error?: string | null;
  required?: boolean;
  /** Adds "(optional)" to the label. */
  optional?: boolean;
  id?: string;
};

const controlClass = (invalid: boolean) =>
  `mt-1.5 block w-full rounded-md border bg-white px-3 py-2.5 text-base text-brand-900 shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-500 sm:text-sm ${
    invalid ? "border-red-500" : "border-brand-100"
  }`;

function useFieldIds(given: string | undefined, hint: string | undefined, error: string | null | undefined) {
  const generated = useId();
  const id = given ?? generated;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return { id, hintId, errorId, describedBy };
}

/** What every control of a field carries: its id, name, and the marks that tie it to its texts. */
function controlProps(ids: ReturnType<typeof useFieldIds>, name: string, required: boolean, error: string | null | undefined) {
  return {
    id: ids.id,
    name,
    "aria-required": required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids.describedBy,
    className: controlClass(Boolean(error)),
  };
}

function FieldFrame({ ids, label, hint, error, required, optional, children }: Common & { ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={ids.id} className="block text-sm font-medium">
        {label}
        {required ? (
          <span aria-hidden className="text-red-700">
            {" "}
            *
          </span>
        ) : null}
        {optional ? <span className="font-normal text-brand-900/70"> (optional)</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={ids.hintId} className="mt-1 text-xs text-brand-900/70">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputFieldProps = Common & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "required" | "className">;

export function Field({ name, label, hint, error, required = false, optional = false, id: given, ...input }: InputFieldProps) {
  const ids = useFieldIds(given, hint, error);
  return (
    <FieldFrame ids={ids} name={name} label={label} hint={hint} error={error} required={required} optional={optional}>
      <input {...controlProps(ids, name, required, error)} {...input} />
    </FieldFrame>
  );
}

type TextAreaFieldProps = Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name" | "required" | "className">;

export function TextAreaField({ name, label, hint, error, required = false, optional = false, id: given, ...textarea }: TextAreaFieldProps) {
  const ids = useFieldIds(given, hint, error);
  return (
    <FieldFrame ids={ids} name={name} label={label} hint={hint} error={error} required={required} optional={optional}>
      <textarea rows={6} {...controlProps(ids, name, required, error)} {...textarea} />
    </FieldFrame>
  );
}

type SelectFieldProps = Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "required" | "className"> & { children: ReactNode };

export function SelectField({ name, label, hint, error, required = false, optional = false, id: given, children, ...select }: SelectFieldProps) {
  const ids = useFieldIds(given, hint, error);
  return (
    <FieldFrame ids={ids} name={name} label={label} hint={hint} error={error} required={required} optional={optional}>
      <select {...controlProps(ids, name, required, error)} {...select}>
        {children}
      </select>
    </FieldFrame>
  );
}

/** After a refused submit: the cursor goes to the first field marked invalid (or the first field). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea");
  target?.focus();
}
