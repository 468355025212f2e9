// A discount in an order's totals, as the order e-mail and the back office name it. The checkout
// page types the same words itself: a module it shared with the back office would be a chunk of
// its own there, past the page's first-load budget (docs/performance.md).

/** "Discount (SAVE10)", or "Discount" where the code is not known (ours). */
export function discountLabel(code: string | null): string {
  return code ? `Discount (${code})` : "Discount";
}
