// /cart (storefront.md section 2 "Cart", section 4 "Cart", section 8 "Cart"). Prices always come
// from the server's catalogue and price settings: a signed-in cart is read by the loader; a guest
// cart (held in the browser) is priced by POST /api/cart/price whenever it changes.
import { ShoppingBag } from "../components/icons/shopping-bag.tsx";
import { Trash2 } from "../components/icons/trash-2.tsx";
import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { CartLine, CartView } from "../../domain/cart.ts";
import { quantityLimitMessage } from "../../domain/cart-limits.ts";
import { GUEST_CART_UNAVAILABLE_KEY, guestCartCount } from "../../domain/guest-cart.ts";
import { cart as cartMessages } from "../../domain/messages/cart.ts";
import { cartLines } from "../../domain/messages/cart-lines.ts";
import { cartPage as cartPageTexts } from "../../domain/messages/cart-page.ts";
import { EstimateNote } from "../components/estimate-note.tsx";
import { productCard } from "../../domain/messages/catalog.ts";
import { readViewer } from "../../server/auth/session.server.ts";
import { listCart } from "../../server/cart/cart.server.ts";
import { guestCartEdits, useCart } from "../components/cart/cart-context.tsx";
import { QuantityStepper } from "../components/product/quantity-stepper.tsx";
import { ProductImage } from "../components/product-image.tsx";
import { cartApi } from "../lib/cart-api.ts";
import { useGuestCart } from "../lib/guest-cart-store.ts";
import { withHeldQuantities } from "../lib/guest-cart-view.ts";
import { usePriceDisplay, usePriceFormatter } from "../lib/prices.ts";
import { convertFromGbp, displayLineTotal, formatGbp, formatMinor } from "../../domain/money.ts";
import { pageHead, rootHead } from "../lib/seo.ts";
import { toast } from "../lib/toast.ts";
import type { Route } from "./+types/cart";
import { appContext, requestContext } from "../app-context.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageHead({ title: "Your Cart", noIndex: true }, rootHead(matches).shopName);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await readViewer(context.get(appContext), request.headers, context.get(requestContext).setCookie);
  if (!viewer) return { signedIn: false as const, cart: null };
  return { signedIn: true as const, cart: await listCart(context.get(appContext).db, viewer.userId) };
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  return loaderData.signedIn ? <AccountCart view={loaderData.cart} /> : <GuestCart />;
}

/** What a line's controls do: the account cart calls the API, the guest cart edits localStorage. */
type LineActions = {
  setQuantity: (line: CartLine, quantity: number) => Promise<void> | void;
  remove: (line: CartLine) => Promise<void> | void;
};

function AccountCart({ view }: { view: CartView }) {
  const { serverCartChanged } = useCart();
  const revalidator = useRevalidator();
  const [busyLine, setBusyLine] = useState<string | null>(null);

  const run = async (line: CartLine, request: () => ReturnType<typeof cartApi.remove | typeof cartApi.setQuantity>, done?: string) => {
    setBusyLine(line.id);
    try {
      const answer = await request();
      if (answer.ok) {
        serverCartChanged(answer.data.count);
        if (done) toast.success(done);
      } else {
        toast.error(answer.error);
      }
      await revalidator.revalidate();
    } finally {
      setBusyLine(null);
    }
  };

  const actions: LineActions = {
    setQuantity: (line, quantity) => run(line, () => cartApi.setQuantity(line.id, quantity)),
    remove: (line) => run(line, () => cartApi.remove(line.id), cartMessages.removed),
  };
  return <CartContents view={view} actions={actions} busyLine={busyLine} loading={false} />;
}

/**
 * Tells the badge which lines cannot be bought (GUEST_CART_UNAVAILABLE_KEY). Here rather than in
 * the guest cart store: only this page learns it, and every page loads the store.
 */
function rememberUnavailableGuestLines(view: CartView) {
  try {
    const ids = view.lines.filter((line) => !line.available).map((line) => line.id);
    window.localStorage.setItem(GUEST_CART_UNAVAILABLE_KEY, ids.join("\n"));
  } catch {
    return; // storage full or blocked: the badge counts every item
  }
  // The browser tells other tabs; this tab's readers listen for the same event.
  window.dispatchEvent(new StorageEvent("storage", { key: GUEST_CART_UNAVAILABLE_KEY }));
}

