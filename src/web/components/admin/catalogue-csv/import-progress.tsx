// The running (or last) spreadsheet import: rows done of total while it runs, then what it did.
import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { Link } from "react-router";
import type { CellProblem } from "../../../../domain/admin/catalogue-csv-problems.ts";
import { jobPercent, type JobView } from "../../../../domain/admin/jobs.ts";
import { catalogueCsvPage as texts } from "../../../../domain/messages/catalogue-csv.ts";
import { ProblemList } from "./import-preview.tsx";

type ImportResult = { created: number; updated: number; unchanged: number; failed: number; problems: CellProblem[]; moreProblems: number };

function resultOf(job: JobView): ImportResult | null {
  const result = job.result as Partial<ImportResult> | null;
  return result && typeof result.created === "number" ? (result as ImportResult) : null;
}

export function ImportProgress({ job, connectionLost }: { job: JobView; connectionLost: boolean }) {
  const running = job.status === "queued" || job.status === "running";
  const percent = job.status === "succeeded" ? 100 : jobPercent(job.progress);
  const result = resultOf(job);
  return (
    <div className="space-y-3" data-import-job={job.id} data-import-status={job.status} aria-live="polite">
      <h3 className="flex items-center gap-1.5 text-sm font-semibold text-gray-900">
        {running ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
        {job.status === "succeeded" ? <CheckCircle2 aria-hidden className="h-4 w-4 text-emerald-600" /> : null}
        {job.status === "failed" ? <XCircle aria-hidden className="h-4 w-4 text-red-600" /> : null}
        {texts.progressTitle}
      </h3>
      <div
        role="progressbar"
        aria-label={texts.progressTitle}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
      >
        <div className={`h-full rounded-full transition-[width] duration-300 ${job.status === "failed" ? "bg-red-600" : "bg-gray-900"}`} style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm tabular-nums text-gray-700" data-import-progress>
        {job.status === "queued" || job.progress.total === null ? texts.queued : texts.progress(job.progress.done, job.progress.total)}
        {connectionLost ? " ..." : ""}
      </p>
      {job.status === "succeeded" && result ? (
        <div className="space-y-3">
          <p role="status" className="text-sm font-medium text-emerald-800" data-import-finished>
            {texts.finished(result.created, result.updated, result.unchanged, result.failed)}
          </p>
          <ProblemList problems={result.problems} more={result.moreProblems} />
          <Link to="/admin/products" className="text-sm font-medium text-gray-900 underline underline-offset-2">
            {texts.viewProducts}
          </Link>
        </div>
      ) : null}
      {job.status === "failed" ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-medium">{job.error}</p>
          <p className="mt-1">{texts.failed}</p>
        </div>
      ) : null}
    </div>
  );
}
