import { Share2 } from "../icons/share-2.tsx";
import { toast } from "../../lib/toast.ts";
import { productDetail, productPageCopy } from "../../../domain/messages/catalog.ts";

type Props = { title: string; text?: string };

/** Share (storefront.md section 8 "Other"); what it does loads on the first press (product-actions.ts). */
export function ShareButton({ title, text }: Props) {
  const share = async () => {
    const actions = await import("./product-actions.ts").catch(() => null);
    if (actions) await actions.shareProduct(title, text);
    else toast.error(productPageCopy.shareFailed);
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
