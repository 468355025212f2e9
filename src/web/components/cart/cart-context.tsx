// The shopper's cart as every component sees it (storefront.md sections 2, 4, 5 and 8).
// Guests: lines in localStorage (guest-cart-store). Signed-in shoppers: rows on the server, read
// through the JSON API; the count arrives with the first server-rendered page (root loader).
// Other tabs follow at once: the storage event for guests, a BroadcastChannel message for
// signed-in shoppers (their tabs reload the cart data once), never a polling loop.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import { MAX_CART_LINES, maxLineQuantity, quantityLimitMessage } from "../../../domain/cart-limits.ts";
import { addToGuestCart, guestItemLineId, guestLineId, hasRoomForGuestLine, removeFromGuestCart, updateGuestCartQuantity } from "../../../domain/guest-cart.ts";
import { cart as cartMessages, cartLinesLimitMessage } from "../../../domain/messages/cart.ts";
import { cartApi } from "../../lib/cart-api.ts";
import { getGuestCart, markGuestLineAvailable, setGuestCart, useGuestCartBadgeCount } from "../../lib/guest-cart-store.ts";
import { toast } from "../../lib/toast.ts";

export type AddToCartRequest = {
  productId: string;
  name: string;
  size: string | null;
  colour: string | null;
  quantity: number;
  /** The product's stock: a line never holds more than min(99, stock). */
  stock: number;
};

type CartContextValue = {
  signedIn: boolean;
  count: number;
  /** Adds with the spec's toasts; resolves to whether the item was added. */
  add: (request: AddToCartRequest) => Promise<boolean>;
  /** Tells the navigation badge and the other tabs that a signed-in cart changed. */
  serverCartChanged: (count: number) => void;
};

const CartContext = createContext<CartContextValue | null>(null);

const CHANNEL = "shop-cart";

function broadcast(message: { count: number }) {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(message);
  channel.close();
}

/** Tells the other tabs that the signed-in cart changed on the server (a paid order left it). */
export function announceServerCartChange() {
  broadcast({ count: -1 });
}

export function CartProvider({ signedIn, serverCount, children }: { signedIn: boolean; serverCount: number; children: ReactNode }) {
  const guestCount = useGuestCartBadgeCount();
  const revalidator = useRevalidator();
  // The count a mutation answered with, until the root loader's count changes again.
  const [answered, setAnswered] = useState<{ base: number; count: number } | null>(null);
  const count = signedIn ? (answered && answered.base === serverCount ? answered.count : serverCount) : guestCount;

  const serverCartChanged = useCallback(
    (next: number) => {
      setAnswered({ base: serverCount, count: next });
      broadcast({ count: next });
    },
    [serverCount],
  );

  // Another tab changed the signed-in cart: load this tab's cart data (badge, cart page) once.
  useEffect(() => {
    if (!signedIn || typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => void revalidator.revalidate();
    return () => channel.close();
  }, [signedIn, revalidator]);

  const add = useCallback(
    async (request: AddToCartRequest): Promise<boolean> => {
      if (signedIn) {
        const answer = await cartApi.add({ productId: request.productId, size: request.size, colour: request.colour, quantity: request.quantity });
        if (answer.ok) {
          serverCartChanged(answer.data.count);
          toast.success(cartMessages.addedToCart(request.name));
          return true;
        }
        // The session ended meanwhile: the shopper is a guest now, and the item goes in the guest cart.
        if (answer.status === 401) {
          void revalidator.revalidate();
          return addToGuest(request);
        }
        // The spec's add failure for a server failure; a refusal or a lost connection says what happened.
        toast.error(answer.refusal || answer.status === 0 ? answer.error : cartMessages.addFailed);
        return false;
      }
      return addToGuest(request);
    },
    [signedIn, serverCartChanged, revalidator],
  );

  const value = useMemo(() => ({ signedIn, count, add, serverCartChanged }), [signedIn, count, add, serverCartChanged]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

function addToGuest(request: AddToCartRequest): boolean {
  try {
    const items = getGuestCart();
    const lineId = guestLineId(request.productId, request.size, request.colour);
    const already = items.find((item) => guestItemLineId(item) === lineId)?.quantity ?? 0;
    const limit = maxLineQuantity(request.stock);
    if (already + request.quantity > limit) {
      toast.error(quantityLimitMessage(limit, already));
      return false;
    }
    if (!hasRoomForGuestLine(items, lineId)) {
      toast.error(cartLinesLimitMessage(MAX_CART_LINES));
      return false;
    }
    markGuestLineAvailable(lineId);
    setGuestCart(
      addToGuestCart(items, { product_id: request.productId, quantity: request.quantity, selected_size: request.size, selected_color: request.colour }, new Date()),
    );
  } catch {
    toast.error(cartMessages.addFailed);
    return false;
  }
  toast.success(cartMessages.addedToCart(request.name));
  return true;
}

/** Guest cart edits on the cart page (section 4: a quantity of 0 or less removes the line). */
export const guestCartEdits = {
  setQuantity(lineId: string, quantity: number) {
    setGuestCart(updateGuestCartQuantity(getGuestCart(), lineId, quantity));
  },
  remove(lineId: string) {
    setGuestCart(removeFromGuestCart(getGuestCart(), lineId));
  },
};

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart must be used inside <CartProvider>");
  return value;
}
