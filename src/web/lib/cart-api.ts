// The browser's calls to the cart endpoints (docs/api.md "Cart"). Every answer is read as
// { ok, status, data } or { ok: false, status, error }: a refusal carries the server's message
// (4xx); any other failure (5xx, network, a 4xx without a message) is put in words by the data
// error mapper of storefront.md section 8, loaded only when a call fails.
import type { CartLine, CartView } from "../../domain/cart.ts";
import type { GuestCartItem } from "../../domain/guest-cart.ts";

export type ApiAnswer<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: string; refusal: boolean };

async function failure(status: number, serverText: string | null, cause: unknown): Promise<{ ok: false; status: number; error: string; refusal: boolean }> {
  if (serverText && status >= 400 && status < 500) return { ok: false, status, error: serverText, refusal: true };
  const { mapDataError } = await import("../../domain/data-errors.ts");
  return { ok: false, status, error: mapDataError(cause), refusal: false };
}

async function call<T>(method: string, url: string, body?: unknown): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch (error) {
    return failure(0, null, error);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, data: payload as T };
  const error = payload && typeof payload === "object" && "error" in payload && typeof payload.error === "string" ? payload.error : null;
  return failure(response.status, error, { status: response.status, message: error ?? "" });
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