function GuestCart() {
  const items = useGuestCart();
  const [priced, setPriced] = useState<{ key: string; view: CartView } | null>(null);
  const [failed, setFailed] = useState<{ key: string; message: string } | null>(null);
  const key = JSON.stringify(items);

  // The browser holds the lines; the server says what they cost now.
  useEffect(() => {
    if (items.length === 0) return;
    let current = true;
    void cartApi.priceGuestCart(items).then((answer) => {
      if (!current) return;
      if (answer.ok) {
        setPriced({ key, view: answer.data });
        rememberUnavailableGuestLines(answer.data);
        setFailed(null);
      } else {
        setFailed({ key, message: answer.error });
      }
    });
    return () => {
      current = false;
    };
  }, [items, key]);

  const actions: LineActions = {
    setQuantity: (line, quantity) => guestCartEdits.setQuantity(line.id, quantity),
    remove: (line) => {
      guestCartEdits.remove(line.id);
      toast.success(cartMessages.removed);
    },
  };

  if (items.length === 0) return <CartContents view={{ lines: [], summary: { itemCount: 0, subtotal: 0, shipping: 0, total: 0 } }} actions={actions} busyLine={null} loading={false} />;
  if (failed?.key === key && priced?.key !== key) {
    return (
      <CartFrame count={guestCartCount(items)}>
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center text-red-900">
          <p className="font-semibold">{cartPageTexts.loadFailed}</p>
          <p className="mt-1 text-sm">{failed.message}</p>
          <button type="button" onClick={() => window.location.reload()} className="mt-4 rounded-md bg-brand-900 px-4 py-2 text-sm font-semibold text-white">
            Try again
          </button>
        </div>
      </CartFrame>
    );
  }
  // While a change is being priced the last prices stay on screen, marked busy, with the quantities
  // held now: a press counts from the quantity shown.
  const loading = priced?.key !== key;
  const view = priced && loading ? withHeldQuantities(priced.view, items) : (priced?.view ?? null);
  return <CartContents view={view} actions={actions} busyLine={null} loading={loading} />;
}

function CartFrame({ count, children }: { count: number; children: React.ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <h1 id="cart-title" tabIndex={-1} className="font-serif text-3xl font-semibold tracking-tight focus:outline-none">
        Your Cart{count > 0 ? <span className="ml-2 text-lg font-normal text-brand-900/70">({count} {count === 1 ? "item" : "items"})</span> : null}
      </h1>
      <div className="mt-6">{children}</div>
    </main>
  );
}

