// CSV for the orders export (RFC 4180), safe to open in a spreadsheet: a cell that a spreadsheet
// would run as a formula (starting with = + - @, or a tab or carriage return) is prefixed with a
// single quote (OWASP "CSV Injection"). Customers type their own names and addresses. A cell
// holding a semicolon is quoted too: a spreadsheet set to a language whose list separator is ";"
// (most of continental Europe) would otherwise split it there, and a part starting with = would
// become a cell of its own, run as a formula.

// Apostrophes first too: a text that itself starts "'=" gets one more, so that the catalogue
// import, which takes one away (unescapeFormulaCell), reads back the text as it was.
const FORMULA_START = /^'*[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, CRLF-terminated as RFC 4180 asks. */
export function csvRow(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
