// Buy Now (storefront.md section 4 "Product page selection", section 8 "Buy Now"): one line
// straight to payment, with the spec's toasts: 'Creating checkout session...', then
// 'Redirecting to payment...' and the payment page after 0.5 s, or one of the four failures.
import { useCallback } from "react";
import type { ProductSelection } from "../../../domain/product-selection.ts";
import { buyNow } from "../../../domain/messages/catalog.ts";
import { toast } from "../../lib/toast.ts";

const TOAST_ID = "buy-now";

export function useBuyNow(): (selection: ProductSelection) => Promise<boolean> {
  return useCallback(async (selection: ProductSelection) => {
    toast.loading(buyNow.creatingSession, { id: TOAST_ID });
    // The checkout call loads on the first press; failing to load it is a network failure.
    const actions = await import("./product-actions.ts").catch(() => null);
    if (!actions) {
      toast.error(buyNow.checkoutFailed(null), { id: TOAST_ID, duration: 8000 });
      return false;
    }
    return actions.buyNowCheckout(selection, TOAST_ID);
  }, []);
}
