// /admin: the dashboard (admin.md section 2 "Admin dashboard", sections 7 and 9): six figures
// with what each counts, the 5 newest orders, 30 days of sales drawn on the server, refreshed
// every 30 seconds while the tab is visible and on Refresh Data.
import { RefreshCw } from "lucide-react";
import { data } from "react-router";
import { DASHBOARD_REFRESH_MS } from "../../domain/admin/dashboard.ts";
import { launchSteps } from "../../domain/admin/launch-checklist.ts";
import { formatAdminDateTime } from "../../domain/admin/dates.ts";
import { adminDashboard as texts } from "../../domain/messages/admin.ts";
import { requestErrors } from "../../domain/messages/requests.ts";
import { requireAdminAction, requireAdminPage } from "../../server/admin/admin-guard.server.ts";
import { loadDashboard } from "../../server/admin/dashboard/dashboard.server.ts";
import { readLaunchFacts } from "../../server/admin/dashboard/launch-facts.server.ts";
import { launchChecklistFoldCookie, launchChecklistFolded } from "../../server/admin/dashboard/launch-checklist-fold.server.ts";
import { DashboardBody } from "../components/admin/dashboard/dashboard-body.tsx";
import { LAUNCH_FOLD_INTENT, LaunchChecklist } from "../components/admin/dashboard/launch-checklist.tsx";
import { useAutoRefresh } from "../components/admin/use-auto-refresh.ts";
import { BusyButton } from "../components/admin/ui/busy-button.tsx";
import { adminHead } from "../components/admin/admin-head.ts";
import { keepDataAfterPost } from "../lib/keep-data-after-post.ts";
import { toast } from "../lib/toast.ts";
import type { Route } from "./+types/admin._index";
import { appContext, requestContext } from "../app-context.ts";
import { readAdminForm } from "../components/admin/admin-form.server.ts";

export const meta: Route.MetaFunction = ({ matches }) => adminHead(texts.title, matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  await requireAdminPage(app, request, context.get(requestContext).setCookie);
  const [dashboard, launchFacts] = await Promise.all([loadDashboard(app.db), readLaunchFacts(app.db, app.config)]);
  return { dashboard, launch: launchSteps(launchFacts), launchFolded: launchChecklistFolded(request) };
}

export type LaunchFoldAnswer = { ok: boolean; folded?: boolean; message?: string };

/** The one form here: the owner folded the setup list away (folded=1) or opened it again (folded=0). */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { ended } = await requireAdminAction(app, request, context.get(requestContext).setCookie);
  if (ended) return ended;
  const { form, refusal } = await readAdminForm(request);
  const folded = form?.get("folded");
  if (refusal || form?.get("intent") !== LAUNCH_FOLD_INTENT || (folded !== "1" && folded !== "0")) {
    return data<LaunchFoldAnswer>({ ok: false, message: refusal?.message ?? requestErrors.unknownForm }, { status: 400 });
  }
  const headers = { "Set-Cookie": launchChecklistFoldCookie(folded === "1", app.config.publicUrl.startsWith("https://")) };
  return data<LaunchFoldAnswer>({ ok: true, folded: folded === "1" }, { headers });
}

/** Folding the list changes no figure: the dashboard is not read again for it. */
export const shouldRevalidate = keepDataAfterPost;

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard, launch, launchFolded } = loaderData;
  const revalidator = useAutoRefresh(DASHBOARD_REFRESH_MS);
  const refreshing = revalidator.state === "loading";
  return (
    <div className="mx-auto w-full max-w-6xl space-y-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{texts.title}</h1>
          <p className="mt-1 text-sm text-gray-600">{texts.subtitle}</p>
        </div>
        <div className="flex items-center gap-3">
          <p className="text-xs text-gray-600" aria-live="polite">
            {texts.lastUpdated(formatAdminDateTime(dashboard.generatedAt))}
          </p>
          <BusyButton
            type="button"
            onClick={() => {
              toast.info(texts.refreshing);
              void revalidator.revalidate();
            }}
            busy={refreshing}
            className="inline-flex items-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-900 shadow-sm hover:bg-gray-50"
          >
            <RefreshCw aria-hidden className={`h-4 w-4 ${refreshing ? "animate-spin" : ""}`} />
            {texts.refreshData}
          </BusyButton>
        </div>
      </header>

      <LaunchChecklist steps={launch} folded={launchFolded} />
      <DashboardBody dashboard={dashboard} />
    </div>
  );
}
