// /checkout (storefront.md section 2 "Checkout", section 4 "Checkout", section 5 "Checkout",
// section 8 "Checkout page", section 9 "Shipping"). The page shows estimates; the server prices
// the order again from the catalogue when it is placed and ignores any money the browser sends.
import { Lock } from "../components/icons/lock.tsx";
import { Tag } from "../components/icons/tag.tsx";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import type { CartLine, CartView, GuestLine } from "../../domain/cart.ts";
import { COUNTRIES } from "../../domain/countries.ts";
import { DEFAULT_COUNTRY } from "../../domain/default-country.ts";
import { cart as cartMessages } from "../../domain/messages/cart.ts";
import { checkout as messages } from "../../domain/messages/checkout.ts";
import { payButton } from "../../domain/messages/pay-button.ts";
import { signInHref } from "../../domain/redirect.ts";
import { quoteAllShipping, shippingRestriction, SHIPPING_NOTICE, type ShippingMethod } from "../../domain/shipping.ts";
import { readViewer } from "../../server/auth/session.server.ts";
import { listCart } from "../../server/cart/cart.server.ts";
import { lastShippingAddress } from "../../server/checkout/last-address.server.ts";
import { cartApi } from "../lib/cart-api.ts";
import { keepCheckoutChoices, keepTypedCheckoutDetails, readCheckoutChoices, readTypedCheckoutDetails, rememberGuestCheckout, startCheckout, type CheckoutDetails } from "../lib/checkout-api.ts";
import { useGuestCart } from "../lib/guest-cart-store.ts";
import { useCart } from "../components/cart/cart-context.tsx";
import { displayLineTotal, formatGbp, formatMinor } from "../../domain/money.ts";
import { usePriceDisplay, usePriceFormatter } from "../lib/prices.ts";
import { displaySummary } from "../../domain/display-summary.ts";
import { orderTotals } from "../../domain/order-totals.ts";
import { linesFingerprint } from "../../domain/checkout-shown.ts";
import { Field, focusFirstInvalid, SelectField } from "../components/form/field.tsx";
import { TermsNote } from "../components/terms-note.tsx";
import { pageHead, rootHead } from "../lib/seo.ts";
import { toast } from "../lib/toast.ts";
import type { Route } from "./+types/checkout";
import { COUNTRIES_WITHOUT_POSTCODES } from "../../domain/postcodes.ts";
import { appContext, requestContext } from "../app-context.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageHead({ title: "Checkout", noIndex: true }, rootHead(matches).shopName);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await readViewer(context.get(appContext), request.headers, context.get(requestContext).setCookie);
  // The destinations for the country select, and those without postal codes (Ghana, the UAE), where
  // the form does not ask for one: sent as data, so the page's JavaScript does not carry the lists.
  const countries = { all: COUNTRIES, noPostcode: COUNTRIES_WITHOUT_POSTCODES };
  if (!viewer) return { signedIn: false as const, customer: null, cart: null, countries };
  const db = context.get(appContext).db;
  const [cart, saved] = await Promise.all([listCart(db, viewer.userId), lastShippingAddress(db, viewer.userId)]);
  const customer: CheckoutDetails = {
    firstName: viewer.firstName,
    lastName: viewer.lastName,
    email: viewer.email,
    address: "",
    city: "",
    state: "",
    postalCode: "",
    country: DEFAULT_COUNTRY,
    ...saved,
    // The account's phone first: the one the shopper keeps up to date.
    phone: viewer.phone || (saved?.phone ?? ""),
  };
  return { signedIn: true as const, customer, cart, countries };
}

type Fields = CheckoutDetails;

