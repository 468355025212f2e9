// The guest cart kept in browser storage (storefront.md section 3 "Guest cart item", section 4
// "Cart", section 2 "Navigation bar"). Pure: callers read and write localStorage.
import { MAX_CART_LINES } from "./cart-limits.ts";

/** storefront.md section 3: "Stored in browser storage under the key guestCart." */
export const GUEST_CART_KEY = "guestCart";

/**
 * Beside the lines: the ids of those the cart page last learnt cannot be bought (a product the
 * shop stopped selling, a size it no longer has), one a line. The badge leaves them out, as it does
 * for a signed-in cart, through later edits and additions. The key starts with GUEST_CART_KEY, so
 * one storage-event check sees both.
 */
export const GUEST_CART_UNAVAILABLE_KEY = "guestCart:unavailable";

/** storefront.md section 3 "Guest cart item" fields. */
export type GuestCartItem = {
  product_id: string;
  quantity: number;
  selected_size: string | null;
  selected_color: string | null;
  created_at: string;
};

/**
 * storefront.md section 3: "The line id is derived as 'guest' + product + size (or 'no-size') +
 * colour (or 'no-color')." The parts are joined with "-" so "guest-42-M-Navy" cannot be
 * confused with product "42M"; an empty size or colour counts as none.
 */
export function guestLineId(productId: string, size: string | null, colour: string | null): string {
  return ["guest", productId, size || "no-size", colour || "no-color"].join("-");
}

export function guestItemLineId(item: GuestCartItem): string {
  return guestLineId(item.product_id, item.selected_size, item.selected_color);
}

/** storefront.md section 2: "The badge shows 9+ when the count is above 9"; no badge at 0. */
export function cartBadgeText(count: number): string {
  const n = Number.isFinite(count) ? Math.floor(count) : 0;
  if (n <= 0) return "";
  return n > 9 ? "9+" : String(n);
}

/** Total number of items (not lines) in the cart, for the badge. */
export function guestCartCount(items: readonly GuestCartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

// Hand-written rather than zod: the navigation badge reads the guest cart on every page, and
// zod would add about 24 KB (gzip) to the JavaScript every page loads first.
function toGuestCartItem(entry: unknown): GuestCartItem | null {
  if (typeof entry !== "object" || entry === null) return null;
  const record = entry as Record<string, unknown>;
  const { product_id: productId, quantity } = record;
  if (typeof productId !== "string" || productId === "") return null;
  if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1) return null;
  const textOrNull = (value: unknown) => (typeof value === "string" ? value : null);
  return {
    product_id: productId,
    quantity,
    selected_size: textOrNull(record.selected_size),
    selected_color: textOrNull(record.selected_color),
    created_at: typeof record.created_at === "string" ? record.created_at : "",
  };
}

/**
 * Reads the stored JSON. Browser storage is user-editable and may hold an old or broken value:
 * anything unreadable gives an empty cart, and lines that are not valid are dropped.
 */
export function parseGuestCart(json: string | null | undefined): GuestCartItem[] {
  if (json == null || json === "") return [];
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const items: GuestCartItem[] = [];
  for (const entry of data) {
    const item = toGuestCartItem(entry);
    if (item) items.push(item);
  }
  return items;
}

/**
 * storefront.md section 4: "Adding an item identical in product, size and colour increases its
 * quantity. Otherwise a new line is created." Returns a new array; the input is not changed.
 */
export function addToGuestCart(
  items: readonly GuestCartItem[],
  addition: { product_id: string; quantity: number; selected_size: string | null; selected_color: string | null },
  now: Date,
): GuestCartItem[] {
  const lineId = guestLineId(addition.product_id, addition.selected_size, addition.selected_color);
  // storefront.md section 5 "Default quantity is 1": a missing or silly quantity adds one item.
  const quantity = Number.isFinite(addition.quantity) ? Math.max(1, Math.floor(addition.quantity)) : 1;
  if (items.some((item) => guestItemLineId(item) === lineId)) {
    return items.map((item) =>
      guestItemLineId(item) === lineId ? { ...item, quantity: item.quantity + quantity } : item,
    );
  }
  return [
    ...items,
    {
      product_id: addition.product_id,
      quantity,
      selected_size: addition.selected_size || null,
      selected_color: addition.selected_color || null,
      created_at: now.toISOString(),
    },
  ];
}

/**
 * Whether the line may be added: more of a line the cart has always (its quantity has its own
 * limit), a new line only while the cart has fewer than MAX_CART_LINES. Past it the server would
 * refuse to price the cart, and the cart page could show none of it.
 */
export function hasRoomForGuestLine(items: readonly GuestCartItem[], lineId: string): boolean {
  return items.length < MAX_CART_LINES || items.some((item) => guestItemLineId(item) === lineId);
}

/**
 * storefront.md section 4: "Updating a quantity to 0 or less removes a guest item." Fractions
 * are truncated (0.5 is 0, so it removes); NaN and Infinity change nothing.
 */
export function updateGuestCartQuantity(
  items: readonly GuestCartItem[],
  lineId: string,
  quantity: number,
): GuestCartItem[] {
  if (!Number.isFinite(quantity)) return [...items];
  const whole = Math.floor(quantity);
  if (whole < 1) return removeFromGuestCart(items, lineId);
  return items.map((item) => (guestItemLineId(item) === lineId ? { ...item, quantity: whole } : item));
}

export function removeFromGuestCart(items: readonly GuestCartItem[], lineId: string): GuestCartItem[] {
  return items.filter((item) => guestItemLineId(item) !== lineId);
}

/**
 * The guest cart after a paid checkout (issue 15, item 2): each paid line's quantity comes out of
 * the matching line (product, size, colour); a line left at 0 or less goes. Lines added after
 * checkout stay, and a line the shopper lowered meanwhile goes rather than keep a paid item.
 */
export function removePaidFromGuestCart(
  items: readonly GuestCartItem[],
  paid: readonly { product_id: string; quantity: number; selected_size: string | null; selected_color: string | null }[],
): GuestCartItem[] {
  const paidByLine = new Map<string, number>();
  for (const line of paid) {
    const id = guestLineId(line.product_id, line.selected_size, line.selected_color);
    paidByLine.set(id, (paidByLine.get(id) ?? 0) + (Number.isFinite(line.quantity) ? Math.max(0, Math.floor(line.quantity)) : 0));
  }
  return items.flatMap((item) => {
    const quantity = item.quantity - (paidByLine.get(guestItemLineId(item)) ?? 0);
    return quantity > 0 ? [{ ...item, quantity }] : [];
  });
}
