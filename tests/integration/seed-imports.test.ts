// The seed imports (admin.md sections 5, 8 and 9) against a real database: every row rule and
// default, duplicates by name for every import, a bad row counted and never half-written, the
// import as a background job with its audit trail, the first start through the same code, and
// two imports at once on real PostgreSQL.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { SEED_IMPORT_JOB_KIND, skippedExplanation, type SeedImportResult } from "../../src/domain/admin/seed-imports.ts";
import { seedImportTexts } from "../../src/domain/messages/admin-imports.ts";
import { startSeedImport } from "../../src/server/admin/imports/seed-import-admin.server.ts";
import { seedImportJob } from "../../src/server/admin/imports/seed-import-job.server.ts";
import { importSeedCategories } from "../../src/server/admin/imports/seed-import.server.ts";
import { getJob, startJobRunner } from "../../src/server/admin/jobs/jobs.server.ts";
import type { CategoryValue } from "../../src/domain/categories.ts";
import { readSeedCatalogue } from "../../src/server/catalog/seed-catalogue.server.ts";
import { seedCatalogueIfEmpty } from "../../src/server/catalog/seed-into-database.server.ts";
import { openDatabase, type Database } from "../../src/server/db/client.server.ts";
import { adminAuditLog, products } from "../../src/server/db/schema.ts";
import { action as importsAction } from "../../src/web/routes/api.admin.imports.ts";
import { makeAuth, makeContext, settle, SHOP, signedInAccount } from "../helpers/admin.ts";
import { availableEngines, createTestDatabase, describeEachEngine } from "../helpers/databases.ts";
import { withUrl } from "../helpers/route-context.ts";

const SEED_DATA = fileURLToPath(new URL("../../seed/data/", import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

let counter = 0;
/** A name no other test uses, so tests sharing a database never see each other's rows. */
const unique = (name: string) => `${name} ${Date.now().toString(36)}${++counter}`;

/** A seed folder: the real files, with some replaced. */
function seedDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "seed-import-"));
  dirs.push(dir);
  cpSync(SEED_DATA, path.join(dir, "data"), { recursive: true });
  for (const [file, content] of Object.entries(files)) writeFileSync(path.join(dir, "data", file), content);
  return dir;
}

const IMG = "/images/products/hampton-cap-toe-oxford-1.svg|/images/products/hampton-cap-toe-oxford-2.svg";
const SHOE_HEADER = "name,url,images,price,sold,description,delivery,original_price,colours,sizes,rating";
const SHIRT_HEADER = "name,url,price,original_price,discount,sold,images,colour,size,rating,colours,sizes";
const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const line = (cells: string[]) => cells.map(csvCell).join(",");

async function byName(db: Database, names: string[]) {
  const rows = await db.select().from(products).where(inArray(products.name, names));
  return new Map(rows.map((row) => [row.name, row]));
}

async function importOne(db: Database, category: CategoryValue, dir: string) {
  const run = await importSeedCategories(db, [category], { seedDir: dir });
  return run.categories[0]!;
}

