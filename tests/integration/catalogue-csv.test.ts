// The owner's spreadsheet (issue 13): export, edit, import back; files as spreadsheets write
// them; a broken row reported by row and column and never written; 10,000 rows timed.
import { randomUUID } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import { expect, it } from "vitest";
import { CATALOGUE_HEADER_ROW, catalogueCsvLine } from "../../src/domain/admin/catalogue-csv.ts";
import { catalogueCsvErrors as errors } from "../../src/domain/messages/catalogue-csv.ts";
import type { AdminViewer } from "../../src/server/admin/admin-guard.server.ts";
import {
  exportCatalogueCsv,
  importCatalogueCsv,
  previewCatalogueImport,
  type CatalogueImportProgress,
} from "../../src/server/admin/catalogue-csv/catalogue-csv.server.ts";
import { takeProductStock } from "../../src/server/catalog/product-stock.server.ts";
import type { Database } from "../../src/server/db/client.server.ts";
import { adminAuditLog, products } from "../../src/server/db/schema.ts";
import { describeEachEngine } from "../helpers/databases.ts";

const admin: AdminViewer = { userId: "admin-csv", email: "owner@example.com", firstName: "Ada", lastName: "Owner" };

/** A name nobody else's test uses, so each test reads only its own products. */
function tag(): string {
  return `T${randomUUID().slice(0, 8)}`;
}

async function exportText(db: Database): Promise<string> {
  let text = "";
  for await (const chunk of exportCatalogueCsv(db, 7)) text += chunk;
  return text;
}

async function seed(db: Database, prefix: string, count: number) {
  const rows = Array.from({ length: count }, (_, index) => ({
    name: `${prefix} Suit ${index}`,
    category: "suits",
    pricePence: 10000 + index,
    originalPricePence: index === 0 ? 12000 : null,
    description: index === 0 ? "=SUM(A1:A9) looks like a formula" : "Wool",
    availableColors: ["Navy", "Grey"],
    availableSizes: ["38R"],
    stock: 5,
    image: "/images/products/navy-suit-1.svg",
    hasValidImage: true,
  }));
  return db.insert(products).values(rows).returning({ id: products.id, name: products.name });
}

function linesOf(text: string, prefix: string): string[] {
  // Export lines of this test's products; a description may hold a line break, so split on CRLF.
  return text.split("\r\n").filter((line) => line.includes(prefix));
}

