// An accessible data table for the static pages: a caption, column headers, row headers, and a
// scroll container so a wide chart scrolls sideways on a 390 px phone instead of squeezing or
// pushing the page wider. The container is a labelled, focusable region so keyboard users can
// scroll it too.
import { useId, type ReactNode } from "react";

type Props = {
  caption: string;
  /** Optional line under the caption (units, how to read the chart). */
  note?: ReactNode;
  columns: readonly string[];
  /** Each row's first cell is its row header. */
  rows: readonly (readonly ReactNode[])[];
  /** Minimum width before the table scrolls, e.g. "min-w-[30rem]". */
  minWidthClass?: string;
};

export function DataTable({ caption, note, columns, rows, minWidthClass = "min-w-[28rem]" }: Props) {
  const captionId = useId();
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-brand-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <table className={`w-full ${minWidthClass} border-collapse text-left text-sm`}>
        <caption id={captionId} className="bg-brand-50 px-4 py-3 text-left font-semibold text-brand-900">
          {caption}
          {note ? <span className="mt-0.5 block text-xs font-normal text-brand-900/70">{note}</span> : null}
        </caption>
        <thead>
          <tr className="border-y border-brand-100 bg-brand-50/60">
            {columns.map((column) => (
              <th key={column} scope="col" className="whitespace-nowrap px-4 py-2.5 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, rowIndex) => (
            <tr key={rowIndex} className="border-b border-brand-100 last:border-b-0 even:bg-brand-50/40">
              {cells.map((cell, cellIndex) =>
                cellIndex === 0 ? (
                  <th key={cellIndex} scope="row" className="whitespace-nowrap px-4 py-2.5 font-semibold">
                    {cell}
                  </th>
                ) : (
                  <td key={cellIndex} className="whitespace-nowrap px-4 py-2.5 tabular-nums text-brand-900/80">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