describeEachEngine("seed imports", (get) => {
  it("shoes: rows of 7 fields with name, url and an image or price; defaults of section 9; header skipped", async () => {
    const { db } = get();
    const [good, bare, noImage, dup, abc, zero, negative, short, noUrl, empty] = ["Good", "Bare", "No Image", "Dup", "Abc", "Zero", "Negative", "Short", "No Url", "Empty"].map((n) => unique(`Shoe ${n}`));
    await db.insert(products).values({ name: dup!.toUpperCase(), pricePence: 100, category: "shoes" });
    const dir = seedDir({
      "shoes.csv": [
        SHOE_HEADER,
        line([good!, "/s/good", IMG, "80.00", "1,480 sold", "A good shoe", "Free delivery", "", "Oxblood", "8|9", "4.8"]),
        line([bare!, "/s/bare", IMG, "£50", "", "", "ignored text"]),
        line([noImage!, "/s/no-image", "", "60.00", "sold 7", "", "x"]),
        line([dup!, "/s/dup", IMG, "70.00", "", "", "x"]),
        line([abc!, "/s/abc", IMG, "abc", "", "", "x"]),
        line([zero!, "/s/zero", IMG, "0", "", "", "x"]),
        line([negative!, "/s/neg", IMG, "-4.00", "", "", "x"]),
        line([short!, "/s/short", IMG, "40.00", "", "only six"]),
        line([noUrl!, "", IMG, "40.00", "", "", "x"]),
        line([empty!, "/s/empty", "", "", "", "", "x"]),
      ].join("\n"),
    });
    const report = await importOne(db, "shoes", dir);
    expect(report).toMatchObject({ category: "shoes", total: 10, added: 2, errors: 1, skipped: 7 });
    expect(report.skippedNames).toEqual([dup]);
    // The row with no image but a price passes the CSV rule, then fails the seed's image rule.
    expect(report.problems.find((p) => p.name === noImage)).toMatchObject({ kind: "error", reason: expect.stringContaining("images") });
    const reasons = Object.fromEntries(report.problems.map((p) => [p.name, p.reason]));
    expect(reasons[abc!]).toMatch(/price/);
    expect(reasons[zero!]).toMatch(/price/);
    expect(reasons[negative!]).toMatch(/price/);
    expect(reasons[short!]).toMatch(/too few fields/);
    expect(reasons[noUrl!]).toMatch(/url/);
    expect(reasons[empty!]).toMatch(/neither an image nor a price/);
    const rows = await byName(db, [good!, bare!, dup!]);
    expect(rows.get(dup!)).toBeUndefined(); // the existing upper-case one stays the only one
    expect(rows.get(good!)).toMatchObject({ pricePence: 8000, originalPricePence: 9600, soldQuantity: 1480, numberOfSales: 1480, availableColors: ["Oxblood"], availableSizes: ["8", "9"], inStock: true, isActive: true, category: "shoes", productUrl: "/s/good", hasValidImage: true });
    const plain = rows.get(bare!)!;
    expect(plain).toMatchObject({ pricePence: 5000, originalPricePence: 6000, soldQuantity: 0, availableColors: ["Black", "Brown", "Navy", "Tan"], availableSizes: ["7", "8", "9", "10", "11", "12"] });
    expect(plain.stock).toBeGreaterThanOrEqual(10);
    expect(plain.stock).toBeLessThanOrEqual(59);
    expect(plain.description).not.toBe("");
  });

  it("accessories: One Size, the default colours and 1.2 x price", async () => {
    const { db } = get();
    const name = unique("Cufflinks");
    const dir = seedDir({ "accessories.csv": ["name,url,images,price,sold,description,category", line([name, "/a/c", IMG, "25.00", "31 sold", "", "Cufflinks"])].join("\n") });
    expect(await importOne(db, "accessories", dir)).toMatchObject({ added: 1, skipped: 0, errors: 0 });
    const row = (await byName(db, [name])).get(name)!;
    expect(row).toMatchObject({ pricePence: 2500, originalPricePence: 3000, availableSizes: ["One Size"], availableColors: ["Silver", "Gold", "Black", "Rose Gold"], soldQuantity: 31, category: "accessories", inStock: true, isActive: true });
    expect(row.stock).toBeGreaterThanOrEqual(10);
    expect(row.stock).toBeLessThanOrEqual(59);
  });

  it("shirts: checked for duplicates too, price 0 skipped, original price falls back to the price, rating 4.5, stock 100", async () => {
    const { db } = get();
    const [plain, priced, free, dup] = ["Plain", "Priced", "Free", "Dup"].map((n) => unique(`Shirt ${n}`));
    await db.insert(products).values({ name: dup!, pricePence: 100, category: "shirts" });
    const dir = seedDir({
      "shirts.csv": [
        SHIRT_HEADER,
        line([plain!, "/sh/p", "30.00", "", "", "5,310 sold", IMG]),
        line([priced!, "/sh/q", "30.00", "40.00", "25", "", IMG, "White", "M", "4.1", "White|Blue", "M|L"]),
        line([free!, "/sh/f", "", "", "", "", IMG]),
        line([dup!, "/sh/d", "30.00", "", "", "", IMG]),
      ].join("\n"),
    });
    const report = await importOne(db, "shirts", dir);
    expect(report).toMatchObject({ total: 4, added: 2, skipped: 2, errors: 0, skippedNames: [dup] });
    const rows = await byName(db, [plain!, priced!, free!]);
    expect(rows.get(free!)).toBeUndefined();
    expect(rows.get(plain!)).toMatchObject({ pricePence: 3000, originalPricePence: 3000, rating: 4.5, stock: 100, soldQuantity: 5310, discountPercentage: null, inStock: true, isActive: true });
    expect(rows.get(priced!)).toMatchObject({ pricePence: 3000, originalPricePence: 4000, rating: 4.1, availableColors: ["White", "Blue"], availableSizes: ["M", "L"], discountPercentage: 25 });
    expect(await db.select().from(products).where(eq(products.name, dup!))).toHaveLength(1);
  });

  it("white-wear: the source's original price, default colours and sizes when the row has none", async () => {
    const { db } = get();
    const [bare, full] = ["Bare", "Full"].map((n) => unique(`White ${n}`));
    const dir = seedDir({
      "white-wear.csv": [SHIRT_HEADER, line([bare!, "/w/b", "35.00", "45.00", "", "", IMG]), line([full!, "/w/f", "35.00", "", "", "", IMG, "", "", "", "Ivory", "M|L"])].join("\n"),
    });
    expect(await importOne(db, "white-wear", dir)).toMatchObject({ added: 2 });
    const rows = await byName(db, [bare!, full!]);
    expect(rows.get(bare!)).toMatchObject({ originalPricePence: 4500, availableColors: ["White", "Black", "Blue", "Gray"], availableSizes: ["S", "M", "L", "XL", "XXL"] });
    expect(rows.get(full!)).toMatchObject({ originalPricePence: null, availableColors: ["Ivory"], availableSizes: ["M", "L"] });
    expect(rows.get(bare!)!.stock).toBeGreaterThanOrEqual(10);
    expect(rows.get(bare!)!.stock).toBeLessThanOrEqual(59);
  });

  it("suits: rows under 16 columns are skipped, colours normalised, the counts reported", async () => {
    const { db } = get();
    const header = readFileSync(path.join(SEED_DATA, "suits.csv"), "utf8").split("\n")[0]!;
    const [navy, short, bad] = ["Navy", "Short", "Bad"].map((n) => unique(`Suit ${n}`));
    const images = "/images/products/kensington-navy-two-piece-suit-1.svg|/images/products/kensington-navy-two-piece-suit-2.svg";
    const suit = (name: string, price: string, colours: string) => line([name, "/suit", price, "", "", "12 sold", "4.5", "3", colours, "40R|42R", "A suit", "Wool", "Solid", "Work", "Dry clean", images]);
    const dir = seedDir({
      "suits.csv": [header, suit(navy!, "199.00", "Navy Blue|khaki|Beige|cream|Multi-color|Traditional Print|denim blue|navy"), line([short!, "/suit", "199.00", "", "", "", "", "", "Navy", "40R"]), suit(bad!, "-1", "Navy")].join("\n"),
    });
    const report = await importOne(db, "suits", dir);
    expect(report).toMatchObject({ total: 3, added: 1, skipped: 2, errors: 0 });
    expect(report.problems.find((p) => p.name === short)?.reason).toMatch(/at least 16/);
    const row = (await byName(db, [navy!])).get(navy!)!;
    expect(row.availableColors).toEqual(["Navy", "Brown", "White", "Multicolor", "Blue"]);
    expect(row).toMatchObject({ soldQuantity: 12, inStock: true, isActive: true, category: "suits" });
  });

  it("kaftan: the discount percentage and stock 50; denim and tie defaults", async () => {
    const { db } = get();
    const [kaftan, denim, tie] = ["Kaftan", "Denim", "Tie"].map((n) => unique(n));
    const images = ["/images/products/lagos-embroidered-cotton-kaftan-1.svg", "/images/products/lagos-embroidered-cotton-kaftan-2.svg"];
    const dir = seedDir({
      "kaftan.json": JSON.stringify([
        { name: kaftan, price: 24.99, original_price: 35.99, images },
        { name: unique("Kaftan No Price"), price: "n/a", images },
      ]),
      "denim.json": JSON.stringify([{ name: denim, price: 39, images }]),
      "ties.json": JSON.stringify([{ name: tie, price: 22, images }]),
    });
    expect(await importOne(db, "kaftan", dir)).toMatchObject({ total: 2, added: 1, skipped: 1 });
    await importOne(db, "denim", dir);
    await importOne(db, "ties", dir);
    const rows = await byName(db, [kaftan!, denim!, tie!]);
    expect(rows.get(kaftan!)).toMatchObject({ pricePence: 2499, originalPricePence: 3599, discountPercentage: 31, stock: 50, category: "kaftan" });
    expect(rows.get(denim!)).toMatchObject({ availableColors: ["Blue"], availableSizes: ["M", "L", "XL"], rating: 4, storeName: "Unknown Store", shippingInformation: "Standard shipping", returnRefundPolicy: "Standard return policy", stock: 50 });
    expect(rows.get(tie!)).toMatchObject({ availableSizes: ["One Size"], rating: 4.5, storeName: "Fashion Store", shippingInformation: "Free shipping", returnRefundPolicy: "Return policy available" });
    expect(rows.get(tie!)!.tags.length).toBeGreaterThan(0);
  });

  it("a row the database refuses is counted as an error and its neighbours still go in, never half-written", async () => {
    const { db } = get();
    const [before, explosive, after] = ["Before", "Explosive", "After"].map((n) => unique(`Belt ${n}`));
    await db.execute(
      sql.raw(`create or replace function refuse_explosive() returns trigger language plpgsql as $$
      begin if new.name like 'Belt Explosive%' then raise exception 'refused by the test trigger'; end if; return new; end $$`),
    );
    await db.execute(sql.raw("create trigger refuse_explosive before insert on products for each row execute function refuse_explosive()"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const header = "name,url,images,price,sold,description,category";
      const dir = seedDir({ "accessories.csv": [header, ...[before!, explosive!, after!].map((n) => line([n, "/b", IMG, "20.00", "", "", "Belt"]))].join("\n") });
      const report = await importOne(db, "accessories", dir);
      expect(report).toMatchObject({ total: 3, added: 2, errors: 1 });
      expect(report.problems).toEqual([expect.objectContaining({ name: explosive, kind: "error", reason: expect.stringContaining("refused by the test trigger") })]);
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
      await db.execute(sql.raw("drop trigger refuse_explosive on products"));
      await db.execute(sql.raw("drop function refuse_explosive()"));
    }
    expect([...(await byName(db, [before!, explosive!, after!])).keys()].sort()).toEqual([after, before].sort());
  });

  it("runs as a job from POST /api/admin/imports: audit-trailed, progress to the last row, a second click gets the same job", async () => {
    const { db } = get();
    const auth = makeAuth(db);
    const kicks = { count: 0, jobs: 0 };
    const context = makeContext(db, auth, kicks);
    const admin = await signedInAccount(db, auth, { admin: true });
    const post = (body: unknown) =>
      settle(
        importsAction(
          withUrl({
            request: new Request(`${SHOP}/api/admin/imports`, { method: "POST", headers: { cookie: admin.cookie, origin: SHOP, "content-type": "application/json" }, body: JSON.stringify(body) }),
            params: {},
            context,
          }) as never,
        ),
      );
    expect(await post({ source: "hats" })).toMatchObject({ status: 400, body: { error: seedImportTexts.unknownSource } });
    const first = await post({ source: "ties" });
    expect(first.status).toBe(202);
    const jobId = (first.body as { jobId: string }).jobId;
    expect(kicks.jobs).toBe(1);
    const again = await post({ source: "ties" });
    expect(again).toMatchObject({ status: 200, body: { jobId, created: false } });
    const audit = await db.select().from(adminAuditLog).where(and(eq(adminAuditLog.action, "catalogue.import_started"), eq(adminAuditLog.subjectId, jobId)));
    expect(audit).toEqual([expect.objectContaining({ adminId: admin.userId, adminEmail: admin.email, subjectType: "admin_job", after: { source: "ties" } })]);

    let catalogueChanges = 0;
    const runner = startJobRunner({ db, handlers: [seedImportJob], pollMs: 60_000, services: { catalogueChanged: () => catalogueChanges++ } });
    runner.kick();
    await runner.idle();
    await runner.stop();
    const job = await getJob(db, jobId);
    const result = job!.result as SeedImportResult;
    expect(job).toMatchObject({ status: "succeeded", kind: SEED_IMPORT_JOB_KIND });
    expect(job!.progress.total).toBe(result.categories[0]!.total);
    expect(job!.progress.done).toBe(job!.progress.total);
    expect(result.source).toBe("ties");
    expect(result.categories[0]!.added + result.categories[0]!.skipped).toBe(9);
    // The shop's page and discovery caches are emptied once the imported products are on sale.
    expect(catalogueChanges).toBeGreaterThan(0);
  });

  it("starts an import only once per source while it is queued (startSeedImport)", async () => {
    const { db } = get();
    const auth = makeAuth(db);
    const admin = await signedInAccount(db, auth, { admin: true });
    const viewer = { userId: admin.userId, email: admin.email, firstName: "", lastName: "" };
    const a = await startSeedImport(db, viewer, "denim");
    const b = await startSeedImport(db, viewer, "denim");
    expect(b).toEqual({ job: expect.objectContaining({ id: a.job.id }), created: false });
  });
});

describeEachEngine("the first start seeds through the import", (get) => {
  it("loads the whole built-in catalogue once, as the seed reader reads it, with creation dates spread out", async () => {
    const { db } = get();
    const expected = readSeedCatalogue();
    const now = new Date("2026-11-01T12:00:00Z");
    expect(await seedCatalogueIfEmpty(db, now)).toBe(expected.length);
    expect(await seedCatalogueIfEmpty(db, now)).toBe(0);
    const rows = await db.select().from(products);
    expect(rows).toHaveLength(expected.length);
    const stored = new Map(rows.map((row) => [row.name, row]));
    for (const product of expected) {
      const row = stored.get(product.name)!;
      expect(row, product.name).toMatchObject({ category: product.category, pricePence: product.pricePence, originalPricePence: product.originalPricePence, stock: product.stock, availableColors: product.availableColors, inStock: true, isActive: true });
    }
    const days = new Set(rows.map((row) => Math.floor((now.getTime() - row.createdAt.getTime()) / 86_400_000)));
    expect(days.size).toBeGreaterThan(30);
    // Upload All afterwards finds nothing missing.
    const run = await importSeedCategories(db, ["suits", "shirts", "kaftan"]);
    expect(run.totalAdded).toBe(0);
    expect(run.categories.map((report) => report.skipped)).toEqual(run.categories.map((report) => report.total));
    // The panel says why: every skipped name was in the shop already.
    expect(skippedExplanation(run.categories)).toBe(`Skipped: ${run.categories.reduce((sum, report) => sum + report.total, 0)} already in the shop.`);
  });
});

describe.runIf(availableEngines().includes("postgres"))("two imports at once on one PostgreSQL", () => {
  it("never adds a name twice, whichever process gets there first", async () => {
    const database = await createTestDatabase("postgres");
    const second = openDatabase({ kind: "postgres", url: database.url! });
    try {
      const categories: CategoryValue[] = ["shoes", "shirts", "kaftan", "denim"];
      const runs = await Promise.all([
        importSeedCategories(database.db, categories),
        importSeedCategories(second.db, categories),
        importSeedCategories(database.db, ["kaftan", "denim"]),
      ]);
      const rows = await database.db.select({ name: products.name }).from(products);
      const names = rows.map((row) => row.name.toLowerCase());
      expect(new Set(names).size).toBe(names.length);
      const expected = readSeedCatalogue().filter((product) => categories.includes(product.category as CategoryValue));
      expect(names).toHaveLength(expected.length);
      expect(runs.reduce((sum, run) => sum + run.totalAdded, 0)).toBe(expected.length);
      expect(await database.db.select().from(products).where(like(products.name, "%Kaftan%"))).not.toHaveLength(0);
    } finally {
      await second.close();
      await database.close();
    }
  });
});
