// /admin/customers (admin.md section 2 "Admin Customers", sections 3 and 9): customers derived from
// orders by e-mail, highest spend first, searched and paged on the server (?search=&page=, so a
// view can be bookmarked), each linking to their orders. Each card also downloads everything held
// about the person and erases it (the privacy page's "Your rights"; docs/data-model.md "Personal data"),
// as does a look-up by e-mail for someone the list does not show (no orders).
import { RefreshCw } from "lucide-react";
import { useCallback, useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { CUSTOMER_SEARCH_MAX_LENGTH, parseCustomerListQuery } from "../../domain/admin/customers.ts";
import { erasureDoneMessage, parseCustomerEmail } from "../../domain/admin/personal-data.ts";
import { count } from "../../domain/admin/dashboard.ts";
import { adminCustomers as texts, adminDashboard } from "../../domain/messages/admin.ts";
import { requireAdminAction, requireAdminPage } from "../../server/admin/admin-guard.server.ts";
import { listCustomers, toCustomerListCard } from "../../server/admin/customers/customers.server.ts";
import { eraseMailFiles, erasePersonalData, personalDataOf } from "../../server/admin/customers/personal-data.server.ts";
import type { Database } from "../../server/db/client.server.ts";
import { outboxDir } from "../../server/mail/mail-delivery.server.ts";
import { readAdminForm } from "../components/admin/admin-form.server.ts";
import { EraseCustomerDialog, type ErasureAnswer } from "../components/admin/customers/erase-customer-dialog.tsx";
import { ERASURE_STATUS } from "../components/admin/customers/erasure-answers.server.ts";
import { CustomerCard, CustomerCardIcons } from "../components/admin/customers/customer-card.tsx";
import { CustomerSummaryCards } from "../components/admin/customers/summary-cards.tsx";
import { PersonLookup, type PersonLookupResult } from "../components/admin/customers/person-lookup.tsx";
import { useAutoRefresh } from "../components/admin/use-auto-refresh.ts";
import { adminButton, AdminSearchField, ClearSearchLink } from "../components/admin/ui/admin-ui.tsx";
import { BusyButton } from "../components/admin/ui/busy-button.tsx";
import { PaginationNav } from "../components/pagination-nav.tsx";
import { searchPageHref } from "../components/admin/ui/admin-pager.tsx";
import { adminHead } from "../components/admin/admin-head.ts";
import { toast } from "../lib/toast.ts";
import type { Route } from "./+types/admin.customers";
import { appContext, requestContext } from "../app-context.ts";
import { logRequestError } from "../../server/http/error-log.server.ts";

export const meta: Route.MetaFunction = ({ matches }) => adminHead(texts.title, matches);

// admin.md section 9: admin data is "fresh for 5 minutes"; the list follows new orders at that pace.
const CUSTOMERS_REFRESH_MS = 5 * 60_000;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireAdminPage(context.get(appContext), request, context.get(requestContext).setCookie);
  const parsed = parseCustomerListQuery(url.searchParams);
  const query = parsed.ok ? parsed : { search: (url.searchParams.get("search") ?? "").trim().slice(0, CUSTOMER_SEARCH_MAX_LENGTH), page: 1 };
  try {
    const [customers, lookup] = await Promise.all([listCustomers(context.get(appContext).db, query), lookUpPerson(context.get(appContext).db, url.searchParams.get("person"))]);
    // The cards' fields only: the page's data is serialised for the browser besides its HTML.
    return { customers: { ...customers, items: customers.items.map(toCustomerListCard) }, lookup, error: null };
  } catch (error) {
    // admin.md section 8: "Error loading customer data: {message}" with Try Again.
    logRequestError("the Customers page", error);
    return { customers: null, search: query.search, lookup: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/** `?person=`: whether the shop holds anything about that address, for someone the list does not show. */
async function lookUpPerson(db: Database, value: string | null): Promise<PersonLookupResult> {
  if (value === null) return null;
  const parsed = parseCustomerEmail(value);
  if (!parsed.ok) return { error: parsed.message, typed: value.slice(0, 254) };
  return { email: parsed.email, holds: (await personalDataOf(db, parsed.email)) !== null };
}

/** One form: a card's "Erase personal data", its e-mail typed again to confirm. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin, ended } = await requireAdminAction(context.get(appContext), request, context.get(requestContext).setCookie);
  if (ended) return ended;
  const app = context.get(appContext);
  const { form, refusal } = await readAdminForm(request);
  const answer = (body: ErasureAnswer, status = 200) => data<ErasureAnswer>(body, { status });
  if (refusal) return answer({ ok: false, intent: "erase", message: refusal.message }, 400);
  const parsed = parseCustomerEmail(form?.get("intent") === "erase" ? form.get("email") : null);
  if (!parsed.ok) return answer({ ok: false, intent: "erase", message: parsed.message }, 400);
  const confirmation = form?.get("confirmation");
  try {
    const erased = await erasePersonalData(app.db, admin, parsed.email, typeof confirmation === "string" ? confirmation : "");
    if (!erased.ok) return answer({ ok: false, intent: "erase", message: erased.message, ...(erased.reason === "held" ? { orders: erased.orders } : {}) }, ERASURE_STATUS[erased.reason]);
    await eraseMailFiles(outboxDir(app.config.dataDir), parsed.email);
    return answer({ ok: true, intent: "erase", message: erasureDoneMessage(erased.summary) });
  } catch (error) {
    logRequestError("customer erasure", error);
    return answer({ ok: false, intent: "erase", message: texts.eraseFailed }, 500);
  }
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { customers, error, lookup } = loaderData;
  const revalidator = useAutoRefresh(CUSTOMERS_REFRESH_MS);
  const navigation = useNavigation();
  const busy = revalidator.state === "loading" || navigation.state === "loading";
  const search = customers?.search ?? ("search" in loaderData ? (loaderData.search ?? "") : "");
  const [erasing, setErasing] = useState<string | null>(null);
  const closeErasure = useCallback(() => setErasing(null), []);
  const refresh = () => {
    toast.info(adminDashboard.refreshing);
    void revalidator.revalidate();
  };
  return (
    <div className="mx-auto w-full max-w-6xl space-y-5" aria-busy={busy}>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{texts.title}</h1>
          {customers && (
            <span className="rounded-full bg-gray-900 px-2.5 py-0.5 text-xs font-semibold tabular-nums text-white" data-count-badge>
              {count(customers.total)}
            </span>
          )}
        </div>
        <BusyButton
          type="button"
          onClick={refresh}
          busy={busy}
          className="inline-flex items-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-900 shadow-sm hover:bg-gray-50"
        >
          <RefreshCw aria-hidden className={`h-4 w-4 ${revalidator.state === "loading" ? "animate-spin" : ""}`} />
          {texts.refresh}
        </BusyButton>
      </header>

      {error !== null || !customers ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4">
          <p className="text-sm font-medium text-red-800">{texts.loadFailed(error ?? "")}</p>
          <button type="button" onClick={refresh} className="mt-3 rounded-md bg-red-700 px-3 py-2 text-sm font-medium text-white hover:bg-red-800">
            {texts.tryAgain}
          </button>
        </div>
      ) : (
        <>
          <CustomerSummaryCards summary={customers.summary} />
          <p className="text-xs text-gray-600">
            {texts.countedNote}
            {search !== "" && ` ${texts.summaryWhileSearching}`}
          </p>

          <Form method="get" role="search" className="flex gap-2" key={search}>
            <AdminSearchField id="customer-search" label={texts.searchLabel} placeholder={texts.searchPlaceholder} value={search} maxLength={100} />
            <button type="submit" className={adminButton.primary}>
              {texts.search}
            </button>
            {search ? <ClearSearchLink to="/admin/customers" /> : null}
          </Form>
          <PersonLookup result={lookup} search={search} onErase={setErasing} />

          {customers.total === 0 ? (
            <div className="rounded-lg border border-dashed border-gray-300 bg-white px-4 py-12 text-center" data-empty="customers">
              <p className="text-base font-semibold text-gray-900">{search ? texts.noMatch : texts.noCustomers}</p>
            </div>
          ) : (
            <>
              <p className="text-xs text-gray-600">
                {texts.showing(
                  (customers.page - 1) * customers.pageSize + 1,
                  (customers.page - 1) * customers.pageSize + customers.items.length,
                  customers.total,
                  count(customers.total),
                )}
              </p>
              <ol className="grid grid-cols-1 gap-3 md:grid-cols-2" aria-label={texts.title}>
                {customers.items.map((customer) => (
                  <li key={customer.email} className="min-w-0">
                    <CustomerCard customer={customer} onErase={setErasing} />
                  </li>
                ))}
              </ol>
              <PaginationNav page={customers.page} pageCount={customers.pageCount} hrefFor={(page) => searchPageHref("/admin/customers", search, page)} />
            </>
          )}
        </>
      )}
      {/* The cards' and the look-up's icons, drawn once for the page. */}
      <CustomerCardIcons />
      <EraseCustomerDialog email={erasing} onClose={closeErasure} />
    </div>
  );
}
