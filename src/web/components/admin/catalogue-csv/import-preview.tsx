// The preview of an uploaded spreadsheet: what each of the first rows would do, and every problem
// by row and column, marked in the table and listed below it.
import { AlertTriangle } from "lucide-react";
import type { Ref } from "react";
import { describeProblem, type CellProblem } from "../../../../domain/admin/catalogue-csv-problems.ts";
import { catalogueCsvPage as texts } from "../../../../domain/messages/catalogue-csv.ts";
import type { CataloguePreview } from "../../../../server/admin/catalogue-csv/catalogue-csv.server.ts";

/** What POST /api/admin/products/import/preview answers for a file it could read. */
export type PreviewData = Extract<CataloguePreview, { ok: true }>;

const ACTION_STYLE = {
  create: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  update: "bg-sky-50 text-sky-800 ring-sky-200",
  unchanged: "bg-gray-50 text-gray-700 ring-gray-200",
  problem: "bg-red-50 text-red-800 ring-red-200",
} as const;

const ACTION_LABEL = { create: texts.actionCreate, update: texts.actionUpdate, unchanged: texts.actionUnchanged, problem: texts.actionProblem } as const;

export function ProblemList({ problems, more }: { problems: readonly CellProblem[]; more: number }) {
  if (problems.length === 0) return null;
  return (
    <div className="rounded-md border border-red-200 bg-red-50 p-3" data-problems>
      <h3 className="flex items-center gap-1.5 text-sm font-semibold text-red-900">
        <AlertTriangle aria-hidden className="h-4 w-4" /> {texts.problemsTitle}
      </h3>
      <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto text-sm text-red-900" tabIndex={0} aria-label={texts.problemsTitle}>
        {problems.map((problem, index) => (
          <li key={`${problem.row}-${problem.column}-${index}`}>{describeProblem(problem)}</li>
        ))}
        {more > 0 ? <li className="font-medium">{texts.moreProblems(more)}</li> : null}
      </ul>
    </div>
  );
}

/** `summaryRef`: the outcome line, focusable from a script (the panel moves the focus there). */
export function ImportPreview({ preview, summaryRef }: { preview: PreviewData; summaryRef?: Ref<HTMLParagraphElement> }) {
  const shown = preview.rows.length;
  return (
    <div className="space-y-3" data-preview>
      <p ref={summaryRef} tabIndex={-1} className="text-sm font-medium text-gray-900 focus:outline-none" data-preview-summary>
        {texts.summary(preview.creates, preview.updates, preview.unchanged, preview.problemRows)}
      </p>
      {preview.ignoredColumns.length > 0 ? <p className="text-sm text-gray-600">{texts.ignoredColumns(preview.ignoredColumns.join(", "))}</p> : null}
      <div>
        <h3 className="text-sm font-semibold text-gray-900">{texts.previewTitle}</h3>
        <p className="text-xs text-gray-600">{texts.previewNote(shown, preview.totalRows)}</p>
      </div>
      {/* Focusable, so a keyboard can scroll a wide table sideways; relative, so the screen-reader
          texts (absolutely positioned) scroll inside it instead of widening the page. */}
      <div className="relative overflow-x-auto rounded-md border border-gray-200" tabIndex={0} role="region" aria-label={texts.previewTitle}>
        <table className="min-w-full text-left text-xs">
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th scope="col" className="px-2 py-1.5 font-semibold">
                {texts.row}
              </th>
              <th scope="col" className="px-2 py-1.5 font-semibold">
                {texts.action}
              </th>
              {preview.columns.map((column) => (
                <th key={column.letter} scope="col" className="whitespace-nowrap px-2 py-1.5 font-semibold">
                  <span className="mr-1 text-gray-400">{column.letter}</span>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {preview.rows.map((row) => {
              const problemAt = new Map(row.problems.map((problem) => [problem.column, problem.message]));
              return (
                <tr key={row.row} data-preview-row={row.row} className={row.action === "problem" ? "bg-red-50/40" : undefined}>
                  <th scope="row" className="px-2 py-1.5 font-medium tabular-nums text-gray-700">
                    {row.row}
                  </th>
                  <td className="px-2 py-1.5">
                    <span className={`inline-flex rounded px-1.5 py-0.5 text-[11px] font-semibold ring-1 ring-inset ${ACTION_STYLE[row.action]}`}>{ACTION_LABEL[row.action]}</span>
                  </td>
                  {preview.columns.map((column) => {
                    const message = problemAt.get(column.letter);
                    const was = row.was?.[column.field];
                    const now = row.cells[column.field] ?? "";
                    const tone = message ? "bg-red-100 font-medium text-red-900 ring-1 ring-inset ring-red-300" : was !== undefined ? "bg-sky-50 font-medium text-gray-900" : "text-gray-800";
                    return (
                      <td
                        key={column.letter}
                        title={message ?? (was !== undefined ? texts.changedCell(was, now) : now)}
                        data-problem-cell={message ? `${column.letter}${row.row}` : undefined}
                        data-changed-cell={was !== undefined ? `${column.letter}${row.row}` : undefined}
                        className={`${column.field === "id" ? "max-w-[7rem]" : "max-w-[14rem]"} truncate px-2 py-1.5 ${tone}`}
                      >
                        {message ? <span className="sr-only">{`${texts.actionProblem}: ${message} `}</span> : null}
                        {was !== undefined ? (
                          <>
                            <span className="sr-only">{texts.wasLabel} </span>
                            <del className="mr-1 font-normal text-gray-500">{was === "" ? texts.emptyCell : was}</del>
                            <span className="sr-only">{texts.nowLabel} </span>
                          </>
                        ) : null}
                        {now}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ProblemList problems={preview.problems} more={preview.moreProblems} />
    </div>
  );
}
