// The product page's selection rules (storefront.md section 2 "Product detail", section 4
// "Product page selection", section 5 "Add to cart" and "Buy Now") and which image shows which
// colour (section 2 "Colour-variant thumbnails appear when more than one colour is valid").
import { cart } from "./messages/cart.ts";
import { buyNow, productDetail } from "./messages/catalog.ts";
import { MAX_LINE_QUANTITY } from "./cart-limits.ts";

/** What the shopper has picked on a product page: the one object cart and Buy Now will receive. */
export type ProductSelection = {
  productId: string;
  size: string | null;
  colour: string | null;
  quantity: number;
};

/** The fields of a product the selection rules look at. */
export type SelectableProduct = {
  id: string;
  sizes: readonly string[];
  colors: readonly string[];
  inStock: boolean;
  stock: number;
};

export type MissingSelections = { size: boolean; colour: boolean };

/** Names as shown: trimmed, without empty entries or case-insensitive repeats, in stored order. */
function cleanNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of names) {
    const name = typeof raw === "string" ? raw.trim() : "";
    const key = name.toLowerCase();
    if (name === "" || seen.has(key)) continue;
    seen.add(key);
    result.push(name);
  }
  return result;
}

/** The colours a shopper can choose from (blank entries and repeats are not colours). */
export function validColours(colours: readonly string[]): string[] {
  return cleanNames(colours);
}

/** The sizes a shopper can choose from. */
export function validSizes(sizes: readonly string[]): string[] {
  return cleanNames(sizes);
}

/** storefront.md section 5: a size is required when the product has any sizes. */
export function requiresSize(product: Pick<SelectableProduct, "sizes">): boolean {
  return validSizes(product.sizes).length > 0;
}

/** storefront.md section 5: a colour is required when the product has more than one colour. */
export function requiresColour(product: Pick<SelectableProduct, "colors">): boolean {
  return validColours(product.colors).length > 1;
}

/** A size and colour the page was opened with (its address: `?colour=`, `?size=`); null for none. */
export type OpenedWith = { colour: string | null; size: string | null };

/**
 * storefront.md section 4: quantity starts at 1; a product with exactly one colour gets it
 * auto-selected; size and colour start empty otherwise. A colour or size the page was opened with
 * (a colour filter's card, or the page's own address after a reload or Back: offeredChoices)
 * starts chosen instead. The only size is chosen too (docs/deviations.md): a
 * shopper had to press "One Size" before Add to Cart.
 */
export function initialSelection(product: Pick<SelectableProduct, "id" | "colors" | "sizes">, opened: OpenedWith = { colour: null, size: null }): ProductSelection {
  const only = (names: string[]) => (names.length === 1 ? (names[0] ?? null) : null);
  return { productId: product.id, size: opened.size ?? only(validSizes(product.sizes)), colour: opened.colour ?? only(validColours(product.colors)), quantity: 1 };
}

/** The product's own spelling of a choice asked for by name (trimmed, any case), or null when it offers no such choice. */
function offeredChoice(choices: string[], wanted: string | null): string | null {
  const key = (wanted ?? "").trim().toLowerCase();
  return key === "" ? null : (choices.find((choice) => choice.toLowerCase() === key) ?? null);
}

/** The colour and size an address asks for, each when the product offers it. */
export function offeredChoices(product: Pick<SelectableProduct, "colors" | "sizes">, params: URLSearchParams): OpenedWith {
  return { colour: offeredChoice(validColours(product.colors), params.get("colour")), size: offeredChoice(validSizes(product.sizes), params.get("size")) };
}

/** Which required choices are still missing (never a choice the product does not offer). */
export function missingSelections(product: SelectableProduct, selection: ProductSelection): MissingSelections {
  return {
    size: requiresSize(product) && !validSizes(product.sizes).includes(selection.size ?? ""),
    colour: requiresColour(product) && !validColours(product.colors).includes(selection.colour ?? ""),
  };
}

export function isSelectionComplete(missing: MissingSelections): boolean {
  return !missing.size && !missing.colour;
}

/** 'Please select size and color / size / color to continue', or null when nothing is missing. */
export function selectionHint(missing: MissingSelections): string | null {
  return productDetail.selectionHint(missing.size, missing.colour);
}

/**
 * The message for a press of Add to Cart or Buy Now while choices are missing (storefront.md
 * section 5): the button's own size or colour message when one choice is missing, and the
 * disabled button's 'Please select all required options' when both are (Buy Now
 * used to name only the size).
 */
function blockedMessage(missing: MissingSelections, size: string, colour: string): string | null {
  if (missing.size) return missing.colour ? cart.selectAllOptions : size;
  return missing.colour ? colour : null;
}

export const addToCartBlockedMessage = (missing: MissingSelections) => blockedMessage(missing, cart.selectSize, cart.selectColour);

export const buyNowBlockedMessage = (missing: MissingSelections) => blockedMessage(missing, buyNow.selectSize, buyNow.selectColour);

/** The largest quantity the stepper allows: the stock, at most 99, never below 1. */
export function maxQuantity(stock: number): number {
  if (!Number.isFinite(stock)) return 1;
  return Math.max(1, Math.min(MAX_LINE_QUANTITY, Math.floor(stock)));
}

/** A quantity kept within 1..maxQuantity(stock) (section 4: "cannot go below 1"). */
export function clampQuantity(quantity: number, stock: number): number {
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(maxQuantity(stock), Math.max(1, Math.floor(quantity)));
}

// ---------------------------------------------------------------------------------------------
// Which image shows which colour
// ---------------------------------------------------------------------------------------------

export type ColourImage = { colour: string; imageIndex: number };

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}

