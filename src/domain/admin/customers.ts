// The admin Customers screen's rules (admin.md section 2 "Admin Customers", section 3 "Customer
// (derived from orders, keyed by email)", section 9). The figures themselves are computed in SQL
// (customer_stats, decision 021); these are the rules both sides agree on.
import { GUEST_PLACEHOLDER_EMAIL } from "../guest-email.ts";
import { validation } from "../messages/forms.ts";
import { phoneSearchDigits } from "../phone-numbers.ts";
import { straightApostrophes } from "../text-rules.ts";
import { withAsciiDomain } from "../email-addresses.ts";
import { emailForDisplay } from "../email-display.ts";

/** Customers per page of the Customers screen and of GET /api/admin/customers. */
export const CUSTOMERS_PAGE_SIZE = 20;

/** admin.md section 9: "Recent orders per customer: 3." */
export const RECENT_ORDERS_PER_CUSTOMER = 3;

/** The longest search the screen accepts; a longer one is cut, never an error. */
export const CUSTOMER_SEARCH_MAX_LENGTH = 100;

/**
 * admin.md section 2: "Orders without a valid customer object with an email string are skipped."
 * Valid: one "@" with something on each side and no spaces, and not the placeholder a guest's Buy
 * Now order carries until the payment page learns the real address. The migration's
 * admin_is_customer_email() is the same rule in SQL (the integration tests hold them together).
 */
export function isCustomerEmail(email: unknown): email is string {
  if (typeof email !== "string") return false;
  const address = email.trim().toLowerCase();
  return address !== GUEST_PLACEHOLDER_EMAIL && /^[^@\s]+@[^@\s]+$/.test(address);
}

/**
 * admin.md section 9: "Average order value is total revenue divided by total orders, 0 if there
 * are no orders". In whole pence, rounded half up, so it formats like every other amount.
 */
export function averageOrderValue(revenuePence: number, orders: number): number {
  if (!Number.isFinite(orders) || orders <= 0) return 0;
  return Math.round(revenuePence / orders);
}

/** admin.md section 2: the card shows the name, or the e-mail (as a person reads it) when there is no name. */
export function customerDisplayName(firstName: string, lastName: string, email: string): string {
  const name = `${firstName.trim()} ${lastName.trim()}`.trim();
  return name || emailForDisplay(email);
}

/** admin.md section 2: "initial avatar": the first letter of what the card is titled with. */
export function customerInitial(firstName: string, lastName: string, email: string): string {
  const letter = [...customerDisplayName(firstName, lastName, email)][0] ?? "?";
  return letter.toLocaleUpperCase("en-GB");
}

/**
 * admin.md section 2: "Search by name, email or phone (case-insensitive)". `text` is matched as a
 * substring of the lower-case name, e-mail and phone; `digits` (when the search is a phone number
 * written with spaces, dashes, brackets or a +) also against the phone's digits alone, so
 * "07700 900-123" finds "07700900123". They are the number's national digits (phoneSearchDigits),
 * so the number as said on the phone, "07700 900321", finds "+44 7700 900321" and the other way
 * round. Null when there is nothing to search for.
 */
export function customerSearchTerms(search: string | null | undefined): { text: string; digits: string | null } | null {
  // An e-mail's domain typed in its own script finds the ASCII form the shop stores.
  const text = straightApostrophes(withAsciiDomain((search ?? "").trim()).toLowerCase().replace(/\s+/g, " ").slice(0, CUSTOMER_SEARCH_MAX_LENGTH));
  if (text === "") return null;
  const digits = phoneSearchDigits(text);
  return { text, digits: digits !== null && digits.length >= 3 && digits !== text ? digits : null };
}

/** A LIKE pattern that matches `text` anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The orders screen of one customer (the Orders screen searches by e-mail). */
export function customerOrdersHref(email: string): string {
  return `/admin/orders?search=${encodeURIComponent(email)}`;
}

/**
 * `?search=&page=` of the Customers screen and its JSON API. A missing or empty page is page 1;
 * anything else that is not a whole number of at least 1 is refused with the shop's page message,
 * and so is a search over CUSTOMER_SEARCH_MAX_LENGTH (the screen shows the nearest view instead).
 */
export function parseCustomerListQuery(params: URLSearchParams): { ok: true; search: string; page: number } | { ok: false; message: string } {
  const search = (params.get("search") ?? "").trim();
  if (search.length > CUSTOMER_SEARCH_MAX_LENGTH) return { ok: false, message: `Search can be at most ${CUSTOMER_SEARCH_MAX_LENGTH} characters` };
  const pageText = (params.get("page") ?? "").trim();
  if (pageText === "") return { ok: true, search, page: 1 };
  const page = Number(pageText);
  if (!/^\d+$/.test(pageText) || !Number.isSafeInteger(page) || page < 1) return { ok: false, message: validation.invalidPage };
  return { ok: true, search, page };
}