function CartContents({ view, actions, busyLine, loading }: { view: CartView | null; actions: LineActions; busyLine: string | null; loading: boolean }) {
  const formatPrice = usePriceFormatter();
  const { currency, exchangeRate } = usePriceDisplay();
  const formatLine = (line: CartLine) => formatMinor(displayLineTotal(line.unitPrice, line.quantity, currency, exchangeRate), currency);
  const quantitySaid = useQuantityChangeSaid(view?.lines, formatLine);

  if (view === null) {
    return (
      <CartFrame count={0}>
        <div role="status" aria-label="Loading your cart" className="grid gap-4">
          {[0, 1].map((index) => (
            <div key={index} className="h-28 animate-pulse rounded-lg bg-brand-50" />
          ))}
        </div>
      </CartFrame>
    );
  }

  if (view.lines.length === 0) {
    return (
      <CartFrame count={0}>
        <div className="flex flex-col items-center rounded-xl border border-dashed border-brand-100 px-4 py-16 text-center">
          <ShoppingBag aria-hidden className="h-12 w-12 text-brand-900/40" />
          <p className="mt-4 text-lg font-semibold">{cartMessages.empty}</p>
          <Link to="/" className="mt-6 rounded-md bg-brand-900 px-6 py-3 text-sm font-semibold text-white hover:bg-black">
            {cartMessages.continueShopping}
          </Link>
        </div>
      </CartFrame>
    );
  }

  const { summary } = view;
  // In the display currency the summary adds up as shown: the lines shown, then shipping (the checkout's rule, without a discount).
  const shownSubtotal = view.lines.reduce((sum, line) => sum + (line.available ? displayLineTotal(line.unitPrice, line.quantity, currency, exchangeRate) : 0), 0);
  const figures = { subtotal: shownSubtotal, total: shownSubtotal + convertFromGbp(summary.shipping, currency, exchangeRate) };
  return (
    <CartFrame count={summary.itemCount}>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <p role="status" className="sr-only">
          {quantitySaid}
        </p>
        <ul aria-label="Cart items" aria-busy={loading || undefined} className={`self-start divide-y divide-brand-100 border-y border-brand-100 ${loading ? "opacity-70" : ""}`}>
          {view.lines.map((line) => (
            <CartLineRow key={line.id} line={line} actions={actions} busy={busyLine === line.id} formatPrice={formatPrice} formatLine={formatLine} />
          ))}
        </ul>
        <section aria-labelledby="order-summary" className="h-fit rounded-xl bg-brand-50 p-5 sm:p-6 lg:sticky lg:top-28">
          <h2 id="order-summary" className="text-lg font-semibold">
            Order Summary
          </h2>
          <dl className="mt-4 space-y-3 text-sm">
            <div className="flex flex-wrap justify-between gap-x-3">
              <dt>{cartMessages.subtotal}</dt>
              <dd data-testid="cart-subtotal" className="font-medium tabular-nums">
                {formatMinor(figures.subtotal, currency)}
              </dd>
            </div>
            <div className="flex flex-wrap justify-between gap-x-3">
              <dt>{cartMessages.shipping}</dt>
              <dd className="font-medium text-green-800" aria-describedby="shipping-zones">
                {cartMessages.free}
              </dd>
            </div>
            <div className="flex flex-wrap justify-between gap-x-3 border-t border-brand-100 pt-3 text-base font-semibold">
              <dt>{cartMessages.total}</dt>
              <dd data-testid="cart-total" className="tabular-nums">
                {formatMinor(figures.total, currency)}
              </dd>
            </div>
          </dl>
          <p id="shipping-zones" className="mt-3 text-xs text-brand-900/75">
            {cartPageTexts.freeShippingZones}
          </p>
          <EstimateNote pounds={formatGbp(summary.total)} testId="cart-estimate-note" />
          {summary.itemCount > 0 ? (
            <Link to="/checkout" className="mt-6 flex w-full items-center justify-center rounded-md bg-brand-900 px-6 py-3 text-sm font-semibold text-white hover:bg-black">
              {cartMessages.proceedToCheckout}
            </Link>
          ) : (
            <p className="mt-6 text-sm text-brand-900/75">{cartPageTexts.nothingAvailable}</p>
          )}
          <Link to="/" className="mt-1 block py-3 text-center text-sm font-medium text-brand-700 underline">
            {cartMessages.continueShopping}
          </Link>
        </section>
      </div>
    </CartFrame>
  );
}

/**
 * The line goes: the keyboard moves to the next line's Remove (or the one before), or to the
 * cart's heading when it was the last, instead of falling back to the top of the page.
 */
function focusAfterRemoval(button: HTMLElement) {
  const item = button.closest("li");
  const neighbour = (item?.nextElementSibling ?? item?.previousElementSibling)?.querySelector<HTMLElement>("[data-remove]");
  (neighbour ?? document.getElementById("cart-title"))?.focus();
}

/** A line as a screen reader names it: two lines of one product differ by colour and size. */
function lineName(line: CartLine): string {
  return [line.name, line.colour, line.size].filter(Boolean).join(", ");
}

/**
 * What a screen reader hears once a line's quantity has changed (the focus stays on the stepper's
 * button, so the new value and total were not read): the line, its quantity and its total.
 */
function useQuantityChangeSaid(lines: readonly CartLine[] | undefined, formatLine: (line: CartLine) => string): string {
  const seen = useRef<Map<string, number> | null>(null);
  const [said, setSaid] = useState("");
  useEffect(() => {
    if (!lines) return;
    const before = seen.current;
    seen.current = new Map(lines.map((line) => [line.id, line.quantity]));
    const changed = before && lines.find((line) => before.has(line.id) && before.get(line.id) !== line.quantity);
    if (changed) setSaid(cartLines.quantityChanged(lineName(changed), changed.quantity, formatLine(changed)));
  }, [lines, formatLine]);
  return said;
}