/** One toast for the discount field: a new answer replaces the last, so a stale "applied" never stays beside another. */
const DISCOUNT_TOAST = { id: "discount-code" };

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const guestItems = useGuestCart();
  const [guestView, setGuestView] = useState<{ key: string; view: CartView } | null>(null);
  const guestKey = JSON.stringify(guestItems);

  useEffect(() => {
    if (loaderData.signedIn || guestItems.length === 0) return;
    let current = true;
    void cartApi.priceGuestCart(guestItems).then((answer) => {
      if (current && answer.ok) setGuestView({ key: guestKey, view: answer.data });
    });
    return () => {
      current = false;
    };
  }, [loaderData.signedIn, guestItems, guestKey]);

  const view: CartView | null = loaderData.signedIn
    ? loaderData.cart
    : guestItems.length === 0
      ? { lines: [], summary: { itemCount: 0, subtotal: 0, shipping: 0, total: 0 } }
      : guestView?.key === guestKey
        ? guestView.view
        : null;

  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <h1 className="font-serif text-3xl font-semibold tracking-tight">Checkout</h1>
      {view === null ? (
        <div role="status" aria-label="Loading your order" className="mt-6 h-64 animate-pulse rounded-xl bg-brand-50" />
      ) : view.lines.length === 0 ? (
        <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-brand-100 px-4 py-16 text-center">
          <p className="text-lg font-semibold">{messages.cartEmpty}</p>
          <Link to="/" className="mt-6 rounded-md bg-brand-900 px-6 py-3 text-sm font-semibold text-white hover:bg-black">
            {cartMessages.continueShopping}
          </Link>
        </div>
      ) : (
        <CheckoutForm lines={view.lines} signedIn={loaderData.signedIn} customer={loaderData.customer} countries={loaderData.countries} />
      )}
    </main>
  );
}

