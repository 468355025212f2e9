// /admin/stripe, labelled "Stripe" as the spec's sidebar does (admin.md sections 2, 6, 8, 9): the
// payment transactions of every order, four cards, search, and Sync Products to Stripe as a
// background job with progress. Its own access check shows Access Denied to a signed-in
// non-admin, with no data loaded.
import { Info, RefreshCw, UploadCloud } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useNavigation, useRevalidator } from "react-router";
import { count } from "../../domain/admin/dashboard.ts";
import { isJobFinished, type JobView } from "../../domain/admin/jobs.ts";
import { formatLondonDateTime } from "../../domain/admin/london-time.ts";
import { formatOrderNumber } from "../../domain/order-number.ts";
import { adminAccess, adminDashboard, adminOrders, adminPayments as texts } from "../../domain/messages/admin.ts";
import { formatGbp } from "../../domain/money.ts";
import { emailForDisplay } from "../../domain/email-display.ts";
import { adminOrderStatusTone, paymentStatusTone } from "../../domain/status.ts";
import { checkAdminPage } from "../../server/admin/admin-guard.server.ts";
import { getPaymentsOverview, readTransactionsQuery, type PaymentsOverview } from "../../server/admin/stripe/payments-overview.server.ts";
import { activeStripeSync } from "../../server/admin/stripe/stripe-sync-start.server.ts";
import { useJob } from "../components/admin/jobs/use-job.ts";
import { AccessDenied } from "../components/admin/access-denied.tsx";
import { AdminCard, adminButton, AdminSearchField, ClearSearchLink, PageHeader } from "../components/admin/ui/admin-ui.tsx";
import { AdminPager, searchPageHref } from "../components/admin/ui/admin-pager.tsx";
import { BusyButton } from "../components/admin/ui/busy-button.tsx";
import { StatusBadge } from "../components/status-badge.tsx";
import { adminHead } from "../components/admin/admin-head.ts";
import { toast } from "../lib/toast.ts";
import type { Route } from "./+types/admin.stripe";
import { appContext, requestContext } from "../app-context.ts";
import { methodNotAllowed } from "../lib/api.ts";
import { logRequestError } from "../../server/http/error-log.server.ts";
import { reportIfSessionEnded } from "../components/admin/session-sign-in.tsx";
import { FigureCards } from "../components/admin/ui/figure-cards.tsx";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => adminHead(loaderData?.denied ? adminAccess.accessDeniedTitle : texts.title, matches);

type StripePageData = {
  denied: boolean;
  provider: "stripe" | "local";
  overview: PaymentsOverview | null;
  search: string;
  activeSync: JobView | null;
};

/** What a signed-in non-admin gets: Access Denied, and none of the shop's data. */
const DENIED: StripePageData = { denied: true, provider: "local", overview: null, search: "", activeSync: null };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const viewer = await checkAdminPage(app, request, context.get(requestContext).setCookie);
  if (viewer === "denied") return data<StripePageData>(DENIED, { status: 403 });
  const query = readTransactionsQuery(url.searchParams);
  try {
    const [overview, activeSync] = await Promise.all([getPaymentsOverview(app.db, query), activeStripeSync(app.db)]);
    return data<StripePageData>({ denied: false, provider: app.payments.name, overview, search: query.search, activeSync });
  } catch (error) {
    // admin.md section 8: "Error Loading Data", "There was an issue loading the Stripe data".
    logRequestError("the Stripe screen", error);
    return data<StripePageData>({ denied: false, provider: app.payments.name, overview: null, search: query.search, activeSync: null });
  }
}

