// Cart rules shared by the server's cart services and the cart UI (storefront.md section 3
// "Cart item", section 4 "Cart", section 5 "Add to cart"; docs/api.md "Cart"). Pure: no I/O.
// The guest cart's storage format lives in guest-cart.ts; this module reads the lines the browser
// sends from it with zod, which guest-cart.ts avoids so every page's first JavaScript stays small.
import { z } from "zod";
import type { GuestCartItem } from "./guest-cart.ts";
import { buyNow } from "./messages/buy-now.ts";
import { cart, cartErrors } from "./messages/cart.ts";
import { productPageCopy } from "./messages/catalog.ts";
import { chosenColourPicture, colourImages, validColours, validSizes } from "./product-selection.ts";
import { requestErrors } from "./messages/requests.ts";
import { controlCharactersMessage, hasControlCharacters } from "./text-rules.ts";
import { MAX_CART_LINES, MAX_LINE_QUANTITY, maxLineQuantity, quantityLimitMessage } from "./cart-limits.ts";

export { MAX_CART_LINES, MAX_LINE_QUANTITY, maxLineQuantity, quantityLimitMessage } from "./cart-limits.ts";

/** The most lines a guest cart may send in one merge or pricing request: a cart's most. */
export const MAX_GUEST_LINES = MAX_CART_LINES;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const quantity = z
  .number({ error: cartErrors.invalidQuantity(MAX_LINE_QUANTITY) })
  .int({ error: cartErrors.invalidQuantity(MAX_LINE_QUANTITY) })
  .min(1, { error: cartErrors.invalidQuantity(MAX_LINE_QUANTITY) })
  .max(MAX_LINE_QUANTITY, { error: cartErrors.invalidQuantity(MAX_LINE_QUANTITY) });

/**
 * A size or colour as sent: text, or null/absent for none. Not trimmed here: checkSelection
 * compares trimmed and case-insensitively, and a guest line's id is built from the browser's
 * own value.
 */
const choice = (message: string, controlMessage = message) =>
  z
    .string({ error: message })
    .max(100, { error: message })
    // No size or colour holds one; a line id or a price answer would echo it back.
    .refine((text) => !hasControlCharacters(text), { error: controlMessage })
    .nullish()
    .transform((value) => value ?? null);

/** POST /api/cart/items (storefront.md section 5 "Default quantity is 1"). */
export const addToCartSchema = z.object(
  {
    productId: z.guid({ error: cartErrors.productNotFound }).transform((id) => id.toLowerCase()),
    size: choice(cartErrors.invalidSize, controlCharactersMessage("Size")),
    colour: choice(cartErrors.invalidColour, controlCharactersMessage("Colour")),
    quantity: quantity.default(1),
  },
  { error: requestErrors.jsonObjectRequired },
);

/** PATCH /api/cart/items/:id. A quantity of 0 is not a removal here: DELETE removes. */
export const lineQuantitySchema = z.object({ quantity }, { error: requestErrors.jsonObjectRequired });

/** The most of one guest line the server reads; beyond it the cart cannot be read. */
export const GUEST_LINE_QUANTITY_CEILING = 1_000_000;

/**
 * One guest cart line as the browser sends it, in the guest cart's own field names
 * (storefront.md section 3 "Guest cart item"; GuestCartItem). The quantity may be any positive
 * whole number up to GUEST_LINE_QUANTITY_CEILING: the guest cart does not cap it, and merging
 * caps it at the line's limit.
 */
export const guestLineSchema = z.object(
  {
    product_id: z
      .string({ error: cartErrors.invalidLines })
      .min(1, { error: cartErrors.invalidLines })
      .max(100, { error: cartErrors.invalidLines })
      .refine((id) => !hasControlCharacters(id), { error: cartErrors.invalidLines }),
    // No cap a shopper meets (the cart page says when a line is above its limit), but one: a total
    // of more pence than a number holds exactly is no price.
    quantity: z.int({ error: cartErrors.invalidLines }).min(1, { error: cartErrors.invalidLines }).max(GUEST_LINE_QUANTITY_CEILING, { error: cartErrors.invalidLines }),
    selected_size: choice(cartErrors.invalidLines),
    selected_color: choice(cartErrors.invalidLines),
    created_at: z.string().max(100).optional().catch(undefined),
  },
  { error: cartErrors.invalidLines },
);

/** A guest cart line the server accepts: GuestCartItem, with created_at optional. */
export type GuestLine = Pick<GuestCartItem, "product_id" | "quantity" | "selected_size" | "selected_color"> & {
  created_at?: string | undefined;
};
// The schema's output must stay a guest cart line: a compile error here means they drifted apart.
const _guestLineMatchesGuestCart: z.ZodType<GuestLine> = guestLineSchema;

