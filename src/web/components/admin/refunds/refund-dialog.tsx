// The Refund action of an order (decision 035), as Shopify's: the owner chooses the units to
// refund (and shipping), the amount follows them at what was paid for them and stays editable, the
// restock box puts back exactly those units; a reason, then a confirmation before anything is
// sent. One idempotency key per opening of the dialog, and the button is disabled while the
// request runs: a double click refunds once.
import { AlertTriangle, RotateCcw } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useAdminFetcher } from "../session-sign-in.tsx";
import { adminFulfilment, adminRefunds as texts } from "../../../../domain/messages/admin.ts";
import { formatGbp, penceToPounds } from "../../../../domain/money.ts";
import {
  isRefundable,
  lineRefundState,
  linesPaidAfterDiscount,
  readRefundAmount,
  readRefundReason,
  refundableRemainder,
  REFUND_REASON_MAX_LENGTH,
  shippingLeftToRefund,
  suggestedRefundPence,
  unitsLeftToRefund,
  type RefundField,
} from "../../../../domain/admin/refunds.ts";
import type { AdminOrderDetail } from "../../../../server/admin/orders/order-details.server.ts";
import { toast } from "../../../lib/toast.ts";
import { Field, focusFirstInvalid, TextAreaField } from "../../form/field.tsx";
import { CheckboxField } from "../../form/checkbox-field.tsx";
import { useFocusOnRefusal } from "../../form/use-focus-on-refusal.ts";
import { adminButton } from "../ui/admin-ui.tsx";
import { useTypedDialog } from "../ui/leave-guard.tsx";
import { orderLineLabel } from "../../../../domain/admin/order-display.ts";
import { chosenRestock, RefundConfirmation } from "./refund-confirmation.tsx";
import { BusyButton } from "../ui/busy-button.tsx";
import { newIdempotencyKey } from "../ui/idempotency-key.ts";
import { useEachAnswer } from "../use-each-answer.ts";

type Answer = { ok: boolean; intent: string; message: string; field?: string };
type Problem = { message: string; field: RefundField | null };
type Order = Pick<AdminOrderDetail, "id" | "number" | "status" | "paymentStatus" | "paymentProvider" | "totalAmount" | "refundedPence" | "refundError" | "items" | "discountPence" | "shippingPence" | "shippingRefunded">;