/** Nothing to post here (the sync is POST /api/admin/stripe/sync): the page's own check first, then 405. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await checkAdminPage(context.get(appContext), request, context.get(requestContext).setCookie);
  if (viewer === "denied") return data<StripePageData>(DENIED, { status: 403 });
  throw methodNotAllowed("GET");
}

export default function AdminStripe({ loaderData }: Route.ComponentProps) {
  if (loaderData.denied) return <AccessDenied />;
  return <StripeScreen {...loaderData} />;
}

function StripeScreen({ provider, overview, search, activeSync }: StripePageData) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const busy = revalidator.state === "loading" || navigation.state === "loading";
  const refresh = () => {
    toast.info(texts.refreshing);
    void revalidator.revalidate();
  };
  return (
    <div className="mx-auto w-full max-w-6xl space-y-5" aria-busy={busy}>
      <PageHeader title={texts.title} subtitle={texts.subtitle}>
        <BusyButton type="button" onClick={refresh} busy={busy} className={adminButton.secondary}>
          <RefreshCw aria-hidden className={`h-4 w-4 ${revalidator.state === "loading" ? "animate-spin" : ""}`} />
          {texts.refresh}
        </BusyButton>
        <SyncButton provider={provider} activeSync={activeSync} />
      </PageHeader>
      {provider === "local" ? (
        <p id="sync-unavailable" className="flex items-start gap-2 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900" data-local-provider>
          <Info aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {texts.localProvider}
        </p>
      ) : null}

      {overview === null ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4">
          <h2 className="text-base font-semibold text-red-900">{texts.loadFailedTitle}</h2>
          <p className="mt-1 text-sm text-red-800">{texts.loadFailed}</p>
          <button type="button" onClick={refresh} className={`${adminButton.secondary} mt-3`}>
            {texts.refresh}
          </button>
        </div>
      ) : (
        <>
          <PaymentCards cards={overview.cards} />
          <SearchForm search={search} />
          <Transactions overview={overview} />
        </>
      )}
    </div>
  );
}

function SyncButton({ provider, activeSync }: { provider: "stripe" | "local"; activeSync: JobView | null }) {
  const revalidator = useRevalidator();
  const [starting, setStarting] = useState(false);
  const { job, follow } = useJob(activeSync, {
    onFinished: (finished) => {
      if (finished.status === "succeeded") toast.success(texts.syncSucceeded);
      else toast.error(texts.syncFailed, { description: finished.error ?? undefined });
      void revalidator.revalidate();
    },
  });
  const running = job !== null && !isJobFinished(job.status);
  const start = async () => {
    setStarting(true);
    try {
      const response = await fetch("/api/admin/stripe/sync", { method: "POST", headers: { accept: "application/json" } });
      reportIfSessionEnded(response);
      const answer = (await response.json().catch(() => null)) as { job?: JobView; error?: string } | null;
      if (!response.ok || !answer?.job) {
        toast.error(texts.syncFailed, { description: answer?.error });
        return;
      }
      toast.info(texts.syncStarted);
      follow(answer.job);
    } catch {
      toast.error(texts.syncFailed);
    } finally {
      setStarting(false);
    }
  };
  const local = provider === "local";
  return (
    <>
      <BusyButton
        type="button"
        onClick={() => void start()}
        disabled={local}
        busy={running || starting}
        // With the local provider the page's notice (id sync-unavailable) says why it is disabled.
        aria-describedby={local ? "sync-unavailable" : running ? "sync-progress" : undefined}
        title={local ? texts.nothingToSync : undefined}
        className={adminButton.primary}
      >
        <UploadCloud aria-hidden className="h-4 w-4" />
        {texts.syncProducts}
      </BusyButton>
      {running && job ? (
        <p id="sync-progress" role="status" className="basis-full text-right text-xs text-gray-700">
          {job.progress.total === null ? texts.syncStarted : texts.syncProgress(job.progress.done, job.progress.total)}
          {job.progress.total ? (
            <progress className="ml-2 h-1.5 w-32 align-middle" max={job.progress.total} value={job.progress.done} aria-hidden />
          ) : null}
        </p>
      ) : null}
    </>
  );
}

function PaymentCards({ cards }: { cards: PaymentsOverview["cards"] }) {
  // Total Orders = Paid + Pending + the orders that hold no payment: said, so every number is explained.
  const part = texts.ordersPart;
  const madeOf = [
    part.paid(count(cards.paidOrders)),
    part.pending(count(cards.pendingOrders)),
    ...(cards.refundedOrders > 0 ? [part.refunded(count(cards.refundedOrders))] : []),
    ...(cards.failedOrders > 0 ? [part.failed(count(cards.failedOrders))] : []),
    ...(cards.cancelledUnpaidOrders > 0 ? [part.cancelledUnpaid(count(cards.cancelledUnpaidOrders))] : []),
  ];
  const items = [
    { key: "revenue", label: texts.totalRevenue, value: formatGbp(cards.totalRevenuePence), note: texts.cardNotes.totalRevenue },
    { key: "orders", label: texts.totalOrders, value: count(cards.totalOrders), note: cards.totalOrders > 0 ? texts.totalOrdersMadeOf(madeOf) : texts.cardNotes.totalOrders },
    { key: "paid", label: texts.paidOrders, value: count(cards.paidOrders), note: texts.cardNotes.paidOrders },
    { key: "pending", label: texts.pendingOrders, value: count(cards.pendingOrders), note: texts.cardNotes.pendingOrders },
  ];
  return <FigureCards cards={items} />;
}

function SearchForm({ search }: { search: string }) {
  return (
    // The field's hint sits under its box: the button lines up with the box (its transparent border
    // the box's 1 px one), not with box and hint together.
    <Form method="get" role="search" className="flex items-start gap-2" key={search}>
      <AdminSearchField id="transaction-search" label={texts.searchLabel} placeholder={texts.searchPlaceholder} hint={texts.searchHint} value={search} maxLength={200} />
      <button type="submit" className={`${adminButton.primary} border border-transparent`}>
        {texts.search}
      </button>
      {search ? <ClearSearchLink to="/admin/stripe" /> : null}
    </Form>
  );
}

function Transactions({ overview }: { overview: PaymentsOverview }) {
  const { transactions, total, page, pageCount, pageSize, search } = overview;
  const th = "whitespace-nowrap px-2 py-2 text-left text-xs font-semibold uppercase tracking-wide text-gray-600 first:pl-4 last:pr-4";
  const td = "whitespace-nowrap px-2 py-2 text-sm text-gray-900 first:pl-4 last:pr-4";
  return (
    <AdminCard>
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-gray-100 px-4 py-3">
        <h2 className="text-base font-semibold text-gray-900">{texts.recentTransactions}</h2>
        <p className="text-xs text-gray-600">
          {total > 0 ? `${texts.showing((page - 1) * pageSize + 1, (page - 1) * pageSize + transactions.length, total, count(total))}. ` : ""}
          {texts.londonTime}
        </p>
      </div>
      {transactions.length === 0 ? (
        <div className="px-3 py-10 text-center" data-empty="transactions">
          <p className="text-sm font-semibold text-gray-900">{texts.noTransactions}</p>
          <p className="mt-1 text-xs text-gray-600">{search ? texts.noMatchNote : texts.noTransactionsNote}</p>
        </div>
      ) : null}
      {/* A phone gets one card per transaction; wider screens the spec's table. */}
      <ul className="divide-y divide-gray-100 md:hidden" aria-label={texts.recentTransactions}>
        {transactions.map((transaction) => (
          <li key={transaction.id} data-transaction={transaction.id} className="space-y-1.5 px-4 py-3 text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <span className="font-mono text-gray-900" data-field="order-id" title={transaction.id}>
                {formatOrderNumber(transaction.id)}
              </span>
              <span className="font-semibold tabular-nums text-gray-900" data-field="amount">
                {formatGbp(transaction.amountPence)}
              </span>
            </div>
            <p className="truncate text-gray-900">
              <span dir="auto">{transaction.customerName || emailForDisplay(transaction.customerEmail) || adminOrders.unknownCustomer}</span>
              {transaction.customerName ? <span className="block truncate text-xs text-gray-600">{emailForDisplay(transaction.customerEmail)}</span> : null}
            </p>
            <div className="flex flex-wrap items-center gap-2">
              {/* Without the table's column headings, each badge says what it is the status of. */}
              <StatusBadge status={transaction.paymentStatus} tone={paymentStatusTone(transaction.paymentStatus)} kind={adminDashboard.paymentStatusKind} />
              <StatusBadge status={transaction.status} tone={adminOrderStatusTone(transaction.status)} kind={adminDashboard.orderStatusKind} />
              <span className="text-xs text-gray-700" data-field="items">
                {texts.itemCount(transaction.items)}
              </span>
            </div>
            <div className="flex items-center justify-between gap-3 text-xs text-gray-700">
              <time dateTime={transaction.createdAt} data-field="date">
                {formatLondonDateTime(transaction.createdAt)}
              </time>
              <Link to={`/admin/orders/${encodeURIComponent(transaction.id)}`} className="inline-flex min-h-8 items-center text-sm font-medium text-gray-900 underline underline-offset-2">
                {texts.viewDetails}
                <span className="sr-only"> {formatOrderNumber(transaction.id)}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
      <div className={`hidden overflow-x-auto ${transactions.length === 0 ? "" : "md:block"}`}>
        <table className="w-full divide-y divide-gray-100" aria-label={texts.recentTransactions}>
          <thead className="bg-gray-50">
            <tr>
              <th scope="col" className={th}>{texts.orderId}</th>
              <th scope="col" className={th}>{texts.customer}</th>
              <th scope="col" className={`${th} text-right`}>{texts.items}</th>
              <th scope="col" className={`${th} text-right`}>{texts.amount}</th>
              <th scope="col" className={th}>{texts.paymentStatus}</th>
              <th scope="col" className={th}>{texts.orderStatus}</th>
              <th scope="col" className={th}>{texts.date}</th>
              <th scope="col" className={th}>{texts.actions}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {transactions.map((transaction) => (
                <tr key={transaction.id} data-transaction={transaction.id}>
                  {/* admin.md section 2 says "first 8 characters"; every other screen and the customer's
                      e-mails use the order number, so this column does too (docs/deviations.md). */}
                  <td className={`${td} font-mono`} title={transaction.id} data-field="order-id">
                    {formatOrderNumber(transaction.id)}
                  </td>
                  <td className="max-w-[13rem] px-2 py-2 text-sm">
                    <p className="truncate text-gray-900">
                      <span dir="auto">{transaction.customerName || emailForDisplay(transaction.customerEmail) || adminOrders.unknownCustomer}</span>
                    </p>
                    {transaction.customerName ? <p className="truncate text-xs text-gray-600">{emailForDisplay(transaction.customerEmail)}</p> : null}
                  </td>
                  <td className={`${td} text-right tabular-nums`} data-field="items">
                    {transaction.items}
                  </td>
                  <td className={`${td} text-right tabular-nums`} data-field="amount">
                    {formatGbp(transaction.amountPence)}
                  </td>
                  <td className={td}>
                    <StatusBadge status={transaction.paymentStatus} tone={paymentStatusTone(transaction.paymentStatus)} />
                  </td>
                  <td className={td}>
                    <StatusBadge status={transaction.status} tone={adminOrderStatusTone(transaction.status)} />
                  </td>
                  <td className={`${td} tabular-nums`}>
                    <time dateTime={transaction.createdAt}>{formatLondonDateTime(transaction.createdAt)}</time>
                  </td>
                  <td className={td}>
                    <Link to={`/admin/orders/${encodeURIComponent(transaction.id)}`} className="font-medium text-gray-900 underline underline-offset-2 hover:text-black">
                      {texts.viewDetails}
                      <span className="sr-only"> {formatOrderNumber(transaction.id)}</span>
                    </Link>
                  </td>
                </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pageCount > 1 ? (
        <div className="border-t border-gray-100 px-4 py-3">
          <AdminPager page={page} pageCount={pageCount} href={(to) => searchPageHref("/admin/stripe", search, to)} />
        </div>
      ) : null}
    </AdminCard>
  );
}
