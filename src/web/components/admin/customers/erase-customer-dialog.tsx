// Erasure asks first, as destructive steps in good admins do: the owner types the customer's
// e-mail address before the button acts. The server decides again (the same typed address, the
// orders that still need the person's details); a refusal stays in the dialog, naming each order
// with a link to it, so the owner can go and ship or settle it.
import { Loader2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { confirmsErasure } from "../../../../domain/admin/personal-data.ts";
import { emailForDisplay } from "../../../../domain/email-display.ts";
import { adminCustomers as texts } from "../../../../domain/messages/admin.ts";
import { toast } from "../../../lib/toast.ts";
import { useAdminFetcher } from "../session-sign-in.tsx";
import { AdminDialog } from "../ui/admin-dialog.tsx";
import { adminButton } from "../ui/admin-ui.tsx";
import { BusyButton } from "../ui/busy-button.tsx";

export type ErasureAnswer =
  | { ok: true; intent: "erase"; message: string }
  | { ok: false; intent: "erase"; message: string; orders?: { orderId: string; number: string }[] };

export function EraseCustomerDialog({ email, onClose }: { email: string | null; onClose: () => void }) {
  const target = email ?? "";
  return (
    <AdminDialog open={email !== null} onClose={onClose} role="alertdialog" title={texts.eraseTitle(emailForDisplay(target))} description={texts.eraseBody} closeLabel={texts.close} className="max-w-md">
      {/* Keyed: each customer's dialog starts empty, so nothing typed for one carries to the next. */}
      <ErasureForm key={target} email={target} onClose={onClose} />
    </AdminDialog>
  );
}

function ErasureForm({ email, onClose }: { email: string; onClose: () => void }) {
  const fetcher = useAdminFetcher<ErasureAnswer>();
  const [typed, setTyped] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const shown = useRef<ErasureAnswer | null>(null);
  const inputId = useId();
  const errorId = useId();
  const busy = fetcher.state !== "idle";
  const refusal = !busy && fetcher.data && !fetcher.data.ok ? fetcher.data : null;

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer?.ok || shown.current === answer) return;
    shown.current = answer;
    toast.success(answer.message);
    onClose();
  }, [fetcher.state, fetcher.data, onClose]);

  const problem = mismatch ? texts.eraseConfirmMismatch : refusal?.message;
  return (
    <fetcher.Form
      method="post"
      noValidate
      className="space-y-3 pt-2"
      onSubmit={(event) => {
        // Checked here too, so a slip is named at once; the server checks it again.
        if (!confirmsErasure(typed, email)) {
          event.preventDefault();
          setMismatch(true);
          document.getElementById(inputId)?.focus();
        }
      }}
    >
      <input type="hidden" name="intent" value="erase" />
      <input type="hidden" name="email" value={email} />
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium text-gray-900">
          {/* As the card shows it; the shop's stored (ASCII) form is accepted as well. */}
          {texts.eraseConfirmLabel(emailForDisplay(email))}
        </label>
        <input
          id={inputId}
          name="confirmation"
          type="email"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setMismatch(false);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          className="mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-base text-gray-900 shadow-sm focus:border-gray-900 focus:outline-none focus:ring-1 focus:ring-gray-900 sm:text-sm"
        />
      </div>
      {problem ? (
        <div id={errorId} role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p>{problem}</p>
          {!mismatch && refusal?.orders && refusal.orders.length > 0 ? (
            <>
              <p className="mt-2 font-medium">{texts.heldOrders}</p>
              <ul className="mt-1 flex flex-wrap gap-x-3">
                {refusal.orders.map((order) => (
                  <li key={order.orderId}>
                    <Link to={`/admin/orders/${order.orderId}`} className="inline-flex min-h-11 items-center font-mono underline sm:min-h-0">
                      {order.number}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        <button type="button" className={adminButton.secondary} onClick={onClose}>
          {texts.cancel}
        </button>
        <BusyButton type="submit" className={adminButton.danger} busy={busy}>
          {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
          {busy ? texts.erasing : texts.erase}
        </BusyButton>
      </div>
    </fetcher.Form>
  );
}
