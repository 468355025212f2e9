// The browser's side of create-checkout (storefront.md section 7; docs/api.md "Checkout"), with
// the spec's Buy Now failure texts (section 8): a thrown request 'Checkout failed: {message or
// Network error}', an empty answer 'No response from checkout service', an answer with an error
// 'Checkout error: {error}', an answer without a URL 'Invalid checkout response - no URL provided'.
import type { CartLine, GuestLine } from "../../domain/cart.ts";
import type { OrderTotals } from "../../domain/order-totals.ts";
import { buyNow } from "../../domain/messages/buy-now.ts";

export type CheckoutBody = {
  source: "cart" | "buy-now";
  items: GuestLine[];
  /** The page is signed in: the cart meant is the account's (a request arriving signed out is a 401). */
  account?: boolean;
  customerInfo: { firstName: string; lastName: string; email: string; phone?: string } | null;
  shippingAddress: { address: string; city: string; state?: string; postalCode: string; country: string } | null;
  shippingMethod?: "standard" | "express";
  discountCode?: string | null;
  /** The total the page showed (pence) and its lines' fingerprint (checkout-shown.ts): the server refuses another. */
  expectedTotalPence?: number;
  linesFingerprint?: string;
};

export type CheckoutAnswer =
  | { ok: true; url: string; sessionId: string | null }
  /** `serverMessage` is the server's own words (a 4xx refusal); `message` is the Buy Now text. */
  /** `fields`: the form's fields the server refused, each with its message. */
  /** `changed`: the order as the server priced it, when that is not what the page showed. */
  | { ok: false; message: string; serverMessage: string | null; status: number; fields?: Record<string, string>; changed?: { totals: OrderTotals; lines: CartLine[] } };

export async function startCheckout(body: CheckoutBody): Promise<CheckoutAnswer> {
  let response: Response;
  try {
    response = await fetch("/api/checkout", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch (error) {
    return { ok: false, message: buyNow.checkoutFailed(error instanceof Error && error.name !== "TypeError" ? error.message : null), serverMessage: null, status: 0 };
  }
  const data = (await response.json().catch(() => null)) as
    | { url?: unknown; sessionId?: unknown; error?: unknown; fields?: Record<string, string>; totals?: OrderTotals; lines?: CartLine[] }
    | null;
  if (data === null || typeof data !== "object") return { ok: false, message: buyNow.noResponse, serverMessage: null, status: response.status };
  if (typeof data.error === "string") {
    const serverMessage = response.status >= 400 && response.status < 500 ? data.error : null;
    const changed = data.totals && Array.isArray(data.lines) ? { totals: data.totals, lines: data.lines } : undefined;
    return { ok: false, message: buyNow.checkoutError(data.error), serverMessage, status: response.status, fields: data.fields, changed };
  }
  if (typeof data.url !== "string" || data.url === "") return { ok: false, message: buyNow.invalidResponse, serverMessage: null, status: response.status };
  return { ok: true, url: data.url, sessionId: typeof data.sessionId === "string" ? data.sessionId : null };
}

/**
 * A guest's cart stays in the browser through checkout (issue 15, item 2): the lines sent to each
 * payment session are noted here, under the session's id, and taken out of the guest cart when
 * the confirmation page learns that session was paid. In localStorage, so the tab that comes back
 * from the payment provider (Stripe may open a new one) finds them.
 */
const GUEST_CHECKOUTS_KEY = "guestCheckouts";
/** A note older than this is dropped: its session has long expired unpaid. */
const GUEST_CHECKOUT_KEEP_MS = 2 * 24 * 60 * 60 * 1000;
const GUEST_CHECKOUTS_KEPT = 10;

type GuestCheckouts = Record<string, { lines: GuestLine[]; at: number }>;

function readGuestCheckouts(): GuestCheckouts {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(GUEST_CHECKOUTS_KEY) ?? "{}");
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as GuestCheckouts) : {};
  } catch {
    return {};
  }
}

function writeGuestCheckouts(notes: GuestCheckouts) {
  try {
    if (Object.keys(notes).length === 0) window.localStorage.removeItem(GUEST_CHECKOUTS_KEY);
    else window.localStorage.setItem(GUEST_CHECKOUTS_KEY, JSON.stringify(notes));
  } catch {
    // Storage refused: the paid lines then stay in the guest cart for the shopper to remove.
  }
}

export function rememberGuestCheckout(sessionId: string, lines: GuestLine[], now = Date.now()) {
  const kept = Object.entries(readGuestCheckouts())
    .filter(([, note]) => typeof note?.at === "number" && now - note.at < GUEST_CHECKOUT_KEEP_MS)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, GUEST_CHECKOUTS_KEPT - 1);
  writeGuestCheckouts({ ...Object.fromEntries(kept), [sessionId]: { lines, at: now } });
}

/** The lines sent to this session, once: a second call (a reload, another tab) gets none. */
export function takeGuestCheckout(sessionId: string): GuestLine[] {
  const notes = readGuestCheckouts();
  const note = notes[sessionId];
  if (!note) return [];
  delete notes[sessionId];
  writeGuestCheckouts(notes);
  return Array.isArray(note.lines) ? note.lines : [];
}

/** The checkout form's fields, as typed. */
export type CheckoutDetails = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
};

const TYPED_DETAILS_KEY = "checkoutDetails";

/** A guest's details sent to the payment page, kept in this tab so Back finds them filled in. */
export function keepTypedCheckoutDetails(fields: CheckoutDetails) {
  try {
    window.sessionStorage.setItem(TYPED_DETAILS_KEY, JSON.stringify(fields));
  } catch {
    // Storage refused: Back then shows the form as the account prefills it.
  }
}

export function readTypedCheckoutDetails(): Partial<CheckoutDetails> | null {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(TYPED_DETAILS_KEY) ?? "null");
    if (!parsed || typeof parsed !== "object") return null;
    const names: (keyof CheckoutDetails)[] = ["firstName", "lastName", "email", "phone", "address", "city", "state", "postalCode", "country"];
    const record = parsed as Record<string, unknown>;
    return Object.fromEntries(names.flatMap((name) => (typeof record[name] === "string" ? [[name, record[name]]] : [])));
  } catch {
    return null;
  }
}

const CHOICES_KEY = "checkoutChoices";

/** The shipping method and discount code sent to the payment page: Back finds them chosen again. */
export type CheckoutChoices = { method: "standard" | "express"; code: string | null };

export function keepCheckoutChoices(choices: CheckoutChoices) {
  try {
    window.sessionStorage.setItem(CHOICES_KEY, JSON.stringify(choices));
  } catch {
    // Storage refused: Back then shows standard shipping and no code, as before.
  }
}

export function readCheckoutChoices(): CheckoutChoices | null {
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(CHOICES_KEY) ?? "null") as Partial<CheckoutChoices> | null;
    if (!kept || typeof kept !== "object") return null;
    return { method: kept.method === "express" ? "express" : "standard", code: typeof kept.code === "string" && kept.code !== "" ? kept.code : null };
  } catch {
    return null;
  }
}

/** Paid: the next checkout in this tab starts from the account or an empty form again. */
export function forgetTypedCheckoutDetails() {
  try {
    window.sessionStorage.removeItem(TYPED_DETAILS_KEY);
    window.sessionStorage.removeItem(CHOICES_KEY);
  } catch {
    // Nothing kept.
  }
}
