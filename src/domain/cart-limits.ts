// How much of one item a cart line may hold. Kept apart from cart.ts (which uses zod) because the
// browser's cart code needs these on every page and zod would weigh down its first load.
import { lineLimitMessage, stockLimitMessage } from "./messages/cart.ts";

/** The most different lines (product, size, colour) one cart may hold, guest or signed in. */
export const MAX_CART_LINES = 100;

/** The most of one line a cart may hold, whatever the stock (the product page's stepper limit). */
export const MAX_LINE_QUANTITY = 99;

/** The largest quantity one line may reach: the stock, at most 99; 0 when nothing is in stock. */
export function maxLineQuantity(stock: number): number {
  if (!Number.isFinite(stock)) return 0;
  return Math.max(0, Math.min(MAX_LINE_QUANTITY, Math.floor(stock)));
}

/**
 * Why a line cannot reach the quantity asked for: the stock when it is what limits the line
 * ('Only 3 left in stock'), otherwise the 99-per-line rule.
 */
export function quantityLimitMessage(limit: number, alreadyInCart: number): string {
  return limit < MAX_LINE_QUANTITY ? stockLimitMessage(limit, alreadyInCart) : lineLimitMessage(MAX_LINE_QUANTITY, alreadyInCart);
}
