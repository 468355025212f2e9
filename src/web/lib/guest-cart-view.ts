import type { CartView } from "../../domain/cart.ts";
import { guestItemLineId, type GuestCartItem } from "../../domain/guest-cart.ts";

/**
 * The last priced view of a guest cart, shown while a change is being priced, with each line at
 * the quantity the browser holds now (a line no longer held is left out). Prices and totals stay
 * the last answer's until the new one comes. The quantities must not: a press on + or - counts
 * from the quantity shown, so with the priced one a second press before the answer undid the
 * first (+ then - from 2 left 1, + twice left 3).
 */
export function withHeldQuantities(view: CartView, items: readonly GuestCartItem[]): CartView {
  const held = new Map(items.map((item) => [guestItemLineId(item), item.quantity]));
  const lines = view.lines.flatMap((line) => {
    const quantity = held.get(line.id);
    return quantity === undefined ? [] : [quantity === line.quantity ? line : { ...line, quantity }];
  });
  return { ...view, lines };
}
