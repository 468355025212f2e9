// A shopper's personal data on request (UK GDPR subject access and erasure; the privacy page's
// "Your rights"): what the owner's download holds, what erasure takes away, what it keeps for the
// shop's accounts, and when it must wait. Pure; the server applies it in one transaction
// (src/server/admin/customers/personal-data.server.ts, docs/data-model.md "Personal data").
import { emailKey } from "../email-addresses.ts";
import { ERASED_EMAIL, isErasedEmail } from "../guest-email.ts";
import { formatOrderNumber } from "../order-number.ts";
import { isAwaitingFulfilment } from "./fulfilment.ts";

export { ERASED_EMAIL, isErasedEmail };

/** What replaces a person's details found inside free text the shop keeps (the audit trail's notes). */
export const ERASED_TEXT = "[erased]";

/** The download's shape, named in the file so a reader (or a later version of the shop) knows what it holds. */
export const PERSONAL_DATA_FORMAT = "menswear-shop/personal-data/v1";

export type ErasedCustomer = { firstName: string; lastName: string; email: string };

/** An erased order's customer: no name, no phone, the marker for the e-mail. */
export function erasedCustomer(): ErasedCustomer {
  return { firstName: "", lastName: "", email: ERASED_EMAIL };
}

type Address = { country?: unknown } & Record<string, unknown>;

/**
 * An erased order's delivery address: the country alone stays (the shop's VAT and export records
 * depend on where goods went); the name, street, town, region, postcode and phone go.
 */
export function erasedShippingAddress(address: Address | null | undefined): { address: string; city: string; postalCode: string; country: string } | null {
  if (!address) return null;
  const country = typeof address.country === "string" ? address.country : "";
  return { address: "", city: "", postalCode: "", country };
}

/** The statuses that say an order is to be packed or has been sent. */
const SENDING_STATUSES: ReadonlySet<string> = new Set(["processing", "shipped", "delivered"]);
const SENT_STATUSES: ReadonlySet<string> = new Set(["shipped", "delivered"]);

/**
 * Whether an erased order may not be moved to this status (a deviation from "any status to any
 * status", docs/deviations.md): with no name or address left, an order made "processing" would
 * wait to be packed for nobody, and one marked shipped would claim a parcel went nowhere. A parcel
 * that left before the erasure may still be marked delivered (or shipped again); pending and
 * cancelled stay open to every order, and saving the status it has changes nothing.
 */
export function refusedAfterErasure(order: { customerEmail: string | null | undefined; status: string }, next: string): boolean {
  if (!isErasedEmail(order.customerEmail) || next === order.status || !SENDING_STATUSES.has(next)) return false;
  return !(SENT_STATUSES.has(order.status) && SENT_STATUSES.has(next));
}

/** An order as erasure weighs it. */
export type ErasureOrder = {
  id: string;
  status: string;
  paymentStatus: string;
  createdAt: Date;
  /** Its checkout ended without payment, or a newer checkout of the same cart closed it. */
  checkoutClosed: boolean;
  /** A refund at the provider not yet answered, or one the provider refused that the owner still owes. */
  refundOutstanding: boolean;
};

export type ErasureHold = "to_ship" | "refund_pending" | "awaiting_payment";

export type ErasureBlocker = { orderId: string; number: string; reason: ErasureHold };

/**
 * How long a checkout may still be paid after it opened: Stripe's sessions last at most a day, the
 * local payment page no longer. A payment arriving after erasure would leave a paid order with no
 * address to send it to.
 */
export const CHECKOUT_OPEN_MS = 24 * 60 * 60 * 1000;

function holdOf(order: ErasureOrder, now: Date): ErasureHold | null {
  if (isAwaitingFulfilment(order)) return "to_ship";
  if (order.refundOutstanding) return "refund_pending";
  if (order.paymentStatus === "pending" && !order.checkoutClosed && now.getTime() - order.createdAt.getTime() < CHECKOUT_OPEN_MS) return "awaiting_payment";
  return null;
}

/**
 * The orders that make erasure wait: paid and not yet shipped, delivered or cancelled (the shop
 * still needs the address to send them); a refund not settled (the shop still owes the buyer, and
 * must be able to reach them); a checkout that may still be paid. Empty when erasure may go ahead.
 */
