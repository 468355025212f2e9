// /admin/products/spreadsheet (issue 13 "The owner's own spreadsheet"; decision 029): export the
// catalogue as CSV, download the template, upload a file, see its preview with every problem by
// row and column, import it as a background job and follow its progress (also after a reload).
import { Download, FileSpreadsheet, Info } from "lucide-react";
import { priceWithMarkup } from "../../domain/markup.ts";
import { adminProductEditor } from "../../domain/messages/admin.ts";
import { formatGbp } from "../../domain/money.ts";
import { catalogueCsvPage as texts } from "../../domain/messages/catalogue-csv.ts";
import { requireAdminPage } from "../../server/admin/admin-guard.server.ts";
import { CATALOGUE_IMPORT_JOB } from "../../server/admin/catalogue-csv/catalogue-import-job.server.ts";
import { findActiveJob, findLatestJob, getJob } from "../../server/admin/jobs/jobs.server.ts";
import { SpreadsheetImport } from "../components/admin/catalogue-csv/spreadsheet-import.tsx";
import { AdminBackLink, AdminCard, adminButton, PageHeader } from "../components/admin/ui/admin-ui.tsx";
import { adminHead } from "../components/admin/admin-head.ts";
import type { Route } from "./+types/admin.products.spreadsheet";
import { appContext, requestContext } from "../app-context.ts";
import { readOnlyAdminPageAction } from "../components/admin/admin-read-only.server.ts";
import { getPriceSettings } from "../../server/settings/price-settings.server.ts";

/** The price the note works through, as it would be typed in the file. */
const EXAMPLE_BASE_PENCE = 4500;
const EXAMPLE_BASE_PRICE = "45.00";

export const meta: Route.MetaFunction = ({ matches }) => adminHead(texts.title, matches);

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  await requireAdminPage(app, request, context.get(requestContext).setCookie);
  // ?job= is the import this page started (it stays in the address, so a reload shows that one
  // even when another admin has imported since); else the import running now, else the last one.
  const asked = (url.searchParams.get("job") ?? "").slice(0, 100);
  const named = asked ? await getJob(app.db, asked) : null;
  const runningOrLast = async () => (await findActiveJob(app.db, CATALOGUE_IMPORT_JOB)) ?? (await findLatestJob(app.db, CATALOGUE_IMPORT_JOB));
  const [{ markupPercent }, job] = await Promise.all([getPriceSettings(app.db), named?.kind === CATALOGUE_IMPORT_JOB ? named : runningOrLast()]);
  return { job, markupPercent };
}

/** Nothing to post here: admin rights first, then 405. */
export const action = readOnlyAdminPageAction;

export default function AdminProductsSpreadsheet({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-6xl space-y-5">
      <div className="space-y-2">
        <AdminBackLink to="/admin/products">{adminProductEditor.backToProducts}</AdminBackLink>
        <PageHeader title={texts.title} subtitle={texts.subtitle} />
        <p className="flex items-start gap-2 rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900" data-prices-note>
          <Info aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {texts.pricesNote(loaderData.markupPercent, { base: EXAMPLE_BASE_PRICE, shop: formatGbp(priceWithMarkup(EXAMPLE_BASE_PENCE, loaderData.markupPercent)) })}
        </p>
      </div>

      <AdminCard className="p-4">
        <h2 className="text-base font-semibold text-gray-900">{texts.exportTitle}</h2>
        <p className="mt-1 text-sm text-gray-600">{texts.exportBody}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <a href="/api/admin/products/export.csv" download className={adminButton.primary}>
            <Download aria-hidden className="h-4 w-4" /> {texts.exportCsv}
          </a>
          <a href="/api/admin/products/template.csv" download className={adminButton.secondary}>
            <FileSpreadsheet aria-hidden className="h-4 w-4" /> {texts.downloadTemplate}
          </a>
        </div>
      </AdminCard>

      <AdminCard className="p-4">
        <h2 className="text-base font-semibold text-gray-900">{texts.importTitle}</h2>
        <p className="mb-4 mt-1 text-sm text-gray-600">{texts.importBody}</p>
        <SpreadsheetImport activeJob={loaderData.job} />
      </AdminCard>
    </div>
  );
}
