// How order ids are shown to people (admin.md section 2 "Order number display";
// storefront.md section 8 "Confirmation").

/**
 * admin.md section 2: "ids starting with ORD- are shown as they are; otherwise the last 8
 * characters, uppercased, prefixed with #". An id shorter than 8 characters is shown whole.
 */
export function formatOrderNumber(id: string): string {
  if (id.startsWith("ORD-")) return id;
  return `#${id.slice(-8).toUpperCase()}`;
}

/**
 * The number in the confirmation toast. storefront.md section 8 fills "Order {...} confirmed!"
 * with the first 8 characters of the id, but the page, the e-mail, My orders, the lookup and the
 * admin all show `formatOrderNumber` (the last 8): a shopper saw two numbers for one order and the
 * lookup refused the toast's. The toast shows the one number (docs/deviations.md); the lookup
 * still accepts the first 8 characters, which earlier toasts showed.
 */
export function confirmationOrderRef(id: string): string {
  return formatOrderNumber(id);
}

/**
 * admin.md section 2 "Admin Stripe": "Order ID (first 8 characters)", and the customers
 * screen's "short id" of recent orders. Case is kept as stored.
 */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}
