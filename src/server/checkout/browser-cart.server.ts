import { randomBytes } from "node:crypto";
import { readCookie } from "../http/cookies.ts";

// A guest's cart lives in the browser, so the server names it by a random key in an HttpOnly
// cookie of that browser: the checkouts opened from it share the key (orders.checkout_cart), and a
// newer one closes the older ones still unpaid. Only the checkout's own requests need it.
export const BROWSER_CART_COOKIE = "checkout_cart";
const COOKIE_PATH = "/api/checkout";
const NINETY_DAYS_SECONDS = 60 * 60 * 24 * 90;
const KEY_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/** The browser's key, or a new one with the cookie that keeps it (`setCookie` null: already kept). */
export function browserCartKey(request: Request, secure: boolean): { key: string; setCookie: string | null } {
  const kept = readCookie(request.headers.get("cookie"), BROWSER_CART_COOKIE);
  if (kept && KEY_PATTERN.test(kept)) return { key: kept, setCookie: null };
  const key = randomBytes(18).toString("base64url");
  return { key, setCookie: `${BROWSER_CART_COOKIE}=${key}; Path=${COOKIE_PATH}; Max-Age=${NINETY_DAYS_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}` };
}
