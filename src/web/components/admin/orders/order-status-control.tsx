// The status dropdown of an order (admin.md sections 2 and 4: any status to any). Choosing
// "shipped" first asks for the optional carrier and tracking number; the customer is e-mailed.
// Cancelling a paid order asks first, with Shopify's choices: whether the rest of its payment is
// refunded (the refund goes first, and the order is cancelled only once it is confirmed), whether
// its items go back in stock and whether the customer is e-mailed. A change made with the keyboard
// asks too: an arrow key on a closed dropdown changes its value at once in Chromium, and one stray
// key must not move an order to another status. Reopening a cancelled order always asks, and says
// that the customer was told it will not be sent and that its items are taken from stock again.
// An order refunded in full before it was sent keeps its status (a refund changes no status); a
// note under the dropdown offers the cancel, or it would wait among the orders to pack. An order
// whose customer was erased is not offered the statuses that would send it (nobody to send it to).
import { useEffect, useRef, useState } from "react";
import { useAdminFetcher } from "../session-sign-in.tsx";
import { SHIPMENT_FIELD_MAX } from "../../../../domain/admin/shipment.ts";
import { adminFulfilment } from "../../../../domain/messages/admin.ts";
import { isRefundedButOpen, owesFulfilment } from "../../../../domain/admin/fulfilment.ts";
import { refusedAfterErasure } from "../../../../domain/admin/personal-data.ts";
import { reopensRefusedPayment } from "../../../../domain/admin/status-change.ts";
import { isRefundable, refundableRemainder } from "../../../../domain/admin/refunds.ts";
import { formatGbp, penceToPounds } from "../../../../domain/money.ts";
import { newIdempotencyKey } from "../ui/idempotency-key.ts";
import { isOrderStatus, ORDER_STATUSES, statusLabel } from "../../../../domain/status.ts";
import type { CancelChoices } from "../../../../domain/admin/cancel-order.ts";
import { CheckboxField } from "../../form/checkbox-field.tsx";
import { Field, SelectField } from "../../form/field.tsx";
import { useOpenStatusQuestion } from "./status-question-guard.tsx";
import { adminButton } from "../ui/admin-ui.tsx";
import { CarrierField } from "./carrier-field.tsx";
import { toastAnswer } from "../use-each-answer.ts";

type Answer = { ok: boolean; intent: string; message: string };

/** What the control reads of an order: the list's card and the order's page both have it. */
type StatusOrder = {
  id: string;
  status: string;
  paymentStatus: string;
  /** "erased" once the customer's details were erased: such an order is not offered the statuses that send it. */
  customerEmail: string;
  number: string;
  totalAmount: number;
  refundedPence: number;
  /** What a cancel can also do (null: nothing to ask, the order was never paid or is cancelled). */
  cancelChoices: CancelChoices | null;
  /** The shop gave its payment back on arrival: it is offered no status but cancelled. */
  paymentGivenBack?: true;
};

type Props = {
  order: StatusOrder;
  /** How it sizes in its parent: a container query has no width of its own, so a flex row must give it one. */
  className?: string;
  /** Under a card titled "Status" (the order's page) the word is not shown twice; it is still the dropdown's name. */
  hideLabel?: boolean;
  /** Called as a change is sent: on a filtered list the card may go once it is saved, and the list moves the focus on. */
  onSaving?: (orderId: string) => void;
};

