// The seed imports as the admin sees them (admin.md sections 2, 5 and 8): which sources exist,
// what an import reports, and the message each import shows when it ends.
import { CATEGORIES, type CategoryValue } from "../categories.ts";
import { imports, type ImportKind } from "../messages/admin.ts";
import { seedImportTexts } from "../messages/admin-imports.ts";

// Each category's import is named as the category's address may name it: its value in lower case,
// spaces as dashes ("Traditional Wear" is "traditional-wear").
type Dashed<Text extends string> = Text extends `${infer Head} ${infer Rest}` ? `${Head}-${Dashed<Rest>}` : Text;
export type SeedImportCategorySource = Dashed<Lowercase<CategoryValue>>;

export function seedImportSourceOf(category: CategoryValue): SeedImportCategorySource {
  return category.toLowerCase().replace(/ /g, "-") as SeedImportCategorySource;
}

/** One import per category, in the shop's order, and "all" for the Bulk Product Upload panel. */
export const SEED_IMPORT_SOURCES: readonly SeedImportCategorySource[] = CATEGORIES.map((category) => seedImportSourceOf(category.value));
export type SeedImportSource = SeedImportCategorySource | "all";

export function isSeedImportSource(value: unknown): value is SeedImportSource {
  return value === "all" || (SEED_IMPORT_SOURCES as readonly unknown[]).includes(value);
}

/** The job kind of every seed import; the source is the job's payload. */
export const SEED_IMPORT_JOB_KIND = "catalogue.seed-import";

export type ImportRowProblem = { row: number | null; name: string | null; kind: "skipped" | "error"; reason: string };

/** One category's outcome: admin.md section 2 "per category, total, successful and errors". */
export type ImportReport = {
  category: string;
  total: number;
  added: number;
  /** Duplicates (by name) and rows refused by a skip rule. */
  skipped: number;
  errors: number;
  /** Names skipped because the catalogue already had them (the shirt message lists them). */
  skippedNames: string[];
  /** Rows refused or failed, with the reason: the panel's Error Details. */
  problems: ImportRowProblem[];
};

/** The result stored on the job. */
export type SeedImportResult = { source: SeedImportSource; totalAdded: number; categories: ImportReport[] };

/** The button of each source: the four tools' spec labels, ours for the rest. */
export function importButtonLabels(source: SeedImportCategorySource): { idle: string; busy: string } {
  switch (source) {
    case "shoes":
      return { idle: imports.addShoes, busy: imports.addingShoes };
    case "accessories":
      return { idle: imports.addAccessories, busy: imports.addingAccessories };
    case "shirts":
      return { idle: imports.addShirts, busy: imports.addingShirts };
    case "white-wear":
      return { idle: imports.addWhiteWear, busy: imports.addingWhiteWear };
    default:
      return seedImportTexts.button(source);
  }
}

const KINDS: Partial<Record<SeedImportCategorySource, ImportKind>> = {
  kaftan: "kaftan",
  "traditional-wear": "traditional wear",
  suits: "suit",
  shoes: "shoe",
  accessories: "accessory",
  shirts: "shirt",
  "white-wear": "white-wear",
};

export type ImportOutcome = { tone: "success" | "error"; messages: string[] };

/**
 * What a category import says when it ends (admin.md section 8), from the job's result; a job
 * that failed as a whole says the category's failure text.
 */
export function importOutcome(source: SeedImportCategorySource, status: "succeeded" | "failed", result: SeedImportResult | null): ImportOutcome {
  const kind = KINDS[source];
  if (status === "failed" || !result) return { tone: "error", messages: [kind ? imports.failed(kind) : seedImportTexts.failed(source)] };
  const report = result.categories[0];
  if (!report) return { tone: "error", messages: [kind ? imports.failed(kind) : seedImportTexts.failed(source)] };
  // A source that could not be read at all is the import failing, not a finished import.
  if (report.total === 0 && report.errors > 0) return { tone: "error", messages: [kind ? imports.failed(kind) : seedImportTexts.failed(source)] };
  switch (source) {
    case "kaftan":
      return { tone: "success", messages: [imports.kaftanSucceeded(report.added, report.skipped)] };
    case "traditional-wear":
      return { tone: "success", messages: [imports.traditionalWearSucceeded(report.added)] };
    case "suits": {
      const messages = [imports.suitCompleted(report.added, report.skipped, report.errors)];
      if (report.errors > 0) messages.push(imports.suitSomeErrors);
      return { tone: report.errors > 0 ? "error" : "success", messages };
    }
    case "shirts":
      return { tone: "success", messages: [imports.shirtsSucceeded(report.added, skippedRows(report))] };
    case "shoes":
    case "accessories":
    case "white-wear":
      return { tone: "success", messages: [imports.succeededWithDuplicates(kind!, report.added, report.skippedNames.length)] };
    default:
      return { tone: "success", messages: [seedImportTexts.succeeded(source, report.added, report.skipped)] };
  }
}

/** The shirt message lists every row it skipped: duplicates by name, refused rows by name or row. */
function skippedRows(report: ImportReport): string[] {
  const refused = report.problems.filter((problem) => problem.kind === "skipped").map((problem) => problem.name ?? seedImportTexts.rowNumber(problem.row));
  return [...report.skippedNames, ...refused];
}

/**
 * Why the Bulk Product Upload table's Skipped rows were skipped, over all its categories: names
 * the shop already had, and rows a skip rule left out (those are in Error Details). Null when
 * nothing was skipped.
 */
export function skippedExplanation(reports: readonly Pick<ImportReport, "skipped" | "skippedNames">[]): string | null {
  const skipped = reports.reduce((sum, report) => sum + report.skipped, 0);
  if (skipped === 0) return null;
  const alreadyThere = reports.reduce((sum, report) => sum + Math.min(report.skippedNames.length, report.skipped), 0);
  return seedImportTexts.skippedWhy(alreadyThere, skipped - alreadyThere);
}
