import { describe, expect, it } from "vitest";
import { catalogueCsvErrors as errors } from "../messages/catalogue-csv.ts";
import { describeProblem } from "./catalogue-csv-problems.ts";
import {
  CATALOGUE_CSV_MAX_ROWS,
  CATALOGUE_HEADER_ROW,
  catalogueCsvLine,
  catalogueTemplateCsv,
  changedCells,
  decodeCsvBytes,
  parseCatalogueCsv,
  claimTargets,
  planRow,
  type CatalogueProduct,
  type CatalogueRow,
} from "./catalogue-csv.ts";
import { PRODUCT_LIMITS } from "./product-input.ts";

// A file of the columns before 'Stock at export' came in: still read as it always was.
const HEADER = "Product ID,Name,Description,Category,Price (GBP),Original price (GBP),Colours,Sizes,Stock,Active,Image URLs\r\n";
const EXPORT_HEADER = "Product ID,Name,Description,Category,Price (GBP),Original price (GBP),Colours,Sizes,Stock,Stock at export,Active,Image URLs\r\n";
const ID = "0b9a1c55-5d0e-4a39-9d3c-3f2f4b8f0c11";

function parseOk(text: string) {
  const parsed = parseCatalogueCsv(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed;
}

function onlyRow(text: string): CatalogueRow {
  const parsed = parseOk(text);
  expect(parsed.rows).toHaveLength(1);
  return parsed.rows[0]!;
}

const product: CatalogueProduct = {
  id: ID,
  name: "=HYPERLINK(\"http://evil.example\",\"Click\")",
  description: "-20% off, this week.\nSecond line, with \"quotes\".",
  category: "Traditional Wear",
  pricePence: 124999,
  originalPricePence: null,
  colours: ["Navy", "Off White"],
  sizes: ["S", "M"],
  stock: 7,
  active: false,
  images: ["https://res.cloudinary.com/x/image/upload/w_400,h_300/suit.jpg", "/images/products/a.svg"],
};

describe("catalogue CSV export", () => {
  it("writes the header the import reads and one CRLF line per product", () => {
    expect(CATALOGUE_HEADER_ROW).toBe(EXPORT_HEADER);
    expect(catalogueCsvLine(product).endsWith("\r\n")).toBe(true);
  });

  it("prefixes cells a spreadsheet would run as formulas with ' (OWASP CSV injection)", () => {
    const line = catalogueCsvLine(product);
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(line).toContain(`"'-20% off, this week.`);
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(catalogueCsvLine({ ...product, name: `${start}cmd` })).toContain(`'${start}cmd`);
    }
  });

  it("reads its own output back to the same values (the round trip)", () => {
    const row = onlyRow(`${CATALOGUE_HEADER_ROW}${catalogueCsvLine(product)}`);
    expect(row.problems).toEqual([]);
    expect(row.id).toBe(ID);
    expect(row.values).toEqual({
      name: product.name,
      description: product.description,
      category: "Traditional Wear",
      pricePence: 124999,
      originalPricePence: null,
      colours: ["Navy", "Off White"],
      sizes: ["S", "M"],
      stock: 7,
      stockAtExport: 7,
      active: false,
      images: product.images,
    });
  });

  it("reads back a text that itself starts with ' before = + - @ as it was, not one ' shorter", () => {
    for (const name of ["'=1+1 keep apostrophe", "'-shaped collar", "''@home", "'plain'"]) {
      expect(onlyRow(`${CATALOGUE_HEADER_ROW}${catalogueCsvLine({ ...product, name })}`).values.name).toBe(name);
    }
  });

  it("gives a template whose example rows import without problems", () => {
    const parsed = parseOk(catalogueTemplateCsv());
    expect(parsed.rows.map((row) => row.problems)).toEqual([[], []]);
    expect(parsed.rows[0]!.values.description).toBe("Two-piece suit in pure new wool.\nDry clean only.");
  });
});

