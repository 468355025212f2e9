// /pay/{sessionId}: the built-in `local` payment provider's hosted card page, the offline stand-in
// for Stripe Checkout (docs/architecture.md "payments"). It exists only while the local provider is in
// use. It takes the usual test cards (src/domain/test-cards.ts), and a payment or a cancel reaches
// the order through the very code path of the provider's webhook (handlePaymentWebhook), so the
// exactly-once rules are the same as in production. Plain POST forms: works before JavaScript.
import { CreditCard } from "../components/icons/credit-card.tsx";
import { Lock } from "../components/icons/lock.tsx";
import { TriangleAlert } from "../components/icons/triangle-alert.tsx";
import { useEffect, useMemo, useRef, type ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { emailForDisplay } from "../../domain/email-display.ts";
import { formatGbp } from "../../domain/money.ts";
import { paymentPage } from "../../domain/messages/payment-page.ts";
import { countryOptions } from "../../domain/payment-details.ts";
import { CARD_FIELDS, type LocalPaymentRefusal, type PayField } from "../../domain/local-payment-fields.ts";
import { readLocalPayment } from "../../domain/local-payment-form.ts";
import { isLocalProvider, type LocalProvider } from "../../server/payments/local-provider.server.ts";
import { payPageView } from "../../server/payments/local-pay-page.server.ts";
import { handlePaymentWebhook } from "../../server/payments/payments.server.ts";
import { pageHead, rootHead } from "../lib/seo.ts";
import { termsNote } from "../../domain/messages/terms-note.ts";
import { CANCELLATION_RIGHT_DAYS } from "../../domain/consumer-rights.ts";
import { readFormData } from "../lib/form-data.ts";
import { isDatabaseAwayAnswer } from "../lib/database-away.ts";
import { Field as FormField, focusFirstInvalid, SelectField } from "../components/form/field.tsx";
import type { Route } from "./+types/pay";
import { appContext } from "../app-context.ts";
import { logRequestError } from "../../server/http/error-log.server.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageHead({ title: paymentPage.testBadge, noIndex: true }, rootHead(matches).shopName);

function localProvider(context: Route.LoaderArgs["context"]): LocalProvider {
  const provider = context.get(appContext).payments;
  // With Stripe in use the hosted page is Stripe's; this one does not exist.
  if (!isLocalProvider(provider)) throw data(null, { status: 404 });
  return provider;
}

// The page shows the buyer's e-mail and address: the loader's no-store must reach the response.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  const session = await localProvider(context).session(params.sessionId);
  if (!session) return data({ state: "not-found" as const }, { status: 404, headers: { "Cache-Control": "no-store" } });
  if (session.status === "complete") throw redirect(session.successUrl);
  const view = await payPageView(context.get(appContext).db, session);
  if (view.state !== "open") return data(view, { headers: { "Cache-Control": "no-store" } });
  return data(
    {
      state: "open" as const,
      session: {
        amountPence: session.amountPence,
        lines: session.lines,
        shippingPence: session.shippingPence,
        discountPence: session.discountPence,
        // Shown ("Paying as ..."), as the buyer reads it; the page posts nothing of it back.
        customerEmail: session.customerEmail ? emailForDisplay(session.customerEmail) : null,
        recipient: view.recipient,
        prefill: view.prefill,
        // Where it goes, asked for when the order has no address yet (Buy Now); the e-mail too
        // when the shop does not know the buyer (a guest).
        countries: session.collectCountries ? countryOptions(session.collectCountries) : null,
        // What Stripe Checkout shows above its Pay button (the session's custom text), given by the
        // server as Stripe's page is; imported by this page, the checkout's terms line would become
        // a chunk of its own for the checkout, past its first-load budget.
        terms: { ...termsNote, after: termsNote.after(CANCELLATION_RIGHT_DAYS) },
      },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const provider = localProvider(context);
  const { config, db } = context.get(appContext);
  // shopEmail too: the owner's "New order" notice goes to it when Settings has no contact e-mail.
  const deps = { db, provider, publicUrl: config.publicUrl, shopEmail: config.shopEmail };
  const session = await provider.session(params.sessionId);
  if (!session) return data({ state: "not-found" as const }, { status: 404 });
  // Paid already (a second click, a resubmitted form): nothing more happens, the shopper moves on.
  if (session.status === "complete") throw redirect(session.successUrl);
  if (session.status === "expired") throw redirect(`/pay/${encodeURIComponent(session.id)}`);

  const form = await readFormData(request);
  if (form.get("intent") === "cancel") {
    const event = await provider.expireSession(session.id);
    if (event) await deliver(deps, event);
    throw redirect(session.cancelUrl);
  }

  const reading = readLocalPayment(form, session, new Date());
  if (!reading.ok) {
    // The bank's refusal reaches the order as Stripe's would (the owner sees it on the timeline).
    if (reading.bankDecline) await deliver(deps, provider.declineAttempt(session.id, reading.bankDecline));
    return data(reading.refusal, { status: 400 });
  }
  const event = await provider.completeSession(session.id, reading.payment);
  // null: paid or cancelled a moment ago in another tab; the session's own state decides below.
  if (event) await deliver(deps, event);
  context.get(appContext).kickMail();
  const now = await provider.session(session.id);
  if (now?.status === "expired") throw redirect(`/pay/${encodeURIComponent(session.id)}`);
  throw redirect(session.successUrl);
}

/**
 * The signed event goes through the webhook's own handler, without an HTTP hop. Should that fail,
 * the session is still paid at the provider: verify-payment on the confirmation page applies it.
 */
async function deliver(deps: Parameters<typeof handlePaymentWebhook>[0], event: { rawBody: string; headers: Headers }) {
  try {
    const answer = await handlePaymentWebhook(deps, event.rawBody, event.headers);
    if (answer.status !== 200) console.error("local payment event refused", answer.body);
  } catch (error) {
    logRequestError("the local payment's event", error);
  }
}

/** A payment sent while the database was away was not tried: the card stays as typed. */
type Refusal = LocalPaymentRefusal & { untried?: true };

function refusalOf(answer: unknown): Refusal | null {
  if (isDatabaseAwayAnswer(answer)) return { ok: false, messages: [answer.message], fieldErrors: {}, values: answer.values, untried: true };
  return answer && typeof answer === "object" && "ok" in answer ? (answer as LocalPaymentRefusal) : null;
}

export default function PayPage({ loaderData, actionData }: Route.ComponentProps) {
  // One object per answer: the form moves the cursor (and empties the card's number) once.
  const refusal = useMemo(() => refusalOf(actionData), [actionData]);
  if (loaderData.state === "not-found") {
    return (
      <Message title={paymentPage.sessionNotFound} body={paymentPage.sessionNotFoundBody}>
        <Link to="/cart" className="rounded-md bg-brand-900 px-6 py-3 text-sm font-semibold text-white hover:bg-black">
          {paymentPage.backToCart}
        </Link>
      </Message>
    );
  }
  if (loaderData.state === "replaced") {
    const { paidOrderNumber } = loaderData;
    return (
      <Message title={paidOrderNumber ? paymentPage.cartAlreadyPaid : paymentPage.sessionReplaced} body={paidOrderNumber ? paymentPage.cartAlreadyPaidBody(paidOrderNumber) : paymentPage.sessionReplacedBody}>
        <Link to="/cart" className="rounded-md bg-brand-900 px-6 py-3 text-sm font-semibold text-white hover:bg-black">
          {paymentPage.backToCart}
        </Link>
      </Message>
    );
  }
  if (loaderData.state === "expired") {
    return (
      <Message title={paymentPage.sessionExpired} body={paymentPage.sessionExpiredBody}>
        <Link to="/cart" className="rounded-md bg-brand-900 px-6 py-3 text-sm font-semibold text-white hover:bg-black">
          {paymentPage.backToCart}
        </Link>
      </Message>
    );
  }
  return <PaymentForm session={loaderData.session} refusal={refusal} />;
}

type OpenSession = Extract<Route.ComponentProps["loaderData"], { state: "open" }>["session"];

function PaymentForm({ session, refusal }: { session: OpenSession; refusal: Refusal | null }) {
  const navigation = useNavigation();
  const paying = navigation.state !== "idle" && navigation.formData?.get("intent") === "pay";
  const cancelling = navigation.state !== "idle" && navigation.formData?.get("intent") === "cancel";
  const formRef = useRef<HTMLFormElement>(null);
  const amount = formatGbp(session.amountPence);
  const free = session.amountPence === 0;
  const errors = refusal?.fieldErrors ?? {};
  const values: Partial<Record<PayField, string>> = refusal?.values ?? { name: session.prefill?.name, phone: session.prefill?.phone };
  /** A field's name, its label, what was typed and what is wrong with it. */
  const field = (name: PayField) => ({ name, label: paymentPage.fields[name], defaultValue: values[name], error: errors[name] });
  // Only the delivery or contact fields refused: no payment was tried, so the box says so.
  const aboutDetailsOnly = refusal !== null && Object.keys(refusal.fieldErrors).length > 0 && !CARD_FIELDS.some((name) => refusal.fieldErrors[name]);

  // After a refusal about the card, its number and CVC are typed again (the server never sends
  // them back); after one about the address or e-mail, or a payment not tried, they stay as typed.
  // The cursor goes to the first field to fix.
  useEffect(() => {
    const form = formRef.current;
    if (!refusal || !form) return;
    const aboutTheCard = CARD_FIELDS.some((name) => refusal.fieldErrors[name]) || Object.keys(refusal.fieldErrors).length === 0;
    if (aboutTheCard && !refusal.untried) {
      for (const name of ["cardNumber", "cvc"]) {
        const input = form.elements.namedItem(name);
        if (input instanceof HTMLInputElement) input.value = "";
      }
    }
    focusFirstInvalid(form);
  }, [refusal]);

  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-12">
      <div className="flex flex-wrap items-center gap-3">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-amber-900 ring-1 ring-inset ring-amber-600/30">
          <CreditCard aria-hidden className="h-3.5 w-3.5" />
          {paymentPage.testBadge}
        </span>
        <span className="inline-flex items-center gap-1.5 text-sm text-brand-900/70">
          <Lock aria-hidden className="h-4 w-4" />
          Secure payment step
        </span>
      </div>
      <h1 className="mt-4 font-serif text-3xl font-semibold tracking-tight">{free ? paymentPage.freeTitle : "Complete your payment"}</h1>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,30rem)] lg:gap-10">
        <OrderSummary session={session} amount={amount} />

        <section aria-labelledby="card-heading" className="rounded-xl border border-brand-100 p-4 shadow-sm sm:p-6">
          <h2 id="card-heading" className="font-serif text-xl font-semibold">
            {free ? paymentPage.freeHeading : "Pay with card"}
          </h2>
          <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">{free ? paymentPage.freeHint : paymentPage.testCardsHint}</p>

          {/* replace: the confirmation takes the payment page's place in the history, so Back from
              the shop afterwards does not land on a paid payment page that replays it. */}
          <Form method="post" replace noValidate ref={formRef} className="mt-5" aria-describedby={refusal ? "payment-problem" : undefined}>
            <input type="hidden" name="intent" value="pay" />
            {refusal ? (
              <div id="payment-problem" role="alert" tabIndex={-1} className="mb-5 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
                <p className="flex items-center gap-2 font-semibold">
                  <TriangleAlert aria-hidden className="h-4 w-4" />
                  {aboutDetailsOnly ? paymentPage.detailsProblemTitle : paymentPage.problemTitle}
                </p>
                <ul className="mt-1 list-disc space-y-0.5 pl-6">
                  {refusal.messages.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              </div>
            ) : null}

            {session.customerEmail ? (
              <p className="mb-5 text-sm text-brand-900/70">
                Paying as <span className="font-medium text-brand-900">{session.customerEmail}</span>
              </p>
            ) : null}
            {session.countries ? (
              <fieldset className="mb-6 grid gap-4">
                <legend className="mb-1 text-sm font-semibold">{session.customerEmail ? "Delivery" : "Contact and delivery"}</legend>
                {session.customerEmail ? null : (
                  <FormField {...field("email")} type="email" autoComplete="email" inputMode="email" required />
                )}
                <div className="grid gap-4 sm:grid-cols-2">
                  <FormField {...field("name")} autoComplete="shipping name" dir="auto" required />
                  <FormField {...field("phone")} type="tel" optional autoComplete="shipping tel" />
                </div>
                <FormField {...field("line1")} autoComplete="shipping address-line1" dir="auto" required />
                <FormField {...field("line2")} optional autoComplete="shipping address-line2" dir="auto" />
                <div className="grid gap-4 sm:grid-cols-2">
                  <FormField {...field("city")} autoComplete="shipping address-level2" dir="auto" required />
                  <FormField {...field("state")} optional autoComplete="shipping address-level1" dir="auto" />
                  <FormField {...field("postalCode")} autoComplete="shipping postal-code" required />
                </div>
                <CountrySelect options={session.countries} defaultValue={values.country} error={errors.country} />
              </fieldset>
            ) : null}

            {free ? null : (
              <fieldset className="grid gap-4">
                <legend className="mb-1 text-sm font-semibold">Card details</legend>
                <FormField
                  {...field("cardNumber")}
                  autoComplete="cc-number"
                  inputMode="numeric"
                  placeholder="1234 1234 1234 1234"
                  maxLength={23}
                  onChange={(event) => reformat(event.currentTarget, 19, groupsOfFour)}
                  required
                />
                <div className="grid grid-cols-2 gap-4">
                  <FormField
                    {...field("expiry")}
                    autoComplete="cc-exp"
                    inputMode="numeric"
                    placeholder="MM/YY"
                    maxLength={7}
                    onChange={(event) => reformat(event.currentTarget, 4, monthSlashYear)}
                    required
                  />
                  <FormField {...field("cvc")} autoComplete="cc-csc" inputMode="numeric" placeholder="123" maxLength={4} required />
                </div>
                <FormField {...field("cardName")} autoComplete="cc-name" dir="auto" required />
              </fieldset>
            )}

            <button
              type="submit"
              disabled={paying || cancelling}
              className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-900 px-6 py-3.5 text-base font-semibold text-white hover:bg-black disabled:cursor-wait disabled:opacity-70"
            >
              <Lock aria-hidden className="h-4 w-4" />
              {paying ? paymentPage.processing : free ? paymentPage.placeFreeOrder : paymentPage.pay(amount)}
            </button>
          </Form>
          <p className="mt-3 text-center text-xs text-brand-900/70" data-testid="terms-note">
            {session.terms.before}{" "}
            <Link to="/terms" target="_blank" className="underline">
              {session.terms.link}
              <span className="sr-only"> {session.terms.opensInNewTab}</span>
            </Link>
            {session.terms.after}
          </p>

          <Form method="post" className="mt-3 text-center">
            <button
              type="submit"
              name="intent"
              value="cancel"
              disabled={paying || cancelling}
              className="rounded-md px-3 py-2 text-sm font-medium text-brand-900/80 underline-offset-2 hover:text-brand-900 hover:underline disabled:opacity-60"
            >
              {paymentPage.cancel}
            </button>
          </Form>
        </section>
      </div>
    </main>
  );
}

