// storefront.md section 6: "Buy Now for a guest uses a placeholder guest email" (the payment page
// asks for the real one). A module of its own: the back office's customer rules read it without
// taking in the checkout's request schema and its messages.
export const GUEST_PLACEHOLDER_EMAIL = "guest@buy-now.invalid";

/** An order's e-mail as the back office shows it: "" for the placeholder, which is no one's address. */
export function knownEmail(email: string | null | undefined): string {
  const value = (email ?? "").trim();
  return value.toLowerCase() === GUEST_PLACEHOLDER_EMAIL ? "" : value;
}