export const guestLinesSchema = z
  .array(guestLineSchema, { error: cartErrors.invalidLines })
  .max(MAX_GUEST_LINES, { error: cartErrors.tooManyLines(MAX_GUEST_LINES) });

/** POST /api/cart/merge and POST /api/cart/price: `{ lines: [...] }`. */
export const guestCartRequestSchema = z.object({ lines: guestLinesSchema }, { error: cartErrors.invalidLines });

// ---------------------------------------------------------------------------------------------
// Size and colour
// ---------------------------------------------------------------------------------------------

/** The product fields the options are checked against (names as in the storefront product). */
export type OptionsOfProduct = { sizes: readonly string[]; colors: readonly string[] };

export type SelectionCheck =
  | { ok: true; size: string | null; colour: string | null }
  | { ok: false; field: "size" | "colour"; message: string };

/** The stored spelling of an offered option, matched trimmed and case-insensitively; "" for none. */
function findOption(offered: readonly string[], wanted: string | null): string | null | "" {
  const text = (wanted ?? "").trim();
  if (text === "") return "";
  const key = text.toLowerCase();
  return offered.find((option) => option.toLowerCase() === key) ?? null;
}

/**
 * A line's picture: the image of its colour when the product has one of its own for it, by the
 * rule the product page switches its gallery with (colourImages), otherwise the product's first
 * image; null when it has none. The colour is matched as checkSelection matches it (trimmed, any
 * case), so a line saying "navy" gets the picture the page shows for "Navy". Here rather than in
 * product-selection.ts because only the server calls it: the browser receives the chosen picture
 * and ships none of this.
 */
export function linePicture(images: readonly string[], colours: readonly string[], colour: string | null): string | null {
  const chosen = findOption(validColours(colours), colour);
  const own = chosen ? colourImages(images, colours).find((entry) => entry.colour === chosen) : undefined;
  return images[own?.imageIndex ?? 0] ?? null;
}

/**
 * What a line's picture does not show, in the product page's words: "No photo
 * of Navy yet: the picture shows Black." when the line's colour has no image of its own and
 * linePicture fell back to the first image; null when the picture is the colour's own or there is
 * no colour or no picture. The same rule as the product page's gallery (chosenColourPicture).
 */
export function linePictureNote(images: readonly string[], colours: readonly string[], colour: string | null): string | null {
  const chosen = findOption(validColours(colours), colour);
  if (!chosen) return null;
  const picture = chosenColourPicture(images, colours, chosen, 0);
  return picture.kind === "no-image" ? productPageCopy.noPhotoOfColour(picture.colour, picture.pictured) : null;
}

/**
 * Checks a size and colour against what the product offers (storefront.md section 5 "Add to
 * cart"): a size is required when the product has any ('Please select a size before adding to
 * cart'), a colour when it has more than one ('Please select a color before adding to cart'); a
 * product with exactly one colour gets it automatically (section 4). An option the product does
 * not offer is refused (ours). Blank means none. The result holds the product's own spelling,
 * so "navy" and "Navy" are one cart line.
 */
export function checkSelection(product: OptionsOfProduct, size: string | null, colour: string | null): SelectionCheck {
  const sizes = validSizes(product.sizes);
  const chosenSize = findOption(sizes, size);
  if (chosenSize === "" && sizes.length > 0) return { ok: false, field: "size", message: cart.selectSize };
  if (chosenSize === null) return { ok: false, field: "size", message: cartErrors.invalidSize };

  const colours = validColours(product.colors);
  let chosenColour = findOption(colours, colour);
  if (chosenColour === "" && colours.length === 1) chosenColour = colours[0] ?? "";
  if (chosenColour === "" && colours.length > 1) return { ok: false, field: "colour", message: cart.selectColour };
  if (chosenColour === null) return { ok: false, field: "colour", message: cartErrors.invalidColour };

  return { ok: true, size: chosenSize === "" ? null : chosenSize, colour: chosenColour === "" ? null : chosenColour };
}

/**
 * Buy Now's refusals in the spec's words (storefront.md section 5 "Buy Now"), for a request the
 * button did not check itself (a page left open while the product changed, a request made by
 * hand): 'Product not found' for a product that is gone or hidden, and 'Please select a size /
 * color before proceeding to checkout' for a choice left out. A choice the product does not offer
 * is not a missing one: null here, and the line's own notice says so.
 */
export function buyNowProblem(product: OptionsOfProduct | null, size: string | null, colour: string | null): string | null {
  if (product === null) return buyNow.productNotFound;
  const check = checkSelection(product, size, colour);
  if (check.ok) return null;
  const given = check.field === "size" ? size : colour;
  if (given !== null && given.trim() !== "") return null;
  return check.field === "size" ? buyNow.selectSizeBeforeCheckout : buyNow.selectColourBeforeCheckout;
}

