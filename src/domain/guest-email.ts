// storefront.md section 6: "Buy Now for a guest uses a placeholder guest email" (the payment page
// asks for the real one). A module of its own: the back office's customer rules read it without
// taking in the checkout's request schema and its messages.
export const GUEST_PLACEHOLDER_EMAIL = "guest@buy-now.invalid";

/**
 * The first name (with no last name) such an order carries until the payment page learns who
 * paid; it stays when the provider gives no name. It is no one's name: the Customers screen's
 * summary (migration 0026, customer_stats) passes over it for the customer's last real one.
 */
export const GUEST_PLACEHOLDER_FIRST_NAME = "Guest";

/**
 * What an erased order keeps in place of its customer's e-mail (src/domain/admin/personal-data.ts
 * has the rules). Not an address (no "@"), so it can never be someone's, the customers summary
 * (migration 0004's admin_is_customer_email) passes over it, and a search for "erased" finds
 * every erased order.
 */
export const ERASED_EMAIL = "erased";

/** An order's e-mail as the back office shows it: "" for the placeholder and the erased marker, which are no one's address. */
export function knownEmail(email: string | null | undefined): string {
  const value = (email ?? "").trim();
  const lower = value.toLowerCase();
  return lower === GUEST_PLACEHOLDER_EMAIL || isErasedEmail(lower) ? "" : value;
}

export function isErasedEmail(email: string | null | undefined): boolean {
  return (email ?? "").trim().toLowerCase() === ERASED_EMAIL;
}