describe("catalogue CSV: files as spreadsheets write them", () => {
  it("reads a UTF-8 byte-order mark, CRLF endings, quoted commas and line breaks", () => {
    const text = `\uFEFF${HEADER},"Suit, navy","Line one\r\nLine two",suits,"1,250.00",,"Navy, Black",,3,TRUE,/images/products/a.jpg\r\n`;
    const row = onlyRow(text);
    expect(row.problems).toEqual([]);
    expect(row.values).toMatchObject({ name: "Suit, navy", description: "Line one\nLine two", pricePence: 125000, colours: ["Navy", "Black"], active: true });
  });

  it("reads Excel's numbers: £ signs, dropped trailing zeros, 12.0, FALSE", () => {
    const row = onlyRow(`Name,Category,Price (GBP),Original price (GBP),Stock,Active\nTie,ties,£24.9,30,12.0,FALSE\n`);
    expect(row.problems).toEqual([]);
    expect(row.values).toMatchObject({ pricePence: 2490, originalPricePence: 3000, stock: 12, active: false });
  });

  it("decodes Excel's plain CSV (Windows-1252) when the bytes are not UTF-8", () => {
    const bytes = Uint8Array.from([0x4e, 0x61, 0x6d, 0x65, 0x0d, 0x0a, 0xa3, 0x35]); // "Name\r\n£5"
    expect(decodeCsvBytes(bytes)).toBe("Name\r\n£5");
    expect(decodeCsvBytes(new TextEncoder().encode("\uFEFFName\n£5"))).toBe("Name\n£5");
  });

  it("decodes a file saved as UTF-16 (\"Unicode\"), which starts with its byte-order mark", () => {
    const text = "Name,Price (GBP)\r\nAgbada – ₵ edition,£5";
    const little = Uint8Array.from([0xff, 0xfe, ...[...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8])]);
    const big = Uint8Array.from([0xfe, 0xff, ...[...text].flatMap((c) => [c.charCodeAt(0) >> 8, c.charCodeAt(0) & 0xff])]);
    expect(decodeCsvBytes(little)).toBe(text);
    expect(decodeCsvBytes(big)).toBe(text);
  });

  it("skips rows of empty cells and numbers rows as the spreadsheet does (header = row 1)", () => {
    const parsed = parseOk(`Name,Category,Price (GBP),Stock\n,,,\nA,suits,x,1\n`);
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.rows[0]!.row).toBe(3);
  });

  it("accepts another column order and other spellings, and lists unknown columns", () => {
    const parsed = parseOk(`stock,PRICE,title,Colors,Notes\n5,10,Belt,Brown,ignore me\n`);
    expect(parsed.ignoredColumns).toEqual(["Notes"]);
    expect(parsed.rows[0]!.values).toMatchObject({ name: "Belt", pricePence: 1000, stock: 5, colours: ["Brown"] });
  });
});

describe("catalogue CSV: problems by row and column", () => {
  const problemsOf = (line: string) => onlyRow(`${HEADER}${line}\r\n`).problems;

  it("marks each bad cell with its row, column letter and column name", () => {
    const problems = problemsOf(`,Suit,,hats,abc,,,,-1,maybe,javascript:alert(1)`);
    expect(problems.map(({ row, column, field }) => `${row}${column} ${field}`)).toEqual([
      "2D Category",
      "2E Price (GBP)",
      "2I Stock",
      "2J Active",
      "2K Image URLs",
    ]);
    expect(problems[1]!.message).toBe(errors.badPrice("Price (GBP)", "abc"));
    // The categories by the names every other screen gives them, which the import reads too.
    expect(problems[0]!.message).toBe(errors.badCategory("hats", "Suits, Blazers, Shirts, Shoes, Ties, Kaftan, Traditional Wear, Denim, White Wear, Accessories"));
    expect(problemsOf(`,Suit,,White Wear,5,,,,1,,`)).toEqual([]);
    expect(describeProblem(problems[1]!)).toBe(`Row 2, Price (GBP) (E): ${errors.badPrice("Price (GBP)", "abc")}`);
  });

  it("refuses a fraction of a penny rather than rounding it, as the editor does", () => {
    expect(problemsOf(`,Suit,,suits,5.005,,,,1,,`).map((problem) => problem.message)).toEqual([errors.badPrice("Price (GBP)", "5.005")]);
    expect(problemsOf(`,Suit,,suits,5.000,,,,1,,`)).toEqual([]);
  });

  it("refuses a price of 0, a decimal comma, a fractional stock, a missing name", () => {
    expect(problemsOf(`,Suit,,suits,0,,,,1,,`)[0]!.message).toBe(errors.priceNotPositive);
    expect(problemsOf(`,Suit,,suits,"24,99",,,,1,,`)[0]!.message).toBe(errors.badPrice("Price (GBP)", "24,99"));
    expect(problemsOf(`,Suit,,suits,24.99,,,,1.5,,`)[0]!.message).toBe(errors.badStock("1.5"));
    expect(problemsOf(`,,,suits,24.99,,,,1,,`)[0]!.message).toBe(errors.required("Name"));
  });

  it("holds to the editor's limits, so an imported product can be saved again in the editor", () => {
    const colours = Array.from({ length: PRODUCT_LIMITS.listEntries + 1 }, (_, i) => `c${i}`).join(", ");
    expect(problemsOf(`,Suit,,suits,24.99,,"${colours}",,1,,`)[0]!.message).toBe(errors.tooManyEntries("Colours", PRODUCT_LIMITS.listEntries));
  });

  it("refuses an ID that is not one of ours and control characters in a name", () => {
    expect(problemsOf(`123,Suit,,suits,24.99,,,,1,,`)[0]!.message).toBe(errors.badId("123"));
    expect(problemsOf(`,Su\u0000it,,suits,24.99,,,,1,,`)[0]!.message).toBe(errors.controlCharacters("Name"));
  });

  it("marks the second of two rows with the same ID or the same name", () => {
    const parsed = parseOk(`${HEADER}${ID},A,,suits,1,,,,1,,\r\n${ID},B,,suits,1,,,,1,,\r\n,Belt,,accessories,1,,,,1,,\r\n,  BELT ,,accessories,1,,,,1,,\r\n`);
    expect(parsed.rows.map((row) => row.problems.map((p) => p.message))).toEqual([[], [errors.repeatedId(2)], [], [errors.repeatedName(4)]]);
  });

  it("answers a whole-file problem for a missing header, semicolons, an unclosed quote, too many rows", () => {
    expect(parseCatalogueCsv("")).toEqual({ ok: false, message: errors.emptyFile });
    expect(parseCatalogueCsv("\uFEFF\r\n")).toEqual({ ok: false, message: errors.emptyFile });
    expect(parseCatalogueCsv("Suit,suits,10\n")).toMatchObject({ ok: false, message: expect.stringContaining("The first row must hold") });
    expect(parseCatalogueCsv("Name;Category;Price\nSuit;suits;10\n")).toEqual({ ok: false, message: errors.semicolons });
    expect(parseCatalogueCsv("Category,Price\nsuits,10\n")).toEqual({ ok: false, message: errors.nameColumnMissing });
    expect(parseCatalogueCsv("Name,Name\na,b\n")).toEqual({ ok: false, message: errors.duplicateColumn("Name") });
    expect(parseCatalogueCsv(`Name\n"unclosed\n`)).toMatchObject({ ok: false, message: expect.stringContaining("could not be read as CSV at line") });
    const huge = `Name\n${"a\n".repeat(CATALOGUE_CSV_MAX_ROWS + 1)}`;
    expect(parseCatalogueCsv(huge)).toEqual({ ok: false, message: errors.tooManyRows(CATALOGUE_CSV_MAX_ROWS) });
  });
});

