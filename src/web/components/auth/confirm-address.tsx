// The sign-in page opened from an address confirmation link, for anyone but a browser signed in to
// the link's account: what the link is for and why signing in is asked (only the account holder
// confirms its address), or that the link no longer works and how to get a new one.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { emailConfirmation } from "../../../domain/messages/account.ts";
import { accountOrders } from "../../../domain/messages/orders.ts";
import type { ConfirmationView } from "../../../server/auth/email-confirmation.server.ts";

/** The page's sign-in form (`children`) under what the link is for, and a word for whoever did not open the account. */
export function ConfirmAddressSignIn({ confirmation, children }: { confirmation: Extract<ConfirmationView, { state: "sign-in" }>; children: ReactNode }) {
  return (
    <>
      <h1 className="font-serif text-2xl font-semibold">{emailConfirmation.title}</h1>
      <p role="status" className="mt-3 text-sm text-brand-900/80">
        {confirmation.alreadyConfirmed ? emailConfirmation.alreadyConfirmed(confirmation.email) : emailConfirmation.signInToConfirm(confirmation.email)}
      </p>
      {confirmation.signedInAs ? <p className="mt-2 text-sm text-brand-900/80">{emailConfirmation.otherAccount(confirmation.signedInAs)}</p> : null}
      <div className="mt-5">{children}</div>
      {confirmation.alreadyConfirmed ? null : <p className="mt-5 border-t border-brand-100 pt-4 text-sm text-brand-900/70">{emailConfirmation.notYours}</p>}
    </>
  );
}

/** `accountLink`: signed in, the way on is My orders, where a new link is asked for. */
export function LinkFailedNotice({ message, accountLink = false }: { message: string; accountLink?: boolean }) {
  return (
    <div role="status" className="mb-5 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <p>{message}</p>
      {accountLink ? (
        <Link to="/account/orders" className="mt-2 inline-block font-semibold text-brand-700 underline">
          {accountOrders.title}
        </Link>
      ) : null}
    </div>
  );
}
