// A product card's lead picture under a colour filter (issue 16): a shopper who asked for black
// sees the black jeans, not the indigo pair the product is shown in first, and the card's link
// opens the page with black chosen. Server-side only, so the card ships no colour rules to the browser.
import { colourFamily, type ColourFamily } from "./colours.ts";
import { colourImages, validColours } from "./product-selection.ts";

/** Whether a colour name belongs to one of the chosen colour families. */
const inFamilies = (families: readonly ColourFamily[]) => (colour: string) => {
  const family = colourFamily(colour);
  return family !== null && families.includes(family);
};

/**
 * The product's pictures with the one of its first colour in a chosen family leading, when that
 * colour has a picture of its own (the product page's rule, colourImages); otherwise as they are.
 */
export function picturesForColourFilter(images: readonly string[], colours: readonly string[], families: readonly ColourFamily[]): string[] {
  if (families.length === 0) return [...images];
  const chosen = colourImages(images, colours).find((entry) => inFamilies(families)(entry.colour));
  if (!chosen || chosen.imageIndex === 0) return [...images];
  return [images[chosen.imageIndex]!, ...images.filter((_, index) => index !== chosen.imageIndex)];
}

/**
 * The colour a card stands for under a colour filter, for its link to open the product page with
 * that colour chosen: the colour whose picture leads (picturesForColourFilter),
 * or else the product's first colour in a chosen family; null without a filter or a match.
 */
export function colourForFilter(images: readonly string[], colours: readonly string[], families: readonly ColourFamily[]): string | null {
  if (families.length === 0) return null;
  const matches = inFamilies(families);
  return colourImages(images, colours).find((entry) => matches(entry.colour))?.colour ?? validColours(colours).find(matches) ?? null;
}
