// One product on the admin Products page (admin.md section 2): the first valid image or 'No image
// available', In Stock / Out of Stock, name, the shop's price (and the base price it comes from),
// category and stock count; View, Edit and Delete. Delete asks first ('Are you sure you want to
// delete this product?') in a modal dialog that also says when the product will be deactivated
// instead (it appears in orders); then the list reloads.
import { Eye, Pencil, Trash2 } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { useAdminFetcher } from "../session-sign-in.tsx";
import { adminCategoryLabel } from "../../../../domain/admin/categories.ts";
import { adminProductEditor, adminProducts } from "../../../../domain/messages/admin.ts";
import { formatGbp } from "../../../../domain/money.ts";
import type { AdminProductCard as Card } from "../../../../server/admin/products/admin-products.server.ts";
import { ProductImage } from "../../product-image.tsx";
import { adminButton } from "../ui/admin-ui.tsx";
import { BusyButton } from "../ui/busy-button.tsx";
import { pageHeading, useFocusAfterRemoval } from "../ui/focus-after-removal.ts";
import { toastAnswer, useEachAnswer } from "../use-each-answer.ts";

type Answer = { ok: boolean; outcome: "deleted" | "deactivated" | null; message: string };

/** One delete at a time on the page: the cards submit through it, the page shows its answer. */
const DELETE_FETCHER = "admin-product-delete";

/**
 * The page's toast for a delete: the card that asked is gone once the list reloads without it,
 * so the answer is read where it outlives the card. The focus, which was in the card's dialog,
 * goes to the Delete button of the card now in its place (the heading when none is left).
 */
export function useProductDeleteToasts() {
  const fetcher = useAdminFetcher<Answer>({ key: DELETE_FETCHER });
  const { note: noteRemoval, restore: restoreFocus } = useFocusAfterRemoval(pageHeading);
  const deleting = fetcher.formData?.get("productId");
  useEffect(() => {
    if (typeof deleting === "string") noteRemoval(deleting);
  }, [deleting, noteRemoval]);
  useEachAnswer(fetcher, (answer) => {
    toastAnswer(answer);
    restoreFocus();
  });
}

export function AdminProductCard({ product, markupPercent }: { product: Card; markupPercent: number }) {
  const fetcher = useAdminFetcher<Answer>({ key: DELETE_FETCHER });
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const mine = fetcher.formData?.get("productId") === product.id;
  useEffect(() => {
    if (fetcher.state === "idle") dialog.current?.close();
  }, [fetcher.state]);
  const busy = fetcher.state !== "idle" && mine;
  const deactivates = product.ordersCount > 0;

  return (
    // A phone lists products as rows (thumbnail beside the figures, the three buttons beneath): as
    // cards with a full-width picture one page of 24 was 11,000 px to scroll. From 640 px up, cards.
    <article
      aria-label={product.name}
      data-product={product.id}
      className="relative grid h-full grid-cols-[5rem_minmax(0,1fr)] gap-x-3 gap-y-1 overflow-hidden rounded-lg border border-gray-200 bg-white p-3 shadow-sm sm:flex sm:flex-col sm:gap-0 sm:p-0"
    >
      <div className="relative row-span-2 aspect-[4/5] self-start overflow-hidden rounded bg-gray-100 sm:aspect-[4/3] sm:self-stretch sm:rounded-none">
        <ProductImage src={product.image ?? undefined} alt="" fallbackText={adminProducts.noImage} sizes="(max-width: 640px) 80px, (max-width: 1024px) 50vw, 33vw" />
      </div>
      <span className="flex flex-wrap gap-1 sm:absolute sm:left-2 sm:top-2">
        <span className={`rounded px-2 py-0.5 text-xs font-semibold ${product.inStock ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}>
          {product.inStock ? adminProducts.inStock : adminProducts.outOfStock}
        </span>
        {product.isActive ? null : <span className="rounded bg-gray-800 px-2 py-0.5 text-xs font-semibold text-white">{adminProductEditor.inactive}</span>}
        {/* Active, yet shoppers cannot find it: the shop lists only products with an image. */}
        {product.isActive && product.image === null ? (
          <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" data-not-listed>
            {adminProducts.notListedNoImage}
          </span>
        ) : null}
      </span>
      <div className="flex min-w-0 flex-col gap-1 sm:px-3 sm:pt-3">
        <h2 className="line-clamp-2 text-sm font-semibold text-gray-900">{product.name}</h2>
        <p className="text-sm font-medium text-gray-900" data-price>
          {formatGbp(product.shopPricePence)}
        </p>
        <p className="text-xs text-gray-600" data-base-price>
          {adminProducts.basePrice(formatGbp(product.pricePence), markupPercent)}
        </p>
        <p className="text-xs text-gray-600">
          <span data-category>{adminCategoryLabel(product.category)}</span> · <span data-stock>{adminProducts.stockCount(product.stock)}</span>
        </p>
      </div>
      <div className="col-span-2 mt-auto flex gap-2 pt-2 sm:p-3 sm:pt-2 [&>*]:min-h-11 sm:[&>*]:min-h-0">
        <Link to={`/product/${product.id}`} className={`${adminButton.secondary} flex-1`} aria-label={`${adminProducts.view} ${product.name}`}>
          <Eye aria-hidden className="h-4 w-4" />
          {adminProducts.view}
        </Link>
        <Link to={`/admin/products/${product.id}/edit`} className={`${adminButton.secondary} flex-1`} aria-label={`${adminProducts.edit} ${product.name}`}>
          <Pencil aria-hidden className="h-4 w-4" />
          {adminProducts.edit}
        </Link>
        <button
          type="button"
          className={`${adminButton.secondary} flex-1 text-red-800`}
          aria-label={`${adminProducts.delete} ${product.name}`}
          onClick={() => dialog.current?.showModal()}
          data-removes={product.id}
        >
          <Trash2 aria-hidden className="h-4 w-4" />
          {adminProducts.delete}
        </button>
      </div>
      <dialog
        ref={dialog}
        role="alertdialog"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-note`}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-gray-200 p-0 shadow-xl backdrop:bg-black/40"
      >
        <fetcher.Form method="post" action="/admin/products" className="space-y-3 p-4">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="productId" value={product.id} />
          <h2 id={`${id}-title`} className="text-base font-semibold text-gray-900">
            {adminProducts.confirmDelete}
          </h2>
          <p className="text-sm font-medium text-gray-900">{product.name}</p>
          <p id={`${id}-note`} className="text-sm text-gray-700">
            {deactivates ? adminProductEditor.deactivateNote(product.ordersCount) : adminProductEditor.deleteNote}
          </p>
          <div className="flex justify-end gap-2">
            <button type="button" className={adminButton.secondary} onClick={() => dialog.current?.close()} autoFocus>
              {adminProductEditor.cancel}
            </button>
            <BusyButton type="submit" className={adminButton.danger} busy={busy}>
              {deactivates ? adminProductEditor.confirmDeactivate : adminProductEditor.confirmDelete}
            </BusyButton>
          </div>
        </fetcher.Form>
      </dialog>
    </article>
  );
}
