// What the product page's Buy Now and Share buttons do once pressed. Loaded on the first press
// (use-buy-now.ts, share-button.tsx) rather than with the page: showing the product does not need
// it, and the page's own JavaScript stays within its 25 KB budget (decision 023).
import type { ProductSelection } from "../../../domain/product-selection.ts";
import { buyNow, productDetail, productPageCopy } from "../../../domain/messages/catalog.ts";
import { startCheckout } from "../../lib/checkout-api.ts";
import { toast } from "../../lib/toast.ts";

/** storefront.md section 9: "Redirect after payment: 0.5 s". */
export const REDIRECT_DELAY_MS = 500;

/** Buy Now after 'Creating checkout session...' is showing under `toastId`: true once on the way to payment. */
export async function buyNowCheckout(selection: ProductSelection, toastId: string): Promise<boolean> {
  const answer = await startCheckout({
    source: "buy-now",
    items: [{ product_id: selection.productId, quantity: selection.quantity, selected_size: selection.size, selected_color: selection.colour }],
    customerInfo: null,
    shippingAddress: null,
  });
  if (!answer.ok) {
    toast.error(answer.message, { id: toastId, duration: 8000 });
    return false;
  }
  toast.success(buyNow.redirecting, { id: toastId });
  await new Promise((resolve) => window.setTimeout(resolve, REDIRECT_DELAY_MS));
  window.location.assign(answer.url);
  return true;
}

/**
 * Share (storefront.md section 8 "Other"): the device's share sheet when the browser has one,
 * otherwise the page address goes to the clipboard with 'Product link copied to clipboard!'.
 */
export async function shareProduct(title: string, text: string | undefined): Promise<void> {
  const url = window.location.href;
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, text, url });
      return;
    } catch (error) {
      // The shopper closed the share sheet: nothing to say.
      if (error instanceof DOMException && error.name === "AbortError") return;
      // Share refused (no user gesture, unsupported data): fall back to copying.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(productDetail.linkCopied);
  } catch {
    toast.error(productPageCopy.shareFailed);
  }
}
