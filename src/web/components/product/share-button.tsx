import { Share2 } from "lucide-react";
import { toast } from "../../lib/toast.ts";
import { productDetail, productPageCopy } from "../../../domain/messages/catalog.ts";

type Props = { title: string; text?: string };

/**
 * Share (storefront.md section 8 "Other"): the device's share sheet when the browser has one,
 * otherwise the page address goes to the clipboard with 'Product link copied to clipboard!'.
 */
export function ShareButton({ title, text }: Props) {
  const share = async () => {
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
  };
  return (
    <button
      type="button"
      onClick={() => void share()}
      className="inline-flex min-h-11 items-center gap-2 rounded-md px-3 text-sm font-medium text-brand-900/80 hover:bg-brand-50 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <Share2 aria-hidden className="h-4 w-4" />
      {productDetail.share}
    </button>
  );
}
