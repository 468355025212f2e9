// Texts of the seed imports beyond the spec's (ours): the buttons and messages of the categories
// the spec names no wording for (blazers, ties, denim), the panel's figures, the API's refusals.
// The spec's own import texts are `imports` in admin.ts.

const CATEGORY_WORDS: Readonly<Record<string, { button: string; kind: string }>> = {
  suits: { button: "Suit", kind: "suit" },
  blazers: { button: "Blazer", kind: "blazer" },
  ties: { button: "Tie", kind: "tie" },
  kaftan: { button: "Kaftan", kind: "kaftan" },
  "traditional-wear": { button: "Traditional Wear", kind: "traditional wear" },
  denim: { button: "Denim", kind: "denim" },
};

const words = (source: string) => CATEGORY_WORDS[source] ?? { button: source, kind: source };

export const seedImportTexts = {
  sectionTitle: "Seed imports",
  sectionNote: "Load the built-in collections. Products whose name is already in the catalogue are skipped.",
  button: (source: string) => ({ idle: `Add ${words(source).button} Products`, busy: `Adding ${words(source).button}...` }),
  succeeded: (source: string, added: number, skipped: number): string =>
    `Successfully added ${added} ${words(source).kind} products! (${skipped} skipped)`,
  failed: (source: string): string => `Failed to add ${words(source).kind} products. Check console for details.`,
  rowNumber: (row: number | null): string => (row === null ? "the source" : `row ${row}`),
  totalAdded: (added: number): string => `Total added: ${added}`,
  progress: (done: number, total: number | null): string => (total === null ? "Starting..." : `${done} of ${total} rows`),
  waiting: "Waiting to start...",
  columnCategory: "Category",
  columnTotal: "Total",
  columnSuccessful: "Successful",
  columnErrors: "Errors",
  // The rows neither added nor failed, so a row's Successful, Skipped and Errors add up to its Total;
  // the line under the table says why they were skipped.
  columnSkipped: "Skipped",
  skippedWhy: (alreadyThere: number, byRule: number): string =>
    `Skipped: ${[
      ...(alreadyThere > 0 ? [`${alreadyThere} already in the shop`] : []),
      ...(byRule > 0 ? [`${byRule} left out by the import's rules (listed under Error Details)`] : []),
    ].join(", ")}.`,
  noErrors: "No errors.",
  // The Errors column counts refused rows; rows the import's rules leave out (a price of 0, a short
  // suit row) are listed too, so the list says which is which and counts both.
  problemCounts: (errors: number, skipped: number): string =>
    `${errors} ${errors === 1 ? "error" : "errors"}${skipped > 0 ? `, ${skipped} skipped` : ""}`,
  problemKind: { error: "Error", skipped: "Skipped" } as const,
  problemLine: (category: string, row: number | null, name: string | null, reason: string): string =>
    `${category}${row === null ? "" : `, row ${row}`}${name ? ` (${name})` : ""}: ${reason}`,
  unknownSource: "Choose one of the seed categories to import.",
  lastRun: (when: string): string => `Last run ${when}`,
} as const;
