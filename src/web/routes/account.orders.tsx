// /account/orders: a signed-in shopper's orders, newest first, with their status colours
// (storefront.md section 4 "Order status display"). Read by the owner's session only
// (docs/architecture.md "No record is reachable by its id alone"); signed out, /auth brings them back.
// Orders placed without signing in join them once the account has confirmed their address (the
// link can be sent again from here). The account's own settings sit below the orders: a change of
// password, and sign out everywhere.
import { PackageSearch } from "../components/icons/package-search.tsx";
import { data, Form, Link, redirect } from "react-router";
import { emailForDisplay } from "../../domain/email-display.ts";
import { cart as cartMessages } from "../../domain/messages/cart.ts";
import { accountOrders } from "../../domain/messages/orders.ts";
import { signInHref } from "../../domain/redirect.ts";
import { resendEmailConfirmation } from "../../server/auth/accounts.server.ts";
import { readViewer } from "../../server/auth/session.server.ts";
import { changePasswordFromForm } from "../../server/auth/change-password.server.ts";
import { listOrdersForUser } from "../../server/orders/orders.server.ts";
import { ChangePasswordForm, CHANGE_PASSWORD_INTENT, type PasswordChangeAnswer } from "../components/account/change-password-form.tsx";
import { ConfirmAddressNote, RESEND_CONFIRMATION_INTENT } from "../components/account/confirm-address-note.tsx";
import { withActionHeaders } from "../lib/action-headers.ts";
import { isDocumentPost } from "../lib/document-post.ts";
import { passwordChangedHref } from "../lib/password-changed.ts";
import { readFormData } from "../lib/form-data.ts";
import { OrderCard } from "../components/orders/order-card.tsx";
import { pageHead, rootHead } from "../lib/seo.ts";
import type { Route } from "./+types/account.orders";
import { appContext, requestContext } from "../app-context.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageHead({ title: accountOrders.title, noIndex: true }, rootHead(matches).shopName);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await readViewer(context.get(appContext), request.headers, context.get(requestContext).setCookie);
  if (!viewer) throw redirect(signInHref("/account/orders"));
  const orders = await listOrdersForUser(context.get(appContext).db, viewer);
  // The address as the shopper reads it (a domain in its own script); the page only shows it.
  return { orders, unconfirmedEmail: viewer.emailVerified ? null : emailForDisplay(viewer.email) };
}

// A 429's Retry-After reaches the browser.
export const headers: Route.HeadersFunction = withActionHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const viewer = await readViewer(app, request.headers, context.get(requestContext).setCookie);
  if (!viewer) throw redirect(signInHref("/account/orders"));
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === RESEND_CONFIRMATION_INTENT) {
    const sent = await resendEmailConfirmation(app, viewer);
    if (!sent.ok) return data<AccountAnswer>({ intent, ok: false, message: sent.message }, { status: sent.status, headers: { "Retry-After": String(sent.retryAfterSeconds) } });
    return data<AccountAnswer>({ intent, ok: true, message: sent.message });
  }
  if (intent !== CHANGE_PASSWORD_INTENT) return data<AccountAnswer>({ intent: null, ok: false, message: accountOrders.unknownAction }, { status: 400 });
  // On success the headers carry this device's new session: the library ended the old one with the others.
  const { result, headers } = await changePasswordFromForm(app, viewer, form, { headers: request.headers, ip: context.get(requestContext).clientIp });
  if (!result.ok) return data<AccountAnswer>({ intent, ok: false, message: result.message, field: result.field, fields: result.fields }, { status: result.status, headers });
  // The loaders of this same request would still read the session the change ended: a plain form's
  // post is sent on to the page, which the browser then asks for with its new session.
  if (isDocumentPost(request)) throw redirect(passwordChangedHref("/account/orders"), { headers });
  return data<AccountAnswer>({ intent, ok: true, message: result.message }, { headers });
}

/** Which form the answer is for: each shows only its own. */
type AccountAnswer = PasswordChangeAnswer & { intent: string | null };

export default function AccountOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, unconfirmedEmail } = loaderData;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-12">
      <h1 className="font-serif text-3xl font-semibold tracking-tight">{accountOrders.title}</h1>
      {unconfirmedEmail ? <ConfirmAddressNote email={unconfirmedEmail} answer={actionData?.intent === RESEND_CONFIRMATION_INTENT ? actionData : undefined} /> : null}
      {orders.length === 0 ? (
        <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-brand-100 px-4 py-16 text-center">
          <PackageSearch aria-hidden className="h-12 w-12 text-brand-900/60" />
          <p className="mt-4 text-lg font-semibold">{accountOrders.empty}</p>
          <p className="mt-1 max-w-md text-sm text-brand-900/75">{accountOrders.emptyBody}</p>
          <Link to="/" className="mt-6 rounded-md bg-brand-900 px-6 py-3 text-sm font-semibold text-white hover:bg-black">
            {cartMessages.continueShopping}
          </Link>
        </div>
      ) : (
        <ol className="mt-6 space-y-6" aria-label="Your orders, newest first">
          {orders.map((order) => (
            <li key={`${order.number}-${order.placedAt}`}>
              <OrderCard order={order} />
            </li>
          ))}
        </ol>
      )}
      <ChangePasswordForm answer={actionData?.intent === CHANGE_PASSWORD_INTENT ? actionData : undefined} />
      <section aria-labelledby="sessions-heading" className="mt-12 border-t border-brand-100 pt-6">
        <h2 id="sessions-heading" className="text-base font-semibold">
          {accountOrders.sessionsTitle}
        </h2>
        <p className="mt-1 text-sm text-brand-900/75">{accountOrders.sessionsBody}</p>
        <Form method="post" action="/auth/sign-out" className="mt-3">
          <input type="hidden" name="scope" value="everywhere" />
          <button type="submit" className="rounded-md border border-brand-900 px-4 py-2 text-sm font-semibold hover:bg-brand-50">
            {accountOrders.signOutEverywhere}
          </button>
        </Form>
      </section>
    </main>
  );
}