export function erasureBlockers(orders: readonly ErasureOrder[], now: Date): ErasureBlocker[] {
  return orders.flatMap((order) => {
    const reason = holdOf(order, now);
    return reason ? [{ orderId: order.id, number: formatOrderNumber(order.id), reason }] : [];
  });
}

const HOLD_WORDS: Record<ErasureHold, string> = {
  to_ship: "paid and not yet shipped",
  refund_pending: "a refund not yet settled",
  awaiting_payment: "a checkout that may still be paid",
};

/** The owner's reason, naming each order: "Order #1A2B3C4D (paid and not yet shipped)". */
export function erasureRefusalMessage(blockers: readonly ErasureBlocker[]): string {
  const list = blockers.map((blocker) => `${blocker.number} (${HOLD_WORDS[blocker.reason]})`).join(", ");
  const orders = blockers.length === 1 ? "This customer has an order" : "This customer has orders";
  return `${orders} the shop still needs their details for: ${list}. Ship, cancel or settle ${blockers.length === 1 ? "it" : "them"} first, then erase.`;
}

/** Does the owner's typed confirmation name this person? Case, surrounding spaces and the domain's script do not matter, as e-mail look-ups do not. */
export function confirmsErasure(typed: string, email: string): boolean {
  const expected = emailKey(email);
  return expected !== "" && emailKey(typed) === expected;
}

/** The pieces of a person the shop holds, gathered from their orders, account and messages. */
export type PersonDetails = {
  email: string;
  names: readonly string[];
  phones: readonly string[];
  /** Street lines and postcodes of their delivery addresses. */
  addressParts: readonly string[];
};

const MIN_NEEDLE = 2;

/**
 * The texts erasure looks for in free text: the e-mail; each name, whole and by part; each phone
 * as written and as digits alone; each street line and postcode (with and without its space).
 * Towns and countries are not a person's, and a part shorter than two letters would match too much.
 */
export function erasureNeedles(person: PersonDetails): string[] {
  const found = new Set<string>();
  const add = (value: string) => {
    const text = value.trim();
    if (text.length >= MIN_NEEDLE) found.add(text.toLowerCase());
  };
  add(person.email);
  for (const name of person.names) {
    add(name);
    for (const part of name.split(/\s+/)) add(part);
  }
  for (const phone of person.phones) {
    // Fewer digits than any real number would match prices and order counts.
    const digits = phone.replace(/\D/g, "");
    if (digits.length < 6) continue;
    add(phone);
    add(digits);
  }
  for (const part of person.addressParts) {
    add(part);
    add(part.replace(/\s+/g, ""));
  }
  // Longest first, so "Ama Owusu" is replaced whole before "Ama" could split it.
  return [...found].sort((a, b) => b.length - a.length);
}

/** The keys under which the shop's records hold a person's details (an order's customer and address, a payment page's answers). */
const PERSONAL_KEYS = new Set(["firstName", "lastName", "first_name", "last_name", "name", "payer", "email", "phone", "address", "line1", "line2", "postalCode", "postal_code"]);

/**
 * The details a record about the person's orders holds under those keys, whatever they were then:
 * the trail keeps an address as it was before an edit, which their orders no longer show.
 */
export function personalValuesIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(personalValuesIn);
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => (typeof item === "string" ? (PERSONAL_KEYS.has(key) ? [item] : []) : personalValuesIn(item)));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// An address is whole when no address character touches it: "john@x.com" is not in
// "big.john@x.com" or "john@x.com.au", which are other people's (a dot ending a sentence is no part).
const ADDRESS_START = "(?<![\\p{L}\\p{N}.!#$%&*+/=?^_~-])";
const ADDRESS_END = "(?![\\p{L}\\p{N}_-]|\\.[\\p{L}\\p{N}])";
const WORD_START = "(?<![\\p{L}\\p{N}])";
const WORD_END = "(?![\\p{L}\\p{N}])";

