// One order on the admin Orders screen (admin.md section 2): number, date and time, status badge,
// total, customer, shipping address, items (quantity x price, category, size, colour, line total),
// the status dropdown, View Details and Print Label.
import { Eye, Printer } from "lucide-react";
import { Link } from "react-router";
import { formatAdminDateTime } from "../../../../domain/admin/dates.ts";
import { customerCardName, customerEmailText, orderAdjustmentsText, productNameText } from "../../../../domain/admin/order-display.ts";
import { adminDashboard, adminFulfilment } from "../../../../domain/messages/admin.ts";
import { townLines } from "../../../../domain/address-format.ts";
import { categoryLabel } from "../../../../domain/categories.ts";
import { formatGbp } from "../../../../domain/money.ts";
import { personName } from "../../../../domain/person-name.ts";
import { isRefundable, refundableRemainder } from "../../../../domain/admin/refunds.ts";
import { adminOrderStatusTone, paymentStatusTone } from "../../../../domain/status.ts";
import type { AdminOrder } from "../../../../server/admin/orders/order-view.server.ts";
import type { AdminOrderListItem, AdminOrderListLine } from "../../../../server/admin/orders/orders-list.server.ts";
import { ProductImage } from "../../product-image.tsx";
import { StatusBadge } from "../../status-badge.tsx";
import { adminButton } from "../ui/admin-ui.tsx";
import { IconSprite, SpriteIcon } from "../ui/icon-sprite.tsx";
import { OrderStatusControl } from "./order-status-control.tsx";

/**
 * The delivery address, a line a part; `inline` runs the parts on, comma-separated, for the Orders
 * list, where an address on six lines made each order card as tall as a phone's half screen.
 */
export function ShippingAddressBlock({ address, inline = false }: { address: AdminOrder["shippingAddress"]; inline?: boolean }) {
  const name = personName(address);
  // The town and postcode as the label writes them for the destination ("75008 PARIS").
  const lines = [name, address.address, ...townLines(address), address.country, address.phone].filter(
    (line): line is string => typeof line === "string" && line.trim() !== "",
  );
  if (lines.length === 0) return <p className="text-sm text-gray-600">—</p>;
  // Each part keeps its own direction (an Arabic name or street stays whole beside the others)
  // while the block keeps the page's alignment.
  if (inline) {
    return (
      <address className="wrap-anywhere text-sm not-italic leading-5 text-gray-800">
        {lines.map((line, index) => (
          <span key={index}>
            {index > 0 ? ", " : null}
            <span dir="auto">{line}</span>
          </span>
        ))}
      </address>
    );
  }
  return (
    <address className="wrap-anywhere text-sm not-italic leading-5 text-gray-800">
      {lines.map((line, index) => (
        <span key={index} className="block">
          <span dir="auto">{line}</span>
        </span>
      ))}
    </address>
  );
}

/**
 * The lines of an order; on its own page each also says how many units went back in stock, and
 * shows its picture (`pictures`, by line id: a line without one keeps the picture's column empty,
 * so every name starts at the same place). The Orders list's cards have no pictures.
 */
export function OrderItemsList({ items, pictures }: { items: readonly (AdminOrderListLine & { restockedQuantity?: number })[]; pictures?: Readonly<Record<string, string>> }) {
  const pictured = items.some((item) => pictures?.[item.id]);
  return (
    <ul className="divide-y divide-gray-100">
      {items.map((item) => (
        <li key={item.id} className="flex items-start gap-3 py-1.5 text-sm">
          {pictured ? <LinePicture src={pictures?.[item.id] ?? null} name={productNameText(item.productName)} /> : null}
          <div className="min-w-0 flex-1">
            <p className="wrap-anywhere font-medium text-gray-900">{productNameText(item.productName)}</p>
            {/* One text node rather than five: the same text, less for the server to render. */}
            <p className="text-xs text-gray-600">
              {`${item.quantity} x ${formatGbp(item.unitPricePence)}${item.productCategory ? ` · ${categoryLabel(item.productCategory)}` : ""}${item.size ? ` · Size: ${item.size}` : ""}${item.colour ? ` · Colour: ${item.colour}` : ""}`}
            </p>
            {item.restockedQuantity ? <p className="text-xs font-medium text-gray-800" data-restocked>{adminFulfilment.backInStock(item.restockedQuantity, item.quantity)}</p> : null}
          </div>
          <p className="shrink-0 tabular-nums text-gray-900">{formatGbp(item.lineTotalPence)}</p>
        </li>
      ))}
    </ul>
  );
}

/** A 40 px thumbnail, named for a screen reader; an empty column of the same width when the line has no picture. */
function LinePicture({ src, name }: { src: string | null; name: string }) {
  if (!src) return <span aria-hidden className="w-10 shrink-0" data-no-picture />;
  return (
    <span className="h-10 w-10 shrink-0 overflow-hidden rounded border border-gray-200 bg-gray-50">
      <ProductImage src={src} alt={name} fallbackText="" sizes="40px" />
    </span>
  );
}

const CARD_ICONS = [
  { id: "eye", icon: Eye },
  { id: "printer", icon: Printer },
] as const;

/** The icons every card shows, once for the page: render it beside the list of cards. */
export function AdminOrderCardIcons() {
  return <IconSprite icons={CARD_ICONS} />;
}

