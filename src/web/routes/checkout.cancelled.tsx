// /checkout/cancelled: where the payment page's Cancel leads (the provider's cancel_url). The cart
// was never emptied for the payment (it is kept until a payment succeeds, issue 15 item 2), so it
// is just as the shopper left it, with anything changed since.
import { XCircle } from "../components/icons/x-circle.tsx";
import { Link } from "react-router";
import { cart as cartMessages } from "../../domain/messages/cart.ts";
import { checkout as messages } from "../../domain/messages/checkout.ts";
import { useCart } from "../components/cart/cart-context.tsx";
import { pageHead, rootHead } from "../lib/seo.ts";
import type { Route } from "./+types/checkout.cancelled";

export const meta: Route.MetaFunction = ({ matches }) => pageHead({ title: messages.paymentCancelledTitle, noIndex: true }, rootHead(matches).shopName);

export default function CheckoutCancelled() {
  const { count } = useCart();
  const restored = count > 0;

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