describeEachEngine("catalogue spreadsheet", (get, engine) => {
  it("round trip: the export, edited, imports as updates in place and nothing is added", async () => {
    const { db } = get();
    const prefix = tag();
    const seeded = await seed(db, prefix, 3);
    const text = await exportText(db);
    expect(text.startsWith(`\uFEFF${CATALOGUE_HEADER_ROW}`)).toBe(true);
    const mine = linesOf(text, prefix);
    expect(mine).toHaveLength(3);
    // The description that starts with = is defused for Excel...
    expect(mine[0]).toContain(`'=SUM(A1:A9) looks like a formula`);
    // ...edit as an owner would: a new price and stock on the second product.
    const edited = mine.map((line) => (line.includes(`${prefix} Suit 1,`) ? line.replace(",100.01,", ",149.50,").replace(",5,5,yes,", ",0,5,no,") : line));
    // The preview and the outcome count the two rows that change nothing apart from the one that does.
    const file = `${CATALOGUE_HEADER_ROW}${edited.join("\r\n")}\r\n`;
    const preview = await previewCatalogueImport(db, file);
    expect(preview).toMatchObject({ ok: true, totalRows: 3, creates: 0, updates: 1, unchanged: 2 });
    expect(preview.ok && preview.rows.map((row) => row.action).sort()).toEqual(["unchanged", "unchanged", "update"]);
    // The update says what it changes: the product's price, stock and Active now, as the export wrote them.
    const update = preview.ok ? preview.rows.find((row) => row.action === "update") : undefined;
    expect(update?.was).toEqual({ price: "100.01", stock: "5", active: "yes" });
    expect(preview.ok && preview.rows.filter((row) => row.action === "unchanged").map((row) => row.was)).toEqual([undefined, undefined]);
    const result = await importCatalogueCsv(db, { text: file, admin, jobId: null });
    expect(result).toMatchObject({ ok: true, totalRows: 3, created: 0, updated: 1, unchanged: 2, failed: 0 });
    const after = await db.select().from(products).where(like(products.name, `${prefix}%`)).orderBy(products.name);
    expect(after).toHaveLength(3);
    expect(after.map((p) => p.id).sort()).toEqual(seeded.map((p) => p.id).sort());
    // ...and the import undid the escape: the text is as it was.
    expect(after[0]!.description).toBe("=SUM(A1:A9) looks like a formula");
    expect(after[0]!.originalPricePence).toBe(12000);
    expect(after[1]).toMatchObject({ pricePence: 14950, stock: 0, inStock: false, isActive: false, availableColors: ["Navy", "Grey"] });
    expect(after[2]).toMatchObject({ pricePence: 10002, stock: 5, isActive: true, productGallery: ["/images/products/navy-suit-1.svg"], hasValidImage: true });
    // The audit trail has the product the file changed, before → after, named; the two rows that
    // changed nothing leave no entry.
    const entries = await db.select().from(adminAuditLog).where(and(eq(adminAuditLog.action, "product.updated"), inArray(adminAuditLog.subjectId, seeded.map((p) => p.id))));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      subjectType: "product",
      subjectId: after[1]!.id,
      before: { name: `${prefix} Suit 1`, pricePence: 10001, stock: 5, inStock: true, isActive: true },
      after: { name: `${prefix} Suit 1`, pricePence: 14950, stock: 0, inStock: false, isActive: false, source: "spreadsheet import" },
    });
    expect(Object.keys(entries[0]!.before as object).sort()).toEqual(["inStock", "isActive", "name", "pricePence", "stock"]);
    // The import's own entry counts those two as unchanged rather than listing them as updated.
    const summaries = await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "products.imported"));
    const summary = summaries.map((row) => row.after as { updated: string[]; unchanged: number }).find((entry) => entry.updated.includes(after[1]!.id));
    expect(summary).toMatchObject({ updated: [after[1]!.id], unchanged: 2 });

    // The same file again changes nothing: every row counted unchanged, and no product written
    // (its last-updated time stays where the first import left it).
    expect(await importCatalogueCsv(db, { text: file, admin, jobId: null })).toMatchObject({ ok: true, created: 0, updated: 0, unchanged: 3, failed: 0 });
    const again = await db.select().from(products).where(like(products.name, `${prefix}%`)).orderBy(products.name);
    expect(again.map((product) => product.updatedAt.toISOString())).toEqual(after.map((product) => product.updatedAt.toISOString()));
  });

  it("a file of Product IDs and prices changes the prices only: names, stock and the rest stay", async () => {
    const { db } = get();
    const prefix = tag();
    const [first, second] = await seed(db, prefix, 2);
    const file = `Product ID,Price (GBP)\r\n${first!.id},"1,250.00"\r\n${second!.id},99\r\n`;
    expect(await previewCatalogueImport(db, file)).toMatchObject({ ok: true, totalRows: 2, creates: 0, updates: 2, problemRows: 0 });
    expect(await importCatalogueCsv(db, { text: file, admin, jobId: null })).toMatchObject({ ok: true, created: 0, updated: 2, failed: 0 });
    const after = await db.select().from(products).where(like(products.name, `${prefix}%`)).orderBy(products.name);
    expect(after.map(({ name, pricePence, stock, description }) => ({ name, pricePence, stock, description }))).toEqual([
      { name: `${prefix} Suit 0`, pricePence: 125000, stock: 5, description: "=SUM(A1:A9) looks like a formula" },
      { name: `${prefix} Suit 1`, pricePence: 9900, stock: 5, description: "Wool" },
    ]);
  });

  it("an export imported back after sales keeps the units sold since, and a stock changed meanwhile is asked again", async () => {
    const { db } = get();
    const prefix = tag();
    const [first, second] = await seed(db, prefix, 2);
    const [suit0, suit1] = linesOf(await exportText(db), prefix);
    // Three units of each are paid for while the owner edits prices in the spreadsheet.
    await db.transaction(async (tx) => {
      for (const product of [first!, second!]) await takeProductStock(tx, product.id, 3);
    });
    // Suit 0: a new price only. Suit 1: the owner also counted 9 on the shelf against the export's 5.
    const edited = [suit0!.replace(",100.00,", ",110.00,"), suit1!.replace(",100.01,", ",120.00,").replace(",5,5,yes,", ",9,5,yes,")];
    const file = `${CATALOGUE_HEADER_ROW}${edited.join("\r\n")}\r\n`;
    const preview = await previewCatalogueImport(db, file);
    expect(preview).toMatchObject({ ok: true, updates: 1, problems: [{ row: 3, field: "Stock", message: errors.stockMoved(5, 2) }] });
    expect(await importCatalogueCsv(db, { text: file, admin, jobId: null })).toMatchObject({ ok: true, updated: 1, failed: 1 });
    const after = await db.select().from(products).where(like(products.name, `${prefix}%`)).orderBy(products.name);
    expect(after.map(({ pricePence, stock }) => ({ pricePence, stock }))).toEqual([
      { pricePence: 11000, stock: 2 },
      // Nothing of the refused row is saved.
      { pricePence: 10001, stock: 2 },
    ]);
  });

  it("reads a BOM, CRLF, quoted commas and an embedded line break; adds new rows and matches names", async () => {
    const { db } = get();
    const prefix = tag();
    const [existing] = await seed(db, prefix, 1);
    const text =
      `\uFEFFName,Description,Category,Price (GBP),Stock,Colours,Image URLs\r\n` +
      `"${prefix} Shirt, white","Crisp cotton.\r\nSlim fit, ""Oxford"" collar.",shirts,£39.00,10,"White, Blue",https://images.unsplash.com/photo-1\r\n` +
      `${prefix.toLowerCase()} suit 0,Now in linen,suits,120,2,,\r\n`;
    const preview = await previewCatalogueImport(db, text);
    expect(preview).toMatchObject({ ok: true, totalRows: 2, creates: 1, updates: 1, problemRows: 0 });
    const result = await importCatalogueCsv(db, { text, admin, jobId: null });
    expect(result).toMatchObject({ ok: true, created: 1, updated: 1, failed: 0 });
    const [shirt] = await db.select().from(products).where(eq(products.name, `${prefix} Shirt, white`));
    expect(shirt).toMatchObject({
      description: 'Crisp cotton.\nSlim fit, "Oxford" collar.',
      category: "shirts",
      pricePence: 3900,
      stock: 10,
      inStock: true,
      isActive: true,
      availableColors: ["White", "Blue"],
      hasValidImage: true,
    });
    const [suit] = await db.select().from(products).where(eq(products.id, existing!.id));
    // Matched by name (any case): updated in place, renamed to the file's spelling.
    expect(suit).toMatchObject({ name: `${prefix.toLowerCase()} suit 0`, description: "Now in linen", pricePence: 12000, stock: 2, productGallery: [], hasValidImage: false });
  });

  it("reports a broken row by row and column in the preview and the import, and writes nothing of it", async () => {
    const { db } = get();
    const prefix = tag();
    const text =
      `Name,Category,Price (GBP),Stock\r\n` +
      `${prefix} Good One,ties,25,3\r\n` +
      `${prefix} Broken,ties,twenty,3\r\n` +
      `${prefix} Good Two,ties,26,4\r\n`;
    const preview = await previewCatalogueImport(db, text);
    expect(preview).toMatchObject({ ok: true, creates: 2, problemRows: 1 });
    expect(preview.ok && preview.problems).toEqual([{ row: 3, column: "C", field: "Price (GBP)", message: errors.badPrice("Price (GBP)", "twenty") }]);
    expect(preview.ok && preview.rows.map((row) => row.action)).toEqual(["create", "problem", "create"]);
    // The preview wrote nothing.
    expect(await db.select().from(products).where(like(products.name, `${prefix}%`))).toHaveLength(0);

    const progress: CatalogueImportProgress[] = [];
    const result = await importCatalogueCsv(db, { text, admin, jobId: "job-1" }, (p) => void progress.push(p));
    expect(result).toMatchObject({ ok: true, created: 2, updated: 0, failed: 1, problems: [{ row: 3, column: "C" }] });
    expect(progress).toEqual([{ done: 0, total: 3 }, { done: 3, total: 3 }]);
    const names = (await db.select().from(products).where(like(products.name, `${prefix}%`))).map((p) => p.name).sort();
    expect(names).toEqual([`${prefix} Good One`, `${prefix} Good Two`]);
    // The audit trail names the admin, the job, and every product written.
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "products.imported"));
    const entry = audit.find((row) => (row.after as { jobId?: string }).jobId === "job-1");
    expect(entry).toMatchObject({ adminId: admin.userId, adminEmail: admin.email, subjectType: "products" });
    expect((entry!.after as { created: string[] }).created).toHaveLength(2);
    // Each product it added has an entry of its own, naming it and what it was created with, as
    // one added in the editor does.
    const createdIds = (entry!.after as { created: string[] }).created;
    const perProduct = await db.select().from(adminAuditLog).where(and(eq(adminAuditLog.action, "product.created"), inArray(adminAuditLog.subjectId, createdIds)));
    expect(perProduct.map((row) => (row.after as { name: string }).name).sort()).toEqual([`${prefix} Good One`, `${prefix} Good Two`]);
    expect(perProduct[0]).toMatchObject({ adminId: admin.userId, subjectType: "product", before: null, after: { source: "spreadsheet import" } });
  });

  it("refuses an unknown Product ID and leaves every product as it was", async () => {
    const { db } = get();
    const prefix = tag();
    const text = `${CATALOGUE_HEADER_ROW}${catalogueCsvLine({ id: randomUUID(), name: `${prefix} Ghost`, description: "", category: "ties", pricePence: 100, originalPricePence: null, colours: [], sizes: [], stock: 1, active: true, images: [] })}`;
    const result = await importCatalogueCsv(db, { text, admin, jobId: null });
    expect(result).toMatchObject({ ok: true, created: 0, updated: 0, failed: 1, problems: [{ row: 2, column: "A", message: errors.unknownId }] });
    expect(await db.select().from(products).where(like(products.name, `${prefix}%`))).toHaveLength(0);
  });

  it("answers a file it cannot read with one message and writes nothing", async () => {
    const { db } = get();
    expect(await previewCatalogueImport(db, "Name;Price\nA;1\n")).toEqual({ ok: false, message: errors.semicolons });
    expect(await importCatalogueCsv(db, { text: "", admin, jobId: null })).toEqual({ ok: false, message: errors.emptyFile });
  });

  it("imports 10,000 rows (timed, reported), then the same file again as 10,000 updates", { timeout: 180_000 }, async () => {
    const { db } = get();
    const prefix = tag();
    const rows = Array.from({ length: 10_000 }, (_, index) =>
      catalogueCsvLine({
        id: "",
        name: `${prefix} Product ${index}`,
        description: `A description of product ${index}, with a comma and "quotes".`,
        category: ["suits", "shirts", "ties", "shoes"][index % 4]!,
        pricePence: 1000 + index,
        originalPricePence: index % 3 === 0 ? 2000 + index : null,
        colours: ["Navy", "Black"],
        sizes: ["S", "M", "L"],
        stock: index % 50,
        active: index % 10 !== 0,
        images: [`https://images.unsplash.com/photo-${index}`],
      }),
    );
    const text = `\uFEFF${CATALOGUE_HEADER_ROW}${rows.join("")}`;
    let reports = 0;
    const started = performance.now();
    const first = await importCatalogueCsv(db, { text, admin, jobId: null }, () => void reports++);
    const createMs = performance.now() - started;
    expect(first).toMatchObject({ ok: true, created: 10_000, updated: 0, failed: 0 });
    expect(reports).toBeGreaterThan(10);
    const again = performance.now();
    const second = await importCatalogueCsv(db, { text, admin, jobId: null });
    const updateMs = performance.now() - again;
    expect(second).toMatchObject({ ok: true, created: 0, updated: 0, unchanged: 10_000, failed: 0 });
    const count = await db.select({ id: products.id }).from(products).where(like(products.name, `${prefix}%`));
    expect(count).toHaveLength(10_000);
    console.log(`[catalogue-csv ${engine}] 10,000 rows (${(text.length / 1e6).toFixed(2)} MB): created in ${(createMs / 1000).toFixed(1)} s, updated in ${(updateMs / 1000).toFixed(1)} s`);
    await db.delete(products).where(inArray(products.id, count.map((row) => row.id)));
  });
});
