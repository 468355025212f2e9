// The status dropdown of an order (admin.md sections 2 and 4: any status to any). Choosing
// "shipped" first asks for the optional carrier and tracking number; the customer is e-mailed.
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { adminFulfilment } from "../../../../domain/messages/admin.ts";
import { isOrderStatus, ORDER_STATUSES, statusLabel } from "../../../../domain/status.ts";
import { toast } from "../../../lib/toast.ts";
import { adminButton, adminInput } from "../ui/admin-ui.tsx";

type Answer = { ok: boolean; intent: string; message: string };

export function OrderStatusControl({ orderId, status, number }: { orderId: string; status: string; number: string }) {
  const fetcher = useFetcher<Answer>();
  const id = useId();
  const [shipping, setShipping] = useState(false);
  const shown = useRef<Answer | null>(null);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || shown.current === answer) return;
    shown.current = answer;
    if (answer.ok) toast.success(answer.message);
    else toast.error(answer.message);
  }, [fetcher.state, fetcher.data]);

  const busy = fetcher.state !== "idle";
  const pending = fetcher.formData?.get("status");
  const current = typeof pending === "string" ? pending : status;
  const submit = (next: string, extra: Record<string, string> = {}) =>
    fetcher.submit({ intent: "status", orderId, status: next, ...extra }, { method: "post" });

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-status`} className="text-xs font-medium text-gray-700">
          {adminFulfilment.status}
        </label>
        <select
          id={`${id}-status`}
          aria-label={`Status of order ${number}`}
          value={shipping ? "shipped" : isOrderStatus(current) ? current : ""}
          disabled={busy}
          onChange={(event) => {
            const next = event.target.value;
            if (next === "shipped") setShipping(true);
            else {
              setShipping(false);
              submit(next);
            }
          }}
          className="rounded-md border border-gray-300 bg-white py-1 pl-2 pr-7 text-sm text-gray-900 shadow-sm focus:border-gray-900 focus:outline-none focus:ring-1 focus:ring-gray-900"
        >
          {isOrderStatus(current) ? null : <option value="">{statusLabel(current)}</option>}
          {ORDER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {statusLabel(value)}
            </option>
          ))}
        </select>
      </div>
      {shipping ? (
        <fetcher.Form
          method="post"
          className="grid gap-2 rounded-md border border-gray-200 bg-gray-50 p-3 sm:grid-cols-[1fr_1fr_auto]"
          aria-label={`${adminFulfilment.markShippedTitle}: ${number}`}
          onSubmit={() => setShipping(false)}
        >
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="orderId" value={orderId} />
          <input type="hidden" name="status" value="shipped" />
          <div>
            <label htmlFor={`${id}-carrier`} className="mb-0.5 block text-xs font-medium text-gray-700">
              {adminFulfilment.carrier} <span className="font-normal text-gray-600">({adminFulfilment.optional})</span>
            </label>
            <input id={`${id}-carrier`} name="carrier" maxLength={100} className={adminInput} />
          </div>
          <div>
            <label htmlFor={`${id}-tracking`} className="mb-0.5 block text-xs font-medium text-gray-700">
              {adminFulfilment.trackingNumber} <span className="font-normal text-gray-600">({adminFulfilment.optional})</span>
            </label>
            <input id={`${id}-tracking`} name="trackingNumber" maxLength={100} className={adminInput} />
          </div>
          <div className="flex items-end gap-2">
            <button type="submit" className={adminButton.primary}>
              {adminFulfilment.confirmShipped}
            </button>
            <button type="button" onClick={() => setShipping(false)} className={adminButton.secondary}>
              {adminFulfilment.cancel}
            </button>
          </div>
        </fetcher.Form>
      ) : null}
    </div>
  );
}
