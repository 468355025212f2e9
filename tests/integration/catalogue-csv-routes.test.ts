// The spreadsheet's HTTP addresses (docs/api.md): export and template downloads, the preview of
// an upload (text/csv or multipart), the size and type refusals, and the import queued as a job
// that a runner claims, with its progress and result read back through GET /api/admin/jobs/:id.
import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CATALOGUE_CSV_MAX_BYTES, CATALOGUE_HEADER_ROW } from "../../src/domain/admin/catalogue-csv.ts";
import { apiErrors } from "../../src/domain/messages/cart.ts";
import { catalogueCsvErrors as errors } from "../../src/domain/messages/catalogue-csv.ts";
import { catalogueImportJob } from "../../src/server/admin/catalogue-csv/catalogue-import-job.server.ts";
import { startJobRunner, type JobRunner } from "../../src/server/admin/jobs/jobs.server.ts";
import type { Auth } from "../../src/server/auth/auth.server.ts";
import { adminAuditLog, products } from "../../src/server/db/schema.ts";
import { loader as jobLoader } from "../../src/web/routes/api.admin.job.ts";
import { loader as exportLoader } from "../../src/web/routes/api.admin.products-export.ts";
import { action as importAction } from "../../src/web/routes/api.admin.products-import.ts";
import { action as previewAction } from "../../src/web/routes/api.admin.products-import-preview.ts";
import { loader as templateLoader } from "../../src/web/routes/api.admin.products-template.ts";
import { makeAuth, makeContext, settle, SHOP, signedInAccount, type TestContext } from "../helpers/admin.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { withUrl } from "../helpers/route-context.ts";

function post(path: string, cookie: string, body: BodyInit, type: string | null): Request {
  const headers = new Headers({ origin: SHOP, cookie });
  if (type) headers.set("content-type", type);
  return new Request(`${SHOP}${path}`, { method: "POST", headers, body });
}

