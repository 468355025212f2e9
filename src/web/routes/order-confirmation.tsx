// /order-confirmation/{sessionId} (storefront.md section 2 "Order confirmation", section 4
// "Confirmation", section 7 "verify-payment", section 8 "Confirmation"): a spinner with
// 'Processing your order...', the payment verified by the browser (every id), the spec's toasts, then a replace-redirect to / after 3 seconds.
// Nothing about the order is rendered on the server: the session id is a capability only the
// browser that paid holds, and it is spent through POST /api/checkout/verify. What that answers
// of the order (lines, totals, address) is shown with a link to find it again, and a shopper who
// needs longer than 3 seconds can stay.
import { CheckCircle2 } from "../components/icons/check-circle-2.tsx";
import { Info } from "../components/icons/info.tsx";
import { Loader2 } from "../components/icons/loader-2.tsx";
import { XCircle } from "../components/icons/x-circle.tsx";
import { useEffect, useRef, useState } from "react";
import { Link, redirect, useNavigate, useRevalidator } from "react-router";
import { removePaidFromGuestCart } from "../../domain/guest-cart.ts";
import { confirmation } from "../../domain/messages/orders.ts";
import { penceToPounds } from "../../domain/money.ts";
import { confirmationOrderRef, formatOrderNumber } from "../../domain/order-number.ts";
import type { OrderSummary } from "../../domain/orders.ts";
import { isRefundReason, refundedMessage } from "../../domain/payment-refusals.ts";
import { announceServerCartChange, useCart } from "../components/cart/cart-context.tsx";
import { OrderCard } from "../components/orders/order-card.tsx";
import { forgetTypedCheckoutDetails, takeGuestCheckout } from "../lib/checkout-api.ts";
import { getGuestCart, setGuestCart } from "../lib/guest-cart-store.ts";
import { pageHead, rootHead } from "../lib/seo.ts";
import { toast } from "../lib/toast.ts";
import type { Route } from "./+types/order-confirmation";

/** storefront.md section 9 "Confirmation redirect: 3 s". */
export const CONFIRMATION_REDIRECT_MS = 3000;
/** What a shopper does to read on: any of them stops the redirect. */
const READING_EVENTS = ["keydown", "pointerdown", "touchstart", "wheel"] as const;

export const meta: Route.MetaFunction = ({ matches }) => pageHead({ title: "Order confirmation", noIndex: true }, rootHead(matches).shopName);

export function loader({ params }: Route.LoaderArgs) {
  // Section 2: "Without a sessionId it goes straight to /".
  if (!params.sessionId) throw redirect("/");
  return null;
}

type VerifyAnswer =
  | { success: true; status: "paid"; order: { id: string; itemCount: number; totalPence: number; email: string; details: OrderSummary | null } }
  | { success: false; status: "pending" | "failed" | "unknown" }
  | { success: false; status: "refunded"; reason?: unknown };

type Outcome =
  | { kind: "confirmed"; orderNumber: string | null; title: string; details: OrderSummary | null }
  | { kind: "pending" }
  /** Not asked this time (too many checks from the connection): nothing is known of the payment. */
  | { kind: "later"; message: string }
  | { kind: "failed"; message: string };

const SHOWN_KEY = "order-confirmation-shown";

function wasShown(sessionId: string): boolean {
  try {
    return window.sessionStorage.getItem(SHOWN_KEY) === sessionId;
  } catch {
    return false;
  }
}

function markShown(sessionId: string) {
  try {
    window.sessionStorage.setItem(SHOWN_KEY, sessionId);
  } catch {
    // Storage refused (private mode): a replay is the worst that happens.
  }
}

/** The text of a refusal's JSON `{ error }`, or the shop's own words for too many checks. */
async function refusalMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === "string" && body.error ? body.error : confirmation.tooManyChecks;
}

