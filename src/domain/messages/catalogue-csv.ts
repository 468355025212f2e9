// Texts of the owner's spreadsheet (issue 13 "The owner's own spreadsheet"; beyond the spec, so
// every text here is ours). Kept apart from admin.ts so only the spreadsheet page downloads them.

/** A cell the file or the product leaves blank, where a change shows it. */
const EMPTY_CELL = "(empty)";

export const catalogueCsvPage = {
  title: "Spreadsheet",
  subtitle: "Export the catalogue, edit it in Excel, Numbers or Google Sheets, and import it back.",
  // The file holds base prices, as the product editor's Price (GBP) does: an owner who typed the
  // price shoppers should pay would overcharge by the markup.
  pricesNote: (markupPercent: number, example: { base: string; shop: string }): string =>
    `Price (GBP) and Original price (GBP) are base prices in pounds, before the shop's ${markupPercent}% markup (set in Settings): a price of ${example.base} in the file is ${example.shop} in the shop.`,
  exportTitle: "Export",
  exportBody:
    "Every product, one a row, in the columns the import reads. Keep the Product ID column to update products in place, and leave Stock at export as it is: sales made since the export are then kept. The other columns are set as the file has them, so export afresh before each round of edits: an older file puts back prices and texts changed in the shop since.",
  exportCsv: "Export CSV",
  downloadTemplate: "Download template",
  importTitle: "Import",
  importBody:
    "Rows with a Product ID update that product. Rows without one add a product, or update the product that already has the same name. Rows with a problem are left out and listed; nothing of them is saved.",
  chooseFile: "CSV file",
  preview: "Check file",
  checking: "Checking...",
  importButton: "Import",
  importing: "Importing...",
  // Clears the chosen file and its preview; the file field itself chooses another (a second
  // 'Choose' button beside it read as a second file picker).
  removeFile: "Remove file",
  previewTitle: "Preview",
  previewNote: (shown: number, total: number): string => `The first ${shown} of ${total} rows. Row numbers are the spreadsheet's, the column names row being row 1.`,
  summary: (creates: number, updates: number, unchanged: number, problems: number): string =>
    `${creates} to add, ${updates} to update, ${unchanged > 0 ? `${unchanged} unchanged (already as the file says), ` : ""}${problems} with problems (left out).`,
  ignoredColumns: (names: string): string => `Columns the import does not read (ignored): ${names}.`,
  problemsTitle: "Problems",
  moreProblems: (more: number): string => `and ${more} more.`,
  nothingToImport: "No row can be imported. Fix the problems above and check the file again.",
  nothingToChange: "Every row matches the catalogue already: there is nothing to import.",
  confirmImportTitle: (rows: number): string => `Import ${rows} ${rows === 1 ? "row" : "rows"}?`,
  confirmImportBody: (creates: number, updates: number): string => {
    const changes = [
      creates > 0 ? `adds ${creates} new ${creates === 1 ? "product" : "products"}` : null,
      updates > 0 ? `overwrites ${updates} existing ${updates === 1 ? "product" : "products"} with the file's values (matched by Product ID or name)` : null,
    ].filter((change) => change !== null);
    return `This ${changes.join(" and ")}. Rows with problems are left out. An import cannot be undone: export the catalogue first to keep a copy of the current values.`;
  },
  cancel: "Cancel",
  close: "Close",
  actionCreate: "Add",
  actionUpdate: "Update",
  // ours: an Update row's changed cell shows the product's value now, struck through
  wasLabel: "was",
  nowLabel: "now",
  emptyCell: EMPTY_CELL,
  changedCell: (was: string, now: string): string => `Was ${was || EMPTY_CELL}, now ${now || EMPTY_CELL}`,
  actionUnchanged: "Unchanged",
  actionProblem: "Problem",
  row: "Row",
  action: "Action",
  progressTitle: "Import progress",
  progress: (done: number, total: number): string => `${done} of ${total} rows`,
  queued: "Waiting to start...",
  finished: (created: number, updated: number, unchanged: number, failed: number): string =>
    `Import finished: ${created} added, ${updated} updated, ${unchanged > 0 ? `${unchanged} unchanged, ` : ""}${failed} left out.`,
  failed: "The import stopped. Rows already imported are saved; import the file again to finish (rows are matched by Product ID and name, so nothing is added twice).",
  viewProducts: "View products",
} as const;

