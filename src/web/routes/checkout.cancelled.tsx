// /checkout/cancelled: where the payment page's Cancel leads (the provider's cancel_url). The cart
// was emptied when checkout started (storefront.md section 4); the lines this tab sent to payment
// are put back, into the guest cart or, signed in, through the cart merge endpoint.
import { XCircle } from "../components/icons/x-circle.tsx";
import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { addToGuestCart } from "../../domain/guest-cart.ts";
import { cart as cartMessages } from "../../domain/messages/cart.ts";
import { checkout as messages } from "../../domain/messages/checkout.ts";
import { useCart } from "../components/cart/cart-context.tsx";
import { takeCheckedOutLines } from "../lib/checkout-api.ts";
import { getGuestCart, setGuestCart } from "../lib/guest-cart-store.ts";
import { pageHead } from "../lib/seo.ts";
import type { Route } from "./+types/checkout.cancelled";

export const meta: Route.MetaFunction = () => pageHead({ title: messages.paymentCancelledTitle, noIndex: true });

export default function CheckoutCancelled() {
  const { signedIn } = useCart();
  const revalidator = useRevalidator();
  const [restored, setRestored] = useState(false);
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const lines = takeCheckedOutLines();
    if (lines.length === 0) return;
    void (async () => {
      if (signedIn) {
        const response = await fetch("/api/cart/merge", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ lines }) }).catch(() => null);
        if (!response?.ok) return;
        await revalidator.revalidate();
      } else {
        let items = getGuestCart();
        for (const line of lines) items = addToGuestCart(items, line, new Date());
        setGuestCart(items);
      }
      setRestored(true);
    })();
  }, [signedIn, revalidator]);

  return (
    <main className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center">
      <XCircle aria-hidden className="h-12 w-12 text-brand-900/60" />
      <h1 className="mt-4 font-serif text-2xl font-semibold">{messages.paymentCancelledTitle}</h1>
      <p className="mt-3 text-brand-900/80">{messages.paymentCancelled}</p>
      {restored ? (
        <p role="status" className="mt-2 text-sm text-brand-900/80">
          {messages.cartRestored}
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/cart" className="rounded-md bg-brand-900 px-6 py-3 text-sm font-semibold text-white hover:bg-black">
          Back to cart
        </Link>
        <Link to="/" className="rounded-md border border-brand-900 px-6 py-3 text-sm font-semibold hover:bg-brand-50">
          {cartMessages.continueShopping}
        </Link>
      </div>
    </main>
  );
}
