// Every writer that adds products by name (seed imports, the spreadsheet import, the URL scraper's
// save) takes this transaction-level advisory lock around its "does the name exist" check and its
// insert, so two of them at once never add the same name twice.
export const CATALOGUE_NAME_LOCK_KEY = 7_227_013;
