// The guest cart in localStorage (storefront.md section 3 "Guest cart item"): read as a React
// external store, so every component sees the same lines and other tabs follow at once through
// the browser's `storage` event.
import { useSyncExternalStore } from "react";
import { GUEST_CART_KEY, guestCartCount, parseGuestCart, type GuestCartItem } from "../../domain/guest-cart.ts";

const EMPTY: GuestCartItem[] = [];
/** Beside the lines: what the cart page last learnt of them (below). */
const PRICED_KEY = `${GUEST_CART_KEY}:priced`;
const listeners = new Set<() => void>();

let cachedRaw: string | null = null;
let cachedItems: GuestCartItem[] = EMPTY;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(GUEST_CART_KEY);
  } catch {
    return null; // storage blocked (private mode settings): an empty cart
  }
}

/** The current lines; the same array until the stored value changes (React needs that). */
export function getGuestCart(): GuestCartItem[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedItems = raw ? parseGuestCart(raw) : EMPTY;
  }
  return cachedItems;
}

/** Saves the lines (throws when the browser refuses to store them) and tells every reader. */
export function setGuestCart(items: readonly GuestCartItem[]) {
  if (items.length === 0) {
    window.localStorage.removeItem(GUEST_CART_KEY);
    window.localStorage.removeItem(PRICED_KEY);
  } else {
    window.localStorage.setItem(GUEST_CART_KEY, JSON.stringify(items));
  }
  for (const listener of listeners) listener();
}

export function clearGuestCart() {
  setGuestCart([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === GUEST_CART_KEY || event.key === PRICED_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

// What the server last said of these exact lines: how many of their items can be bought (a product
// the shop stopped selling, or a size it no longer has, cannot). The badge shows that, as it does for
// a signed-in cart, from the moment the cart page has priced the lines until they change.

function readPriced(): { lines: string; count: number } | null {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(PRICED_KEY) ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const { lines, count } = value as Record<string, unknown>;
    return typeof lines === "string" && typeof count === "number" ? { lines, count } : null;
  } catch {
    return null;
  }
}

/** Remembers how many of these lines' items the server would sell (the cart page's summary). */
export function rememberPricedGuestCart(items: readonly GuestCartItem[], availableCount: number) {
  try {
    window.localStorage.setItem(PRICED_KEY, JSON.stringify({ lines: JSON.stringify(items), count: availableCount }));
  } catch {
    return; // storage full or blocked: the badge counts every item, as before pricing
  }
  for (const listener of listeners) listener();
}

/** The badge's count: the items the server would sell once the lines are priced, else every item. */
export function getGuestCartBadgeCount(): number {
  const items = getGuestCart();
  const priced = readPriced();
  return priced && priced.lines === JSON.stringify(items) ? priced.count : guestCartCount(items);
}

export function useGuestCartBadgeCount(): number {
  return useSyncExternalStore(subscribe, getGuestCartBadgeCount, () => 0);
}

/** The guest cart's lines; empty while server-rendering (the server cannot see localStorage). */
export function useGuestCart(): GuestCartItem[] {
  return useSyncExternalStore(subscribe, getGuestCart, () => EMPTY);
}
