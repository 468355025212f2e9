// The Refund action of an order (decision 035): a dialog with the amount prefilled with what is
// left to refund, a reason, which units go back to stock, then a confirmation before anything is
// sent. One idempotency key per opening of the dialog, and the button is disabled while the
// request runs: a double click refunds once.
import { AlertTriangle, RotateCcw } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { adminRefunds as texts } from "../../../../domain/messages/admin.ts";
import { formatGbp, penceToPounds, poundsToPence } from "../../../../domain/money.ts";
import { isRefundable, refundableRemainder, REFUND_REASON_MAX_LENGTH } from "../../../../domain/refunds.ts";
import type { AdminOrderDetail } from "../../../../server/admin/orders/admin-orders.server.ts";
import { toast } from "../../../lib/toast.ts";
import { adminButton, adminInput } from "../ui/admin-ui.tsx";

type Answer = { ok: boolean; intent: string; message: string };
type Order = Pick<AdminOrderDetail, "id" | "number" | "paymentStatus" | "paymentProvider" | "totalAmount" | "refundedPence" | "refundError" | "items">;

function newKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export function RefundDialog({ order }: { order: Order }) {
  const refundable = { paymentStatus: order.paymentStatus, totalAmountPence: order.totalAmount, refundedPence: order.refundedPence };
  const remainder = refundableRemainder(refundable);
  const fetcher = useFetcher<Answer>();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [key, setKey] = useState("");
  const [step, setStep] = useState<"form" | "confirm">("form");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [restock, setRestock] = useState(false);
  const [units, setUnits] = useState<Record<string, number>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [submittedKey, setSubmittedKey] = useState("");
  const shown = useRef<Answer | null>(null);
  const busy = fetcher.state !== "idle";
  // The server's refusal of this opening's request, shown in the dialog until it is sent again.
  const refused = !busy && fetcher.data && !fetcher.data.ok && fetcher.data.intent === "refund" && submittedKey === key ? fetcher.data.message : null;

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || shown.current === answer || answer.intent !== "refund") return;
    shown.current = answer;
    if (answer.ok) {
      toast.success(answer.message);
      dialog.current?.close();
    } else toast.error(answer.message);
  }, [fetcher.state, fetcher.data]);

  if (!isRefundable(refundable)) return null;

  const lines = order.items.filter((item) => item.quantity > item.restockedQuantity);
  const open = () => {
    setKey(newKey());
    setStep("form");
    setAmount(penceToPounds(remainder));
    setReason("");
    setRestock(false);
    setUnits(Object.fromEntries(lines.map((item) => [item.id, item.quantity - item.restockedQuantity])));
    setProblem(null);
    dialog.current?.showModal();
  };
  const amountPence = poundsToPence(amount);
  const check = (): string | null => {
    if (amountPence === null || amountPence <= 0) return texts.amountInvalid;
    if (amountPence > remainder) return texts.amountTooHigh(formatGbp(remainder));
    if (reason.trim() === "") return texts.reasonRequired;
    return null;
  };
  const submit = () => {
    // After a refusal, trying again is a new refund request (the refused one stays refused).
    const sendKey = refused ? newKey() : key;
    setKey(sendKey);
    setSubmittedKey(sendKey);
    const restockLines = restock ? lines.map((item) => ({ itemId: item.id, quantity: units[item.id] ?? 0 })).filter((line) => line.quantity > 0) : [];
    void fetcher.submit(
      { intent: "refund", orderId: order.id, amount, reason, restock: JSON.stringify(restockLines), idempotencyKey: sendKey },
      { method: "post" },
    );
  };
  const shownAmount = amountPence !== null ? formatGbp(amountPence) : "";

  return (
    <>
      <button type="button" onClick={open} className={adminButton.secondary}>
        <RotateCcw aria-hidden className="h-4 w-4" />
        {texts.refund}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] overflow-y-auto rounded-lg border border-gray-200 bg-white p-0 text-gray-900 shadow-xl backdrop:bg-gray-900/40"
      >
        <form
          method="dialog"
          className="space-y-4 p-5"
          onSubmit={(event) => {
            event.preventDefault();
            if (step === "form") {
              const found = check();
              setProblem(found);
              if (!found) setStep("confirm");
            } else if (!busy) submit();
          }}
        >
          <h2 id={`${id}-title`} className="text-base font-semibold">
            {texts.dialogTitle} <span className="font-mono">{order.number}</span>
          </h2>
          {step === "form" ? (
            <>
              <div>
                <label htmlFor={`${id}-amount`} className="mb-1 block text-sm font-medium text-gray-800">
                  {texts.amount}
                </label>
                <input id={`${id}-amount`} name="amount" inputMode="decimal" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} className={adminInput} aria-describedby={`${id}-amount-hint`} />
                <p id={`${id}-amount-hint`} className="mt-1 text-xs text-gray-600">
                  {texts.amountHint(formatGbp(remainder))}
                </p>
              </div>
              <div>
                <label htmlFor={`${id}-reason`} className="mb-1 block text-sm font-medium text-gray-800">
                  {texts.reason}
                </label>
                <textarea id={`${id}-reason`} name="reason" rows={2} maxLength={REFUND_REASON_MAX_LENGTH} value={reason} onChange={(event) => setReason(event.target.value)} placeholder={texts.reasonPlaceholder} className={adminInput} />
              </div>
              {lines.length > 0 ? (
                <fieldset className="min-w-0 space-y-2">
                  <label className="flex items-center gap-2 text-sm text-gray-800">
                    <input type="checkbox" checked={restock} onChange={(event) => setRestock(event.target.checked)} className="h-4 w-4 rounded border-gray-300" />
                    {texts.restock}
                  </label>
                  {restock ? (
                    <ul className="space-y-1 rounded-md border border-gray-200 bg-gray-50 p-2">
                      {lines.map((item) => (
                        <li key={item.id} className="flex items-center justify-between gap-3 text-sm">
                          <label htmlFor={`${id}-units-${item.id}`} className="min-w-0 truncate text-gray-800">
                            {item.productName}
                            {item.size ? ` (${item.size})` : ""}
                          </label>
                          <input
                            id={`${id}-units-${item.id}`}
                            type="number"
                            min={0}
                            max={item.quantity - item.restockedQuantity}
                            value={units[item.id] ?? 0}
                            onChange={(event) => setUnits({ ...units, [item.id]: Math.max(0, Math.min(item.quantity - item.restockedQuantity, Math.floor(Number(event.target.value) || 0))) })}
                            aria-label={texts.restockQuantity(item.productName)}
                            className="w-20 rounded-md border border-gray-300 bg-white px-2 py-1 text-right text-sm"
                          />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </fieldset>
              ) : null}
            </>
          ) : (
            <p className="text-sm text-gray-800" data-refund-confirm>
              {texts.confirmQuestion(shownAmount, order.paymentProvider)}
            </p>
          )}
          {problem || refused ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {problem ?? refused}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" onClick={() => (step === "confirm" ? setStep("form") : dialog.current?.close())} disabled={busy} className={adminButton.secondary}>
              {texts.cancel}
            </button>
            <button type="submit" disabled={busy} className={step === "confirm" ? "inline-flex items-center justify-center gap-1.5 rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-red-800 disabled:cursor-wait disabled:opacity-60" : adminButton.primary}>
              {busy ? texts.refunding : step === "confirm" ? texts.confirm(shownAmount) : texts.continue}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

/** admin.md has no refunds; decision 013 flags an automatic refund the provider refused. */
export function RefundErrorNotice({ order }: { order: Order }) {
  if (!order.refundError) return null;
  const automatic = order.paymentStatus === "refunded" && order.refundedPence < order.totalAmount;
  return (
    <div role="alert" className="mb-3 flex gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-refund-error>
      <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <div>
        <p className="font-medium">{automatic ? texts.automaticRefundFailed : texts.providerFailed(order.refundError)}</p>
        {automatic ? <p className="mt-1 break-words text-red-800">{order.refundError}</p> : null}
      </div>
    </div>
  );
}
