// The one accessible form field of the shop, storefront and back office alike: a label (with a star
// when required, "(optional)" when asked), the control, a hint and an error, tied together with
// aria-describedby and aria-invalid so a screen reader reads the problem on the field itself.
// `density="compact"` is the back office's denser, grey look; the storefront keeps the default.
// Every form uses it, and `focusFirstInvalid` gives every form the same behaviour on a refused submit.
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";

export type FieldDensity = "comfortable" | "compact";

export type Common = {
  name?: string;
  label: string;
  /** Shown under the field and read with it ("at least 8 characters"). */
  hint?: string;
  /** The problem with this field; marks it invalid. */
  error?: string | null;
  required?: boolean;
  /** Adds "(optional)" to the label. */
  optional?: boolean;
  id?: string;
  density?: FieldDensity;
  /** Layout only (width, grid span, flex): the field's look is its density's. */
  className?: string;
  /** The label is read, not shown: a search box whose icon, placeholder and button say what it is. */
  hideLabel?: boolean;
  /** Label and control on one line (a status picker, a quantity beside its line); `className` then lays out that line. */
  inline?: boolean;
};

/** Inside the control's frame: a leading sign ("£", a search icon) and a trailing control (show password). */
type Adornments = { prefix?: ReactNode; suffix?: ReactNode };

/** The looks of each density; shared with the form's sibling modules (checkbox-field.tsx). */
export const look = {
  comfortable: {
    label: "block text-sm font-medium",
    optional: "font-normal text-brand-900/70",
    control: "mt-1.5 block w-full rounded-md border bg-white px-3 py-2.5 text-base text-brand-900 shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-500 sm:text-sm",
    valid: "border-brand-100",
    invalid: "border-red-500",
    hint: "mt-1 text-xs text-brand-900/70",
    error: "mt-1 text-sm text-red-700",
    file: "mt-1.5 block w-full text-sm text-brand-900",
    check: "h-4 w-4 rounded border-brand-100 accent-brand-700",
    checkLabel: "text-sm text-brand-900",
    adornment: "text-brand-900/70",
  },
  compact: {
    label: "mb-1 block text-sm font-medium text-gray-800",
    optional: "font-normal text-gray-600",
    control:
      "block w-full rounded-md border bg-white px-3 py-1.5 text-sm text-gray-900 shadow-sm placeholder:text-gray-500 focus:outline-none focus:ring-1 disabled:cursor-not-allowed disabled:bg-gray-50",
    valid: "border-gray-300 focus:border-gray-900 focus:ring-gray-900",
    invalid: "border-red-600 focus:border-red-700 focus:ring-red-700",
    hint: "mt-1 text-xs text-gray-600",
    error: "mt-1 text-sm text-red-700",
    file: "block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-gray-800 hover:file:bg-gray-50",
    check: "h-4 w-4 rounded border-gray-400 accent-gray-900",
    checkLabel: "text-sm text-gray-900",
    adornment: "text-gray-500",
  },
} as const;

type Ids = { id: string; hintId: string; errorId: string; describedBy: string | undefined };

export function useFieldIds(given: string | undefined, hint: string | undefined, error: string | null | undefined): Ids {
  const generated = useId();
  const id = given ?? generated;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return { id, hintId, errorId, describedBy };
}

function controlClass(density: FieldDensity, invalid: boolean, inline: boolean, extra: string) {
  const styles = look[density];
  const frame = inline ? styles.control.replace("block w-full", "inline-block min-w-0 max-w-full").replace("mt-1.5 ", "") : styles.control;
  return `${frame} ${invalid ? styles.invalid : styles.valid} ${extra}`.trim();
}

/** What every control of a field carries: its id, name, and the marks that tie it to its texts. */
export function controlProps(ids: Ids, name: string | undefined, required: boolean, error: string | null | undefined) {
  return {
    id: ids.id,
    name,
    "aria-required": required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids.describedBy,
  };
}

