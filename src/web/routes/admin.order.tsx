// /admin/orders/:id, the order's "View Details" (admin.md section 2; issue 12): everything about
// the order, its payment and amounts, its timeline (created, paid, each status change with who
// and when, e-mails sent, internal notes) and a form to add a note.
import { emailForDisplay } from "../../domain/email-display.ts";
import { knownEmail } from "../../domain/guest-email.ts";
import { CircleDot, CreditCard, Mail, MessageSquare, Package, Printer, RotateCcw, Truck, Wallet } from "lucide-react";
import { useRef } from "react";
import { data, Link, redirect } from "react-router";
import { useAdminFetcher } from "../components/admin/session-sign-in.tsx";
import { formatAdminDateTime } from "../../domain/admin/dates.ts";
import { trackingUrl } from "../../domain/carrier-tracking.ts";
import { customerCardName, customerEmailText } from "../../domain/admin/order-display.ts";
import { adminFulfilment, adminRefunds, providerName } from "../../domain/messages/admin.ts";
import { orderCard } from "../../domain/messages/orders.ts";
import { discountLabel } from "../../domain/messages/discount-label.ts";
import { formatGbp } from "../../domain/money.ts";
import { adminOrderStatusTone, paymentStatusTone } from "../../domain/status.ts";
import { requireAdminAction, requireAdminPage } from "../../server/admin/admin-guard.server.ts";
import { getAdminOrder, type TimelineEntry } from "../../server/admin/orders/order-details.server.ts";
import { NOTE_MAX_LENGTH } from "../../server/admin/orders/order-notes.server.ts";
import { OrderItemsList, ShippingAddressBlock } from "../components/admin/orders/admin-order-card.tsx";
import { EditTracking } from "../components/admin/orders/edit-tracking.tsx";
import { OrderStatusControl } from "../components/admin/orders/order-status-control.tsx";
import { revalidateAfterOrderRefusal } from "../components/admin/orders/revalidate-after-refusal.ts";
import { CancelledUnrefundedNotice, RefundDialog, RefundErrorNotice } from "../components/admin/refunds/refund-dialog.tsx";
import { AdminBackLink, AdminCard, adminButton, NotFoundBoundary } from "../components/admin/ui/admin-ui.tsx";
import { focusFirstInvalid, TextAreaField } from "../components/form/field.tsx";
import { StatusBadge } from "../components/status-badge.tsx";
import { readAdminForm } from "../components/admin/admin-form.server.ts";
import { handleOrderIntent } from "../components/admin/orders/order-intents.server.ts";
import { adminHead } from "../components/admin/admin-head.ts";
import { toast } from "../lib/toast.ts";
import type { Route } from "./+types/admin.order";
import { appContext, requestContext } from "../app-context.ts";
import { BusyButton } from "../components/admin/ui/busy-button.tsx";
import { useEachAnswer } from "../components/admin/use-each-answer.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => adminHead(loaderData?.order ? `Order ${loaderData.order.number}` : adminFulfilment.orderNotFound, matches);

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  await requireAdminPage(context.get(appContext), request, context.get(requestContext).setCookie);
  // An id pasted in capitals is the same order: its page is at the address its forms post to.
  if (params.id !== params.id.toLowerCase()) throw redirect(`/admin/orders/${encodeURIComponent(params.id.toLowerCase())}${url.search}`);
  const order = await getAdminOrder(context.get(appContext).db, params.id);
  if (!order) throw data(null, { status: 404 });
  return { order, noteMax: NOTE_MAX_LENGTH };
}

export const shouldRevalidate = revalidateAfterOrderRefusal;

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { admin, ended } = await requireAdminAction(app, request, context.get(requestContext).setCookie);
  if (ended) return ended;
  return handleOrderIntent(app, admin, await readAdminForm(request), { refunds: true });
}

const TIMELINE_ICONS: Record<TimelineEntry["kind"], typeof CircleDot> = {
  created: Package,
  paid: Wallet,
  status: CircleDot,
  shipped: Truck,
  note: MessageSquare,
  email: Mail,
  refund: RotateCcw,
  declined: CreditCard,
};

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // A value that has no room beside its label (large text on a phone, a long session id) takes
    // a line of its own rather than being squeezed to a letter a line.
    <div className="flex flex-wrap justify-between gap-x-3 py-1 text-sm">
      <dt className="text-gray-600">{label}</dt>
      {/* A pasted tracking URL has no spaces: it wraps anywhere rather than widening the page. */}
      <dd className="ml-auto min-w-0 wrap-anywhere text-right text-gray-900">{children}</dd>
    </div>
  );
}

