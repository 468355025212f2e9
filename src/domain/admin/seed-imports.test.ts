import { describe, expect, it } from "vitest";
import { imports } from "../messages/admin.ts";
import { importButtonLabels, importOutcome, isSeedImportSource, SEED_IMPORT_SOURCES, skippedExplanation, type ImportReport, type SeedImportResult } from "./seed-imports.ts";

const report = (overrides: Partial<ImportReport> = {}): ImportReport => ({
  category: "x",
  total: 10,
  added: 7,
  skipped: 3,
  errors: 0,
  skippedNames: ["A", "B"],
  problems: [{ row: 9, name: "Free Shirt", kind: "skipped", reason: "price: is not a number above zero" }],
  ...overrides,
});
const result = (r: ImportReport): SeedImportResult => ({ source: "shoes", totalAdded: r.added, categories: [r] });

describe("seed import sources", () => {
  it("has one per category, in the shop's order and named as its address names it, and 'all'", () => {
    expect(SEED_IMPORT_SOURCES).toEqual(["suits", "blazers", "shirts", "shoes", "ties", "kaftan", "traditional-wear", "denim", "white-wear", "accessories"]);
    expect(isSeedImportSource("all")).toBe(true);
    expect(isSeedImportSource("traditional-wear")).toBe(true);
    expect(isSeedImportSource("hats")).toBe(false);
    expect(isSeedImportSource(undefined)).toBe(false);
  });

  it("labels the four tools' buttons as the spec does (admin.md section 2)", () => {
    expect(importButtonLabels("shoes")).toEqual({ idle: "Add New Shoe Products", busy: "Adding Shoes..." });
    expect(importButtonLabels("accessories")).toEqual({ idle: "Add New Accessory Products", busy: "Adding Accessories..." });
    expect(importButtonLabels("shirts")).toEqual({ idle: "Add New Shirt Products", busy: "Adding Shirts..." });
    expect(importButtonLabels("white-wear")).toEqual({ idle: "Add New White-Wear Products", busy: "Adding White-Wear..." });
  });
});

describe("import messages (admin.md section 8)", () => {
  it("kaftan and traditional wear", () => {
    expect(importOutcome("kaftan", "succeeded", result(report()))).toEqual({ tone: "success", messages: ["Successfully added 7 kaftan products! (3 skipped)"] });
    expect(importOutcome("traditional-wear", "succeeded", result(report()))).toEqual({
      tone: "success",
      messages: ["Successfully added 7 traditional wear products to kaftan category!"],
    });
  });

  it("suits: the completed line, and the error line when a row failed", () => {
    expect(importOutcome("suits", "succeeded", result(report()))).toEqual({ tone: "success", messages: ["Suit products import completed! Added: 7, Skipped: 3, Errors: 0"] });
    expect(importOutcome("suits", "succeeded", result(report({ errors: 2 })))).toEqual({
      tone: "error",
      messages: ["Suit products import completed! Added: 7, Skipped: 3, Errors: 2", "Some products had errors. Check console for details."],
    });
  });

  it("shoes, accessories and white-wear count the duplicates", () => {
    expect(importOutcome("shoes", "succeeded", result(report())).messages).toEqual(["Successfully added 7 shoe products! (2 skipped as duplicates)"]);
    expect(importOutcome("accessories", "succeeded", result(report())).messages).toEqual(["Successfully added 7 accessory products! (2 skipped as duplicates)"]);
    expect(importOutcome("white-wear", "succeeded", result(report())).messages).toEqual(["Successfully added 7 white-wear products! (2 skipped as duplicates)"]);
  });

  it("shirts list the rows they skipped", () => {
    expect(importOutcome("shirts", "succeeded", result(report())).messages).toEqual(["Successfully added 7 shirt products! (skipped: A, B, Free Shirt)"]);
    expect(importOutcome("shirts", "succeeded", result(report({ skippedNames: [], problems: [] }))).messages).toEqual(["Successfully added 7 shirt products!"]);
  });

  it("a failed import says the category's failure text", () => {
    expect(importOutcome("shoes", "failed", null)).toEqual({ tone: "error", messages: [imports.failed("shoe")] });
    expect(importOutcome("traditional-wear", "failed", null).messages).toEqual(["Failed to add traditional wear products. Check console for details."]);
    expect(importOutcome("suits", "succeeded", result(report({ total: 0, added: 0, errors: 1 }))).messages).toEqual(["Failed to add suit products. Check console for details."]);
    expect(importOutcome("ties", "failed", null).messages).toEqual(["Failed to add tie products. Check console for details."]);
  });
});

describe("why the Bulk Product Upload table's rows were skipped", () => {
  const names = (n: number) => Array.from({ length: n }, (_, i) => `Suit ${i}`);
  it("says the rows were already in the shop, so Successful, Skipped and Errors add up to Total", () => {
    expect(skippedExplanation([{ skipped: 8, skippedNames: names(8) }, { skipped: 15, skippedNames: names(15) }])).toBe("Skipped: 23 already in the shop.");
  });

  it("tells names already there from rows a rule left out", () => {
    expect(skippedExplanation([{ skipped: 9, skippedNames: names(8) }, { skipped: 1, skippedNames: [] }])).toBe(
      "Skipped: 8 already in the shop, 2 left out by the import's rules (listed under Error Details).",
    );
    expect(skippedExplanation([{ skipped: 2, skippedNames: [] }])).toBe("Skipped: 2 left out by the import's rules (listed under Error Details).");
  });

  it("says nothing when nothing was skipped", () => {
    expect(skippedExplanation([{ skipped: 0, skippedNames: [] }])).toBeNull();
  });
});
