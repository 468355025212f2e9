// The seed imports of the Products page (admin.md section 2 "Admin Products page" and "Bulk
// import buttons", section 8): one button per seed category, and the Bulk Product Upload panel.
// Each import is a background job; a button shows its busy label until the job ends, then its
// section 8 message. The page's loader passes the imports still running, so a reload carries on.
import { ChevronRight, PackagePlus, Upload } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { adminCategoryLabel } from "../../../../domain/admin/categories.ts";
import { isJobFinished, jobPercent, type JobView } from "../../../../domain/admin/jobs.ts";
import {
  importButtonLabels,
  importOutcome,
  SEED_IMPORT_SOURCES,
  skippedExplanation,
  type SeedImportCategorySource,
  type SeedImportResult,
  type SeedImportSource,
} from "../../../../domain/admin/seed-imports.ts";
import { imports } from "../../../../domain/messages/admin.ts";
import { seedImportTexts as texts } from "../../../../domain/messages/admin-imports.ts";
import { jobMessages } from "../../../../domain/messages/admin-jobs.ts";
import { toast } from "../../../lib/toast.ts";
import { useJob } from "../jobs/use-job.ts";
import { AdminCard, adminButton } from "../ui/admin-ui.tsx";
import { BusyButton } from "../ui/busy-button.tsx";
import { reportIfSessionEnded } from "../session-sign-in.tsx";

export type SeedImportJobsData = { active: Record<string, JobView>; lastBulk: JobView | null };

async function startImport(source: SeedImportSource): Promise<JobView> {
  const response = await fetch("/api/admin/imports", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ source }),
  });
  reportIfSessionEnded(response);
  const answer = (await response.json().catch(() => null)) as { job?: JobView; error?: string } | null;
  if (!response.ok || !answer?.job) throw new Error(answer?.error ?? `status ${response.status}`);
  return answer.job;
}

type Outcome = { tone: "success" | "error"; messages: string[] };

export function SeedImports({ jobs }: { jobs: SeedImportJobsData }) {
  // The last import's message stays on the page (a toast also says it) until the next one ends.
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return (
    <div className="space-y-4">
      <AdminCard className="p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-base font-semibold text-gray-900">{texts.sectionTitle}</h2>
          <p className="text-xs text-gray-600">{texts.sectionNote}</p>
        </div>
        <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-label={texts.sectionTitle}>
          {SEED_IMPORT_SOURCES.map((source) => (
            <li key={source}>
              <ImportButton source={source} initial={jobs.active[source] ?? null} onOutcome={setOutcome} />
            </li>
          ))}
        </ul>
        <div role="status" aria-live="polite" data-import-message="" className="mt-3 empty:hidden">
          {outcome?.messages.map((message) => (
            <p key={message} className={`text-sm ${outcome.tone === "error" ? "text-red-700" : "text-green-800"}`}>
              {message}
            </p>
          ))}
        </div>
      </AdminCard>
      <BulkUploadPanel initial={jobs.active.all ?? jobs.lastBulk} />
    </div>
  );
}

// Toasts of the imports sit at the bottom, clear of the buttons an owner clicks next.
const TOAST_POSITION = "bottom-center" as const;

function ImportButton({ source, initial, onOutcome }: { source: SeedImportCategorySource; initial: JobView | null; onOutcome: (outcome: Outcome) => void }) {
  const revalidator = useRevalidator();
  const [starting, setStarting] = useState(false);
  const labels = importButtonLabels(source);
  const { job, follow } = useJob(initial, {
    onFinished(finished) {
      const outcome = importOutcome(source, finished.status === "failed" ? "failed" : "succeeded", finished.result as SeedImportResult | null);
      // admin.md section 8: the suit message shows for 5 seconds.
      const duration = source === "suits" ? 5_000 : undefined;
      outcome.messages.forEach((message, index) => {
        if (outcome.tone === "error" && (index > 0 || source !== "suits")) toast.error(message, { duration, position: TOAST_POSITION });
        else toast.success(message, { duration, position: TOAST_POSITION });
      });
      onOutcome(outcome);
      if (outcome.tone === "error") console.error(`${source} import:`, finished.error ?? finished.result);
      void revalidator.revalidate();
    },
  });
  const busy = starting || (job !== null && !isJobFinished(job.status));
  const run = async () => {
    setStarting(true);
    try {
      follow(await startImport(source));
    } catch (error) {
      console.error(`${source} import could not start:`, error);
      const outcome = importOutcome(source, "failed", null);
      outcome.messages.forEach((message) => toast.error(message, { position: TOAST_POSITION }));
      onOutcome(outcome);
    } finally {
      setStarting(false);
    }
  };
  return (
    <BusyButton type="button" className={`${adminButton.secondary} w-full justify-start`} busy={busy} aria-busy={busy} onClick={() => void run()}>
      <PackagePlus className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span className="truncate">{busy ? labels.busy : labels.idle}</span>
      {busy && job?.progress.total ? (
        <span className="ml-auto shrink-0 text-xs tabular-nums text-gray-600">{texts.progress(job.progress.done, job.progress.total)}</span>
      ) : null}
    </BusyButton>
  );
}

