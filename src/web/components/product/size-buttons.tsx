import type { Ref } from "react";
import { Link } from "react-router";
import { productPageCopy } from "../../../domain/messages/catalog.ts";
import { OptionGroup, type OptionGroupHandle } from "./option-group.tsx";

type Props = {
  handleRef?: Ref<OptionGroupHandle>;
  sizes: readonly string[];
  value: string | null;
  onChange: (size: string) => void;
  invalid?: boolean;
  disabled?: boolean;
  /** The size guide's chart for these sizes. */
  guideHref?: string;
};

/** One button per size, as a radio group (storefront.md section 2 "Size buttons"). */
export function SizeButtons({ handleRef, sizes, value, onChange, invalid, disabled, guideHref }: Props) {
  if (sizes.length === 0) return null;
  return (
    <div>
      <OptionGroup
      handleRef={handleRef}
      label={productPageCopy.size}
      valueText={value}
      options={sizes}
      value={value}
      onChange={onChange}
      invalid={invalid}
      disabled={disabled}
      optionClassName={(checked) =>
        `min-h-11 min-w-12 rounded-md border px-3 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-50 ${
          checked ? "border-brand-900 bg-brand-900 text-white" : "border-brand-100 hover:border-brand-900/60"
        }`
      }
      renderOption={(size) => size}
      />
      {/* After the sizes, so a keyboard moves from the colours straight to the sizes. */}
      {guideHref ? (
        <Link to={guideHref} className="tap-target mt-2 inline-flex text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {productPageCopy.sizeGuide}
        </Link>
      ) : null}
    </div>
  );
}