export function AdminOrderCard({
  order,
  selected,
  onSelect,
  back,
  onStatusSaving,
}: {
  order: AdminOrderListItem;
  selected: boolean;
  onSelect: (id: string, selected: boolean) => void;
  /** A status change is being sent (the card may leave a filtered list once it is saved). */
  onStatusSaving?: (orderId: string) => void;
  /** The list view the card is on: Back on its label comes here. */
  back: string;
}) {
  const refundable = { paymentStatus: order.paymentStatus, totalAmountPence: order.totalAmount, refundedPence: order.refundedPence };
  // A cancel whose refund the owner unticked leaves money held: such an order is flagged here, not only on its page.
  const adjustments = orderAdjustmentsText(order);
  const heldAfterCancel = order.status === "cancelled" && isRefundable(refundable) ? refundableRemainder(refundable) : 0;
  return (
    <article aria-label={`Order ${order.number}`} className="rounded-md border border-gray-200 bg-white">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-gray-100 px-3 py-2">
        {/* On a phone the box is 24 px (WCAG 2.5.8) and the label around it the finger's 44 px target. */}
        <label className="-m-2.5 flex p-2.5 sm:-m-1 sm:p-1">
          <input
            type="checkbox"
            name="ids"
            value={order.id}
            form="print-selected"
            checked={selected}
            onChange={(event) => onSelect(order.id, event.target.checked)}
            aria-label={adminFulfilment.selectOrder(order.number)}
            className="h-6 w-6 rounded border-gray-400 sm:h-4 sm:w-4"
          />
        </label>
        <h3 className="font-mono text-sm font-semibold text-gray-900">{order.number}</h3>
        <time dateTime={order.createdAt} className="text-xs text-gray-600">
          {formatAdminDateTime(order.createdAt)}
        </time>
        <StatusBadge status={order.status} tone={adminOrderStatusTone(order.status)} />
        {/* Only a payment that is not plainly "paid" is worth a second badge: an unpaid checkout looks like an order otherwise. */}
        {order.paymentStatus !== "paid" ? (
          <StatusBadge status={order.paymentStatus} tone={paymentStatusTone(order.paymentStatus)} kind={adminDashboard.paymentStatusKind} />
        ) : null}
        {heldAfterCancel > 0 ? (
          <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" data-held-after-cancel>
            {adminFulfilment.notRefundedBadge(formatGbp(heldAfterCancel))}
          </span>
        ) : null}
        <p className="ml-auto text-sm font-semibold tabular-nums text-gray-900">
          {formatGbp(order.totalAmount)}
          {order.refundedPence > 0 ? (
            <span className="block text-right text-xs font-normal text-gray-600" data-order-refunded>
              {adminFulfilment.refundedOfTotal(formatGbp(order.refundedPence))}
            </span>
          ) : null}
        </p>
      </header>
      <div className="grid grid-cols-1 gap-3 px-3 py-2 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.5fr)]">
        <div>
          <h4 className="text-xs font-medium uppercase tracking-wide text-gray-600">Customer</h4>
          <p className="wrap-anywhere text-sm text-gray-900">
            <span dir="auto">{customerCardName(order.customer)}</span>
          </p>
          <p className="wrap-anywhere text-sm text-gray-700">{customerEmailText(order.customer)}</p>
        </div>
        <div>
          <h4 className="text-xs font-medium uppercase tracking-wide text-gray-600">Shipping address</h4>
          <ShippingAddressBlock address={order.shippingAddress} inline />
          {order.carrier || order.trackingNumber ? (
            <p className="mt-1 wrap-anywhere text-xs text-gray-700" data-order-shipment>
              {adminFulfilment.shipment(order.carrier, order.trackingNumber)}
            </p>
          ) : null}
        </div>
        <div>
          <h4 className="text-xs font-medium uppercase tracking-wide text-gray-600">Items</h4>
          <OrderItemsList items={order.items} />
          {adjustments ? (
            // The lines alone do not add up to the total in the header: say what lies between.
            <p className="border-t border-gray-100 pt-1.5 text-right text-xs tabular-nums text-gray-700" data-order-adjustments>
              {adjustments}
            </p>
          ) : null}
        </div>
      </div>
      <footer className="flex flex-wrap items-start justify-between gap-2 border-t border-gray-100 px-3 py-2">
        <OrderStatusControl
          order={order}
          onSaving={onStatusSaving}
          // The rest of the footer's row, and a row of its own (the buttons below) when narrower.
          className="min-w-0 flex-1 basis-72"
        />
        <div className="flex flex-wrap gap-2">
          <Link to={`/admin/orders/${encodeURIComponent(order.id)}`} className={adminButton.secondary} aria-label={`${adminFulfilment.viewDetails}: ${order.number}`}>
            <SpriteIcon id="eye" className="h-4 w-4" />
            {adminFulfilment.viewDetails}
          </Link>
          <Link to={`/admin/orders/print?ids=${encodeURIComponent(order.id)}&back=${encodeURIComponent(back)}`} className={adminButton.secondary} aria-label={`${adminFulfilment.printLabel}: ${order.number}`}>
            <SpriteIcon id="printer" className="h-4 w-4" />
            {adminFulfilment.printLabel}
          </Link>
        </div>
      </footer>
    </article>
  );
}
