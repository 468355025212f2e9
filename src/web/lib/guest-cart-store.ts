// The guest cart in localStorage (storefront.md section 3 "Guest cart item"): read as a React
// external store, so every component sees the same lines and other tabs follow at once through
// the browser's `storage` event.
import { useSyncExternalStore } from "react";
import { GUEST_CART_KEY, GUEST_CART_UNAVAILABLE_KEY, guestItemLineId, parseGuestCart, type GuestCartItem } from "../../domain/guest-cart.ts";

const EMPTY: GuestCartItem[] = [];
const listeners = new Set<() => void>();

let cachedRaw: string | null = null;
let cachedItems: GuestCartItem[] = EMPTY;

function readRaw(key = GUEST_CART_KEY): string | null {
  try {
    return window.localStorage.getItem(key);
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
  if (items.length === 0) window.localStorage.removeItem(GUEST_CART_KEY);
  else window.localStorage.setItem(GUEST_CART_KEY, JSON.stringify(items));
  for (const listener of listeners) listener();
}

export function clearGuestCart() {
  setGuestCart([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // The lines or those that cannot be bought (GUEST_CART_UNAVAILABLE_KEY), or the whole storage cleared.
    if (event.key === null || event.key.startsWith(GUEST_CART_KEY)) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** A line just added from its product page can be bought: the badge counts it again. */
export function markGuestLineAvailable(lineId: string) {
  const unavailable = readRaw(GUEST_CART_UNAVAILABLE_KEY);
  if (unavailable?.includes(lineId)) {
    window.localStorage.setItem(GUEST_CART_UNAVAILABLE_KEY, unavailable.split("\n").filter((id) => id !== lineId).join("\n"));
  }
}

/** The badge's count: every item but those of lines the cart page found cannot be bought. */
function getGuestCartBadgeCount(): number {
  const unavailable = (readRaw(GUEST_CART_UNAVAILABLE_KEY) ?? "").split("\n");
  return getGuestCart().reduce((sum, item) => (unavailable.includes(guestItemLineId(item)) ? sum : sum + item.quantity), 0);
}

export function useGuestCartBadgeCount(): number {
  return useSyncExternalStore(subscribe, getGuestCartBadgeCount, () => 0);
}

/** The guest cart's lines; empty while server-rendering (the server cannot see localStorage). */
export function useGuestCart(): GuestCartItem[] {
  return useSyncExternalStore(subscribe, getGuestCart, () => EMPTY);
}
