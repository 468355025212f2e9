// A problem of one spreadsheet cell (or row), as the preview, the job's report and the page show
// it. Apart from the parser so the page can print problems without downloading csv-parse.

export type CellProblem = {
  /** The spreadsheet's row number: the column names are row 1, the first product row 2. */
  row: number;
  /** The spreadsheet's column letter (A, B, ... AA), or "" for a problem of the whole row. */
  column: string;
  /** The column's name as the file spells it, or "" for the whole row. */
  field: string;
  message: string;
};

/** "Row 5, Price (GBP) (E): ..." as the preview and the job's report print a problem. */
export function describeProblem(problem: CellProblem): string {
  const where = problem.column === "" ? `Row ${problem.row}` : `Row ${problem.row}, ${problem.field} (${problem.column})`;
  return `${where}: ${problem.message}`;
}
