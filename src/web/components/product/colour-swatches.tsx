import type { Ref } from "react";
import { MULTICOLOUR_GRADIENT } from "../../../domain/colours.ts";
import { productDetail, productPageCopy } from "../../../domain/messages/catalog.ts";
import { ColourDot } from "../colour-dot.tsx";
import { OptionGroup, type OptionGroupHandle } from "./option-group.tsx";

type Props = {
  handleRef?: Ref<OptionGroupHandle>;
  colours: readonly string[];
  /** Each colour's swatch paint, in the order of `colours` (from the server). */
  swatches: readonly string[];
  value: string | null;
  onChange: (colour: string) => void;
  invalid?: boolean;
  disabled?: boolean;
};

/** Colour swatches with their names; multicolour ones carry the 'Multi' marker (storefront.md 2). */
export function ColourSwatches({ handleRef, colours, swatches, value, onChange, invalid, disabled }: Props) {
  if (colours.length === 0) return null;
  return (
    <OptionGroup
      handleRef={handleRef}
      label={productPageCopy.colour}
      valueText={value}
      options={colours}
      value={value}
      onChange={onChange}
      invalid={invalid}
      disabled={disabled}
      optionClassName={(checked) =>
        `inline-flex min-h-11 items-center gap-2 rounded-full border py-1.5 pl-1.5 pr-3 text-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-50 ${
          checked ? "border-brand-900 bg-brand-50 font-semibold ring-1 ring-brand-900" : "border-brand-100 hover:border-brand-900/50"
        }`
      }
      renderOption={(colour) => (
        <>
          <ColourDot paint={swatches[colours.indexOf(colour)] ?? ""} size="h-7 w-7" />
          <span>{colour}</span>
          {swatches[colours.indexOf(colour)] === MULTICOLOUR_GRADIENT ? (
            <span className="rounded bg-brand-900 px-1.5 py-0.5 text-[10px] font-semibold uppercase tracking-wide text-white">{productDetail.multiMarker}</span>
          ) : null}
        </>
      )}
    />
  );
}
