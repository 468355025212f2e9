// /admin/orders (admin.md sections 2, 4, 7, 8): search, status filter and page in the URL,
// orders grouped by customer e-mail, each with its status dropdown, View Details and Print Label;
// several orders' labels printed in one go; the current view exported as CSV.
import { Download, Loader2, PackageSearch, Printer, Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useLocation, useNavigation, useSubmit } from "react-router";
import { ADMIN_SEARCH_MAX_LENGTH, emptyOrdersTitle, orderFilterSearch, ORDER_LIST_SHOWS, readOrderFilter } from "../../domain/admin/order-filters.ts";
import { customerEmailText, customerGroupTitle, groupByCustomerEmail } from "../../domain/admin/order-display.ts";
import { orderListShowText } from "../../domain/admin/dashboard.ts";
import { emailForDisplay } from "../../domain/email-display.ts";
import { printPreview } from "../../domain/admin/shipping-label.ts";
import { adminFulfilment, adminOrders } from "../../domain/messages/admin.ts";
import { ORDER_STATUSES, statusLabel } from "../../domain/status.ts";
import { requireAdminAction, requireAdminPage } from "../../server/admin/admin-guard.server.ts";
import { listAdminOrders, toOrderListItem } from "../../server/admin/orders/orders-list.server.ts";
import { AdminOrderCard, AdminOrderCardIcons } from "../components/admin/orders/admin-order-card.tsx";
import { AdminPager } from "../components/admin/ui/admin-pager.tsx";
import { adminButton, AdminSearchField, ClearSearchLink, EmptyState, PageHeader, useShowsValue } from "../components/admin/ui/admin-ui.tsx";
import { ViewLinks } from "../components/admin/ui/view-links.tsx";
import { SelectField } from "../components/form/field.tsx";
import { readAdminForm } from "../components/admin/admin-form.server.ts";
import { handleOrderIntent } from "../components/admin/orders/order-intents.server.ts";
import { adminHead } from "../components/admin/admin-head.ts";
import type { Route } from "./+types/admin.orders";
import { revalidateAfterOrderRefusal } from "../components/admin/orders/revalidate-after-refusal.ts";
import { pageHeading, useFocusAfterRemoval } from "../components/admin/ui/focus-after-removal.ts";
import { clearOfStickyBar, useStickyBarClearance } from "../components/admin/ui/sticky-bar-clearance.ts";
import { appContext, requestContext } from "../app-context.ts";
import { logRequestError } from "../../server/http/error-log.server.ts";

export const meta: Route.MetaFunction = ({ matches }) => adminHead(adminOrders.title, matches);

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireAdminPage(context.get(appContext), request, context.get(requestContext).setCookie);
  const filter = readOrderFilter(url.searchParams);
  const view = { search: (url.searchParams.get("search") ?? "").trim().slice(0, ADMIN_SEARCH_MAX_LENGTH), status: filter.status, show: filter.show };
  try {
    const page = await listAdminOrders(context.get(appContext).db, filter);
    // The cards' fields only: the page's data is serialised for the browser besides its HTML.
    return { view, result: { ...page, items: page.items.map(toOrderListItem) }, error: null };
  } catch (error) {
    logRequestError("the Orders page", error);
    return { view, result: null, error: error instanceof Error ? error.message : String(error) };
  }
}