function CartLineRow({ line, actions, busy, formatPrice, formatLine }: { line: CartLine; actions: LineActions; busy: boolean; formatPrice: (pence: number) => string; formatLine: (line: CartLine) => string }) {
  const options = [line.size ? `Size: ${line.size}` : null, line.colour ? `Colour: ${line.colour}` : null].filter(Boolean).join(" · ");
  // The product as the line has it: its colour's picture, and the line's size and colour chosen.
  const choices = String(new URLSearchParams({ ...(line.size && { size: line.size }), ...(line.colour && { colour: line.colour }) }));
  const href = `/product/${line.productId}${choices && `?${choices}`}`;
  return (
    // Picture beside the line from 20rem of window (a rem limit grows with the browser's text size):
    // at 150% text on a phone the line's total and its stepper ran off the screen beside it.
    <li className="flex flex-col gap-4 py-5 min-[20rem]:flex-row" aria-busy={busy || undefined}>
      <Link to={href} className="block h-28 w-22 shrink-0 overflow-hidden rounded-md bg-brand-50 sm:h-32 sm:w-26" tabIndex={-1} aria-hidden>
        <ProductImage src={line.image ?? undefined} alt="" fallbackText={productCard.noImage} sizes="104px" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <div className="min-w-0">
            <h2 className="text-sm font-semibold leading-snug sm:text-base">
              <Link to={href} className="hover:underline">
                {line.name}
              </Link>
            </h2>
            {options ? <p className="mt-0.5 text-sm text-brand-900/75">{options}</p> : null}
            {line.pictureNote ? (
              <p className="mt-0.5 text-xs text-brand-900/70" data-testid="picture-note">
                {line.pictureNote}
              </p>
            ) : null}
            {/* A product the shop no longer has has no price to show (not £0.00). */}
            {line.available || line.unitPrice > 0 ? (
              <p className="mt-0.5 text-sm text-brand-900/75">
                <span className="sr-only">Unit price: </span>
                {formatPrice(line.unitPrice)}
                {line.available ? <span aria-hidden> each</span> : null}
              </p>
            ) : null}
          </div>
          <p className="shrink-0 text-sm font-semibold tabular-nums sm:text-base">
            <span className="sr-only">Line total: </span>
            {line.available ? formatLine(line) : "—"}
          </p>
        </div>
        {line.notice ? (
          <p role="note" className={`text-sm ${line.available ? "text-amber-800" : "text-red-700"}`}>
            {line.notice}
            {line.available && line.quantity > line.maxQuantity ? (
              <button
                type="button"
                onClick={(event) => {
                  // The button goes once the line is within stock: the keyboard stays on the line's quantity.
                  event.currentTarget.closest("li")?.querySelector<HTMLElement>("[role=spinbutton]")?.focus();
                  void actions.setQuantity(line, line.maxQuantity);
                }}
                disabled={busy}
                className="ml-2 font-semibold underline"
              >
                {cartLines.lowerTo(line.maxQuantity)}
              </button>
            ) : null}
          </p>
        ) : null}
        {/* At its limit the stepper's + greys out: the line says why, as Add to Cart's refusal does. */}
        {line.available && !line.notice && line.quantity === line.maxQuantity ? (
          <p className="text-sm text-brand-900/70" data-testid="line-limit">
            {quantityLimitMessage(line.maxQuantity, 0)}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3">
          {line.available ? (
            <QuantityStepper
              value={line.quantity}
              max={Math.max(line.quantity, line.maxQuantity)}
              onChange={(quantity) => void actions.setQuantity(line, quantity)}
              disabled={busy}
              label={`Quantity of ${lineName(line)}`}
              visibleLabel={false}
            />
          ) : (
            <span />
          )}
          <button
            type="button"
            data-remove
            onClick={(event) => {
              focusAfterRemoval(event.currentTarget);
              void actions.remove(line);
            }}
            disabled={busy}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
          >
            <Trash2 aria-hidden className="h-4 w-4" />
            Remove<span className="sr-only"> {lineName(line)}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
