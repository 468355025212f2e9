// A discount in an order's totals, as the checkout, the order e-mail and the admin order page name
// it. Apart from discounts.ts (the admin screens' texts), so the checkout page downloads this alone.

/** "Discount (SAVE10)", or "Discount" where the code is not known (ours). */
export function discountLabel(code: string | null): string {
  return code ? `Discount (${code})` : "Discount";
}