export const shouldRevalidate = revalidateAfterOrderRefusal;

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, ended } = await requireAdminAction(context.get(appContext), request, context.get(requestContext).setCookie);
  if (ended) return ended;
  return handleOrderIntent(context.get(appContext), admin, await readAdminForm(request));
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { view, result, error } = loaderData;
  const navigation = useNavigation();
  const submit = useSubmit();
  const statusShown = useShowsValue<HTMLSelectElement>(view.status ?? "");
  const location = useLocation();
  const here = location.pathname + location.search;
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/orders";
  // A selection belongs to the list it was made on: another page, search, status or view starts
  // with none, as Shopify's list does, so no order off the screen is ever printed or counted.
  const list = orderFilterSearch({ ...view, page: result?.page });
  const [selection, setSelection] = useState<{ list: string; ids: string[] }>({ list, ids: [] });
  const selected = selection.list === list ? selection.ids : [];
  const setSelected = (change: (ids: string[]) => string[]) => setSelection((current) => ({ list, ids: change(current.list === list ? current.ids : []) }));
  const onSelect = (id: string, on: boolean) => setSelected((ids) => (on ? [...new Set([...ids, id])] : ids.filter((other) => other !== id)));
  // The labels of a whole page in one tick (20 orders a page); ticked again, none. Every order is
  // ticked, as Shopify's list does: the print leaves out those that must not be sent, and the
  // selection bar says so before Print is pressed.
  const pageIds = result?.items.map((order) => order.id) ?? [];
  // What Print sends: the boxes ticked and still on the list (an order whose new status takes it
  // off a filtered list leaves the selection with it).
  const ticked = result?.items.filter((order) => selected.includes(order.id)) ?? [];
  const preview = printPreview(ticked);
  const onSelectPage = (on: boolean) => setSelected((ids) => (on ? [...new Set([...ids, ...pageIds])] : ids.filter((id) => !pageIds.includes(id))));
  const selectPage = useRef<HTMLInputElement>(null);
  const printHint = ticked.length === 0 && pageIds.length > 0;
  useEffect(() => {
    if (selectPage.current) selectPage.current.indeterminate = ticked.length > 0 && ticked.length < pageIds.length;
  });
  const filtered = view.search !== "" || view.status !== null || view.show !== null;
  const shown = view.show ? orderListShowText(view.show) : null;
  // A search or status narrows the view; Clear takes both away and stays in the view.
  const clearHref = view.search !== "" || view.status !== null ? `/admin/orders${orderFilterSearch({ show: view.show })}` : null;
  // On a filtered list (Processing) an order whose status changes leaves the list once saved, and
  // the control that had the focus with it: the next order's status takes the focus (the heading
  // when none is left), not <body>.
  const { note: noteStatusSaving, restore: restoreFocus } = useFocusAfterRemoval(pageHeading);
  useEffect(() => restoreFocus(), [result, restoreFocus]);
  const { barRef: selectionBar, clearance } = useStickyBarClearance();
  const exportHref = `/api/admin/orders/export.csv${orderFilterSearch(view)}`;

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <PageHeader title={adminOrders.title} badge={result?.total ?? 0}>
        <a href={exportHref} className={adminButton.secondary} download>
          <Download aria-hidden className="h-4 w-4" />
          {adminFulfilment.exportCsv}
        </a>
        <Form id="print-selected" method="get" action="/admin/orders/print">
          {/* The labels' Back comes back to this view of the list (its search, filter and page). */}
          <input type="hidden" name="back" value={here} />
          {/* With nothing ticked it stays focusable and says why it waits (a disabled button is
              skipped by Tab and says nothing); pressed, it takes the owner to "Select all". */}
          <button
            type="submit"
            className={`${adminButton.primary} aria-disabled:cursor-not-allowed aria-disabled:bg-gray-500 aria-disabled:hover:bg-gray-500`}
            aria-disabled={ticked.length === 0 ? true : undefined}
            aria-describedby={printHint ? "print-labels-hint" : undefined}
            onClick={(event) => {
              if (ticked.length > 0) return;
              event.preventDefault();
              selectPage.current?.focus();
            }}
          >
            <Printer aria-hidden className="h-4 w-4" />
            {adminFulfilment.printLabels(preview.printing)}
          </button>
        </Form>
      </PageHeader>
      {printHint ? (
        <p id="print-labels-hint" className="-mt-2 text-sm text-gray-700 sm:text-right" data-print-labels-hint>
          {adminFulfilment.printLabelsHint}
        </p>
      ) : null}

      {/* Every set of orders the list can show, the search kept across them. */}
      <ViewLinks
        label={adminOrders.views}
        links={[null, ...ORDER_LIST_SHOWS].map((show) => ({
          key: show ?? "all",
          to: `/admin/orders${orderFilterSearch({ show, search: view.search })}`,
          text: show ? orderListShowText(show).title : adminOrders.viewAll,
          current: show === view.show,
        }))}
      />

      <Form method="get" role="search" className="flex flex-col gap-2 sm:flex-row sm:items-start" onChange={(event) => {
        // The status filter applies at once; typing waits for Enter or the search button.
        if ((event.target as HTMLElement).tagName === "SELECT") submit(event.currentTarget, { replace: true });
      }}>
        {/* A search or status chosen within a Dashboard figure's orders stays within them. */}
        {view.show ? <input type="hidden" name="show" value={view.show} /> : null}
        <AdminSearchField label={adminOrders.searchLabel} placeholder={adminOrders.searchPlaceholder} hint={adminOrders.searchHint} value={view.search} maxLength={ADMIN_SEARCH_MAX_LENGTH} />
        <SelectField density="compact" hideLabel label={adminOrders.statusFilter} name="status" defaultValue={view.status ?? ""} ref={statusShown}>
          <option value="">{view.show ? adminOrders.anyStatus : adminOrders.allOrders}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={adminButton.secondary}>
          <Search aria-hidden className="h-4 w-4" />
          Search
        </button>
        {clearHref ? <ClearSearchLink to={clearHref} /> : null}
      </Form>

      {shown ? (
        // Opened from a Dashboard figure: its orders, exactly, and what they are.
        <p role="note" data-order-show={view.show} className="rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-950">
          <span className="font-semibold">{shown.title}</span>: {shown.explanation}
        </p>
      ) : null}

      {loading ? (
        <p role="status" className="flex items-center gap-2 text-sm text-gray-700">
          <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
          {adminOrders.loading}
        </p>
      ) : null}

      {error !== null ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {adminOrders.loadFailed(error)}
        </p>
      ) : result && result.total === 0 ? (
        <EmptyState icon={<PackageSearch aria-hidden className="h-10 w-10 text-gray-500" />} title={emptyOrdersTitle(view)} note={filtered ? undefined : adminOrders.noOrdersNote}>
          {clearHref ? <ClearSearchLink to={clearHref} /> : null}
        </EmptyState>
      ) : result ? (
        <div className={`space-y-4 ${clearOfStickyBar}`} style={clearance}>
          <AdminOrderCardIcons />
          {/* On a phone the box is 24 px and its label the finger's 44 px target, as on the cards. */}
          <label className="flex min-h-11 w-fit items-center gap-2 px-1 text-sm font-medium text-gray-900 sm:min-h-0">
            <input
              ref={selectPage}
              type="checkbox"
              checked={pageIds.length > 0 && ticked.length === pageIds.length}
              onChange={(event) => onSelectPage(event.target.checked)}
              className="h-6 w-6 rounded border-gray-400 sm:h-4 sm:w-4"
            />
            {adminFulfilment.selectAllOnPage}
          </label>
          <div className={`space-y-4 ${loading ? "opacity-60" : ""}`}>
            {groupByCustomerEmail(result.items).map((group) => {
              const first = group.orders[0]!;
              const count = result.customerOrderCounts[group.email] ?? group.orders.length;
              return (
                <section key={group.email} aria-label={adminOrders.customerGroupLabel(customerGroupTitle(first.customer), emailForDisplay(group.email))} className="rounded-lg border border-gray-200 bg-gray-100/60 p-2 sm:p-3">
                  <header className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 px-1">
                    <div className="min-w-0">
                      <h2 className="text-sm font-semibold text-gray-900">{customerGroupTitle(first.customer)}</h2>
                      <p className="wrap-anywhere text-xs text-gray-700">{customerEmailText(first.customer)}</p>
                    </div>
                    <p className="text-xs font-medium text-gray-700">{adminOrders.groupOrderCount(count, group.orders.length)}</p>
                  </header>
                  <div className="space-y-2">
                    {group.orders.map((order) => (
                      <AdminOrderCard key={order.id} order={order} selected={selected.includes(order.id)} onSelect={onSelect} back={here} onStatusSaving={noteStatusSaving} />
                    ))}
                  </div>
                </section>
              );
            })}
          </div>
          {ticked.length > 0 ? (
            // Ticked far down a phone's list, the print button at the top is out of sight: this bar stays in view.
            <div ref={selectionBar} className="sticky bottom-3 z-10 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2 shadow-md" data-selection-bar data-sticky-bar>
              <p className="text-sm text-gray-900" aria-live="polite">
                {adminFulfilment.ordersSelected(ticked.length)}
              </p>
              <button type="submit" form="print-selected" className={adminButton.primary}>
                <Printer aria-hidden className="h-4 w-4" />
                {adminFulfilment.printLabels(preview.printing)}
              </button>
              {preview.leftOut.length > 0 ? (
                // A line of its own under the count and the button, so that on a phone neither is squeezed.
                <p className="basis-full text-sm text-gray-700" aria-live="polite" data-selection-left-out>
                  {adminFulfilment.selectionLeftOut(
                    ticked.length - preview.printing,
                    preview.leftOut.map(({ reason, count }) => adminFulfilment.selectionHeld[reason](count)).join(", "),
                  )}{" "}
                  {adminFulfilment.selectionPrintAnyway}
                </p>
              ) : null}
            </div>
          ) : null}
          <AdminPager page={result.page} pageCount={result.pageCount} href={(page) => `/admin/orders${orderFilterSearch({ ...view, page })}`} />
        </div>
      ) : null}
    </div>
  );
}

