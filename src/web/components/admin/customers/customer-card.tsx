// One customer (admin.md section 2 "Each customer card"): initial avatar, name or e-mail, e-mail,
// phone, Total Orders, Total Spent, Last Order ("Never" if none) and the 3 most recent orders.
import { Download, Trash2 } from "lucide-react";
import { IconSprite, SpriteIcon } from "../ui/icon-sprite.tsx";
import { Link } from "react-router";
import { customerOrdersHref } from "../../../../domain/admin/customers.ts";
import { count } from "../../../../domain/admin/dashboard.ts";
import { formatAdminDate } from "../../../../domain/admin/dates.ts";
import { emailForDisplay } from "../../../../domain/email-display.ts";
import { adminCustomers as texts } from "../../../../domain/messages/admin.ts";
import { formatGbp } from "../../../../domain/money.ts";
import { adminOrderStatusTone, paymentStatusTone } from "../../../../domain/status.ts";
import type { CustomerListCard as Customer } from "../../../../server/admin/customers/customers.server.ts";
import { StatusBadge } from "../../status-badge.tsx";

/** The download is a plain link (no script needed): the browser saves the file the server names. */
export function personalDataHref(email: string): string {
  return `/api/admin/customers/personal-data?email=${encodeURIComponent(email)}`;
}

type PersonAction = { email: string; /** How the person is named to a screen reader. */ name: string };

/** "Download data" for a person, on a card or the look-up's answer. */
export function DownloadDataLink({ email, name }: PersonAction) {
  return (
    // A plain link, not the router's: a file the browser saves, with no script needed.
    <a href={personalDataHref(email)} download className="inline-flex items-center gap-1 py-3 text-sm text-gray-700 underline underline-offset-2 hover:text-black sm:py-0">
      <SpriteIcon id="download" className="h-4 w-4" />
      {texts.downloadData}
      <span className="sr-only"> of {name} (JSON)</span>
    </a>
  );
}

/** "Erase personal data" for a person: opens the page's confirmation dialog. */
export function EraseDataButton({ email, name, onErase, className = "" }: PersonAction & { onErase: (email: string) => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={() => onErase(email)}
      className={`${className} inline-flex items-center gap-1 py-3 text-sm text-red-700 underline underline-offset-2 hover:text-red-900 sm:py-0`}
    >
      <SpriteIcon id="trash-2" className="h-4 w-4" />
      {texts.eraseData}
      <span className="sr-only"> of {name}</span>
    </button>
  );
}

const CARD_ICONS = [
  { id: "download", icon: Download },
  { id: "trash-2", icon: Trash2 },
] as const;

/** The icons every card shows, once for the page: render it beside the list of cards. */
export function CustomerCardIcons() {
  return <IconSprite icons={CARD_ICONS} />;
}

export function CustomerCard({ customer, onErase }: { customer: Customer; onErase: (email: string) => void }) {
  const headingId = `customer-${customer.email.replace(/[^a-z0-9]/gi, "-")}`;
  // Total Orders and Last Order count paid orders: the ones never paid are named beside them.
  const unpaid = Math.max(0, customer.ordersPlaced - customer.totalOrders);
  return (
    <article aria-labelledby={headingId} data-customer={customer.email} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <span aria-hidden className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-gray-900 text-sm font-semibold text-white">
          {customer.initial}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="truncate text-base font-semibold text-gray-900">
            <span dir="auto">{customer.displayName}</span>
          </h2>
          <p className="wrap-anywhere text-sm text-gray-700">{emailForDisplay(customer.email)}</p>
          <p className="text-sm text-gray-700">{customer.phone || <span className="text-gray-500">{texts.noPhone}</span>}</p>
          <span
            className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${
              customer.hasAccount ? "bg-emerald-50 text-emerald-800 ring-emerald-600/20" : "bg-gray-100 text-gray-700 ring-gray-500/20"
            }`}
          >
            {customer.hasAccount ? texts.hasAccount : texts.guest}
          </span>
        </div>
      </div>
      <dl data-figures className="mt-4 grid grid-cols-1 gap-2 rounded-md bg-gray-50 p-3 text-center min-[22.5rem]:grid-cols-3">
        <div>
          <dt className="text-xs text-gray-600">{texts.totalOrders}</dt>
          <dd className="text-sm font-semibold tabular-nums text-gray-900" data-figure="orders">
            {count(customer.totalOrders)}
            {unpaid > 0 ? <span className="block text-xs font-normal text-gray-600">{texts.unpaidOrders(unpaid)}</span> : null}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-gray-600">{texts.totalSpent}</dt>
          <dd className="text-sm font-semibold tabular-nums text-gray-900" data-figure="spent">
            {formatGbp(customer.totalSpentPence)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-gray-600">{texts.lastOrder}</dt>
          <dd className="text-sm font-semibold text-gray-900" data-figure="last-order">
            {customer.lastOrderAt ? <time dateTime={customer.lastOrderAt}>{formatAdminDate(customer.lastOrderAt)}</time> : unpaid > 0 ? texts.nonePaid : texts.never}
          </dd>
        </div>
      </dl>
      {customer.recentOrders.length > 0 && (
        <div className="mt-3">
          <h3 className="text-xs font-medium uppercase tracking-wide text-gray-600">{texts.recentOrders}</h3>
          <ul className="mt-1 divide-y divide-gray-100 text-sm">
            {customer.recentOrders.map((order) => (
              // On a narrow card the badges and the amount wrap as one to a line of their own (kept
              // right), rather than pushing the amount out of the card and folding the date.
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-x-2 sm:py-1.5">
                {/* The order number every other screen shows (admin.md 1's rule) is the card's "short id". */}
                <Link to={`/admin/orders/${order.id}`} className="inline-flex min-h-11 items-center font-mono text-xs text-gray-800 underline-offset-2 hover:underline sm:min-h-0">
                  {order.number}
                </Link>
                <time dateTime={order.createdAt} className="whitespace-nowrap text-xs text-gray-600">
                  {formatAdminDate(order.createdAt)}
                </time>
                <span className="ml-auto flex flex-wrap items-center justify-end gap-2 pb-1.5 sm:pb-0">
                  {order.status === "cancelled" && <StatusBadge status={order.status} tone={adminOrderStatusTone(order.status)} />}
                  {order.paymentStatus !== "paid" && <StatusBadge status={order.paymentStatus} tone={paymentStatusTone(order.paymentStatus)} />}
                  <span className="whitespace-nowrap font-medium tabular-nums text-gray-900">{formatGbp(order.totalPence)}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-1 flex flex-wrap items-center gap-x-4 sm:mt-3 sm:gap-y-2">
        <Link to={customerOrdersHref(customer.email)} className="inline-block py-3 text-sm font-medium text-gray-900 underline underline-offset-2 hover:text-black sm:py-0">
          {texts.viewOrders}
          <span className="sr-only"> of {customer.displayName}</span> ({count(customer.ordersPlaced)})
        </Link>
        <DownloadDataLink email={customer.email} name={customer.displayName} />
        <EraseDataButton email={customer.email} name={customer.displayName} onErase={onErase} className="ml-auto" />
      </div>
    </article>
  );
}
