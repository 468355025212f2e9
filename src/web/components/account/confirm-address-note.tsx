// Under the account page's title while the account has not confirmed its address: its orders
// placed without signing in join the list once it has, and the link that does it can be sent again
// (the one mailed at sign-up works for an hour).
import { Form, useNavigation } from "react-router";
import { accountConfirmation } from "../../../domain/messages/account.ts";
import { accountOrders } from "../../../domain/messages/orders.ts";

export const RESEND_CONFIRMATION_INTENT = "resend-confirmation";

export function ConfirmAddressNote({ email, answer }: { email: string; answer: { ok: boolean; message: string } | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === RESEND_CONFIRMATION_INTENT;
  return (
    <div className="mt-2 max-w-2xl text-sm text-brand-900/75">
      <p>{accountOrders.guestOrdersOnceConfirmed(email)}</p>
      <Form method="post" state={{ keepScroll: true }} preventScrollReset className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
        <input type="hidden" name="intent" value={RESEND_CONFIRMATION_INTENT} />
        <button type="submit" disabled={busy} className="tap-target font-semibold text-brand-700 underline disabled:cursor-wait disabled:opacity-70">
          {busy ? accountConfirmation.sending : accountConfirmation.resend}
        </button>
        {/* In the page from the start: a live region added with its text is not always read out. */}
        <span role="status" className={answer?.ok === false ? "text-red-800" : "text-green-800"}>
          {answer?.message ?? ""}
        </span>
      </Form>
    </div>
  );
}