function CheckoutForm({
  lines: pageLines,
  signedIn,
  customer,
  countries,
}: {
  lines: CartLine[];
  signedIn: boolean;
  customer: CheckoutDetails | null;
  countries: { all: readonly string[]; noPostcode: readonly string[] };
}) {
  const formatPrice = usePriceFormatter();
  const { currency: displayCurrency, exchangeRate } = usePriceDisplay();
  const money = (minor: number) => formatMinor(minor, displayCurrency);
  const [fields, setFields] = useState<Fields>(() => ({
    firstName: "",
    lastName: "",
    email: "",
    phone: "",
    address: "",
    city: "",
    state: "",
    postalCode: "",
    country: DEFAULT_COUNTRY,
    // Signed in: the account's name and contact details and the last order's address.
    ...customer,
    // A guest back from the payment page finds the details typed for it (this tab only). A guest's
    // form is drawn in the browser only (the cart is in browser storage), so the server never
    // renders it with other values.
    ...(!signedIn && typeof window !== "undefined" ? readTypedCheckoutDetails() : null),
  }));
  const [method, setMethod] = useState<ShippingMethod>("standard");
  const [codeInput, setCodeInput] = useState("");
  const [discount, setDiscount] = useState<{ code: string; amount: number } | null>(null);
  const [applying, setApplying] = useState(false);
  const [processing, setProcessing] = useState(false);
  // Pay refused because the order priced now is not what this page showed (the markup changed, the
  // cart changed in another tab): the server's lines are shown instead, until the page's own change.
  const [repriced, setRepriced] = useState<{ from: CartLine[]; lines: CartLine[] } | null>(null);
  const lines = repriced?.from === pageLines ? repriced.lines : pageLines;
  const { serverCartChanged } = useCart();
  // Back from the payment page may show this page from the browser's back-forward cache, as it
  // was when it left: still 'Processing...'. The cart is still here, so the form is usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setProcessing(false);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);
  const [problem, setProblem] = useState<string | null>(null);
  // Signed out in another tab: the problem says so, with the way back in.
  const [signedOut, setSignedOut] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  // Bumped by each refusal: the effect below moves the cursor once the marks are drawn.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) focusFirstInvalid(formRef.current);
  }, [refusals]);

  const available = lines.filter((line) => line.available);
  const blocked = lines.find((line) => !line.available || line.notice !== null);
  const subtotal = available.reduce((sum, line) => sum + line.lineTotal, 0);
  const quotes = quoteAllShipping({ country: fields.country, items: available.map((line) => ({ name: line.name, category: line.category, quantity: line.quantity })) });
  // Express is offered outside the free zones only; a choice that vanished falls back to standard.
  const chosenMethod: ShippingMethod = method === "express" && quotes.express ? "express" : "standard";
  const shippingQuote = chosenMethod === "express" && quotes.express ? quotes.express : quotes.standard;
  const totals = orderTotals(subtotal, discount?.amount ?? 0, quotes.restricted ? 0 : shippingQuote.amount);
  // The same figures in the display currency, adding up as the shopper reads them.
  const figures = displaySummary(available, totals, displayCurrency, exchangeRate);

  const set = (name: keyof Fields) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [name]: event.target.value }));
    // A postcode refused for one country says nothing of another.
    setFieldErrors((current) => ({ ...current, [name]: undefined, ...(name == "country" && { postalCode: undefined }) }));
    // Fixing the form answers the refusal: its toast goes with it, no longer covering the fields below.
    if (problem) toast.clearErrors();
    setProblem(null);
  };

  /** A field's name, value, change handler and problem: what each of the form's fields is given. */
  const bind = (name: keyof Fields) => ({ name, value: fields[name], onChange: set(name), error: fieldErrors[name] });
  // Ghana, the UAE and the other destinations without postal codes: the field is optional there.
  const postcodeOptional = countries.noPostcode.includes(fields.country);

  /** Every empty required field, marked beside it; the spec's single message goes above the form. */
  function missingFields(): Partial<Record<keyof Fields, string>> {
    const missing: Partial<Record<keyof Fields, string>> = {};
    const required: (keyof Fields)[] = ["firstName", "lastName", "email", "address", "city", ...(postcodeOptional ? [] : ["postalCode" as const])];
    for (const name of required) {
      if (!fields[name].trim()) missing[name] = messages.fieldRequired;
    }
    return missing;
  }

  /** A refusal shown once above the form, every field it concerns marked, and the cursor on the first. */
  function refuse(message: string, marked: Partial<Record<keyof Fields, string>>) {
    setProblem(message);
    setFieldErrors(marked);
    toast.error(message);
    setRefusals((count) => count + 1);
  }
  const itemsForServer: GuestLine[] = available.map((line) => ({ product_id: line.productId, quantity: line.quantity, selected_size: line.size, selected_color: line.colour }));

  async function applyCode(code = codeInput) {
    if (code.trim() === "") {
      toast.error(messages.discountCodeRequired);
      return;
    }
    setApplying(true);
    try {
      const response = await fetch("/api/checkout/discount", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ source: "cart", items: signedIn ? [] : itemsForServer, account: signedIn, discountCode: code }),
      });
      const data = (await response.json().catch(() => null)) as { code?: string; amount?: number; error?: string } | null;
      if (response.ok && data?.code && typeof data.amount === "number") {
        setDiscount({ code: data.code, amount: data.amount });
        toast.success(messages.discountApplied(data.code), DISCOUNT_TOAST);
      } else {
        // A code applied before stays applied (the summary still names it).
        toast.error(data?.error ?? messages.failed, DISCOUNT_TOAST);
      }
    } catch {
      toast.error(messages.failed, DISCOUNT_TOAST);
    } finally {
      setApplying(false);
    }
  }

  // Back from the payment page: the shipping method and the code sent there are chosen again (the
  // code asked for afresh: it may have expired meanwhile).
  useEffect(() => {
    const kept = readCheckoutChoices();
    if (!kept) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- after the mount: a signed-in form is drawn on the server, without this tab's storage
    setMethod(kept.method);
    if (kept.code) {
      setCodeInput(kept.code);
      void applyCode(kept.code);
    }
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** The spec's checks, in its order; the server checks everything again. */
  function firstProblem(): string | null {
    if (available.length === 0) return messages.cartEmpty;
    if (!fields.firstName.trim() || !fields.lastName.trim() || !fields.email.trim()) return messages.customerInfoRequired;
    const missing = missingFields();
    if (missing.address || missing.city || missing.postalCode) return messages.shippingInfoRequired;
    if (shippingRestriction(fields.country)) return messages.cannotShipTo(fields.country);
    return null;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (processing) return;
    const found = firstProblem();
    if (found) {
      refuse(found, missingFields());
      return;
    }
    setProblem(null);
    setFieldErrors({});
    setProcessing(true);
    const answer = await startCheckout({
      source: "cart",
      items: signedIn ? [] : itemsForServer,
      account: signedIn,
      customerInfo: { firstName: fields.firstName, lastName: fields.lastName, email: fields.email, phone: fields.phone },
      shippingAddress: { address: fields.address, city: fields.city, state: fields.state, postalCode: fields.postalCode, country: fields.country },
      shippingMethod: chosenMethod,
      discountCode: discount?.code ?? null,
      // What the Pay button named: the server charges that or refuses with the new figures.
      expectedTotalPence: totals.total,
      linesFingerprint: linesFingerprint(available),
    });
    if (!answer.ok) {
      if (answer.changed) {
        setRepriced({ from: pageLines, lines: answer.changed.lines });
        // An account cart another tab changed: the navigation badge counts what the summary now shows.
        if (signedIn) serverCartChanged(answer.changed.lines.reduce((items, line) => items + line.quantity, 0));
        // A percentage code comes to another amount on another subtotal.
        if (discount) setDiscount({ code: discount.code, amount: answer.changed.totals.discount });
      }
      const message = answer.serverMessage ?? messages.failed;
      setSignedOut(answer.status === 401);
      refuse(message, answer.fields ?? {});
      setProcessing(false);
      return;
    }
    // The cart stays until the payment succeeds (a recorded deviation from section 4): Back from
    // the payment page finds it whole. A signed-in cart is emptied by the server when the order is
    // paid; a guest's by the confirmation page, from the lines noted here for this session.
    if (!signedIn && answer.sessionId) rememberGuestCheckout(answer.sessionId, itemsForServer);
    if (!signedIn) keepTypedCheckoutDetails(fields);
    keepCheckoutChoices({ method: chosenMethod, code: discount?.code ?? null });
    window.location.assign(answer.url);
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]" aria-describedby={problem ? "checkout-problem" : undefined}>
      <div className="flex flex-col gap-8">
        {problem ? (
          <p id="checkout-problem" role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
            {problem}
            {signedOut ? (
              <>
                {" "}
                <Link to={signInHref("/checkout")} className="font-semibold underline underline-offset-2">
                  {messages.signIn}
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
        <Section title="Customer Information">
          {signedIn ? null : (
            <p className="mb-4 text-sm text-brand-900/80">
              {messages.haveAccount}{" "}
              <Link to={signInHref("/checkout")} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
                {messages.signIn}
              </Link>
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" autoComplete="given-name" dir="auto" {...bind("firstName")} required />
            <Field label="Last name" autoComplete="family-name" dir="auto" {...bind("lastName")} required />
            <Field label="Email" type="email" autoComplete="email" {...bind("email")} required />
            <Field label="Phone" type="tel" autoComplete="tel" {...bind("phone")} optional />
          </div>
        </Section>
        <Section title="Shipping Address">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <Field label="Street address" autoComplete="street-address" dir="auto" {...bind("address")} required />
            </div>
            <Field label="City" autoComplete="address-level2" dir="auto" {...bind("city")} required />
            <Field label="State / County" autoComplete="address-level1" dir="auto" {...bind("state")} optional />
            <Field label="Postal/ZIP code" autoComplete="postal-code" {...bind("postalCode")} required={!postcodeOptional} optional={postcodeOptional} />
            <SelectField label="Country" autoComplete="country-name" {...bind("country")} required>
              {countries.all.map((country) => (
                <option key={country} value={country}>
                  {country}
                </option>
              ))}
            </SelectField>
          </div>
          {quotes.restricted ? (
            <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
              {messages.cannotShipTo(fields.country)}
            </p>
          ) : (
            <fieldset className="mt-5">
              <legend className="text-sm font-medium">Shipping method</legend>
              <div className="mt-2 grid gap-2">
                <ShippingOption method="standard" chosen={chosenMethod} onChoose={setMethod} quote={quotes.standard} formatPrice={formatPrice} />
                {quotes.express ? <ShippingOption method="express" chosen={chosenMethod} onChoose={setMethod} quote={quotes.express} formatPrice={formatPrice} /> : null}
              </div>
            </fieldset>
          )}
          <p className="mt-4 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900/80" data-testid="shipping-notice">
            {SHIPPING_NOTICE}
          </p>
          {fields.country === DEFAULT_COUNTRY ? null : <p className="mt-2 text-sm text-brand-900/80">{messages.importCharges}</p>}
        </Section>
      </div>

      <section aria-labelledby="checkout-summary" className="h-fit rounded-xl bg-brand-50 p-5 sm:p-6 lg:sticky lg:top-28">
        <h2 id="checkout-summary" className="text-lg font-semibold">
          Order Summary
        </h2>
        <ul className="mt-4 divide-y divide-brand-100 text-sm">
          {lines.map((line) => (
            <li key={line.id} className="flex flex-wrap justify-between gap-x-3 py-2.5">
              <span className="min-w-0">
                <span className="font-medium">{line.name}</span>
                <span className="block text-brand-900/75">
                  {[line.size && `Size: ${line.size}`, line.colour && `Colour: ${line.colour}`, `Qty: ${line.quantity}`].filter(Boolean).join(" · ")}
                </span>
                {line.notice ? <span className="block text-red-700">{line.notice}</span> : null}
              </span>
              <span className="shrink-0 tabular-nums">{line.available ? money(displayLineTotal(line.unitPrice, line.quantity, displayCurrency, exchangeRate)) : "—"}</span>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap gap-2">
          <label htmlFor="discount-code" className="sr-only">
            Discount code
          </label>
          <div className="relative min-w-[8rem] flex-1">
            <Tag aria-hidden className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-brand-900/60" />
            <input
              id="discount-code"
              value={codeInput}
              onChange={(event) => setCodeInput(event.target.value)}
              // Enter applies the code; it does not send the order form around it.
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  void applyCode();
                }
              }}
              placeholder="Discount code"
              autoComplete="off"
              className="block w-full rounded-md border border-brand-100 bg-white py-2 pl-8 pr-3 text-base uppercase placeholder:normal-case sm:text-sm"
            />
          </div>
          <button type="button" onClick={() => void applyCode()} disabled={applying} className="rounded-md border border-brand-900 px-3 text-sm font-semibold hover:bg-white disabled:opacity-60">
            {applying ? "Applying..." : "Apply"}
          </button>
        </div>
        {discount ? (
          <p className="mt-2 text-xs text-brand-900/75">
            {messages.discountApplied(discount.code)}{" "}
            <button
              type="button"
              onClick={() => {
                setDiscount(null);
                toast.success(messages.discountRemoved(discount.code), DISCOUNT_TOAST);
              }}
              className="min-h-6 font-medium text-brand-700 underline underline-offset-2"
            >
              {messages.removeDiscount}
            </button>
          </p>
        ) : null}
        <dl className="mt-4 space-y-2.5 text-sm">
          <Row label={cartMessages.subtotal} value={money(figures.subtotal)} />
          {/* discountLabel's words, typed here: imported, it would be a chunk of its own for this
              page (the back office shares it), about 100 bytes over its first-load budget. */}
          {discount ? <Row label={`Discount (${discount.code})`} value={money(-figures.discount)} /> : null}
          <Row label={cartMessages.shipping} value={quotes.restricted ? "—" : shippingQuote.amount === 0 ? cartMessages.free : formatPrice(shippingQuote.amount)} />
          <div className="flex flex-wrap justify-between gap-x-3 border-t border-brand-100 pt-3 text-base font-semibold">
            <dt>{cartMessages.total}</dt>
            <dd data-testid="checkout-total" className="tabular-nums">
              {money(figures.total)}
            </dd>
          </div>
        </dl>
        <button
          type="submit"
          disabled={processing || Boolean(blocked) || quotes.restricted}
          className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-900 px-6 py-3 text-sm font-semibold text-white hover:bg-black disabled:cursor-not-allowed disabled:opacity-60"
        >
          <Lock aria-hidden className="h-4 w-4" />
          {/* The button names what will be charged: always pounds (Stripe and the local provider
              charge GBP); a cedi total above it is an estimate at the shop's rate. Nothing to
              charge: it completes the order, as the payment page that follows does. */}
          {processing ? messages.processing : totals.total === 0 ? payButton.placeFreeOrder : payButton.pay(formatGbp(totals.total))}
        </button>
        {blocked ? (
          <p className="mt-3 text-sm text-red-700">
            {messages.fixCartFirst}{" "}
            <Link to="/cart" className="font-medium underline">
              {messages.goToCart}
            </Link>
          </p>
        ) : null}
        <p className="mt-3 text-center text-xs text-brand-900/70" data-testid="charged-in-gbp">
          {displayCurrency === "GBP" ? messages.chargedInGbp : messages.chargedInGbpEstimate(formatGbp(totals.total), money(figures.total))}
        </p>
        <TermsNote className="mt-2 text-center text-xs text-brand-900/70" />
      </section>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-brand-100 p-5 sm:p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3">
      <dt>{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

function ShippingOption({
  method,
  chosen,
  onChoose,
  quote,
  formatPrice,
}: {
  method: ShippingMethod;
  chosen: ShippingMethod;
  onChoose: (method: ShippingMethod) => void;
  quote: { amount: number; estimatedDays: string; carrier: string; note: string };
  formatPrice: (pence: number) => string;
}) {
  const id = `shipping-${method}`;
  return (
    <label htmlFor={id} className={`flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm ${chosen === method ? "border-brand-900 bg-white" : "border-brand-100"}`}>
      <input id={id} type="radio" name="shippingMethod" value={method} checked={chosen === method} onChange={() => onChoose(method)} className="mt-0.5" />
      <span className="flex-1">
        <span className="flex flex-wrap justify-between gap-x-3 font-medium">
          <span>{method === "express" ? "Express" : "Standard"}</span>
          <span className="tabular-nums">{quote.amount === 0 ? cartMessages.free : formatPrice(quote.amount)}</span>
        </span>
        <span className="block text-brand-900/75">
          {quote.estimatedDays} · {quote.carrier}
        </span>
      </span>
    </label>
  );
}