/** Asks the server about the session and shows what it says as the spec's toasts. */
async function verify(sessionId: string): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch("/api/checkout/verify", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ sessionId }),
      credentials: "same-origin",
    });
  } catch {
    // The network failed: the payment may well have gone through.
    return { kind: "failed", message: confirmation.unableToVerify };
  }
  if (response.status >= 500) return { kind: "failed", message: confirmation.unableToVerify };
  // Too many checks from this connection: the payment was not looked at, so the page must not
  // say it failed. The server's answer says how long to wait.
  if (response.status === 429) return { kind: "later", message: await refusalMessage(response) };
  const answer = (await response.json().catch(() => null)) as VerifyAnswer | null;
  if (!response.ok || answer === null) return { kind: "failed", message: confirmation.verificationFailed };
  if (answer.success) {
    // An order with nothing to pay took no payment, so it does not claim one.
    const title = answer.order.totalPence === 0 ? confirmation.orderConfirmedNothingPaid : confirmation.paymentConfirmed;
    toast.success(title);
    toast.success(confirmation.orderConfirmed(confirmationOrderRef(answer.order.id), answer.order.itemCount, penceToPounds(answer.order.totalPence)));
    toast.info(confirmation.orderEmail);
    return { kind: "confirmed", orderNumber: formatOrderNumber(answer.order.id), title, details: answer.order.details ?? null };
  }
  if (answer.status === "pending") {
    toast.info(confirmation.paymentProcessing);
    return { kind: "pending" };
  }
  // Decision 013: a payment the shop could not honour was refunded; the page says why, in words.
  if (answer.status === "refunded") return { kind: "failed", message: refundedMessage(isRefundReason(answer.reason) ? answer.reason : "sold-out") };
  return { kind: "failed", message: confirmation.verificationFailed };
}

