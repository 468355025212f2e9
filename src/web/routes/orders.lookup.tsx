// /orders/lookup: a guest finds an order by its number (as shown in the confirmation e-mail) and
// the e-mail address used at checkout (docs/architecture.md "No record is reachable by its id alone").
// Both must match; a miss gets one neutral message that does not say which part was wrong, and
// tries are limited per address so numbers cannot be guessed. A plain POST form: the e-mail does
// not end up in the URL, and the page works before JavaScript.
import { Search } from "../components/icons/search.tsx";
import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation, useRouteLoaderData, useSearchParams } from "react-router";
import { auth as authMessages } from "../../domain/messages/account.ts";
import { accountOrders, orderLookup } from "../../domain/messages/orders.ts";
import { orderLookupSchema, type OrderSummary } from "../../domain/orders.ts";
import { findOrderByNumber, ORDER_LOOKUP_LIMIT } from "../../server/orders/orders.server.ts";
import { takeAttempt } from "../../server/security/rate-limit.server.ts";
import { OrderCard } from "../components/orders/order-card.tsx";
import { withActionHeaders } from "../lib/action-headers.ts";
import { pageHead, rootHead } from "../lib/seo.ts";
import { readFormData } from "../lib/form-data.ts";
import { Field, focusFirstInvalid } from "../components/form/field.tsx";
import type { Route } from "./+types/orders.lookup";
import { appContext, requestContext } from "../app-context.ts";
import { formText } from "../../domain/form-text.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageHead({ title: orderLookup.title, description: "Check the status of your order with its order number and your e-mail address.", noIndex: true }, rootHead(matches).shopName);

type LookupField = "orderNumber" | "email";
type Values = Record<LookupField, string>;
type Answer = { ok: true; order: OrderSummary; values: Values } | { ok: false; message: string; field?: LookupField; values: Values };

/** A 429's Retry-After (and the lookup's no-store) reach the browser. */
export const headers: Route.HeadersFunction = withActionHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const text = formText(form);
  const values: Values = { orderNumber: text("orderNumber"), email: text("email") };
  const parsed = orderLookupSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return data<Answer>({ ok: false, message: issue?.message ?? orderLookup.notFound, field: issue?.path[0] as LookupField, values }, { status: 400 });
  }
  const attempt = await takeAttempt(context.get(appContext).db, ORDER_LOOKUP_LIMIT, context.get(requestContext).clientIp);
  if (!attempt.allowed) {
    return data<Answer>({ ok: false, message: authMessages.tooManyAttempts, values }, { status: 429, headers: { "Retry-After": String(attempt.retryAfterSeconds) } });
  }
  const order = await findOrderByNumber(context.get(appContext).db, parsed.data.orderNumber, parsed.data.email);
  if (!order) return data<Answer>({ ok: false, message: orderLookup.notFound, values }, { status: 404 });
  return data<Answer>({ ok: true, order, values }, { headers: { "Cache-Control": "no-store" } });
}

export default function OrderLookup({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const searching = navigation.state !== "idle" && navigation.formMethod === "POST";
  const root = useRouteLoaderData("root") as { viewer: unknown } | undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const failure = actionData && !actionData.ok ? actionData : null;
  const found = actionData?.ok ? actionData.order : null;
  const values = actionData?.values;
  // The order e-mail links here with ?order=#1A2B3C4D: the shopper only adds the e-mail.
  const [searchParams] = useSearchParams();
  const linkedNumber = (searchParams.get("order") ?? "").trim().slice(0, 40);

  // The cursor goes where the shopper acts next: the field to fix, or the order found.
  useEffect(() => {
    if (found) resultRef.current?.focus();
    else if (failure) focusFirstInvalid(formRef.current);
  }, [found, failure]);

  const fieldError = (name: LookupField) => (failure?.field === name ? failure.message : undefined);
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-12">
      <h1 className="font-serif text-3xl font-semibold tracking-tight">{orderLookup.title}</h1>
      <p className="mt-3 max-w-2xl text-brand-900/75">{orderLookup.intro}</p>
      {root?.viewer ? (
        <p className="mt-2 text-sm text-brand-900/75">
          Signed in? All your orders are in{" "}
          <Link to="/account/orders" className="font-medium text-brand-700 underline">
            {accountOrders.title}
          </Link>
          .
        </p>
      ) : null}

      <Form method="post" noValidate ref={formRef} className="mt-6 rounded-xl border border-brand-100 p-4 shadow-sm sm:p-6" aria-describedby={failure ? "lookup-problem" : undefined}>
        {failure ? (
          <p id="lookup-problem" role="alert" className="mb-5 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
            {failure.message}
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field required name="orderNumber" label="Order number" placeholder="#1A2B3C4D" autoComplete="off" defaultValue={values?.orderNumber ?? (linkedNumber || undefined)} error={fieldError("orderNumber")} />
          <Field required name="email" label="Email" type="email" autoComplete="email" defaultValue={values?.email} error={fieldError("email")} autoFocus={Boolean(linkedNumber) && !actionData} />
        </div>
        <button
          type="submit"
          disabled={searching}
          className="mt-5 inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-900 px-6 py-3 text-sm font-semibold text-white hover:bg-black disabled:cursor-wait disabled:opacity-70 sm:w-auto"
        >
          <Search aria-hidden className="h-4 w-4" />
          {searching ? orderLookup.searching : orderLookup.submit}
        </button>
      </Form>

      {found ? (
        <div ref={resultRef} tabIndex={-1} className="mt-8 focus:outline-none" role="region" aria-label="Your order">
          <OrderCard order={found} />
        </div>
      ) : null}
    </main>
  );
}