function BulkUploadPanel({ initial }: { initial: JobView | null }) {
  const revalidator = useRevalidator();
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const { job, follow, connectionLost } = useJob(initial, {
    onFinished(finished) {
      if (finished.status === "failed") {
        console.error("bulk upload failed:", finished.error);
        toast.error(finished.error ?? jobMessages.failedUnexpectedly, { position: TOAST_POSITION });
      }
      void revalidator.revalidate();
    },
  });
  const running = job !== null && !isJobFinished(job.status);
  const busy = starting || running;
  const result = job?.status === "succeeded" ? (job.result as SeedImportResult | null) : null;
  const run = async () => {
    setStarting(true);
    setStartError(null);
    try {
      follow(await startImport("all"));
    } catch (error) {
      setStartError(error instanceof Error ? error.message : String(error));
    } finally {
      setStarting(false);
    }
  };
  const problems = result?.categories.flatMap((report) => report.problems.map((problem) => ({ ...problem, category: report.category }))) ?? [];
  const errorCount = problems.filter((problem) => problem.kind === "error").length;
  const skippedWhy = result ? skippedExplanation(result.categories) : null;
  return (
    <AdminCard className="p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-gray-900">{imports.bulkUploadTitle}</h2>
        <BusyButton type="button" className={adminButton.primary} busy={busy} aria-busy={busy} onClick={() => void run()}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          {busy ? imports.uploadingAll : imports.uploadAllMissing}
        </BusyButton>
      </div>
      {startError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {startError}
        </p>
      ) : null}
      {running && job ? (
        <div className="mt-3" role="status">
          <div className="flex justify-between text-xs text-gray-700">
            <span>{job.status === "queued" ? texts.waiting : texts.progress(job.progress.done, job.progress.total)}</span>
            <span className="tabular-nums">{jobPercent(job.progress)}%</span>
          </div>
          <div
            className="mt-1 h-2 overflow-hidden rounded-full bg-gray-200"
            role="progressbar"
            aria-label={imports.bulkUploadTitle}
            aria-valuemin={0}
            aria-valuemax={job.progress.total ?? 0}
            aria-valuenow={job.progress.done}
          >
            <div className="h-full rounded-full bg-gray-900 transition-[width] duration-300" style={{ width: `${jobPercent(job.progress)}%` }} />
          </div>
          {connectionLost ? <p className="mt-1 text-xs text-amber-700">{jobMessages.connectionLost}</p> : null}
        </div>
      ) : null}
      {job?.status === "failed" && !running ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {job.error ?? jobMessages.failedUnexpectedly}
        </p>
      ) : null}
      {result ? (
        <div className="mt-3 space-y-3">
          <p className="text-sm font-medium text-gray-900" data-testid="bulk-total-added">
            {texts.totalAdded(result.totalAdded)}
          </p>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[18rem] text-left text-sm">
              {/* Five columns fit a 390 px phone: a tighter header and gaps there (no sideways scroll). */}
              <thead className="text-[11px] uppercase text-gray-600 sm:text-xs sm:tracking-wide">
                <tr>
                  <th scope="col" className="py-1 pr-2 sm:pr-3 font-medium">
                    {texts.columnCategory}
                  </th>
                  <th scope="col" className="py-1 pr-2 sm:pr-3 text-right font-medium">
                    {texts.columnTotal}
                  </th>
                  <th scope="col" className="py-1 pr-2 sm:pr-3 text-right font-medium">
                    {texts.columnSuccessful}
                  </th>
                  <th scope="col" className="py-1 pr-2 sm:pr-3 text-right font-medium">
                    {texts.columnSkipped}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {texts.columnErrors}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {result.categories.map((report) => (
                  <tr key={report.category}>
                    <th scope="row" className="py-1 pr-2 sm:pr-3 font-normal text-gray-900">
                      {adminCategoryLabel(report.category)}
                    </th>
                    <td className="py-1 pr-2 sm:pr-3 text-right tabular-nums">{report.total}</td>
                    <td className="py-1 pr-2 sm:pr-3 text-right tabular-nums">{report.added}</td>
                    <td className="py-1 pr-2 sm:pr-3 text-right tabular-nums">{report.skipped}</td>
                    <td className={`py-1 text-right tabular-nums ${report.errors > 0 ? "font-semibold text-red-700" : ""}`}>{report.errors}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {skippedWhy ? (
            <p className="text-xs text-gray-700" data-skipped-why>
              {skippedWhy}
            </p>
          ) : null}
          <details className="group rounded-md border border-gray-200">
            <summary className="flex cursor-pointer list-none items-center gap-1 px-3 py-2 text-sm font-medium text-gray-900 [&::-webkit-details-marker]:hidden">
              <ChevronRight className="h-4 w-4 transition-transform group-open:rotate-90" aria-hidden="true" />
              {imports.errorDetails} ({texts.problemCounts(errorCount, problems.length - errorCount)})
            </summary>
            {problems.length === 0 ? (
              <p className="px-3 pb-3 text-sm text-gray-600">{texts.noErrors}</p>
            ) : (
              <ul className="max-h-64 space-y-1 overflow-y-auto px-3 pb-3 text-sm text-gray-800">
                {problems.map((problem, index) => (
                  <li key={index} className={problem.kind === "error" ? "text-red-800" : ""}>
                    <span className="font-medium">{texts.problemKind[problem.kind]}:</span>{" "}
                    {texts.problemLine(adminCategoryLabel(problem.category), problem.row, problem.name, problem.reason)}
                  </li>
                ))}
              </ul>
            )}
          </details>
        </div>
      ) : null}
    </AdminCard>
  );
}
