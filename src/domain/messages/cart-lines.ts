// Texts of the cart page's lines (/cart) that no other page shows. Apart from cart.ts, which the
// header's cart and every Add to Cart need on every page: these are downloaded with /cart alone.

export const cartLines = {
  // ours: a line above what is left is brought down in one press, not one unit at a time.
  lowerTo: (quantity: number): string => `Change to ${quantity}`,
  // ours: said to a screen reader once a line's quantity has changed (the stepper's button keeps the focus).
  quantityChanged: (line: string, quantity: number, lineTotal: string): string => `${line}: quantity ${quantity}, line total ${lineTotal}`,
} as const;
