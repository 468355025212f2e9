import { colourHex, isMulticolour, MULTICOLOUR_GRADIENT } from "../../domain/colours.ts";

/** A round swatch in the colour's family hex (storefront.md section 9 "Colour families"). */
export function ColourDot({ name, size = "h-3.5 w-3.5" }: { name: string; size?: string }) {
  const background = isMulticolour(name) ? MULTICOLOUR_GRADIENT : colourHex(name);
  return <span aria-hidden className={`inline-block rounded-full border border-black/15 ${size}`} style={{ background }} />;
}
