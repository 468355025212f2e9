// One order as a shopper sees it: on /account/orders, /orders/lookup and the order confirmation.
// Amounts are what was charged, in pounds (Stripe always charges GBP; docs/architecture.md "Money").
import { Link } from "react-router";
import { trackingUrl } from "../../../domain/carrier-tracking.ts";
import { orderCard } from "../../../domain/messages/orders.ts";
import { formatGbp } from "../../../domain/money.ts";
import { paymentStatusTone, storefrontOrderStatusTone } from "../../../domain/status.ts";
import type { OrderSummary } from "../../../domain/orders.ts";
import { StatusBadge } from "../status-badge.tsx";

const ORDER_DATE = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long", year: "numeric" });

/**
 * "5 March 2025", by the shop's clock (London, BST in summer) as the back office and the packing
 * slip date an order: the same on the server and in any browser, whatever its time zone.
 */
export function formatOrderDate(iso: string): string {
  return ORDER_DATE.format(new Date(iso));
}

export function OrderCard({ order, headingLevel = 2 }: { order: OrderSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const itemCount = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <article aria-label={`Order ${order.number}`} className="rounded-xl border border-brand-100 bg-white shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3 border-b border-brand-100 px-4 py-4 sm:px-6">
        <div>
          <Heading className="font-serif text-lg font-semibold">Order {order.number}</Heading>
          <p className="mt-0.5 text-sm text-brand-900/70">
            Placed on <time dateTime={order.placedAt}>{formatOrderDate(order.placedAt)}</time> · {itemCount} {itemCount === 1 ? "item" : "items"}
          </p>
        </div>
        <dl className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <div className="flex items-center gap-2">
            <dt className="text-brand-900/70">Status</dt>
            <dd>
              <StatusBadge status={order.status} tone={storefrontOrderStatusTone(order.status)} />
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="text-brand-900/70">Payment</dt>
            <dd>
              <StatusBadge status={order.paymentStatus} tone={paymentStatusTone(order.paymentStatus)} />
            </dd>
          </div>
        </dl>
      </header>
      <ul className="divide-y divide-brand-100 px-4 sm:px-6">
        {order.items.map((item) => {
          const options = [item.size ? `Size ${item.size}` : null, item.colour ? `Colour ${item.colour}` : null].filter(Boolean).join(" · ");
          return (
            <li key={item.id} className="flex items-start justify-between gap-4 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium">
                  {item.productId ? (
                    <Link to={`/product/${item.productId}`} className="hover:underline">
                      {item.name}
                    </Link>
                  ) : (
                    item.name
                  )}
                </p>
                <p className="mt-0.5 text-brand-900/70">
                  {options ? `${options} · ` : ""}Qty {item.quantity}
                </p>
              </div>
              <p className="shrink-0 font-medium tabular-nums">{formatGbp(item.unitPricePence * item.quantity)}</p>
            </li>
          );
        })}
      </ul>
      <dl className="space-y-1.5 border-t border-brand-100 px-4 py-4 text-sm sm:px-6">
        <div className="flex justify-between gap-4">
          <dt className="text-brand-900/70">Subtotal</dt>
          <dd className="tabular-nums">{formatGbp(order.subtotalPence)}</dd>
        </div>
        {order.discountPence > 0 ? (
          <div className="flex justify-between gap-4">
            <dt className="text-brand-900/70">Discount</dt>
            <dd className="tabular-nums">-{formatGbp(order.discountPence)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt className="text-brand-900/70">Shipping ({order.shippingMethod})</dt>
          <dd className="tabular-nums">{order.shippingPence === 0 ? "Free" : formatGbp(order.shippingPence)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-brand-100 pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatGbp(order.totalPence)}</dd>
        </div>
        {order.refundedPence > 0 ? (
          <>
            <div className="flex justify-between gap-4">
              <dt className="text-brand-900/70">{orderCard.refunded}</dt>
              <dd className="tabular-nums">-{formatGbp(order.refundedPence)}</dd>
            </div>
            <div className="flex justify-between gap-4 font-medium">
              <dt>{orderCard.paidAfterRefunds}</dt>
              <dd className="tabular-nums">{formatGbp(order.totalPence - order.refundedPence)}</dd>
            </div>
          </>
        ) : null}
        {order.carrier ? <Line term={orderCard.sentWith} value={order.carrier} /> : null}
        {order.trackingNumber ? <Line term={orderCard.trackingNumber} value={order.trackingNumber} href={trackingUrl(order.carrier, order.trackingNumber)} /> : null}
        {order.deliveryAddress ? (
          <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 border-t border-brand-100 pt-2">
            <dt className="text-brand-900/70">{orderCard.deliveringTo}</dt>
            {/* A real town runs to 58 letters (Llanfairpwll…): it breaks rather than widening a phone's page. */}
            <dd className="min-w-0 wrap-anywhere">
              {order.recipient ? (
                <span className="block font-medium" data-testid="delivery-recipient">
                  <span dir="auto">{order.recipient}</span>
                </span>
              ) : null}
              <span className="block" data-testid="delivery-address">
                <span dir="auto">{order.deliveryAddress}</span>
              </span>
            </dd>
          </div>
        ) : null}
      </dl>
    </article>
  );
}

/** A term and its value; a value with an address (the carrier's tracking page) is a link to it. */
function Line({ term, value, href }: { term: string; value: string; href?: string | null }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 border-t border-brand-100 pt-2">
      <dt className="text-brand-900/70">{term}</dt>
      <dd className="break-all">
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer" className="underline underline-offset-2 hover:text-brand-700">
            {value}
            <span className="sr-only"> {orderCard.opensCarrierSite}</span>
          </a>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}
