// Buy Now (storefront.md section 4 "Product page selection", section 8 "Buy Now"): one line
// straight to payment, with the spec's toasts: 'Creating checkout session...', then
// 'Redirecting to payment...' and the payment page after 0.5 s, or one of the four failures.
import { useCallback } from "react";
import type { ProductSelection } from "../../../domain/product-selection.ts";
import { buyNow } from "../../../domain/messages/catalog.ts";
import { startCheckout } from "../../lib/checkout-api.ts";
import { toast } from "../../lib/toast.ts";

/** storefront.md section 9: "Redirect after payment: 0.5 s". */
export const REDIRECT_DELAY_MS = 500;
const TOAST_ID = "buy-now";

export function useBuyNow(): (selection: ProductSelection) => Promise<boolean> {
  return useCallback(async (selection: ProductSelection) => {
    toast.loading(buyNow.creatingSession, { id: TOAST_ID });
    const answer = await startCheckout({
      source: "buy-now",
      items: [{ product_id: selection.productId, quantity: selection.quantity, selected_size: selection.size, selected_color: selection.colour }],
      customerInfo: null,
      shippingAddress: null,
    });
    if (!answer.ok) {
      toast.error(answer.message, { id: TOAST_ID, duration: 8000 });
      return false;
    }
    toast.success(buyNow.redirecting, { id: TOAST_ID });
    await new Promise((resolve) => window.setTimeout(resolve, REDIRECT_DELAY_MS));
    window.location.assign(answer.url);
    return true;
  }, []);
}
