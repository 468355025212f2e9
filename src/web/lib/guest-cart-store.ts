// The guest cart in localStorage (storefront.md section 3 "Guest cart item"): read as a React
// external store, so every component sees the same lines and other tabs follow at once through
// the browser's `storage` event.
import { useSyncExternalStore } from "react";
import { GUEST_CART_KEY, parseGuestCart, type GuestCartItem } from "../../domain/guest-cart.ts";

const EMPTY: GuestCartItem[] = [];
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
    if (event.key === GUEST_CART_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The guest cart's lines; empty while server-rendering (the server cannot see localStorage). */
export function useGuestCart(): GuestCartItem[] {
  return useSyncExternalStore(subscribe, getGuestCart, () => EMPTY);
}