export function OrderStatusControl({ order, className = "", hideLabel = false, onSaving }: Props) {
  const { id: orderId, status, paymentStatus, number, cancelChoices } = order;
  // The shop still holds some of this order's money (a refund is possible).
  const holdsPayment = isRefundable({ paymentStatus, totalAmountPence: order.totalAmount, refundedPence: order.refundedPence });
  const fetcher = useAdminFetcher<Answer>();
  // The status asked about before it is saved: shipped (carrier and tracking) or cancelled (a paid order).
  const [asking, setAsking] = useState<"shipped" | "cancelled" | null>(null);
  // Another status chosen with the keyboard, waiting for Save.
  const [confirming, setConfirming] = useState<string | null>(null);
  const keyboard = useRef(false);
  const shipping = asking === "shipped";
  const shown = useRef<Answer | null>(null);
  const select = useRef<HTMLSelectElement>(null);
  // A question's panel held the focus and is gone once answered: the dropdown takes it back, rather
  // than leaving a keyboard user at the top. It is disabled while a change saves, so after a save
  // ("saving") it waits for the save to start and end first.
  const refocus = useRef<"no" | "now" | "saving" | "saved-soon">("no");
  const closeQuestion = (saving: boolean) => {
    const inPanel = Boolean(select.current?.closest("[data-status-control]")?.contains(document.activeElement)) && document.activeElement !== select.current;
    refocus.current = !inPanel ? "no" : saving ? "saving" : "now";
    setAsking(null);
    setConfirming(null);
  };
  useEffect(() => {
    if (refocus.current === "saving" && fetcher.state !== "idle") refocus.current = "saved-soon";
    if (fetcher.state !== "idle" || (refocus.current !== "now" && refocus.current !== "saved-soon")) return;
    refocus.current = "no";
    select.current?.focus();
  });
  // A question opens below the dropdown, which on a phone is often the bottom of the screen: it is
  // brought into view, or the owner sees "Shipped" in the dropdown and takes it as saved.
  const control = useRef<HTMLDivElement>(null);
  const questionOpen = asking !== null || confirming !== null;
  useOpenStatusQuestion(orderId, number, questionOpen);
  // Opened from the refunded order's note, whose button is gone once it opens: the focus goes into it.
  const focusQuestion = useRef(false);
  useEffect(() => {
    if (!questionOpen) return;
    const question = control.current?.querySelector<HTMLElement>("[data-status-question]");
    question?.scrollIntoView({ block: "nearest" });
    if (focusQuestion.current) question?.querySelector<HTMLElement>("input, button")?.focus();
    focusQuestion.current = false;
  }, [questionOpen, asking, confirming]);
  // The answer is said as soon as it arrives, while the page is still read again: on a filtered
  // list (Processing) the saved order leaves the list with that reload, and this control with it,
  // so a toast waiting for the reload's end was never shown. The toast lives
  // outside the card and stays when the card goes.
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state === "submitting" || !answer || shown.current === answer) return;
    shown.current = answer;
    toastAnswer(answer);
  }, [fetcher.state, fetcher.data]);

  const busy = fetcher.state !== "idle";
  const pending = fetcher.formData?.get("status");
  const current = typeof pending === "string" ? pending : status;
  // Statuses this order cannot take: an erased one is sent nowhere, a refused payment stays cancelled.
  const closedTo = (next: string) =>
    refusedAfterErasure({ customerEmail: order.customerEmail, status }, next) || reopensRefusedPayment({ status, paymentGivenBack: order.paymentGivenBack === true }, next);
  const submit = (next: string, extra: Record<string, string> = {}) => {
    onSaving?.(orderId);
    // `status` is the saved status this page shows: another admin's change since is not overwritten.
    void fetcher.submit({ intent: "status", orderId, status: next, expectedStatus: status, ...extra }, { method: "post" });
  };

  return (
    // Laid out by its own width, not the screen's: it sits in a wide order card on the Orders
    // list and in the narrow Status card beside an order's details.
    <div
      ref={control}
      className={`@container flex flex-col gap-2 ${className}`}
      data-status-control
      // Escape answers an open question with its Cancel, as it closes the back office's dialogs.
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !questionOpen) return;
        event.preventDefault();
        closeQuestion(false);
        select.current?.focus();
      }}
    >
      <SelectField
        density="compact"
        inline
        hideLabel={hideLabel}
        label={adminFulfilment.status}
        aria-label={`Status of order ${number}`}
        ref={select}
        // Where the focus goes when this order leaves a filtered list (see useFocusAfterRemoval).
        data-removes={orderId}
        value={asking ?? confirming ?? (isOrderStatus(current) ? current : "")}
        disabled={busy}
        onKeyDown={() => (keyboard.current = true)}
        onPointerDown={() => (keyboard.current = false)}
        onChange={(event) => {
          const next = event.target.value;
          setConfirming(null);
          if (next === "shipped" || (next === "cancelled" && cancelChoices !== null)) setAsking(next);
          else if ((keyboard.current || current === "cancelled") && next !== current) {
            setAsking(null);
            setConfirming(next);
          } else {
            setAsking(null);
            submit(next);
          }
        }}
      >
        {isOrderStatus(current) ? null : <option value="">{statusLabel(current)}</option>}
        {ORDER_STATUSES.filter((value) => !closedTo(value)).map((value) => (
          <option key={value} value={value}>
            {statusLabel(value)}
          </option>
        ))}
      </SelectField>
      {order.paymentGivenBack && current === "cancelled" ? (
        <p role="note" className="text-sm text-gray-600" data-payment-given-back>
          {adminFulfilment.paymentGivenBackNote}
        </p>
      ) : null}
      {!questionOpen && !busy && cancelChoices !== null && isRefundedButOpen({ paymentStatus, status: current }) ? (
        <div role="note" className="flex flex-wrap items-center gap-2 rounded border border-amber-300 bg-amber-50 px-2 py-1.5 text-sm text-amber-900" data-refunded-open>
          <p className="min-w-0 flex-1 basis-48">{adminFulfilment.refundedOpenNote}</p>
          <button
            type="button"
            className={adminButton.secondary}
            onClick={() => {
              focusQuestion.current = true;
              setAsking("cancelled");
            }}
          >
            {adminFulfilment.cancelThisOrder}
          </button>
        </div>
      ) : null}
      {shipping ? (
        <fetcher.Form
          method="post"
          className="grid scroll-mb-4 gap-2 rounded-md border border-gray-200 bg-gray-50 p-3 @lg:grid-cols-[1fr_1fr_auto]"
          data-status-question
          aria-label={`${adminFulfilment.markShippedTitle}: ${number}`}
          onSubmit={() => {
            onSaving?.(orderId);
            closeQuestion(true);
          }}
        >
          {current === "cancelled" ? <ReopenNote paymentStatus={paymentStatus} /> : null}
          {owesFulfilment(paymentStatus) ? null : (
            <p role="note" className="rounded border border-amber-300 bg-amber-50 px-2 py-1.5 text-sm text-amber-900 @lg:col-span-3">
              {adminFulfilment.unpaidShipWarning(statusLabel(paymentStatus))}
            </p>
          )}
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="orderId" value={orderId} />
          <input type="hidden" name="status" value="shipped" />
          <input type="hidden" name="expectedStatus" value={status} />
          <CarrierField />
          <Field density="compact" name="trackingNumber" label={adminFulfilment.trackingNumber} optional maxLength={SHIPMENT_FIELD_MAX} />
          <div className="flex items-end gap-2">
            <button type="submit" className={adminButton.primary}>
              {adminFulfilment.confirmShipped}
            </button>
            <button type="button" onClick={() => closeQuestion(false)} className={adminButton.secondary}>
              {adminFulfilment.cancel}
            </button>
          </div>
        </fetcher.Form>
      ) : null}
      {confirming !== null ? (
        <div role="group" aria-label={`${adminFulfilment.confirmStatusTitle}: ${number}`} className="flex scroll-mb-4 flex-wrap items-center gap-2 rounded-md border border-gray-200 bg-gray-50 p-3" data-status-question>
          <p className="text-sm text-gray-900">{adminFulfilment.confirmStatusQuestion(statusLabel(confirming))}</p>
          {current === "cancelled" ? <ReopenNote paymentStatus={paymentStatus} /> : null}
          <button
            type="button"
            className={adminButton.primary}
            onClick={() => {
              closeQuestion(true);
              submit(confirming);
            }}
          >
            {adminFulfilment.saveStatus}
          </button>
          <button type="button" onClick={() => closeQuestion(false)} className={adminButton.secondary}>
            {adminFulfilment.cancel}
          </button>
        </div>
      ) : null}
      {asking === "cancelled" && cancelChoices !== null ? (
        <CancelQuestion
          number={number}
          refundablePence={holdsPayment ? refundableRemainder({ totalAmountPence: order.totalAmount, refundedPence: order.refundedPence }) : 0}
          choices={cancelChoices}
          onCancel={(extra) => {
            closeQuestion(true);
            submit("cancelled", extra);
          }}
          onKeep={() => closeQuestion(false)}
        />
      ) : null}
    </div>
  );
}