export function RefundDialog({ order }: { order: Order }) {
  const refundable = { paymentStatus: order.paymentStatus, totalAmountPence: order.totalAmount, refundedPence: order.refundedPence };
  const remainder = refundableRemainder(refundable);
  const fetcher = useAdminFetcher<Answer>();
  const dialog = useRef<HTMLDialogElement>(null);
  // Back or a link with a half-typed refund asks before leaving, not to lose what was typed (decision 060).
  const typing = useTypedDialog(texts.refund);
  const id = useId();
  const [key, setKey] = useState("");
  const [chosenStep, setStep] = useState<"form" | "confirm">("form");
  // The units chosen to refund, per line: the amount follows them, and restock puts back exactly these.
  const [units, setUnits] = useState<Record<string, number>>({});
  const [shipping, setShipping] = useState(false);
  // What the owner typed as the amount; null while the amount follows the chosen units.
  const [typedAmount, setTypedAmount] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const [restock, setRestock] = useState(false);
  // The units field the owner has just cleared (only the focused one can be) shows empty (it
  // counts as 0), so the next digit reads "1", not "01"; leaving the field shows the 0 again.
  const [cleared, setCleared] = useState<string | null>(null);
  // Every refusal of the form at once: an owner who fixes the amount should not then meet the reason's.
  const [problems, setProblems] = useState<Problem[]>([]);
  const clearProblem = (field: RefundField | null) => setProblems((found) => found.filter((entry) => entry.field !== field));
  const form = useRef<HTMLFormElement>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  const refusedHere = useFocusOnRefusal(form);
  const [submittedKey, setSubmittedKey] = useState("");
  const busy = fetcher.state !== "idle";
  // The server's refusal of this opening's request, shown in the dialog until it is sent again.
  const refused: Problem | null =
    !busy && fetcher.data && !fetcher.data.ok && fetcher.data.intent === "refund" && submittedKey === key
      ? { message: fetcher.data.message, field: fetcher.data.field === "amount" || fetcher.data.field === "reason" ? fetcher.data.field : null }
      : null;
  const shownProblems = problems.length > 0 ? problems : refused ? [refused] : [];
  // An amount or reason the server refused is shown on the form, where it can be changed.
  const step = refused?.field ? "form" : chosenStep;
  const fieldError = (name: RefundField) => shownProblems.find((entry) => entry.field === name)?.message;
  const formProblem = shownProblems.find((entry) => entry.field === null);

  // The field or button that moved the dialog on is gone or renamed "Refund": the confirmation
  // takes the focus, read first, and a second Enter refunds nothing.
  useEffect(() => {
    if (step === "confirm") confirmation.current?.focus();
  }, [step]);

  useEachAnswer(fetcher, (answer) => {
    if (answer.intent !== "refund") return;
    if (answer.ok) {
      toast.success(answer.message);
      dialog.current?.close();
    } else if (answer.field) focusFirstInvalid(form.current);
    else toast.error(answer.message);
  });

  if (!isRefundable(refundable)) return null;

  const restockable = order.items.some((item) => item.quantity > item.restockedQuantity);
  const open = () => {
    setKey(newIdempotencyKey());
    setStep("form");
    // A cancelled order's items never left the shop: all of it is refunded, and what is not yet
    // back in stock goes back, unless changed. Otherwise the owner chooses what came back.
    const cancelled = order.status === "cancelled";
    setUnits(Object.fromEntries(order.items.map((item) => [item.id, cancelled ? unitsLeftToRefund(item) : 0])));
    setShipping(cancelled && shippingLeftToRefund(order) > 0);
    setTypedAmount(null);
    setReason("");
    setRestock(cancelled && restockable);
    setCleared(null);
    setProblems([]);
    dialog.current?.showModal();
  };
  const suggestion = suggestedRefundPence(
    { lines: order.items, discountPence: order.discountPence, shippingPence: order.shippingPence, shippingRefunded: order.shippingRefunded, totalAmountPence: order.totalAmount, refundedPence: order.refundedPence },
    { units, shipping },
  );
  const amount = typedAmount ?? (suggestion > 0 ? penceToPounds(suggestion) : "");
  const readAmount = readRefundAmount(amount);
  const amountPence = readAmount.ok ? readAmount.pence : null;
  const restocked = chosenRestock(order.items, units, restock);
  const check = (): Problem[] => {
    const found: Problem[] = [];
    if (amount === "" && typedAmount === null) found.push({ message: texts.amountOrItems, field: "amount" });
    else if (!readAmount.ok) found.push({ message: readAmount.message, field: "amount" });
    else if (readAmount.pence > remainder) found.push({ message: texts.amountTooHigh(formatGbp(remainder)), field: "amount" });
    const readReason = readRefundReason(reason);
    if (!readReason.ok) found.push({ message: readReason.message, field: "reason" });
    // A ticked box with no unit chosen would put nothing back: say so rather than go on.
    if (restock && restocked.length === 0) found.push({ message: texts.restockNoneChosen, field: null });
    return found;
  };
  const submit = () => {
    // After a refusal, trying again is a new refund request (the refused one stays refused).
    const sendKey = refused ? newIdempotencyKey() : key;
    setKey(sendKey);
    setSubmittedKey(sendKey);
    const restockLines = restocked.map(({ item, quantity }) => ({ itemId: item.id, quantity }));
    // The chosen units are sent whether or not they go back to stock: the refund records them, so
    // a later refund does not offer them again.
    const unitLines = order.items.flatMap((item) => ((units[item.id] ?? 0) > 0 ? [{ itemId: item.id, quantity: units[item.id]! }] : []));
    void fetcher.submit(
      { intent: "refund", orderId: order.id, amount, reason, restock: JSON.stringify(restockLines), units: JSON.stringify(unitLines), shipping: String(shipping), idempotencyKey: sendKey },
      { method: "post" },
    );
  };
  const shownAmount = amountPence !== null ? formatGbp(amountPence) : "";
  // Typed by hand and not what the chosen units come to: the suggestion is a click away.
  const offerSuggestion = typedAmount !== null && suggestion > 0 && amountPence !== suggestion;

  return (
    <>
      <button type="button" onClick={open} className={adminButton.secondary}>
        <RotateCcw aria-hidden className="h-4 w-4" />
        {texts.refund}
      </button>
      <dialog
        ref={dialog}
        onInput={typing.onInput}
        onClose={typing.onClose}
        aria-labelledby={`${id}-title`}
        className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] overflow-y-auto rounded-lg border border-gray-200 bg-white p-0 text-gray-900 shadow-xl backdrop:bg-gray-900/40"
      >
        <form
          method="dialog"
          ref={form}
          noValidate
          className="space-y-4 p-5"
          onSubmit={(event) => {
            event.preventDefault();
            if (step === "form") {
              const found = check();
              setProblems(found);
              if (found.length > 0) refusedHere();
              else {
                setStep("confirm");
                if (refused) {
                  // Corrected after the server's refusal: a new request, asked for again.
                  setSubmittedKey("");
                  setKey(newIdempotencyKey());
                }
              }
            } else if (!busy) submit();
          }}
        >
          <h2 id={`${id}-title`} className="text-base font-semibold">
            {texts.dialogTitle} <span className="font-mono">{order.number}</span>
          </h2>
          {step === "form" ? (
            <>
              <RefundLines
                order={order}
                units={units}
                cleared={cleared}
                onUnits={(item, text) => {
                  setUnits({ ...units, [item.id]: Math.max(0, Math.min(unitsLeftToRefund(item), Math.floor(Number(text) || 0))) });
                  setCleared(text === "" ? item.id : null);
                  clearProblem(null);
                  clearProblem("amount");
                }}
                onLeave={() => setCleared(null)}
              />
              {shippingLeftToRefund(order) > 0 ? (
                <CheckboxField
                  density="compact"
                  label={texts.refundShipping(formatGbp(order.shippingPence))}
                  checked={shipping}
                  onChange={(event) => {
                    setShipping(event.target.checked);
                    clearProblem("amount");
                  }}
                />
              ) : order.shippingPence > 0 ? (
                <p className="text-xs text-gray-600" data-shipping-refunded>
                  {texts.shippingRefunded(formatGbp(order.shippingPence))}
                </p>
              ) : null}
              {restockable ? (
                <CheckboxField
                  density="compact"
                  label={texts.restock}
                  checked={restock}
                  onChange={(event) => {
                    setRestock(event.target.checked);
                    clearProblem(null);
                  }}
                />
              ) : null}
              <div>
                <Field
                  density="compact"
                  name="amount"
                  label={texts.amount}
                  hint={texts.amountHint(formatGbp(remainder))}
                  error={fieldError("amount")}
                  inputMode="decimal"
                  autoComplete="off"
                  prefix="£"
                  value={amount}
                  // A suggested amount is filled in: typing replaces it rather than adding to it ("58.8010").
                  onFocus={(event) => event.currentTarget.select()}
                  onChange={(event) => {
                    setTypedAmount(event.target.value);
                    clearProblem("amount");
                  }}
                />
                {offerSuggestion ? (
                  <p className="mt-1 text-xs text-gray-600" data-refund-suggestion>
                    <span id={`${id}-suggested`}>{texts.suggested(formatGbp(suggestion))}</span>
                    {" — "}
                    <button
                      type="button"
                      aria-describedby={`${id}-suggested`}
                      className="font-medium text-gray-900 underline underline-offset-2 hover:text-gray-700"
                      onClick={() => {
                        setTypedAmount(null);
                        clearProblem("amount");
                      }}
                    >
                      {texts.useSuggested}
                    </button>
                  </p>
                ) : null}
              </div>
              <TextAreaField
                density="compact"
                name="reason"
                label={texts.reason}
                error={fieldError("reason")}
                rows={2}
                maxLength={REFUND_REASON_MAX_LENGTH}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  clearProblem("reason");
                }}
                placeholder={texts.reasonPlaceholder}
              />
            </>
          ) : (
            <RefundConfirmation ref={confirmation} amount={shownAmount} provider={order.paymentProvider} restocked={restocked} />
          )}
          {formProblem ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {formProblem.message}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" onClick={() => (step === "confirm" ? setStep("form") : dialog.current?.close())} disabled={busy} className={adminButton.secondary}>
              {step === "confirm" ? texts.back : texts.cancel}
            </button>
            <BusyButton type="submit" busy={busy} className={step === "confirm" ? "inline-flex items-center justify-center gap-1.5 rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-red-800" : adminButton.primary}>
              {busy ? texts.refunding : step === "confirm" ? texts.confirm(shownAmount) : texts.continue}
            </BusyButton>
          </div>
        </form>
      </dialog>
    </>
  );
}

