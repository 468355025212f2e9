import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv.ts";

describe("orders CSV", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell("Savile Row, London")).toBe('"Savile Row, London"');
    expect(csvCell('The "Best" Suit')).toBe('"The ""Best"" Suit"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("plain")).toBe("plain");
  });

  it("defuses text a spreadsheet would run as a formula", () => {
    expect(csvCell("=HYPERLINK(\"http://evil\")")).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell("+44 20 7946 0000")).toBe("'+44 20 7946 0000");
    expect(csvCell("-1+2")).toBe("'-1+2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    // Opened where ";" separates cells, a formula after one must not become a cell of its own.
    expect(csvCell("Flat 1;=cmd|' /C calc'!A0")).toBe(`"Flat 1;=cmd|' /C calc'!A0"`);
  });

  it("writes numbers as they are and empties for missing values", () => {
    expect(csvCell(12.5)).toBe("12.5");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("ends each row with CRLF", () => {
    expect(csvRow(["a", 1, null, "=x"])).toBe("a,1,,'=x\r\n");
  });
});