/**
 * Reopening undoes what the customer was told: said before it is saved (the cancel e-mail is not
 * taken back). An order whose payment never went through was neither e-mailed about its cancel nor
 * took stock; what matters there is that it stays unpayable when reopened (its payment page is
 * closed), which the owner would otherwise learn only from the customer.
 */
function ReopenNote({ paymentStatus }: { paymentStatus: string }) {
  return (
    <p role="note" className="w-full rounded border border-amber-300 bg-amber-50 px-2 py-1.5 text-sm text-amber-900 @lg:col-span-3" data-reopen-note>
      {paymentStatus === "failed" ? adminFulfilment.reopenUnpaidNote : adminFulfilment.reopenNote}
    </p>
  );
}

type CancelQuestionProps = {
  number: string;
  /** What is left of the payment to give back (0: nothing was paid, or all of it is back). */
  refundablePence: number;
  choices: CancelChoices;
  onCancel: (extra: Record<string, string>) => void;
  onKeep: () => void;
};

function CancelQuestion({ number, refundablePence, choices, onCancel, onKeep }: CancelQuestionProps) {
  // Shopify's defaults: the money and the items go back and the customer is told, unless the owner
  // says otherwise; a parcel already sent is not back, so neither its money nor its items are
  // given back unless the owner says so.
  const [refund, setRefund] = useState(!choices.alreadySent);
  const [restock, setRestock] = useState(!choices.alreadySent);
  const [notify, setNotify] = useState(true);
  // One key per question: a second press of the button is the same refund.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const refunding = refundablePence > 0 && refund;
  const amount = formatGbp(refundablePence);
  return (
    <div role="group" aria-label={`${adminFulfilment.cancelPaidTitle}: ${number}`} className="grid scroll-mb-4 gap-2 rounded-md border border-amber-300 bg-amber-50 p-3" data-status-question>
      <p className="text-sm text-amber-900">{refundablePence > 0 ? adminFulfilment.cancelPaidWarning : adminFulfilment.cancelRefundedNote}</p>
      {choices.alreadySent ? <p className="text-sm font-medium text-amber-900">{adminFulfilment.cancelAlreadySent}</p> : null}
      {refundablePence > 0 ? (
        <>
          <CheckboxField density="compact" label={adminFulfilment.cancelRefund(amount)} checked={refund} onChange={(event) => setRefund(event.target.checked)} />
          {refund ? null : <p className="text-sm text-amber-900">{adminFulfilment.cancelNoRefund}</p>}
        </>
      ) : null}
      {choices.restockableUnits > 0 ? (
        <CheckboxField density="compact" label={adminFulfilment.cancelRestock(choices.restockableUnits)} checked={restock} onChange={(event) => setRestock(event.target.checked)} />
      ) : (
        <p className="text-sm text-gray-700">{adminFulfilment.cancelNothingToRestock}</p>
      )}
      {choices.canNotify ? (
        <CheckboxField
          density="compact"
          label={choices.alreadySent ? adminFulfilment.cancelNotifySent : adminFulfilment.cancelNotify}
          checked={notify}
          onChange={(event) => setNotify(event.target.checked)}
        />
      ) : (
        <p className="text-sm text-gray-700">{adminFulfilment.cancelNoEmail}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={adminButton.primary}
          onClick={() =>
            onCancel({
              restock: String(choices.restockableUnits > 0 && restock),
              notifyCustomer: String(choices.canNotify && notify),
              ...(refunding ? { refund: "true", refundAmount: penceToPounds(refundablePence), idempotencyKey } : {}),
            })
          }
        >
          {refunding ? adminFulfilment.confirmCancelAndRefund(amount) : adminFulfilment.confirmCancel}
        </button>
        <button type="button" onClick={onKeep} className={adminButton.secondary}>
          {adminFulfilment.keepOrder}
        </button>
      </div>
    </div>
  );
}
