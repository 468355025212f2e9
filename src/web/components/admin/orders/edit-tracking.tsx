// "Edit tracking" on a shipped or delivered order's page: a mistyped carrier or tracking number is
// corrected in place. Shipping the order again would e-mail the customer a second "on its way" and
// leave a confusing timeline; here the customer hears of it only when the owner ticks Notify.
import { Pencil } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useAdminFetcher } from "../session-sign-in.tsx";
import { canEditTracking, SHIPMENT_FIELD_MAX } from "../../../../domain/admin/shipment.ts";
import { adminFulfilment } from "../../../../domain/messages/admin.ts";
import { CheckboxField } from "../../form/checkbox-field.tsx";
import { Field } from "../../form/field.tsx";
import { adminButton } from "../ui/admin-ui.tsx";
import { CarrierField } from "./carrier-field.tsx";
import { BusyButton } from "../ui/busy-button.tsx";
import { toastAnswer, useEachAnswer } from "../use-each-answer.ts";

type Answer = { ok: boolean; intent: string; message: string };

type Props = { order: { id: string; number: string; status: string; carrier: string | null; trackingNumber: string | null } };

export function EditTracking({ order }: Props) {
  const fetcher = useAdminFetcher<Answer>();
  const [opened, setOpened] = useState(false);
  // The answer there was when the form opened: a newer successful one closes it.
  const [answerWhenOpened, setAnswerWhenOpened] = useState<Answer | undefined>(undefined);
  const opener = useRef<HTMLButtonElement>(null);
  const firstField = useRef<HTMLDivElement>(null);
  const busy = fetcher.state !== "idle";
  const saved = !busy && fetcher.data !== answerWhenOpened && fetcher.data?.ok === true;
  const open = opened && !saved;
  const setOpen = (next: boolean) => {
    setOpened(next);
    if (next) setAnswerWhenOpened(fetcher.data);
  };

  useEachAnswer(fetcher, (answer) => {
    if (answer.intent === "tracking") toastAnswer(answer);
  });

  // Opened: the cursor goes to the carrier; closed: back to the button that opened it.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) firstField.current?.querySelector("input")?.focus();
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (!canEditTracking(order.status)) return null;
  if (!open) {
    return (
      <button ref={opener} type="button" className={`${adminButton.secondary} mt-3`} onClick={() => setOpen(true)}>
        <Pencil aria-hidden className="h-4 w-4" />
        {adminFulfilment.editTracking}
      </button>
    );
  }
  return (
    <fetcher.Form
      method="post"
      className="mt-3 grid gap-2 rounded-md border border-gray-200 bg-gray-50 p-3"
      aria-label={`${adminFulfilment.editTrackingTitle}: ${order.number}`}
      data-edit-tracking
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.preventDefault();
        setOpen(false);
      }}
    >
      <input type="hidden" name="intent" value="tracking" />
      <input type="hidden" name="orderId" value={order.id} />
      <input type="hidden" name="expectedCarrier" value={order.carrier ?? ""} />
      <input type="hidden" name="expectedTrackingNumber" value={order.trackingNumber ?? ""} />
      <div ref={firstField}>
        <CarrierField defaultValue={order.carrier ?? ""} />
      </div>
      <Field density="compact" name="trackingNumber" label={adminFulfilment.trackingNumber} optional maxLength={SHIPMENT_FIELD_MAX} defaultValue={order.trackingNumber ?? ""} />
      <CheckboxField density="compact" name="notifyCustomer" value="true" label={adminFulfilment.trackingNotifyCustomer} hint={adminFulfilment.trackingNotifyHint} defaultChecked={false} />
      <div className="flex flex-wrap gap-2">
        <BusyButton type="submit" busy={busy} className={adminButton.primary}>
          {adminFulfilment.saveTracking}
        </BusyButton>
        <button type="button" onClick={() => setOpen(false)} disabled={busy} className={adminButton.secondary}>
          {adminFulfilment.cancel}
        </button>
      </div>
    </fetcher.Form>
  );
}
