// CSV for the exports (RFC 4180), safe to open in a spreadsheet. Two kinds of text are written with
// a leading single quote:
// - a cell that a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage
//   return; OWASP "CSV Injection"): customers type their own names and addresses;
// - digits a spreadsheet would read as a number and change: a postcode or phone number with a
//   leading zero ("01067" became 1067) and a run of more than 11 digits (a tracking number shown as
//   9.40011E+21, its last digits lost past 15). Shopify's exports mark postcodes the same way.
// A spreadsheet shows the quote; it keeps the text whole, and the catalogue import takes it away
// again (unescapeCsvCell). A cell holding a semicolon is quoted too: a spreadsheet set to a
// language whose list separator is ";" (most of continental Europe) would otherwise split it there,
// and a part starting with = would become a cell of its own, run as a formula.

/** Excel's General format shows 11 digits as they are and more in scientific notation. */
const SPREADSHEET_WHOLE_DIGITS = 11;

// Apostrophes first too: a text that itself starts "'=" or "'01" gets one more, so that the
// import, which takes one away, reads back the text as it was.
const FORMULA_START = /^'*[=+\-@\t\r]/;
const DIGITS = /^'*(\d+)$/;

function spreadsheetWouldChange(text: string): boolean {
  if (FORMULA_START.test(text)) return true;
  const digits = DIGITS.exec(text)?.[1];
  return digits !== undefined && ((digits.length > 1 && digits.startsWith("0")) || digits.length > SPREADSHEET_WHOLE_DIGITS);
}

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && spreadsheetWouldChange(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, CRLF-terminated as RFC 4180 asks. */
export function csvRow(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/**
 * Undoes csvCell's quote: "'=1+1" is read as "=1+1", "''=1" as "'=1", "'01067" as "01067"; any
 * other text as it is ("'quoted'", "'123").
 */
export function unescapeCsvCell(text: string): string {
  return text.startsWith("'") && spreadsheetWouldChange(text.slice(1)) ? text.slice(1) : text;
}
