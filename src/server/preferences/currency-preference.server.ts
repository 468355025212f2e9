import { CURRENCIES, type Currency } from "../../domain/money.ts";
import { readCookie } from "../http/cookies.ts";

// The shopper's display currency lives in a cookie so the server renders the right prices on the
// first response (no flash of the wrong currency) and no account is needed to keep it.
export const CURRENCY_COOKIE = "currency";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export function readCurrencyPreference(request: Request): Currency | null {
  return parseCurrency(readCookie(request.headers.get("cookie"), CURRENCY_COOKIE));
}

export function currencyCookie(currency: Currency, secure: boolean): string {
  return `${CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function parseCurrency(value: unknown): Currency | null {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value) ? (value as Currency) : null;
}