export default function OrderConfirmation({ params }: Route.ComponentProps) {
  const sessionId = params.sessionId ?? "";
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { signedIn } = useCart();

  /**
   * The cart was kept through checkout (issue 15, item 2); now that the payment is confirmed the
   * paid lines leave it. A signed-in cart was changed by the server with the payment: the badge
   * and other tabs reload it. A guest's lines noted for this session come out of the guest cart.
   */
  const takePaidLinesOutOfCart = (paidSession: string) => {
    forgetTypedCheckoutDetails();
    const paid = takeGuestCheckout(paidSession);
    if (paid.length > 0) setGuestCart(removePaidFromGuestCart(getGuestCart(), paid));
    if (signedIn) {
      void revalidator.revalidate();
      announceServerCartChange();
    }
  };
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef<string | null>(null);

  useEffect(() => {
    // Once per session id (React's development double effects must not verify twice).
    if (started.current === sessionId) return;
    started.current = sessionId;
    // Back (or a history jump) to a confirmation already shown in this tab goes home quietly
    // instead of replaying the confirmation and its toasts.
    if (wasShown(sessionId)) {
      navigate("/", { replace: true });
      return;
    }
    const settle = (result: Outcome) => {
      if (result.kind === "failed") toast.error(result.message);
      if (result.kind === "later") toast.info(result.message);
      if (result.kind === "confirmed") {
        markShown(sessionId);
        takePaidLinesOutOfCart(sessionId);
      }
      setOutcome(result);
    };
    // Every id is asked about, not only those starting with cs_ (section 4 took others as
    // confirmed): every session the shop makes starts so, and a mistyped or forged link must not
    // say a payment was made (docs/deviations.md).
    verify(sessionId)
      .catch((error: unknown): Outcome => {
        console.error("order confirmation failed", error);
        return { kind: "failed", message: confirmation.issueConfirming };
      })
      .then(settle);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per session id, with the cart as it is then
  }, [sessionId, navigate]);

  // Section 2: "Then a replace-redirect to / after 3 seconds", unless the shopper asked to stay.
  const [staying, setStaying] = useState(false);
  // The Stay button goes once pressed: the cursor moves to the page's title rather than to <body>.
  const title = useRef<HTMLHeadingElement>(null);
  const titleProps = { ref: title, tabIndex: -1, className: "mt-5 font-serif text-2xl font-semibold focus:outline-none" };
  const stay = () => {
    setStaying(true);
    title.current?.focus();
  };
  useEffect(() => {
    if (outcome === null || staying) return;
    const timer = window.setTimeout(() => navigate("/", { replace: true }), CONFIRMATION_REDIRECT_MS);
    // A shopper who reaches for the page (a key, a tap, the wheel) is reading it: it stays, as if
    // they had pressed Stay, which 3 seconds may be too short to find. Stay itself does its own
    // work on its click (the cursor to the title).
    const hold = (event: Event) => {
      if (event.target instanceof Element && event.target.closest("[data-stay]")) return;
      setStaying(true);
    };
    for (const type of READING_EVENTS) window.addEventListener(type, hold, { capture: true, passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const type of READING_EVENTS) window.removeEventListener(type, hold, { capture: true });
    };
  }, [outcome, staying, navigate]);

  // Once staying, the row says so in the same space: a tap that stopped the redirect was often
  // meant for a link below, and the row vanishing moved that link from under the finger mid-press.
  const stayNotice = (
    <p className="mt-4 flex min-h-11 flex-wrap items-center justify-center gap-x-3 gap-y-1 text-sm text-brand-900/70">
      {staying ? (
        confirmation.staying
      ) : (
        <>
          {confirmation.redirecting}
          <button type="button" onClick={stay} data-stay className="min-h-11 font-medium text-brand-900 underline underline-offset-2 hover:text-black">
            {confirmation.stayOnPage}
          </button>
        </>
      )}
    </p>
  );

  return (
    // Not a live region: the spec's toasts announce the outcome, and the page
    // saying it again was heard twice. Only what no toast says, that the page is about to leave, is
    // announced, from a status region present from the start.
    <main className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-8 text-center sm:py-20">
      <p role="status" className="sr-only" data-testid="redirect-status">
        {outcome !== null && !staying ? confirmation.redirecting : ""}
      </p>
      {outcome === null ? (
        <>
          <Loader2 aria-hidden className="h-12 w-12 animate-spin text-brand-700 motion-reduce:animate-none" />
          <h1 {...titleProps}>{confirmation.processingOrder}</h1>
        </>
      ) : outcome.kind === "confirmed" ? (
        <>
          <CheckCircle2 aria-hidden className="h-12 w-12 text-green-700" />
          <h1 {...titleProps}>{outcome.title}</h1>
          {/* Right under the title: on a phone the order below fills the screen, and the way to stop the redirect must be in sight. */}
          {stayNotice}
          {outcome.orderNumber ? (
            <p className="mt-2 text-lg font-medium" data-testid="order-number">
              {confirmation.orderNumber(outcome.orderNumber)}
            </p>
          ) : null}
          {outcome.orderNumber ? <p className="mt-2 text-brand-900/75">{confirmation.orderEmail}</p> : null}
          {outcome.orderNumber ? (
            <Link
              to={signedIn ? "/account/orders" : `/orders/lookup?order=${encodeURIComponent(outcome.orderNumber)}`}
              className="mt-3 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              {signedIn ? confirmation.findItInMyOrders : confirmation.trackItLater}
            </Link>
          ) : null}
          {outcome.details ? (
            <div className="mt-8 w-full text-left">
              <OrderCard order={outcome.details} />
            </div>
          ) : null}
        </>
      ) : outcome.kind === "pending" || outcome.kind === "later" ? (
        <>
          <Info aria-hidden className="h-12 w-12 text-blue-700" />
          <h1 {...titleProps}>{outcome.kind === "later" ? outcome.message : confirmation.paymentProcessing}</h1>
        </>
      ) : (
        <>
          <XCircle aria-hidden className="h-12 w-12 text-red-700" />
          <h1 {...titleProps}>{outcome.message}</h1>
        </>
      )}
      {outcome !== null && outcome.kind !== "confirmed" ? stayNotice : null}
    </main>
  );
}