// An address as someone may have typed it into free text (a staff note): the domain in any
// script, the whole of it taken, so it is compared by its key (emailKey) and "kofi@Bücher.de" in a
// note is the customer "kofi@xn--bcher-kva.de".
const ADDRESS_IN_TEXT = /[\p{L}\p{N}.!#$%&*+/=?^_~-]+@[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)*/gu;

/** The text with each address whose key is one of `keys` replaced by ERASED_TEXT. */
function replaceAddresses(text: string, keys: ReadonlySet<string>): string {
  if (keys.size === 0 || !text.includes("@")) return text;
  return text.replace(ADDRESS_IN_TEXT, (found) => (keys.has(emailKey(found)) ? ERASED_TEXT : found));
}

/** Whether the text names this e-mail address as a whole, not as the tail or head of another one, in any case and with its domain in either form. */
export function holdsAddress(text: string, email: string): boolean {
  const key = emailKey(email);
  return new RegExp(`${ADDRESS_START}${escape(key)}${ADDRESS_END}`, "iu").test(text) || replaceAddresses(text, new Set([key])) !== text;
}

function needlePattern(needles: readonly string[]): RegExp | null {
  if (needles.length === 0) return null;
  const addresses = needles.filter((needle) => needle.includes("@"));
  const words = needles.filter((needle) => !needle.includes("@"));
  // Whole words only: the name "Ama" is taken out of "Ama called", never out of "Amazon"; an
  // address is tried first, so its name part is not taken alone.
  const alternatives = [
    addresses.length > 0 ? `${ADDRESS_START}(?:${addresses.map(escape).join("|")})${ADDRESS_END}` : null,
    words.length > 0 ? `${WORD_START}(?:${words.map(escape).join("|")})${WORD_END}` : null,
  ].filter((part) => part !== null);
  return new RegExp(alternatives.join("|"), "giu");
}

/** The text with each of the person's details replaced by ERASED_TEXT (an address also with its domain written in another script). */
export function redactText(text: string, needles: readonly string[]): string {
  const pattern = needlePattern(needles);
  const addresses = replaceAddresses(text, new Set(needles.filter((needle) => needle.includes("@")).map(emailKey)));
  return pattern ? addresses.replace(pattern, ERASED_TEXT) : addresses;
}

/** A JSON value (an audit entry's before or after) with the person's details replaced in every string, keys kept. */
export function redactJson(value: unknown, needles: readonly string[]): unknown {
  if (typeof value === "string") return redactText(value, needles);
  if (Array.isArray(value)) return value.map((item) => redactJson(item, needles));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactJson(item, needles)]));
  return value;
}

/** What one erasure took away, for the owner's answer and the audit trail (counts and order ids only: never the data). */
export type ErasureSummary = {
  orders: string[];
  accountDeleted: boolean;
  contactMessages: number;
  mails: number;
  auditEntries: number;
};

export function erasureDoneMessage(summary: ErasureSummary): string {
  const parts = [
    `${summary.orders.length} order${summary.orders.length === 1 ? "" : "s"} kept without their details`,
    summary.accountDeleted ? "the account deleted" : "no account",
    `${summary.contactMessages} contact message${summary.contactMessages === 1 ? "" : "s"} removed`,
  ];
  return `Personal data erased: ${parts.join(", ")}.`;
}

/** RFC 5321's longest address: anything longer is no customer's. */
const MAX_EMAIL_LENGTH = 254;

export const CUSTOMER_EMAIL_REQUIRED = "Give the customer's e-mail address, as Customers lists it.";

/** The customer a request names, as the Customers screen keys them (lower case), or why it names none. */
export function parseCustomerEmail(value: unknown): { ok: true; email: string } | { ok: false; message: string } {
  const email = typeof value === "string" ? emailKey(value) : "";
  if (email === "" || email.length > MAX_EMAIL_LENGTH || !/^[^@\s]+@[^@\s]+$/.test(email)) return { ok: false, message: CUSTOMER_EMAIL_REQUIRED };
  return { ok: true, email };
}

/** The download's file name: the address kept readable, anything a file name may not hold replaced. */
export function personalDataFileName(email: string, day: string): string {
  return `personal-data-${email.replace(/[^a-z0-9@._-]/gi, "_").slice(0, 100)}-${day}.json`;
}