describe("planning each row against the catalogue", () => {
  const parsed = parseOk(`${HEADER}${ID},Navy Suit,,suits,10,,,,1,,\r\n,Navy Suit,,suits,10,,,,1,,\r\n,New Belt,,accessories,10,,,,1,,\r\n,Twin,,suits,10,,,,1,,\r\n`);
  const [byId, byName, fresh, twin] = parsed.rows;
  const lookup = {
    existingIds: new Set([ID]),
    idsByName: new Map([
      ["navy suit", [ID]],
      ["twin", ["a", "b"]],
    ]),
    stockById: new Map([[ID, 1]]),
    priceById: new Map([[ID, 1000]]),
  };

  it("updates by ID, then by a unique name, and creates otherwise", () => {
    expect(planRow(byId!, parsed.columns, lookup)).toMatchObject({ kind: "update", productId: ID });
    expect(planRow(byName!, parsed.columns, lookup)).toMatchObject({ kind: "update", productId: ID });
    expect(planRow(fresh!, parsed.columns, lookup)).toMatchObject({ kind: "create", values: { name: "New Belt", pricePence: 1000 } });
  });

  it("refuses an unknown ID and a name that several products share", () => {
    const none = { existingIds: new Set<string>(), idsByName: new Map(), stockById: new Map(), priceById: new Map() };
    expect(planRow(byId!, parsed.columns, none)).toMatchObject({ kind: "problem", problems: [{ row: 2, column: "A", message: errors.unknownId }] });
    expect(planRow(twin!, parsed.columns, lookup)).toMatchObject({ kind: "problem", problems: [{ row: 5, column: "B", message: errors.ambiguousName(2) }] });
  });

  it("updates from a file of some columns, but needs category, price and stock to create", () => {
    const partial = parseOk(`Name,Price (GBP)\nNavy Suit,12\nBrand New,5\n`);
    expect(planRow(partial.rows[0]!, partial.columns, lookup)).toEqual({ kind: "update", row: 2, productId: ID, values: { name: "Navy Suit", pricePence: 1200 } });
    const refused = planRow(partial.rows[1]!, partial.columns, lookup);
    expect(refused).toMatchObject({ kind: "problem" });
    expect(refused.kind === "problem" && refused.problems.map((p) => p.message)).toEqual([errors.neededToAdd("Category"), errors.neededToAdd("Stock")]);
  });

  it("changes prices only from a file of Product IDs and prices; a row there without an ID is a problem", () => {
    const prices = parseOk(`Product ID,Price (GBP)\n${ID},"1,250.00"\n,12\n`);
    expect(planRow(prices.rows[0]!, prices.columns, lookup)).toEqual({ kind: "update", row: 2, productId: ID, values: { pricePence: 125000 } });
    expect(planRow(prices.rows[1]!, prices.columns, lookup)).toMatchObject({ kind: "problem", problems: [{ row: 3, column: "A", message: errors.idNeededWithoutNames }] });
  });

  it("holds an original price to the editor's rules: more than 0 and at least the price, the file's or the product's", () => {
    const messages = (line: string) => onlyRow(`${HEADER}${line}\r\n`).problems.map((problem) => problem.message);
    expect(messages(`,Belt,,accessories,10,0,,,1,,`)).toEqual([errors.originalPriceNotPositive]);
    expect(messages(`,Belt,,accessories,10,5,,,1,,`)).toEqual([errors.originalBelowPrice("10.00")]);
    expect(messages(`,Belt,,accessories,10,10,,,1,,`)).toEqual([]);
    // A file of IDs and original prices: the product's price now (£10) is the one to be above.
    const originals = parseOk(`Product ID,Original price (GBP)\n${ID},5\n`);
    expect(planRow(originals.rows[0]!, originals.columns, lookup)).toMatchObject({ kind: "problem", problems: [{ row: 2, column: "B", message: errors.originalBelowPrice("10.00") }] });
    const higher = parseOk(`Product ID,Original price (GBP)\n${ID},15\n`);
    expect(planRow(higher.rows[0]!, higher.columns, lookup)).toMatchObject({ kind: "update", values: { originalPricePence: 1500 } });
  });

  it("keeps the units sold since the export when the row's stock is as exported, and asks again when both moved", () => {
    // Exported at 4; lookup says 1 left now.
    const columns = parseOk(EXPORT_HEADER).columns;
    const plan = (stock: string, atExport: string) => planRow(onlyRow(`${EXPORT_HEADER}${ID},Navy Suit,,suits,12,,,,${stock},${atExport},yes,\r\n`), columns, lookup);
    const [asExported, changed, changedFromNow, noCount] = [plan("4", "4"), plan("10", "4"), plan("10", "1"), plan("10", "")];
    expect(asExported).toMatchObject({ kind: "update", productId: ID, values: { pricePence: 1200, stock: 1 } });
    expect(changed).toMatchObject({ kind: "problem", problems: [{ row: 2, column: "I", field: "Stock", message: errors.stockMoved(4, 1) }] });
    expect(changedFromNow).toMatchObject({ kind: "update", values: { stock: 10 } });
    // A blank count (a row typed in by hand) sets the stock as the file says.
    expect(noCount).toMatchObject({ kind: "update", values: { stock: 10 } });
  });

  it("leaves each product to one row: a later row naming the same product by name is refused", () => {
    const plans = [byId!, byName!].map((row) => planRow(row, parsed.columns, lookup));
    expect(claimTargets(plans, parsed.columns, new Map()).map((plan) => plan.kind)).toEqual(["update", "problem"]);
    expect(claimTargets(plans, parsed.columns, new Map())[1]).toMatchObject({ problems: [{ row: 3, column: "A", message: errors.sameProduct(2) }] });
  });
});

describe("what an update row changes", () => {
  const current: CatalogueProduct = {
    id: ID,
    name: "Navy Wool Suit",
    description: "Two-piece.",
    category: "suits",
    pricePence: 31900,
    originalPricePence: null,
    colours: ["Navy", "Black"],
    sizes: ["38R", "40R"],
    stock: 19,
    active: true,
    images: ["/images/products/a.jpg"],
  };
  const valuesOf = (line: string) => onlyRow(`${HEADER}${line}\r\n`).values;

  it("names each changed cell with the product's value now, as the export writes it", () => {
    const changed = changedCells(valuesOf(`${ID},Navy Wool Suit,Two-piece.,suits,329.00,350,Navy,"38R, 40R",25,yes,/images/products/a.jpg`), current);
    expect(changed).toEqual({ price: "319.00", originalPrice: "", colours: "Navy, Black", stock: "19" });
  });

  it("judges values, not spelling: another way of writing the same thing is no change", () => {
    expect(changedCells(valuesOf(`${ID},Navy Wool Suit,Two-piece.,Suits,319,,"Navy,Black","38R,40R",19,YES,/images/products/a.jpg`), current)).toEqual({});
  });
});
