import { Minus } from "../icons/minus.tsx";
import { Plus } from "../icons/plus.tsx";
import { productPageCopy } from "../../../domain/messages/catalog.ts";
import { useId, type KeyboardEvent } from "react";

type Props = {
  value: number;
  max: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
  /** The accessible name; the product page shows it, the cart's lines keep it for screen readers. */
  label?: string;
  visibleLabel?: boolean;
};

/**
 * Quantity from 1 to `max` (storefront.md section 4: starts at 1, never below 1, the minus button
 * is disabled at 1). The number is a spinbutton, so arrow keys, Home and End work on it too.
 */
export function QuantityStepper({ value, max, onChange, disabled = false, label = productPageCopy.quantity, visibleLabel = true }: Props) {
  const labelId = useId();
  const set = (next: number) => onChange(Math.min(max, Math.max(1, next)));
  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    const next = { ArrowUp: value + 1, ArrowRight: value + 1, ArrowDown: value - 1, ArrowLeft: value - 1, Home: 1, End: max }[event.key];
    if (next === undefined || disabled) return;
    event.preventDefault();
    set(next);
  };
  const button =
    "flex h-11 w-11 items-center justify-center text-brand-900 transition hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent";
  return (
    <div>
      <p className={visibleLabel ? "mb-2 text-sm font-medium" : "sr-only"} id={labelId}>
        {label}
      </p>
      <div className="inline-flex items-center rounded-md border border-brand-100">
        <button type="button" className={button} aria-label={visibleLabel ? productPageCopy.decreaseQuantity : `${productPageCopy.decreaseQuantity}: ${label}`} disabled={disabled || value <= 1} onClick={() => set(value - 1)}>
          <Minus aria-hidden className="h-4 w-4" />
        </button>
        <span
          role="spinbutton"
          tabIndex={disabled ? -1 : 0}
          aria-labelledby={labelId}
          aria-valuenow={value}
          aria-valuemin={1}
          aria-valuemax={max}
          aria-disabled={disabled || undefined}
          onKeyDown={onKeyDown}
          className="min-w-10 select-none text-center text-base font-semibold tabular-nums focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {value}
        </span>
        <button type="button" className={button} aria-label={visibleLabel ? productPageCopy.increaseQuantity : `${productPageCopy.increaseQuantity}: ${label}`} disabled={disabled || value >= max} onClick={() => set(value + 1)}>
          <Plus aria-hidden className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}
