// An order's totals (storefront.md section 5 "Checkout"): the rule the server charges by and the
// checkout page shows, in pence or in the display currency alike. Apart from checkout.ts (zod and
// the request schemas) so the checkout page loads only this.

export type OrderTotals = {
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
};

/** The discount comes off the goods; shipping is added after it. */
export function orderTotals(subtotal: number, discountAsked: number, shipping: number): OrderTotals {
  const discount = Math.min(Math.max(0, discountAsked), subtotal);
  return { subtotal, discount, shipping, total: subtotal - discount + shipping };
}