/** The number, linked to the carrier's tracking page when the shop knows the carrier: what the customer's e-mail links to. */
function TrackingNumber({ carrier, trackingNumber }: { carrier: string | null; trackingNumber: string }) {
  const url = trackingUrl(carrier, trackingNumber);
  if (!url) return trackingNumber;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="text-blue-700 underline underline-offset-2 hover:text-blue-900">
      {trackingNumber}
      <span className="sr-only"> {orderCard.opensCarrierSite}</span>
    </a>
  );
}

export default function AdminOrderPage({ loaderData }: Route.ComponentProps) {
  const { order, noteMax } = loaderData;
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <AdminBackLink to="/admin/orders">{adminFulfilment.backToOrders}</AdminBackLink>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="font-mono text-xl font-semibold text-gray-900">Order {order.number}</h1>
          <StatusBadge status={order.status} tone={adminOrderStatusTone(order.status)} />
          <time dateTime={order.createdAt} className="text-sm text-gray-600">
            {formatAdminDateTime(order.createdAt)}
          </time>
        </div>
        <div className="flex gap-2">
          <Link to={`/admin/orders/print?ids=${encodeURIComponent(order.id)}&back=${encodeURIComponent(`/admin/orders/${order.id}`)}`} className={adminButton.secondary}>
            <Printer aria-hidden className="h-4 w-4" />
            {adminFulfilment.printLabel}
          </Link>
          <Link to={`/admin/orders/print?doc=slip&ids=${encodeURIComponent(order.id)}&back=${encodeURIComponent(`/admin/orders/${order.id}`)}`} className={adminButton.secondary}>
            {adminFulfilment.packingSlip}
          </Link>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        {/* The status (what an owner comes to change), who and where: first on a phone, on screen and
            for a screen reader or the Tab key alike; the right-hand column on a desk. */}
        <div className="min-w-0 space-y-4 lg:col-start-2 lg:row-start-1">
          <AdminCard className="p-4">
            <h2 className="mb-2 text-sm font-semibold text-gray-900">{adminFulfilment.status}</h2>
            <OrderStatusControl order={order} hideLabel />
            {order.carrier || order.trackingNumber ? (
              <dl className="mt-3 divide-y divide-gray-100">
                {order.carrier ? <Row label={adminFulfilment.carrier}>{order.carrier}</Row> : null}
                {order.trackingNumber ? (
                  <Row label={adminFulfilment.trackingNumber}>
                    <TrackingNumber carrier={order.carrier} trackingNumber={order.trackingNumber} />
                  </Row>
                ) : null}
              </dl>
            ) : null}
            <EditTracking order={order} />
          </AdminCard>
          <AdminCard className="p-4">
            <h2 className="mb-2 text-sm font-semibold text-gray-900">Customer</h2>
            <p className="wrap-anywhere text-sm text-gray-900">
              <span dir="auto">{customerCardName(order.customer)}</span>
            </p>
            <p className="wrap-anywhere text-sm text-gray-700">{customerEmailText(order.customer)}</p>
            {order.customer.phone ? <p className="text-sm text-gray-700">{order.customer.phone}</p> : null}
            {/* An unpaid guest Buy Now has no customer yet: its placeholder would list every such order. */}
            {knownEmail(order.customerEmail) ? (
              <Link to={`/admin/orders?search=${encodeURIComponent(order.customerEmail)}`} className="mt-2 inline-flex min-h-11 items-center text-sm text-gray-800 underline sm:min-h-0">
                All orders of this customer
              </Link>
            ) : null}
          </AdminCard>
          <AdminCard className="p-4">
            <h2 className="mb-2 text-sm font-semibold text-gray-900">Shipping address</h2>
            <ShippingAddressBlock address={order.shippingAddress} />
          </AdminCard>
        </div>
        <div className="min-w-0 space-y-4 lg:col-start-1 lg:row-start-1">
          <AdminCard className="p-4">
            <h2 className="mb-2 text-sm font-semibold text-gray-900">Items</h2>
            <OrderItemsList items={order.items} pictures={order.linePictures} />
          </AdminCard>
          <AdminCard className="p-4">
            {/* Wraps: at 200% text on a phone the Refund button stuck out of the card. */}
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-sm font-semibold text-gray-900">{adminFulfilment.payment}</h2>
              <RefundDialog order={order} />
            </div>
            <RefundErrorNotice order={order} />
            <CancelledUnrefundedNotice order={order} />
            <dl className="divide-y divide-gray-100">
              <Row label="Provider">{providerName(order.paymentProvider)}</Row>
              <Row label="Session">
                <span className="break-all font-mono text-xs">{order.paymentSessionId ?? "—"}</span>
              </Row>
              <Row label="Payment status">
                <StatusBadge status={order.paymentStatus} tone={paymentStatusTone(order.paymentStatus)} />
              </Row>
              <Row label="Subtotal">{formatGbp(order.subtotalPence)}</Row>
              <Row label={discountLabel(order.discountCode)}>{order.discountPence > 0 ? `-${formatGbp(order.discountPence)}` : adminFulfilment.noDiscount}</Row>
              {/* "Free", as the shopper's checkout and e-mails said it. */}
              <Row label={`Shipping (${order.shippingMethod})`}>{order.shippingPence === 0 ? adminFulfilment.freeShipping : formatGbp(order.shippingPence)}</Row>
              <Row label="Total">
                <strong>{formatGbp(order.totalAmount)}</strong>
              </Row>
              {order.refundedPence > 0 ? (
                <>
                  <Row label={adminRefunds.refundedSoFar}>
                    <span data-refunded>-{formatGbp(order.refundedPence)}</span>
                  </Row>
                  <Row label={adminRefunds.refundable}>{formatGbp(Math.max(0, order.totalAmount - order.refundedPence))}</Row>
                </>
              ) : null}
            </dl>
          </AdminCard>
          <AdminCard className="p-4">
            <h2 className="mb-3 text-sm font-semibold text-gray-900">{adminFulfilment.timeline}</h2>
            <ol className="space-y-3" aria-label={adminFulfilment.timeline}>
              {order.timeline.map((entry, index) => {
                const Icon = TIMELINE_ICONS[entry.kind];
                return (
                  <li key={index} className="flex gap-3">
                    <span className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-gray-100 text-gray-700">
                      <Icon aria-hidden className="h-3.5 w-3.5" />
                    </span>
                    <div className="min-w-0 text-sm">
                      <p className="wrap-anywhere font-medium text-gray-900">{entry.title}</p>
                      {/* A note is the admin's own words, in whichever direction they write. */}
                      {entry.detail ? (
                        <p dir="auto" className="whitespace-pre-wrap wrap-anywhere text-gray-700">
                          {entry.detail}
                        </p>
                      ) : null}
                      <p className="text-xs text-gray-600">
                        <time dateTime={entry.at}>{formatAdminDateTime(entry.at)}</time>
                        {entry.by ? ` · ${emailForDisplay(entry.by)}` : ""}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ol>
            <NoteForm orderId={order.id} max={noteMax} />
          </AdminCard>
        </div>
      </div>
    </div>
  );
}

function NoteForm({ orderId, max }: { orderId: string; max: number }) {
  const fetcher = useAdminFetcher<{ ok: boolean; message: string; field?: string }>();
  const formRef = useRef<HTMLFormElement>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // A refused note is marked on the field (and the cursor put back there); anything else is a toast.
  const noteError = answer && !answer.ok && answer.field === "note" ? answer.message : undefined;
  useEachAnswer(fetcher, (answer) => {
    if (answer.field) {
      focusFirstInvalid(formRef.current);
      return;
    }
    if (answer.ok) {
      toast.success(answer.message);
      formRef.current?.reset();
    } else toast.error(answer.message);
    // The button was disabled while the note was sent, which let the focus fall to the page: it
    // goes back to the notes field, ready for the next one.
    (formRef.current?.elements.namedItem("note") as HTMLTextAreaElement | null)?.focus();
  });
  return (
    <fetcher.Form method="post" ref={formRef} noValidate className="mt-4 border-t border-gray-100 pt-3">
      <input type="hidden" name="intent" value="note" />
      <input type="hidden" name="orderId" value={orderId} />
      <TextAreaField density="compact" id="order-note" name="note" label={adminFulfilment.notes} error={noteError} rows={3} maxLength={max} placeholder={adminFulfilment.notePlaceholder} />
      <BusyButton type="submit" busy={fetcher.state !== "idle"} className={`${adminButton.primary} mt-2`}>
        {adminFulfilment.addNote}
      </BusyButton>
    </fetcher.Form>
  );
}

/** Only "no such order" is answered here; anything else (a guest's login) goes to the admin layout. */
export function ErrorBoundary() {
  return <NotFoundBoundary title={adminFulfilment.orderNotFound} backTo="/admin/orders" backLabel={adminFulfilment.backToOrders} />;
}