export const catalogueCsvErrors = {
  emptyFile: "The file is empty. Download the template to start from.",
  fileTooLarge: (limit: string): string => `The file is larger than ${limit}. Split it into smaller files and import each.`,
  tooManyRows: (limit: number): string => `The file has more than ${limit.toLocaleString("en-GB")} rows. Split it into smaller files and import each.`,
  notCsv: "Send the file as text/csv, or as multipart/form-data with the file in the field \"file\".",
  noFile: "Choose a CSV file first.",
  unstorable: "The file holds a character no spreadsheet writes (a NUL): please save it again as CSV and try again.",
  unreadable: (line: number, reason: string): string => `The file could not be read as CSV at line ${line}: ${reason}.`,
  noHeader: (columns: string): string =>
    `The first row must hold the column names (${columns}). Download the template to start from.`,
  semicolons:
    "This file is separated by semicolons. In Excel choose File > Save As > CSV UTF-8 (Comma delimited), then import that file.",
  nameColumnMissing: "The file needs a Name column, or a Product ID column to change the products it names.",
  idNeededWithoutNames: "Product ID is required: the file has no Name column, so each row names its product by ID.",
  duplicateColumn: (name: string): string => `The column ${name} appears twice. Keep one.`,
  // Cell problems: the preview shows them as "Row 5, Price (GBP) (E): ..."
  required: (field: string): string => `${field} is required.`,
  tooLong: (field: string, max: number): string => `${field} is longer than ${max} characters.`,
  controlCharacters: (field: string): string => `${field} contains characters that are not allowed.`,
  badCategory: (value: string, categories: string): string => `"${value}" is not a category. Use one of: ${categories}.`,
  badPrice: (field: string, value: string): string => `${field} "${value}" is not an amount in pounds like 24.99.`,
  priceNotPositive: "Price (GBP) must be more than 0.",
  // The product editor's rules for the original price, so that an imported product can be saved there again.
  originalPriceNotPositive: "Original price (GBP) must be more than 0, or empty.",
  originalBelowPrice: (price: string): string => `Original price (GBP) must be at least the price (${price}), or empty.`,
  badStock: (value: string): string => `Stock "${value}" is not a whole number of 0 or more.`,
  badStockAtExport: (value: string): string => `Stock at export "${value}" is not a whole number of 0 or more. Leave it as the export wrote it, or empty.`,
  stockMoved: (seen: number, now: number): string =>
    `The stock changed from ${seen} to ${now} since the export (orders, refunds or cancels), and the file changes it. Check the stock, set Stock at export to ${now} and import again.`,
  badActive: (value: string): string => `Active "${value}" is not yes or no.`,
  badImage: (value: string): string => `"${value}" is not an image URL (http(s) or /path ending in .jpg, .png, .webp ...).`,
  tooManyEntries: (field: string, max: number): string => `${field} has more than ${max} entries.`,
  badId: (value: string): string => `Product ID "${value}" is not an ID this shop exports. Leave it empty to add a new product.`,
  unknownId: "No product has this Product ID (it may have been deleted). Leave it empty to add a new product.",
  ambiguousName: (count: number): string =>
    `${count} products have this name. Add the Product ID column (export the catalogue to get it) to say which one to update.`,
  repeatedId: (row: number): string => `This Product ID is also on row ${row}. Each product may appear once.`,
  repeatedName: (row: number): string => `A product with this name is also on row ${row}. Each product may appear once.`,
  sameProduct: (row: number): string => `Row ${row} already updates this product (by its Product ID or name). Each product may appear once.`,
  neededToAdd: (field: string): string => `${field} is needed to add a new product; the file has no ${field} column.`,
  notSaved: (reason: string): string => `The database refused this row: ${reason}.`,
} as const;