type Line = Order["items"][number];

/**
 * The order's lines, each with the units to refund (up to what no refund has counted yet) and
 * what it cost the customer, the discount shared over the lines: a returned item is refunded at
 * what was paid for it. After an earlier refund each line also says what of it was refunded and
 * what is left, and the list what was refunded so far (a refund is an amount for the order, not
 * for a line).
 */
function RefundLines({ order, units, cleared, onUnits, onLeave }: { order: Order; units: Record<string, number>; cleared: string | null; onUnits: (item: Line, text: string) => void; onLeave: () => void }) {
  const id = useId();
  if (order.items.length === 0) return null;
  const paid = linesPaidAfterDiscount(order.items, order.discountPence);
  return (
    <fieldset className="min-w-0" data-refund-lines>
      <legend className="mb-1 text-sm font-medium text-gray-800">{texts.itemsToRefund}</legend>
      {order.discountPence > 0 ? <p className="mb-1 text-xs text-gray-600">{texts.itemsPaidAfterDiscount}</p> : null}
      <ul className="space-y-2 rounded-md border border-gray-200 bg-gray-50 p-2">
        {order.items.map((item, index) => {
          const linePaid = paid.get(item.id) ?? item.lineTotalPence;
          const state = lineRefundState(item, linePaid);
          const touched = state.refundedUnits > 0 || state.cancelledUnits > 0;
          const about = [
            texts.lineBought(item.quantity, formatGbp(linePaid)),
            ...(state.refundedUnits > 0 ? [texts.lineRefunded(state.refundedUnits)] : []),
            ...(state.cancelledUnits > 0 ? [texts.lineCancelledBack(state.cancelledUnits)] : []),
            ...(touched ? [texts.lineLeft(state.leftUnits, formatGbp(state.leftPence))] : []),
          ].join("; ");
          const label = orderLineLabel(item);
          const aboutId = `${id}-line-${index}`;
          return (
            <li key={item.id} data-refund-line>
              {state.leftUnits > 0 ? (
                <div className="flex items-center gap-2 [&>div]:min-w-0 [&>div]:flex-1">
                  <Field
                    density="compact"
                    inline
                    // Names wrap rather than end in "...": two sizes of one shirt differ only at the end.
                    className="justify-between gap-3 [&>label]:min-w-0 [&>label]:break-words"
                    label={label}
                    type="number"
                    min={0}
                    max={state.leftUnits}
                    value={cleared === item.id ? "" : (units[item.id] ?? 0)}
                    onChange={(event) => onUnits(item, event.target.value)}
                    onBlur={onLeave}
                    aria-label={texts.refundUnits(label, state.leftUnits)}
                    aria-describedby={aboutId}
                    controlClassName="w-20 shrink-0 text-right"
                  />
                  {/* "of 2", as Shopify's "0 / 2": the most that can be refunded, so a 3 turned into a 2 is not a surprise. */}
                  <span className="shrink-0 text-xs tabular-nums text-gray-600" data-refund-most>
                    {texts.unitsOf(state.leftUnits)}
                  </span>
                </div>
              ) : (
                <p className="break-words text-sm text-gray-800">{label}</p>
              )}
              <p id={aboutId} className="text-xs text-gray-600" data-line-about>
                {about}
              </p>
            </li>
          );
        })}
      </ul>
      {order.refundedPence > 0 ? (
        <p className="mt-1 text-xs font-medium text-gray-900" data-refunded-so-far>
          {texts.refundedSoFarOf(formatGbp(order.refundedPence), formatGbp(order.totalAmount))}
        </p>
      ) : null}
    </fieldset>
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

/** A cancelled order whose money the shop still holds (its cancel left the refund out): it stays in sight until refunded. */
export function CancelledUnrefundedNotice({ order }: { order: Order }) {
  const refundable = { paymentStatus: order.paymentStatus, totalAmountPence: order.totalAmount, refundedPence: order.refundedPence };
  if (order.status !== "cancelled" || !isRefundable(refundable)) return null;
  return (
    <p role="note" className="mb-3 flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-cancelled-unrefunded>
      <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      {adminFulfilment.cancelledNotRefunded(formatGbp(refundableRemainder(refundable)))}
    </p>
  );
}