function OrderSummary({ session, amount }: { session: OpenSession; amount: string }) {
  const subtotal = session.lines.reduce((sum, line) => sum + line.unitAmountPence * line.quantity, 0);
  return (
    <section aria-labelledby="summary-heading" className="rounded-xl bg-brand-50 p-4 sm:p-6 lg:self-start">
      <h2 id="summary-heading" className="text-sm font-medium text-brand-900/70">
        Amount due
      </h2>
      <p className="mt-1 text-4xl font-semibold tracking-tight tabular-nums" data-testid="amount-due">
        {amount}
      </p>
      <ul className="mt-5 divide-y divide-brand-100 border-y border-brand-100 text-sm">
        {session.lines.map((line, index) => (
          <li key={`${line.name}-${index}`} className="flex justify-between gap-4 py-3">
            <span className="min-w-0">
              <span className="font-medium">{line.name}</span>
              {line.description ? <span className="block text-brand-900/70">{line.description}</span> : null}
              <span className="block text-brand-900/70">
                Qty {line.quantity}
                {line.quantity > 1 ? ` × ${formatGbp(line.unitAmountPence)}` : ""}
              </span>
            </span>
            <span className="shrink-0 tabular-nums">{formatGbp(line.unitAmountPence * line.quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1.5 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-brand-900/70">Subtotal</dt>
          <dd className="tabular-nums">{formatGbp(subtotal)}</dd>
        </div>
        {session.discountPence > 0 ? (
          <div className="flex justify-between gap-4">
            <dt className="text-brand-900/70">Discount</dt>
            <dd className="tabular-nums">-{formatGbp(session.discountPence)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt className="text-brand-900/70">Shipping</dt>
          <dd className="tabular-nums">{session.shippingPence === 0 ? "Free" : formatGbp(session.shippingPence)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-brand-100 pt-2 text-base font-semibold">
          <dt>Total due</dt>
          <dd className="tabular-nums">{amount}</dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-brand-900/70">Charged in pounds sterling (GBP).</p>
      {session.recipient ? (
        <div className="mt-5 border-t border-brand-100 pt-4 text-sm wrap-anywhere" data-testid="recipient">
          <h3 className="font-medium text-brand-900/70">{paymentPage.deliveringTo}</h3>
          <p className="mt-1 font-medium">
            <span dir="auto">{session.recipient.name}</span>
          </p>
          {session.recipient.phone ? <p>{session.recipient.phone}</p> : null}
          {session.recipient.address ? (
            <p className="text-brand-900/80">
              <span dir="auto">{session.recipient.address}</span>
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function CountrySelect({ options, defaultValue, error }: { options: { code: string; name: string }[]; defaultValue?: string; error?: string }) {
  const fallback = options.some((option) => option.code === "GB") ? "GB" : options[0]?.code;
  return (
    <SelectField name="country" label={paymentPage.fields.country} required autoComplete="shipping country" defaultValue={defaultValue || fallback} error={error} hint="Buy Now ships free to these countries.">
      {options.map((option) => (
        <option key={option.code} value={option.code}>
          {option.name}
        </option>
      ))}
    </SelectField>
  );
}

function Message({ title, body, children }: { title: string; body: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center">
      <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-amber-900">
        {paymentPage.testBadge}
      </span>
      <h1 className="mt-4 font-serif text-2xl font-semibold">{title}</h1>
      <p className="mt-3 text-brand-900/80">{body}</p>
      <div className="mt-8">{children}</div>
    </main>
  );
}

const groupsOfFour = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, "$1 ");
const monthSlashYear = (digits: string) => (digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits);

/** Rewrites a digits field as it is typed ("4242424242424242" -> "4242 4242 4242 4242"), keeping the caret after the same digit. */
function reformat(input: HTMLInputElement, maxDigits: number, format: (digits: string) => string) {
  const caret = input.selectionStart ?? input.value.length;
  const digitsBeforeCaret = input.value.slice(0, caret).replace(/\D/g, "").length;
  const formatted = format(input.value.replace(/\D/g, "").slice(0, maxDigits));
  if (formatted === input.value) return;
  input.value = formatted;
  let position = 0;
  for (let seen = 0; position < formatted.length && seen < digitsBeforeCaret; position++) {
    if (/\d/.test(formatted[position]!)) seen++;
  }
  if (document.activeElement === input) input.setSelectionRange(position, position);
}