describeEachEngine("catalogue spreadsheet routes", (get) => {
  // A route's arguments as React Router passes them (the generated types want fields these routes do not read).
  const args = (request: Request, params: Record<string, string>) => withUrl({ request, params, context }) as never;
  let auth: Auth;
  let context: TestContext;
  let cookie: string;
  let adminId: string;
  let runner: JobRunner;
  let catalogueChanges = 0;

  beforeAll(async () => {
    const { db } = get();
    auth = makeAuth(db);
    context = makeContext(db, auth);
    const admin = await signedInAccount(db, auth, { admin: true });
    cookie = admin.cookie;
    adminId = admin.userId;
    runner = startJobRunner({ db, handlers: [catalogueImportJob], pollMs: 60_000, services: { catalogueChanged: () => catalogueChanges++ } });
  });
  afterAll(async () => {
    await runner.stop();
  });

  it("downloads the export and the template as CSV attachments, and records the export", async () => {
    const { db } = get();
    const name = `Export ${randomUUID().slice(0, 8)}`;
    await db.insert(products).values({ name, category: "ties", pricePence: 1999, stock: 2 });
    const exported = await exportLoader(args(new Request(`${SHOP}/api/admin/products/export.csv`, { headers: { cookie } }), {}));
    expect(exported.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(exported.headers.get("content-disposition")).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    // Response.text() drops a byte-order mark; Excel needs it, so read the bytes.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await exported.arrayBuffer());
    expect(text.startsWith(`\uFEFF${CATALOGUE_HEADER_ROW}`)).toBe(true);
    expect(text).toContain(`,${name},,ties,19.99,,,,2,2,yes,\r\n`);
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.adminId, adminId));
    expect(audit.map((entry) => entry.action)).toContain("products.exported");

    const template = await templateLoader(args(new Request(`${SHOP}/api/admin/products/template.csv`, { headers: { cookie } }), {}));
    expect(template.headers.get("content-disposition")).toBe(`attachment; filename="products-template.csv"`);
    expect(await template.text()).toContain("Navy Wool Suit");
  });

  it("previews a text/csv upload and a multipart one alike, writing nothing", async () => {
    const { db } = get();
    const tag = randomUUID().slice(0, 8);
    const csv = `Name,Category,Price (GBP),Stock\r\nPreview ${tag},shirts,30,1\r\nPreview ${tag} bad,shirts,,1\r\n`;
    const asText = await settle(previewAction(args(post("/api/admin/products/import/preview", cookie, csv, "text/csv"), {})));
    expect(asText.status).toBe(200);
    expect(asText.body).toMatchObject({ totalRows: 2, creates: 1, problemRows: 1, problems: [{ row: 3, column: "C", field: "Price (GBP)", message: errors.required("Price (GBP)") }] });
    const form = new FormData();
    form.set("file", new File([csv], "products.csv", { type: "text/csv" }));
    const asForm = await settle(previewAction(args(post("/api/admin/products/import/preview", cookie, form, null), {})));
    expect(asForm.body).toEqual(asText.body);
    expect(await db.select().from(products).where(like(products.name, `Preview ${tag}%`))).toHaveLength(0);
  });

  it("takes an upload from the back office opened at this machine's own address, as the JSON endpoints do, and refuses another site's", async () => {
    const csv = "Name,Category,Price (GBP),Stock\r\nOrigin Check,shirts,30,1\r\n";
    const from = (origin: string) => {
      // The owner opened the back office at 127.0.0.1 while PUBLIC_URL names another address.
      const request = new Request("http://127.0.0.1:4599/api/admin/products/import/preview", {
        method: "POST",
        headers: { origin, host: "127.0.0.1:4599", cookie, "content-type": "text/csv" },
        body: csv,
      });
      return settle(previewAction(args(request, {})));
    };
    expect((await from("http://127.0.0.1:4599")).status).toBe(200);
    expect(await from("https://evil.example")).toMatchObject({ status: 403, body: { error: apiErrors.crossOrigin } });
  });

  it("reads Excel's plain CSV (Windows-1252: £ is the byte 0xA3) as well as UTF-8", async () => {
    const tag = randomUUID().slice(0, 8);
    const latin1 = Buffer.from(`Name,Category,Price (GBP),Stock\r\nCaf\u00e9 ${tag},shirts,\u00a330.50,1\r\n`, "latin1");
    const answer = await settle(previewAction(args(post("/api/admin/products/import/preview", cookie, latin1, "application/vnd.ms-excel"), {})));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ creates: 1, problemRows: 0, rows: [{ cells: { name: `Caf\u00e9 ${tag}`, price: "\u00a330.50" } }] });
  });

  it("refuses a file over the limit (413), another media type (415), an unreadable file (422)", async () => {
    const big = new Uint8Array(CATALOGUE_CSV_MAX_BYTES + 1).fill(0x61);
    const tooBig = await settle(previewAction(args(post("/api/admin/products/import/preview", cookie, big, "text/csv"), {})));
    expect(tooBig).toMatchObject({ status: 413, body: { error: errors.fileTooLarge("10 MB") } });
    const json = await settle(importAction(args(post("/api/admin/products/import", cookie, "{}", "application/json"), {})));
    expect(json).toMatchObject({ status: 415, body: { error: errors.notCsv } });
    const semicolons = await settle(importAction(args(post("/api/admin/products/import", cookie, "Name;Price\nA;1\n", "text/csv"), {})));
    expect(semicolons).toMatchObject({ status: 422, body: { error: errors.semicolons } });
    const empty = await settle(previewAction(args(post("/api/admin/products/import/preview", cookie, "", "text/csv"), {})));
    expect(empty.status).toBe(400);
  });

  it("queues the import as a job that runs, reports progress and leaves its result and audit entries", async () => {
    const { db } = get();
    const tag = randomUUID().slice(0, 8);
    const csv = `\uFEFFName,Category,Price (GBP),Stock\r\nJob ${tag} A,shoes,80,3\r\nJob ${tag} B,shoes,oops,3\r\n`;
    const queued = await settle(importAction(args(post("/api/admin/products/import", cookie, csv, "text/csv"), {})));
    expect(queued.status).toBe(202);
    const { jobId } = queued.body as { jobId: string };
    const changesBefore = catalogueChanges;
    runner.kick();
    await runner.idle();
    // The shop's page and discovery caches are emptied once the imported products are on sale.
    expect(catalogueChanges).toBeGreaterThan(changesBefore);
    const job = await settle(jobLoader(args(new Request(`${SHOP}/api/admin/jobs/${jobId}`, { headers: { cookie } }), { id: jobId })));
    expect(job.body).toMatchObject({
      status: "succeeded",
      kind: "catalogue.csv-import",
      progress: { done: 2, total: 2 },
      result: { created: 1, updated: 0, failed: 1, problems: [{ row: 3, column: "C", message: errors.badPrice("Price (GBP)", "oops") }] },
    });
    expect((await db.select().from(products).where(like(products.name, `Job ${tag}%`))).map((p) => p.name)).toEqual([`Job ${tag} A`]);
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.adminId, adminId));
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(["products.import_queued", "products.imported"]));
  });
});
