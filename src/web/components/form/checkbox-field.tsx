// A box (or a switch) as a field of the one form component (field.tsx): the back office's forms use
// it; it lives apart so the storefront pages, which have no such field, do not download it.
import type { InputHTMLAttributes } from "react";
import { controlProps, FieldTexts, look, useFieldIds, type Common } from "./field.tsx";

type CheckboxFieldProps = Omit<Common, "optional" | "hideLabel" | "inline"> &
  Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "required" | "className" | "type"> & {
    /** A switch reads "on/off" (a setting that applies at once or on save); a box reads "checked". */
    variant?: "checkbox" | "switch";
  };

const SWITCH_TRACK =
  "relative inline-block h-5 w-9 shrink-0 rounded-full bg-gray-300 transition-colors after:absolute after:left-0.5 after:top-0.5 after:h-4 after:w-4 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:bg-gray-900 peer-checked:after:translate-x-4 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gray-900";

/** A box (or switch) with its label beside it, its hint and error under it, tied the same way. */
export function CheckboxField({ name, label, hint, error, required = false, id: given, density = "comfortable", className, variant = "checkbox", ...input }: CheckboxFieldProps) {
  const ids = useFieldIds(given, hint, error);
  const styles = look[density];
  const control = controlProps(ids, name, required, error);
  return (
    <div className={className}>
      <label htmlFor={ids.id} className={`flex cursor-pointer items-center gap-2 ${variant === "switch" ? "gap-3 font-medium" : ""} ${styles.checkLabel}`}>
        {variant === "switch" ? (
          <>
            <input type="checkbox" role="switch" {...control} className="peer sr-only" {...input} />
            <span aria-hidden className={SWITCH_TRACK} />
          </>
        ) : (
          <input type="checkbox" {...control} className={styles.check} {...input} />
        )}
        {label}
      </label>
      <FieldTexts ids={ids} hint={hint} error={error} density={density} />
    </div>
  );
}