/** The image file name without folders, query or extension, decoded ("Navy%20Blue" is navy blue). */
function fileStem(url: string): string {
  const path = url.split(/[?#]/)[0] ?? "";
  const file = path.slice(path.lastIndexOf("/") + 1);
  let decoded = file;
  try {
    decoded = decodeURIComponent(file);
  } catch {
    // A malformed escape is read as typed.
  }
  return decoded.replace(/\.[a-z0-9]+$/i, "");
}

/** Whether a file name says the colour: its words in a row ("sky-blue") or run together ("skyblue"). */
function fileNamesColour(fileWords: readonly string[], colour: string): boolean {
  const colourWords = wordsOf(colour);
  if (colourWords.length === 0) return false;
  const joined = colourWords.join("");
  for (let start = 0; start < fileWords.length; start += 1) {
    if (fileWords[start] === joined) return true;
    if (colourWords.every((word, offset) => fileWords[start + offset] === word)) return true;
  }
  return false;
}

const NUMBERED_SERIES = /^(.*?)[-_ ]?(\d+)$/;

/** Images named as one numbered series in order: navy-suit-1, navy-suit-2, navy-suit-3... */
function isNumberedSeries(images: readonly string[]): boolean {
  if (images.length < 2) return false;
  let series: string | null = null;
  return images.every((url, index) => {
    const match = NUMBERED_SERIES.exec(fileStem(url).toLowerCase());
    if (match === null || Number(match[2]) !== index + 1) return false;
    series ??= match[1] ?? "";
    return match[1] === series;
  });
}

/**
 * The image that shows each colour, for the colour-variant thumbnails and for switching the
 * gallery when a swatch is chosen. Two rules, the first that applies wins:
 *
 * 1. By name: when any image's file name names one of the colours ("oxford-shirt-light-blue.jpg",
 *    "IMG_navy.png"), each colour gets the first image naming it; longer colour names are matched
 *    first so "Sky Blue" is not taken by "Blue". Colours no file names get no image. A colour that
 *    every image names says nothing about any one of them: it is the product's own name
 *    ("kensington-navy-two-piece-suit-1", -2, -3), not a colour variant, and is not read as one
 *    (issue 15, item 17: it hid the second colour of nine seed products).
 * 2. By position, only for images named as one numbered series (name-1, name-2, ...), the layout
 *    of the seed catalogue (scripts/generate-seed-images.ts): image 1 shows the first colour,
 *    image 2 is a close-up detail, and image k+2 shows colour k+1 (so image 3 the second colour).
 *
 * Otherwise nothing is known and the list is empty: the gallery never claims a photo shows a
 * colour it may not show. The result follows the order of the colours.
 */
export function colourImages(images: readonly string[], colours: readonly string[]): ColourImage[] {
  const names = validColours(colours);
  if (images.length === 0 || names.length === 0) return [];
  const fileWords = images.map((url) => wordsOf(fileStem(url)));

  const byName = new Map<string, number>();
  const claimed = new Set<number>();
  const longestFirst = [...names].sort((a, b) => wordsOf(b).join("").length - wordsOf(a).join("").length);
  for (const colour of longestFirst) {
    if (images.length > 1 && fileWords.every((words) => fileNamesColour(words, colour))) continue;
    const index = fileWords.findIndex((words, i) => !claimed.has(i) && fileNamesColour(words, colour));
    if (index >= 0) {
      byName.set(colour, index);
      claimed.add(index);
    }
  }
  if (byName.size > 0) {
    return names.flatMap((colour) => {
      const imageIndex = byName.get(colour);
      return imageIndex === undefined ? [] : [{ colour, imageIndex }];
    });
  }

  if (!isNumberedSeries(images)) return [];
  return names.flatMap((colour, k) => {
    const imageIndex = k === 0 ? 0 : k + 1;
    return imageIndex < images.length ? [{ colour, imageIndex }] : [];
  });
}

/**
 * The colour-variant thumbnails (storefront.md section 2 "Colour-variant thumbnails appear when
 * more than one colour is valid"): one per colour whose image is known, shown only when at least
 * two colours have one (a strip of one thumbnail would offer no choice).
 */
export function colourVariantThumbnails(images: readonly string[], colours: readonly string[]): ColourImage[] {
  const variants = colourImages(images, colours);
  return variants.length > 1 ? variants : [];
}

/**
 * What the gallery says about the chosen colour (issue 15, item 17). A colour with an image of its
 * own is shown by it; one without is still chosen (its swatch is marked) and the gallery says so,
 * naming the colour the picture does show when that is known, rather than let a photo of another
 * colour pass for it.
 */
export type ChosenColourPicture =
  | { kind: "none" }
  | { kind: "own-image"; imageIndex: number }
  | { kind: "no-image"; colour: string; pictured: string | null };

export function chosenColourPicture(images: readonly string[], colours: readonly string[], chosen: string | null, shownIndex: number): ChosenColourPicture {
  return pictureOfColour(colourImages(images, colours), images.length, colours, chosen, shownIndex);
}

/**
 * chosenColourPicture from the colour images already worked out (`known`, colourImages): the
 * product page's loader works them out on the server, so its JavaScript carries none of the
 * file-name rules above (the page's 25 KB budget, decision 023).
 */
export function pictureOfColour(known: readonly ColourImage[], imageCount: number, colours: readonly string[], chosen: string | null, shownIndex: number): ChosenColourPicture {
  if (chosen === null || !validColours(colours).includes(chosen)) return { kind: "none" };
  const own = known.find((entry) => entry.colour === chosen);
  if (own) return { kind: "own-image", imageIndex: own.imageIndex };
  if (imageCount === 0) return { kind: "none" };
  return { kind: "no-image", colour: chosen, pictured: known.find((entry) => entry.imageIndex === shownIndex)?.colour ?? null };
}