/** The hint and the error under a control, with the ids its aria-describedby names. */
export function FieldTexts({ ids, hint, error, density }: { ids: Ids; hint?: string; error?: string | null; density: FieldDensity }) {
  const styles = look[density];
  return (
    <>
      {hint ? (
        <p id={ids.hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </>
  );
}

function FieldFrame({
  ids,
  label,
  hint,
  error,
  required,
  optional,
  density = "comfortable",
  className,
  hideLabel,
  inline,
  children,
}: Common & { ids: Ids; children: ReactNode }) {
  const styles = look[density];
  const labelClass = hideLabel ? "sr-only" : inline ? styles.label.replace("mb-1 ", "").replace("block ", "") : styles.label;
  const labelElement = (
    <label htmlFor={ids.id} className={labelClass}>
      {label}
      {required ? (
        <span aria-hidden className="text-red-700">
          {" "}
          *
        </span>
      ) : null}
      {optional ? <span className={styles.optional}> (optional)</span> : null}
    </label>
  );
  const texts = <FieldTexts ids={ids} hint={hint} error={error} density={density} />;
  if (inline) {
    // The row is what the layout class arranges; hint and error go under it.
    return (
      <div>
        <div className={`flex items-center gap-2 ${className ?? ""}`.trim()}>
          {labelElement}
          {children}
        </div>
        {texts}
      </div>
    );
  }
  return (
    <div className={className}>
      {labelElement}
      {children}
      {texts}
    </div>
  );
}

/** The control, with its adornments laid inside its frame when it has any. */
function Adorned({ prefix, suffix, density, inline, children }: Adornments & { density: FieldDensity; inline: boolean; children: ReactNode }) {
  if (prefix == null && suffix == null) return children;
  const offset = density === "comfortable" ? "mt-1.5" : "";
  return (
    <div className={`relative ${inline ? "inline-block" : ""} ${offset}`.trim()}>
      {prefix != null ? (
        <span aria-hidden className={`pointer-events-none absolute inset-y-0 left-0 flex items-center pl-2.5 text-sm ${look[density].adornment}`}>
          {prefix}
        </span>
      ) : null}
      {children}
      {suffix != null ? <span className="absolute inset-y-0 right-0 flex items-center">{suffix}</span> : null}
    </div>
  );
}

type InputFieldProps = Common &
  Adornments &
  Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "required" | "className" | "prefix"> & {
    /** The text's look inside the control (a monospace code), never its frame. */
    controlClassName?: string;
    ref?: Ref<HTMLInputElement>;
  };

/** Splits a field's props: what its frame shows, what its control carries, and the control's own. */
function useField<P extends Common>(props: P) {
  const { name, label, hint, error, required = false, optional = false, id, density = "comfortable", className, hideLabel, inline = false, ...own } = props;
  const ids = useFieldIds(id, hint, error);
  const frame = { ids, label, hint, error, required, optional, density, className, hideLabel, inline };
  return { frame, control: controlProps(ids, name, required, error), density, inline, invalid: Boolean(error), own };
}

export function Field(props: InputFieldProps) {
  const { frame, control, density, inline, invalid, own } = useField(props);
  const { prefix, suffix, controlClassName = "", ...input } = own;
  const adorned = prefix != null || suffix != null;
  // A frame around the control carries the label's gap; padding leaves room for the adornments.
  const room = `${prefix != null ? "pl-8" : ""} ${suffix != null ? "pr-10" : ""} ${controlClassName}`;
  const classes =
    input.type === "file"
      ? `${look[density].file} ${controlClassName}`.trim()
      : adorned
        ? controlClass(density, invalid, inline, room).replace("mt-1.5 ", "")
        : controlClass(density, invalid, inline, room);
  return (
    <FieldFrame {...frame}>
      <Adorned prefix={prefix} suffix={suffix} density={density} inline={inline}>
        <input {...control} className={classes} {...input} />
      </Adorned>
    </FieldFrame>
  );
}

type TextAreaFieldProps = Common &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name" | "required" | "className"> & { ref?: Ref<HTMLTextAreaElement> };

export function TextAreaField(props: TextAreaFieldProps) {
  const { frame, control, density, invalid, own } = useField(props);
  return (
    <FieldFrame {...frame}>
      {/* Every text area holds prose a person typed (a message, a note), in whichever direction they write. */}
      <textarea rows={6} dir="auto" {...control} className={controlClass(density, invalid, false, "")} {...own} />
    </FieldFrame>
  );
}

type SelectFieldProps = Common &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "required" | "className"> & { children: ReactNode; ref?: Ref<HTMLSelectElement> };

export function SelectField(props: SelectFieldProps) {
  const { frame, control, density, inline, invalid, own } = useField(props);
  const { children, ...select } = own;
  return (
    <FieldFrame {...frame}>
      <select {...control} className={controlClass(density, invalid, inline, density === "compact" ? "pr-8" : "")} {...select}>
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
