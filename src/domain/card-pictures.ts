// A product card's lead picture under a colour filter (issue 16): a shopper who asked for black
// sees the black jeans, not the indigo pair the product is shown in first. Server-side only, so
// the card itself ships no colour rules to the browser.
import { colourFamily, type ColourFamily } from "./colours.ts";
import { colourImages } from "./product-selection.ts";

/**
 * The product's pictures with the one of its first colour in a chosen family leading, when that
 * colour has a picture of its own (the product page's rule, colourImages); otherwise as they are.
 */
export function picturesForColourFilter(images: readonly string[], colours: readonly string[], families: readonly ColourFamily[]): string[] {
  if (families.length === 0) return [...images];
  const chosen = colourImages(images, colours).find((entry) => {
    const family = colourFamily(entry.colour);
    return family !== null && families.includes(family);
  });
  if (!chosen || chosen.imageIndex === 0) return [...images];
  return [images[chosen.imageIndex]!, ...images.filter((_, index) => index !== chosen.imageIndex)];
}