// ---------------------------------------------------------------------------------------------
// Lines and the summary
// ---------------------------------------------------------------------------------------------

/** One cart line as the cart UI shows it; money in pence at the current storefront price. */
export type CartLine = {
  /** The cart_items id, or for a guest cart the guest line id (guestLineId). */
  id: string;
  productId: string;
  name: string;
  category: string;
  /** The picture of the line's colour when the product has one (linePicture), else its first valid image, or null. */
  image: string | null;
  /** Said under the picture when it shows another colour than the line's (linePictureNote), else null. */
  pictureNote: string | null;
  size: string | null;
  colour: string | null;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  /** The most this line may hold now: min(99, stock); 0 when the line is unavailable. */
  maxQuantity: number;
  /** False when the product is gone, inactive, out of stock or no longer offers the option. */
  available: boolean;
  /** Why the line is unavailable, or that its quantity is above what is in stock; else null. */
  notice: string | null;
};

export type CartSummary = {
  /** Items (not lines) in available lines: the navigation badge's number. */
  itemCount: number;
  subtotal: number;
  /** storefront.md section 2 "Cart": Shipping is shown as 'Free'. */
  shipping: number;
  total: number;
};

export type CartView = { lines: CartLine[]; summary: CartSummary };

/** The summary of a cart; lines that are not available count for nothing. */
export function cartSummary(lines: readonly Pick<CartLine, "quantity" | "lineTotal" | "available">[]): CartSummary {
  let itemCount = 0;
  let subtotal = 0;
  for (const line of lines) {
    if (!line.available) continue;
    itemCount += line.quantity;
    subtotal += line.lineTotal;
  }
  const shipping = 0;
  return { itemCount, subtotal, shipping, total: subtotal + shipping };
}

/** The product facts that decide whether a line can be bought. */
export type CartProductState = OptionsOfProduct & { isActive: boolean; inStock: boolean; stock: number };

export type LineAssessment = {
  available: boolean;
  /** The product's spelling of the options when they are valid, otherwise as stored. */
  size: string | null;
  colour: string | null;
  maxQuantity: number;
  notice: string | null;
};

const blankToNull = (value: string | null): string | null => (value === null || value.trim() === "" ? null : value);

/**
 * Whether a line can be bought now, read from its product's current state (null when the shop
 * no longer has the product): active, in stock and still offering the size and colour.
 */
export function assessLine(
  product: CartProductState | null,
  size: string | null,
  colour: string | null,
  quantity: number,
): LineAssessment {
  const unavailable = (notice: string): LineAssessment => ({
    available: false,
    size: blankToNull(size),
    colour: blankToNull(colour),
    maxQuantity: 0,
    notice,
  });
  if (product === null || !product.isActive) return unavailable(cartErrors.noLongerAvailable);
  const limit = product.inStock ? maxLineQuantity(product.stock) : 0;
  if (limit === 0) return unavailable(cartErrors.outOfStock);
  const selection = checkSelection(product, size, colour);
  if (!selection.ok) return unavailable(selection.field === "size" ? cartErrors.invalidSize : cartErrors.invalidColour);
  return {
    available: true,
    size: selection.size,
    colour: selection.colour,
    maxQuantity: limit,
    notice: quantity > limit ? quantityLimitMessage(limit, 0) : null,
  };
}

/**
 * The lines an order is made of. Lines for the same product, size and colour (a guest cart sent
 * with duplicates) become one line, and a product is never asked for more than its stock across
 * all its lines: two lines of 50 with 50 in stock, or 30 of one size and 30 of another, carry a
 * notice, which checkout refuses. `stockOf` is the product's stock now.
 */
export function mergeCheckoutLines(lines: readonly CartLine[], stockOf: (productId: string) => number): CartLine[] {
  const merged = new Map<string, CartLine>();
  for (const line of lines) {
    const key = JSON.stringify([line.productId.toLowerCase(), line.size?.toLowerCase() ?? null, line.colour?.toLowerCase() ?? null]);
    const earlier = merged.get(key);
    if (!earlier) {
      merged.set(key, { ...line });
      continue;
    }
    const quantity = earlier.quantity + line.quantity;
    merged.set(key, {
      ...earlier,
      quantity,
      lineTotal: earlier.unitPrice * quantity,
      available: earlier.available && line.available,
      notice: earlier.notice ?? line.notice ?? (quantity > earlier.maxQuantity ? quantityLimitMessage(earlier.maxQuantity, 0) : null),
    });
  }
  const wanted = new Map<string, number>();
  for (const line of merged.values()) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  return [...merged.values()].map((line) => {
    if (line.notice !== null || !line.available) return line;
    const stock = stockOf(line.productId);
    return (wanted.get(line.productId) ?? 0) > stock ? { ...line, notice: cartErrors.stockLimit(stock, 0) } : line;
  });
}
