// The browser's calls to the cart endpoints (docs/api.md "Cart"). Every answer is read as
// { ok, status, data } so callers can tell a refusal with the server's message (4xx) from a
// failure (5xx, network), which gets the spec's generic text.
import type { CartLine, CartView } from "../../domain/cart.ts";
import type { GuestCartItem } from "../../domain/guest-cart.ts";

export type ApiAnswer<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: string | null };

async function call<T>(method: string, url: string, body?: unknown): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, status: 0, error: null };
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, data: payload as T };
  const error = payload && typeof payload === "object" && "error" in payload && typeof payload.error === "string" ? payload.error : null;
  return { ok: false, status: response.status, error };
}

type GuestLinePayload = Pick<GuestCartItem, "product_id" | "quantity" | "selected_size" | "selected_color"> & { created_at?: string };
// created_at goes along so the server can list the newest line first, as in an account cart.
const guestPayload = (items: readonly GuestCartItem[]): GuestLinePayload[] =>
  items.map(({ product_id, quantity, selected_size, selected_color, created_at }) =>
    created_at ? { product_id, quantity, selected_size, selected_color, created_at } : { product_id, quantity, selected_size, selected_color },
  );

export const cartApi = {
  add: (input: { productId: string; size: string | null; colour: string | null; quantity: number }) =>
    call<{ line: CartLine; count: number }>("POST", "/api/cart/items", input),
  setQuantity: (lineId: string, quantity: number) =>
    call<{ line: CartLine; count: number }>("PATCH", `/api/cart/items/${encodeURIComponent(lineId)}`, { quantity }),
  remove: (lineId: string) => call<{ count: number; message: string }>("DELETE", `/api/cart/items/${encodeURIComponent(lineId)}`),
  priceGuestCart: (items: readonly GuestCartItem[]) => call<CartView>("POST", "/api/cart/price", { lines: guestPayload(items) }),
};

/** The guest lines as the sign-in and sign-up forms send them for the merge. */
export function guestCartFormValue(items: readonly GuestCartItem[]): string {
  return JSON.stringify(guestPayload(items));
}
