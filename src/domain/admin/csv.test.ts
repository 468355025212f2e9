import { describe, expect, it } from "vitest";
import { csvCell, csvRow, unescapeCsvCell } from "./csv.ts";

describe("exports as CSV", () => {
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

describe("digits a spreadsheet would turn into a number", () => {
  it("keeps a leading zero and long numbers as text", () => {
    expect(csvCell("01067")).toBe("'01067");
    expect(csvCell("07700900123")).toBe("'07700900123");
    expect(csvCell("9400111899223197428490")).toBe("'9400111899223197428490");
    expect(csvCell("447700900123")).toBe("'447700900123");
  });

  it("leaves digits a spreadsheet shows as typed, and text that is not only digits", () => {
    expect(csvCell("0")).toBe("0");
    expect(csvCell("10115")).toBe("10115");
    expect(csvCell("77009001234")).toBe("77009001234");
    expect(csvCell("07700 900123")).toBe("07700 900123");
    expect(csvCell("SW1A 1AA")).toBe("SW1A 1AA");
    expect(csvCell(1067)).toBe("1067");
  });
});

describe("the quote undone on import", () => {
  it("removes exactly the one ' the export added", () => {
    expect(unescapeCsvCell("'=1+1")).toBe("=1+1");
    expect(unescapeCsvCell("'-5")).toBe("-5");
    expect(unescapeCsvCell("'@home")).toBe("@home");
    expect(unescapeCsvCell("''=x")).toBe("'=x");
    expect(unescapeCsvCell("'01067")).toBe("01067");
    expect(unescapeCsvCell("''01067")).toBe("'01067");
    expect(unescapeCsvCell("'quoted'")).toBe("'quoted'");
    expect(unescapeCsvCell("'123")).toBe("'123");
    expect(unescapeCsvCell("plain")).toBe("plain");
  });

  it("reads back every text as it was written", () => {
    const texts = ["=1+1", "'=1", "01067", "'01067", "''0", "'123", "123", "0", "-20% off", "'quoted'", "9400111899223197428490", "plain"];
    for (const text of texts) {
      const written = csvCell(text);
      const cell = written.startsWith('"') ? written.slice(1, -1).replace(/""/g, '"') : written;
      expect(unescapeCsvCell(cell)).toBe(text);
    }
  });
});
