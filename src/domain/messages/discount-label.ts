/** A discount in an order's totals, named by its code where the code is known (ours). */
export function discountLabel(code: string | null): string {
  return code ? `Discount (${code})` : "Discount";
}
