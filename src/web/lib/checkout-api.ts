// The browser's side of create-checkout (storefront.md section 7; docs/api.md "Checkout"), with
// the spec's Buy Now failure texts (section 8): a thrown request 'Checkout failed: {message or
// Network error}', an empty answer 'No response from checkout service', an answer with an error
// 'Checkout error: {error}', an answer without a URL 'Invalid checkout response - no URL provided'.
import type { GuestLine } from "../../domain/cart.ts";
import { buyNow } from "../../domain/messages/catalog.ts";

export type CheckoutBody = {
  source: "cart" | "buy-now";
  items: GuestLine[];
  customerInfo: { firstName: string; lastName: string; email: string; phone?: string } | null;
  shippingAddress: { address: string; city: string; state?: string; postalCode: string; country: string } | null;
  shippingMethod?: "standard" | "express";
  discountCode?: string | null;
};

export type CheckoutAnswer =
  | { ok: true; url: string; clearedServerCart: boolean }
  /** `serverMessage` is the server's own words (a 4xx refusal); `message` is the Buy Now text. */
  | { ok: false; message: string; serverMessage: string | null; status: number; field?: string };

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
  const data = (await response.json().catch(() => null)) as { url?: unknown; error?: unknown; field?: unknown; clearedServerCart?: unknown } | null;
  if (data === null || typeof data !== "object") return { ok: false, message: buyNow.noResponse, serverMessage: null, status: response.status };
  if (typeof data.error === "string") {
    const serverMessage = response.status >= 400 && response.status < 500 ? data.error : null;
    const field = typeof data.field === "string" ? { field: data.field } : {};
    return { ok: false, message: buyNow.checkoutError(data.error), serverMessage, status: response.status, ...field };
  }
  if (typeof data.url !== "string" || data.url === "") return { ok: false, message: buyNow.invalidResponse, serverMessage: null, status: response.status };
  return { ok: true, url: data.url, clearedServerCart: data.clearedServerCart === true };
}

/** The lines just sent to payment, kept for this tab so a cancelled payment can put them back. */
const BACKUP_KEY = "checkoutBackup";

export function rememberCheckedOutLines(lines: GuestLine[]) {
  try {
    window.sessionStorage.setItem(BACKUP_KEY, JSON.stringify(lines));
  } catch {
    // Storage refused: a cancelled payment then leaves the cart empty, nothing worse.
  }
}

export function takeCheckedOutLines(): GuestLine[] {
  try {
    const raw = window.sessionStorage.getItem(BACKUP_KEY);
    window.sessionStorage.removeItem(BACKUP_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as GuestLine[]) : [];
  } catch {
    return [];
  }
}
