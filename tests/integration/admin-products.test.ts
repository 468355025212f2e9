// The admin Products page, editor and JSON API on both engines (admin.md sections 2, 3, 5, 7):
// the listing's category, search and pages; create and update with the shared rules and the audit
// trail; image uploads (real images only, resized to WebP and AVIF, limits with clear 4xx);
// delete, or deactivate when the product appears in orders; files removed with the product; the
// storefront showing the change (and the page cache told about it).
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { and, desc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { DetailVersions } from "../../src/domain/admin/details-edit.ts";
import { ADMIN_PRODUCTS_PAGE_SIZE } from "../../src/domain/admin/product-filters.ts";
import { UPLOAD_LIMITS } from "../../src/domain/admin/upload-limits.ts";
import { adminProductEditor, adminProducts } from "../../src/domain/messages/admin.ts";
import { requestErrors } from "../../src/domain/messages/requests.ts";
import { uploadedFileNames } from "../../src/domain/responsive-images.ts";
import { getAdminProduct, listAdminProducts, removeProduct } from "../../src/server/admin/products/admin-products.server.ts";
import type { Auth } from "../../src/server/auth/auth.server.ts";
import { getProductDetail } from "../../src/server/catalog/catalog.server.ts";
import { takeProductStock } from "../../src/server/catalog/product-stock.server.ts";
import { adminAuditLog, orderItems, products } from "../../src/server/db/schema.ts";
import { action as productsPageAction, loader as productsPageLoader } from "../../src/web/routes/admin.products.tsx";
import { action as newProductAction } from "../../src/web/routes/admin.products.new.tsx";
import { action as editProductAction } from "../../src/web/routes/admin.products.edit.tsx";
import { action as productApiAction, loader as productApiLoader } from "../../src/web/routes/api.admin.product.ts";
import { action as productsApiAction, loader as productsApiLoader } from "../../src/web/routes/api.admin.products.ts";
import { action as uploadsAction } from "../../src/web/routes/api.admin.uploads.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { catalogueProbe, insertOrder, makeAuth, makeContext, returned, settle, SHOP, signedInAccount, type CatalogueProbe, type TestContext } from "../helpers/admin.ts";
import { withUrl } from "../helpers/route-context.ts";
import { formValuesOf, type ProductFormValues } from "../../src/web/components/admin/products/product-editor.tsx";

/** A small real picture: a colour field with a darker square, so sizes differ in their pixels. */
async function picture(width: number, height: number, colour: { r: number; g: number; b: number }, format: "png" | "jpeg" = "png"): Promise<Uint8Array> {
  const square = await sharp({ create: { width: Math.ceil(width / 3), height: Math.ceil(height / 3), channels: 3, background: { r: 20, g: 20, b: 20 } } }).png().toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: colour } }).composite([{ input: square, top: 5, left: 5 }]);
  return new Uint8Array(await (format === "png" ? image.png() : image.jpeg()).toBuffer());
}

type Answer = Awaited<ReturnType<typeof settle>>;
type Json = Record<string, unknown>;

describeEachEngine("admin products", (get, engine) => {
  let auth: Auth;
  let context: TestContext;
  let probe: CatalogueProbe;
  let adminCookie: string;
  const tag = () => Math.random().toString(36).slice(2, 10);

  beforeAll(async () => {
    const { db } = get();
    auth = makeAuth(db);
    probe = catalogueProbe();
    context = makeContext(db, auth, { count: 0 }, { catalogue: probe });
    adminCookie = (await signedInAccount(db, auth, { admin: true })).cookie;
  });

  const request = (path: string, init: RequestInit = {}) =>
    new Request(SHOP + path, { ...init, headers: { cookie: adminCookie, origin: SHOP, ...(init.headers ?? {}) } });
  /** A loader's or action's arguments (React Router's generated types want a route's full args). */
  const args = (req: Request, params: Record<string, string> = {}) => withUrl({ request: req, params, context }) as never;
  const json = (path: string, method: string, body: unknown) =>
    request(path, { method, body: JSON.stringify(body), headers: { "content-type": "application/json" } });

  async function upload(files: { name: string; bytes: Uint8Array; type?: string }[]): Promise<Answer> {
    const form = new FormData();
    for (const file of files) form.append("files", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? "image/png" }));
    return settle(uploadsAction(args(request("/api/admin/uploads", { method: "POST", body: form }), {})));
  }

  async function createViaApi(body: Json): Promise<Answer> {
    return settle(productsApiAction(args(json("/api/admin/products", "POST", body), {})));
  }

  const validProduct = (name: string, extra: Json = {}): Json => ({
    name,
    description: "Pure wool, half lined.",
    category: "suits",
    price: "199.99",
    originalPrice: "249.99",
    colours: ["Navy", "Charcoal"],
    sizes: "38R, 40R, 42R",
    stock: 7,
    isActive: true,
    gallery: [],
    ...extra,
  });

  async function auditActions(productId: string): Promise<string[]> {
    const rows = await get()
      .db.select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.subjectType, "product"), eq(adminAuditLog.subjectId, productId)))
      .orderBy(adminAuditLog.createdAt);
    return rows.map((row) => row.action);
  }

  async function storedFiles(): Promise<string[]> {
    return existsSync(probe.uploadsDir) ? readdir(probe.uploadsDir) : [];
  }

  describe("uploads", () => {
    it("turns each real image into web sizes in WebP and AVIF, named by its content", async () => {
      const answer = await upload([
        { name: "front.png", bytes: await picture(1600, 2000, { r: 30, g: 60, b: 120 }) },
        { name: "back.jpg", bytes: await picture(500, 625, { r: 120, g: 60, b: 30 }, "jpeg"), type: "image/jpeg" },
      ]);
      expect(answer.status).toBe(201);
      const images = (answer.body as { images: { url: string; width: number; height: number }[] }).images;
      expect(images).toHaveLength(2);
      expect(images[0]).toMatchObject({ width: 1200, height: 1500 });
      expect(images[0]!.url).toMatch(/^\/uploads\/[0-9a-f]{32}-1200\.webp$/);
      expect(images[1]).toMatchObject({ width: 500, height: 625 });
      const files = await storedFiles();
      for (const image of images) for (const name of uploadedFileNames(image.url)) expect(files).toContain(name);
      // The files really are the formats and sizes their names say.
      const [hash] = /[0-9a-f]{32}/.exec(images[0]!.url)!;
      const avif = await sharp(path.join(probe.uploadsDir, `${hash}-800.avif`)).metadata();
      expect(avif).toMatchObject({ format: "heif", width: 800, height: 1000 });
      const webp = await sharp(path.join(probe.uploadsDir, `${hash}-400.webp`)).metadata();
      expect(webp).toMatchObject({ format: "webp", width: 400, height: 500 });
      const rows = await get().db.select().from(adminAuditLog).where(and(eq(adminAuditLog.action, "image.uploaded"), eq(adminAuditLog.subjectId, images[0]!.url)));
      expect(rows).toHaveLength(1);
    });

    it("refuses a file that is not an image, whatever its name and type say, with a clear 415", async () => {
      const answer = await upload([{ name: "invoice.png", bytes: new TextEncoder().encode("%PDF-1.4 not a picture at all") }]);
      expect(answer.status).toBe(415);
      expect(answer.body).toMatchObject({ error: adminProductEditor.uploadNotImage("invoice.png") });
      const svg = await upload([{ name: "logo.svg", bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"></svg>'), type: "image/svg+xml" }]);
      expect(svg.status).toBe(415);
    });

    it("refuses images too small to show, too many files, oversized files and non-multipart bodies", async () => {
      const tiny = await upload([{ name: "tiny.png", bytes: await picture(60, 400, { r: 1, g: 2, b: 3 }) }]);
      expect(tiny.status).toBe(422);
      expect(tiny.body).toMatchObject({ error: adminProductEditor.uploadTooSmall("tiny.png", UPLOAD_LIMITS.minSide) });

      const one = await picture(120, 120, { r: 9, g: 9, b: 9 });
      const many = await upload(Array.from({ length: UPLOAD_LIMITS.maxFiles + 1 }, (_, i) => ({ name: `${i}.png`, bytes: one })));
      expect(many.status).toBe(400);
      expect(many.body).toMatchObject({ error: adminProductEditor.uploadTooMany(UPLOAD_LIMITS.maxFiles) });

      const huge = await upload([{ name: "huge.png", bytes: new Uint8Array(UPLOAD_LIMITS.maxFileBytes + 1) }]);
      expect(huge.status).toBe(413);
      expect(huge.body).toMatchObject({ error: adminProductEditor.uploadTooLarge("huge.png", 10) });

      const none = await upload([]);
      expect(none.status).toBe(400);

      const asJson = await settle(uploadsAction(args(json("/api/admin/uploads", "POST", { files: [] }), {})));
      expect(asJson.status).toBe(415);
      expect(asJson.body).toMatchObject({ error: adminProductEditor.uploadMultipartRequired });
    });

    it("refuses an image of more pixels than the limit before decoding it", async () => {
      // A 7000 x 7000 PNG of one colour is small on disk but 49 megapixels decoded.
      const bomb = new Uint8Array(await sharp({ create: { width: 7000, height: 7000, channels: 3, background: "white" } }).png({ compressionLevel: 9 }).toBuffer());
      expect(bomb.byteLength).toBeLessThan(UPLOAD_LIMITS.maxFileBytes);
      const answer = await upload([{ name: "bomb.png", bytes: bomb }]);
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ error: adminProductEditor.uploadTooManyPixels("bomb.png", UPLOAD_LIMITS.maxMegapixels) });
    });

    it("refuses a truncated picture with 415 and still lists the pictures stored before it", async () => {
      const good = await picture(300, 300, { r: 30, g: 60, b: 90 });
      const whole = await picture(200, 200, { r: 90, g: 60, b: 30 });
      const answer = await upload([
        { name: "ok.png", bytes: good },
        { name: "bad.png", bytes: whole.slice(0, 100) },
      ]);
      expect(answer.status).toBe(415);
      expect(answer.body).toMatchObject({ error: adminProductEditor.uploadNotImage("bad.png"), images: [{ name: "ok.png" }] });
    });

    it("refuses a file name PostgreSQL cannot store with 400", async () => {
      const answer = await upload([{ name: "a\u0000b.png", bytes: await picture(200, 200, { r: 1, g: 1, b: 1 }) }]);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: requestErrors.unstorableText });
    });
  });

  describe("create, read and update", () => {
    it("creates a product with uploaded images that the storefront shows, recorded in the audit trail", async () => {
      const uploaded = await upload([
        { name: "a.png", bytes: await picture(900, 1100, { r: 200, g: 10, b: 10 }) },
        { name: "b.png", bytes: await picture(900, 1100, { r: 10, g: 200, b: 10 }) },
      ]);
      const urls = (uploaded.body as { images: { url: string }[] }).images.map((image) => image.url);
      const changesBefore = probe.changes;
      const name = `Navy Suit ${tag()}`;
      const created = await createViaApi(validProduct(name, { gallery: [urls[1], urls[0]] }));
      expect(created.status).toBe(201);
      const product = created.body as { id: string; gallery: string[]; pricePence: number; inStock: boolean };
      expect(product).toMatchObject({ gallery: [urls[1], urls[0]], pricePence: 19999, inStock: true });
      expect(probe.changes).toBe(changesBefore + 1);
      expect(await auditActions(product.id)).toEqual(["product.created"]);

      const detail = await getProductDetail(get().db, product.id);
      expect(detail?.product.name).toBe(name);
      expect(detail?.product.images).toEqual([urls[1], urls[0]]);
      expect(detail?.product.sizes).toEqual(["38R", "40R", "42R"]);

      const read = await settle(productApiLoader(args(request(`/api/admin/products/${product.id}`), { id: product.id })));
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id: product.id, name, colours: ["Navy", "Charcoal"], ordersCount: 0 });
    });

    it("answers every wrong field with the shared rules' messages and writes nothing", async () => {
      const name = `Broken ${tag()}`;
      const answer = await createViaApi(validProduct(name, { price: "0", category: "hats", gallery: ["javascript:alert(1)"] }));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error: adminProductEditor.categoryRequired,
        fields: { price: adminProductEditor.pricePositive, category: adminProductEditor.categoryRequired, gallery: adminProductEditor.galleryInvalid },
      });
      expect(await get().db.select().from(products).where(eq(products.name, name))).toEqual([]);

      const form = new FormData();
      form.set("name", name);
      form.set("price", "abc");
      const page = await settle(newProductAction(args(request("/admin/products/new", { method: "POST", body: form }), {})));
      expect(page.status).toBe(400);
      expect(page.body).toMatchObject({ errors: { price: adminProductEditor.priceInvalid, category: adminProductEditor.categoryRequired }, values: { name, price: "abc" } });
    });

    it("the editor's form shows a NUL or a bidirectional override against its field, not the error screen", async () => {
      const name = `Refused ${tag()}`;
      for (const [field, value] of [["name", "Navy \u202eSuit"], ["description", "Wool\u0000"], ["colours", "Navy, \u2067Black"]] as const) {
        const form = new FormData();
        for (const [key, text] of Object.entries({ name, category: "suits", price: "99", stock: "3", isActive: "true" })) form.set(key, text);
        form.set(field, value);
        // Returned (the page shows the form again with it), never thrown.
        const page = await returned(newProductAction(args(request("/admin/products/new", { method: "POST", body: form }), {})));
        expect(page, field).toMatchObject({ status: 400, body: { errors: { [field]: requestErrors.unstorableText }, values: { category: "suits", price: "99" } } });
        expect(Object.keys((page.body as { errors: object }).errors)).toEqual([field]);
      }
      // Bytes that are not UTF-8 are about no field: the message heads the form.
      const broken = new Request(SHOP + "/admin/products/new", {
        method: "POST",
        headers: { cookie: adminCookie, origin: SHOP, "content-type": "application/x-www-form-urlencoded" },
        body: `name=Suit%FF&category=suits&price=99&stock=3`,
      });
      expect(await returned(newProductAction(args(broken, {})))).toMatchObject({ status: 400, body: { errors: {}, message: requestErrors.unstorableText } });
      expect(await get().db.select().from(products).where(eq(products.name, name))).toEqual([]);
    });

    it("creates from the Add Product form and opens the editor; saving changes keeps an audit of before and after", async () => {
      const name = `Oxford Shoe ${tag()}`;
      const form = new FormData();
      for (const [key, value] of Object.entries({ name, description: "", category: "shoes", price: "89.50", originalPrice: "", colours: "Black, Brown", sizes: "7, 8, 9", stock: "0", isActive: "true" })) form.set(key, value);
      form.append("gallery", "https://images.unsplash.com/photo-oxford");
      const created = await settle(newProductAction(args(request("/admin/products/new", { method: "POST", body: form }), {})));
      expect(created.status).toBe(302);
      const id = /\/admin\/products\/([0-9a-f-]{36})\/edit/.exec(created.headers.get("location") ?? "")?.[1];
      expect(id).toBeDefined();
      const [row] = await get().db.select().from(products).where(eq(products.id, id!));
      // Stock 0: out of stock; the image URL from another host is kept.
      expect(row).toMatchObject({ name, pricePence: 8950, inStock: false, image: "https://images.unsplash.com/photo-oxford", hasValidImage: true });

      form.set("price", "95");
      form.set("stock", "4");
      form.delete("isActive");
      const saved = await settle(editProductAction(args(request(`/admin/products/${id}/edit`, { method: "POST", body: form }), { id: id! })));
      expect(saved.status).toBe(200);
      const [after] = await get().db.select().from(products).where(eq(products.id, id!));
      expect(after).toMatchObject({ pricePence: 9500, stock: 4, inStock: true, isActive: false });
      const [audit] = await get().db.select().from(adminAuditLog).where(and(eq(adminAuditLog.subjectId, id!), eq(adminAuditLog.action, "product.updated")));
      expect(audit?.before).toMatchObject({ pricePence: 8950, isActive: true });
      expect(audit?.after).toMatchObject({ pricePence: 9500, isActive: false });
      // Inactive: gone from the storefront.
      expect(await getProductDetail(get().db, id!)).toBeNull();
    });

    it("a save with nothing changed writes nothing: no audit entry, the same updatedAt, and says 'No changes to save'", async () => {
      const name = `Still Blazer ${tag()}`;
      const id = ((await createViaApi(validProduct(name, { stock: 5, price: "120" }))).body as { id: string }).id;
      const [before] = await get().db.select().from(products).where(eq(products.id, id));
      const form = new FormData();
      for (const [key, value] of Object.entries({ name, category: before!.category, price: "120", originalPrice: "249.99", stock: "5", stockSeen: "5", isActive: "true", colours: before!.availableColors.join(", "), sizes: before!.availableSizes.join(", "), description: before!.description ?? "" })) form.set(key, value);
      for (const url of before!.productGallery ?? []) form.append("gallery", url);
      const edit = () => returned(editProductAction(args(request(`/admin/products/${id}/edit`, { method: "POST", body: form }), { id })));
      expect(await edit()).toMatchObject({ status: 200, body: { saved: true, changed: false, updatedAt: before!.updatedAt.toISOString() } });
      expect(await auditActions(id)).toEqual(["product.created"]);
      const [after] = await get().db.select().from(products).where(eq(products.id, id));
      expect(after!.updatedAt).toEqual(before!.updatedAt);
      // A real change is saved and recorded as before.
      form.set("price", "125");
      expect(await edit()).toMatchObject({ status: 200, body: { saved: true, changed: true } });
      expect(await auditActions(id)).toEqual(["product.created", "product.updated"]);
    });

    it("a save keeps the units sold while the editor was open, and a changed stock that orders moved is asked again", async () => {
      const name = `Race Tie ${tag()}`;
      const id = ((await createViaApi(validProduct(name, { stock: 3, price: "20" }))).body as { id: string }).id;
      const form = new FormData();
      for (const [key, value] of Object.entries({ name, category: "ties", price: "22", stock: "3", stockSeen: "3", isActive: "true" })) form.set(key, value);
      // Two units are paid for while the owner edits the price.
      await get().db.transaction((tx) => takeProductStock(tx, id, 2));
      const edit = (body: FormData) => returned(editProductAction(args(request(`/admin/products/${id}/edit`, { method: "POST", body }), { id })));

      expect(await edit(form)).toMatchObject({ status: 200, body: { saved: true } });
      const [afterPrice] = await get().db.select().from(products).where(eq(products.id, id));
      expect(afterPrice).toMatchObject({ pricePence: 2200, stock: 1, inStock: true });
      const [audit] = await get().db.select().from(adminAuditLog).where(and(eq(adminAuditLog.subjectId, id), eq(adminAuditLog.action, "product.updated")));
      // The audit credits the owner with the price, not with putting the sold units back.
      expect(audit?.before).toMatchObject({ pricePence: 2000, stock: 1 });
      expect(audit?.after).toMatchObject({ pricePence: 2200, stock: 1 });

      // The owner counted 10 on the shelf, but the stock shown (3) has moved to 1: nothing is saved.
      form.set("stock", "10");
      form.set("price", "24");
      const moved = adminProductEditor.stockMoved(3, 1);
      expect(await edit(form)).toMatchObject({ status: 409, body: { errors: { stock: moved }, message: moved, values: { stock: "10", price: "24.00", stockSeen: "1" } } });
      expect((await get().db.select().from(products).where(eq(products.id, id)))[0]).toMatchObject({ pricePence: 2200, stock: 1 });
      // Saved again from the form as it came back, the owner's count is set.
      form.set("stockSeen", "1");
      expect(await edit(form)).toMatchObject({ status: 200 });
      expect((await get().db.select().from(products).where(eq(products.id, id)))[0]).toMatchObject({ pricePence: 2400, stock: 10 });

      // The JSON API: the same rule with `stockSeen`; without it the stock is set as sent.
      const put = (body: Json) => settle(productApiAction(args(json(`/api/admin/products/${id}`, "PUT", body), { id })));
      await get().db.transaction((tx) => takeProductStock(tx, id, 4));
      expect(await put(validProduct(name, { category: "ties", stock: 12, stockSeen: 10 }))).toMatchObject({ status: 409, body: { error: adminProductEditor.stockMoved(10, 6), stock: 6 } });
      expect(await put(validProduct(name, { category: "ties", stock: 10, stockSeen: 10 }))).toMatchObject({ status: 200, body: { stock: 6 } });
      expect(await put(validProduct(name, { category: "ties", stock: 9, stockSeen: "many" }))).toMatchObject({ status: 400, body: { error: adminProductEditor.stockSeenInvalid } });
      expect(await put(validProduct(name, { category: "ties", stock: 9 }))).toMatchObject({ status: 200, body: { stock: 9 } });
    });

    it("two editors of one product keep each other's changes to fields they left alone; a field both changed is asked again", async () => {
      const name = `Twin Tab Blazer ${tag()}`;
      const id = ((await createViaApi(validProduct(name, { category: "blazers", price: "20", originalPrice: "", description: "Wool.", stock: 5 }))).body as { id: string }).id;
      // Two editors open on the same product (two admins, or two tabs).
      const opened = (await getAdminProduct(get().db, id))!;
      const formOf = (values: ProductFormValues) => {
        const form = new FormData();
        for (const [key, value] of Object.entries(values)) {
          if (key === "gallery") for (const url of value as string[]) form.append("gallery", url);
          else if (key === "isActive") form.set(key, value ? "true" : "false");
          else form.set(key, String(value));
        }
        return form;
      };
      const first = formValuesOf(opened, opened);
      const second = formValuesOf(opened, opened);
      const edit = (values: ProductFormValues) => returned(editProductAction(args(request(`/admin/products/${id}/edit`, { method: "POST", body: formOf(values) }), { id })));
      const stored = async () => (await get().db.select().from(products).where(eq(products.id, id)))[0]!;

      expect(await edit({ ...first, price: "25" })).toMatchObject({ status: 200 });
      // The second editor still shows £20.00; its description change keeps the first editor's price.
      expect(await edit({ ...second, description: "Pure wool, half lined." })).toMatchObject({ status: 200 });
      expect(await stored()).toMatchObject({ pricePence: 2500, description: "Pure wool, half lined." });
      const [audit] = await get()
        .db.select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.subjectId, id), eq(adminAuditLog.action, "product.updated")))
        .orderBy(desc(adminAuditLog.createdAt))
        .limit(1);
      expect(audit?.after).toMatchObject({ pricePence: 2500, description: "Pure wool, half lined." });

      // The second editor now changes the price too, to something else: nothing is saved, and its form
      // comes back with its price marked, the description as saved, and the product's versions now.
      const refused = await edit({ ...second, description: "Pure wool, half lined.", price: "30", name: `${name} II` });
      const message = adminProductEditor.changedMeanwhile("price");
      expect(refused).toMatchObject({ status: 409, body: { message, errors: { price: adminProductEditor.changedMeanwhileField }, values: { price: "30.00", name: `${name} II` }, changedMeanwhile: true } });
      expect(Object.keys((refused.body as { errors: object }).errors)).toEqual(["price"]);
      expect(await stored()).toMatchObject({ pricePence: 2500, name });
      // Saved again from the form as it came back, the owner's price replaces the other one.
      expect(await edit((refused.body as { values: ProductFormValues }).values)).toMatchObject({ status: 200 });
      expect(await stored()).toMatchObject({ pricePence: 3000, name: `${name} II`, description: "Pure wool, half lined.", stock: 5 });

      // The JSON API: the same rule with `versionsSeen` from a GET; without it every field is set as sent.
      const read = (await settle(productApiLoader(args(request(`/api/admin/products/${id}`), { id })))).body as { versions: DetailVersions };
      const put = (body: Json) => settle(productApiAction(args(json(`/api/admin/products/${id}`, "PUT", body), { id })));
      const current = { name: `${name} II`, category: "blazers", price: "30", originalPrice: "", description: "Pure wool, half lined.", stock: 5 };
      expect(await put(validProduct(name, { ...current, name: `${name} III`, versionsSeen: read.versions }))).toMatchObject({ status: 200, body: { name: `${name} III` } });
      const conflict = await put(validProduct(name, { ...current, name: `${name} IV`, colours: ["Grey"], versionsSeen: read.versions }));
      expect(conflict).toMatchObject({
        status: 409,
        body: { error: adminProductEditor.changedMeanwhile("name"), fields: { name: adminProductEditor.changedMeanwhileField }, product: { name: `${name} III` } },
      });
      expect(await put(validProduct(name, { ...current, versionsSeen: { ...read.versions, name: "not a version!" } }))).toMatchObject({ status: 400, body: { error: adminProductEditor.versionsSeenInvalid } });
      expect(await put(validProduct(name, { ...current, name: `${name} V` }))).toMatchObject({ status: 200, body: { name: `${name} V` } });
    });

    it("a description's line breaks, sent as CRLF by a browser without JavaScript, do not count as a change", async () => {
      const name = `Crlf Blazer ${tag()}`;
      const id = ((await createViaApi(validProduct(name, { category: "blazers", price: "20", description: "Wool.\nHalf lined." }))).body as { id: string }).id;
      const opened = (await getAdminProduct(get().db, id))!;
      // Another admin rewrites the description; this owner, without JavaScript, changes the price only.
      const put = (body: Json) => settle(productApiAction(args(json(`/api/admin/products/${id}`, "PUT", body), { id })));
      expect(await put(validProduct(name, { category: "blazers", price: "20", description: "Their new description.", versionsSeen: opened.versions }))).toMatchObject({ status: 200 });
      const form = new FormData();
      const values = { ...formValuesOf(opened, opened), price: "25", description: "Wool.\r\nHalf lined." };
      for (const [key, value] of Object.entries(values)) {
        if (key === "gallery") for (const url of value as string[]) form.append("gallery", url);
        else if (key === "isActive") form.set(key, value ? "true" : "false");
        else form.set(key, String(value));
      }
      expect(await returned(editProductAction(args(request(`/admin/products/${id}/edit`, { method: "POST", body: form }), { id })))).toMatchObject({ status: 200 });
      expect((await get().db.select().from(products).where(eq(products.id, id)))[0]).toMatchObject({ pricePence: 2500, description: "Their new description." });
      // A description stored with CRLF before is the same text as the LF an editor sends back.
      await get().db.update(products).set({ description: "Wool.\r\nHalf lined." }).where(eq(products.id, id));
      const stored = (await getAdminProduct(get().db, id))!;
      expect(stored.versions.description).toBe(opened.versions.description);
    });

    it("removes the files of an image taken out of a product, but not of one another product still uses", async () => {
      const uploaded = await upload([
        { name: "keep.png", bytes: await picture(300, 300, { r: 1, g: 100, b: 1 }) },
        { name: "drop.png", bytes: await picture(300, 300, { r: 100, g: 1, b: 1 }) },
        { name: "shared.png", bytes: await picture(300, 300, { r: 1, g: 1, b: 100 }) },
      ]);
      const [keep, drop, shared] = (uploaded.body as { images: { url: string }[] }).images.map((image) => image.url) as [string, string, string];
      const first = (await createViaApi(validProduct(`First ${tag()}`, { gallery: [keep, drop, shared] }))).body as { id: string };
      await createViaApi(validProduct(`Second ${tag()}`, { gallery: [shared] }));
      const updated = await settle(productApiAction(args(json(`/api/admin/products/${first.id}`, "PUT", validProduct(`First again ${tag()}`, { gallery: [keep] })), { id: first.id })));
      expect(updated.status).toBe(200);
      const files = await storedFiles();
      for (const name of uploadedFileNames(keep)) expect(files).toContain(name);
      for (const name of uploadedFileNames(shared)) expect(files).toContain(name);
      for (const name of uploadedFileNames(drop)) expect(files).not.toContain(name);
    });

    it("answers 404 for an unknown product and 400 for a body that is not a product", async () => {
      const missing = "00000000-0000-4000-8000-000000000000";
      const read = await settle(productApiLoader(args(request(`/api/admin/products/${missing}`), { id: missing })));
      expect(read).toMatchObject({ status: 404, body: { error: adminProductEditor.notFound } });
      const put = await settle(productApiAction(args(json(`/api/admin/products/${missing}`, "PUT", validProduct("Ghost")), { id: missing })));
      expect(put.status).toBe(404);
      const notJson = await settle(productsApiAction(args(request("/api/admin/products", { method: "POST", body: "name=x", headers: { "content-type": "application/x-www-form-urlencoded" } }), {})));
      expect(notJson.status).toBe(415);
    });
  });

  describe("the listing", () => {
    it("filters by category, searches names anywhere and case-insensitively, pages newest first", async () => {
      const { db } = get();
      const marker = `zq${tag()}`;
      const base = Date.now() - 3_600_000;
      const rows = Array.from({ length: ADMIN_PRODUCTS_PAGE_SIZE + 2 }, (_, i) => ({
        name: `Agbada ${marker.toUpperCase()} ${String(i).padStart(2, "0")}`,
        pricePence: 5000 + i,
        category: i % 2 === 0 ? "Traditional Wear" : "kaftan",
        isActive: i !== 3,
        createdAt: new Date(base + i * 1000),
      }));
      await db.insert(products).values(rows);
      await db.insert(products).values({ name: `Percent 100% ${marker}`, pricePence: 100, category: "ties", image: "not-a-url" });

      const all = await listAdminProducts(db, { category: null, search: marker, page: 1, pageSize: ADMIN_PRODUCTS_PAGE_SIZE });
      expect(all.total).toBe(rows.length + 1);
      expect(all.pageCount).toBe(2);
      expect(all.items[0]!.name).toBe(`Percent 100% ${marker}`);
      expect(all.items[0]!.image).toBeNull();
      // What shoppers pay beside the entered price: 100p with the default 40% markup.
      expect(all.markupPercent).toBe(40);
      expect(all.items[0]).toMatchObject({ pricePence: 100, shopPricePence: 140 });
      expect(all.items[1]!.name).toBe(`Agbada ${marker.toUpperCase()} ${String(rows.length - 1).padStart(2, "0")}`);
      // Inactive products are listed too (the admin manages them).
      expect(all.items.some((item) => !item.isActive) || (await listAdminProducts(db, { category: null, search: marker, page: 2, pageSize: ADMIN_PRODUCTS_PAGE_SIZE })).items.some((item) => !item.isActive)).toBe(true);

      const kaftan = await listAdminProducts(db, { category: "kaftan", search: marker, page: 1, pageSize: ADMIN_PRODUCTS_PAGE_SIZE });
      expect(kaftan.total).toBe(rows.length / 2);
      expect(kaftan.items.every((item) => item.category === "kaftan")).toBe(true);

      const literal = await listAdminProducts(db, { category: null, search: `100% ${marker}`, page: 1, pageSize: ADMIN_PRODUCTS_PAGE_SIZE });
      expect(literal.items.map((item) => item.name)).toEqual([`Percent 100% ${marker}`]);
      const underscore = await listAdminProducts(db, { category: null, search: `${marker}_`, page: 1, pageSize: ADMIN_PRODUCTS_PAGE_SIZE });
      expect(underscore.total).toBe(0);

      // A page past the end answers the last page.
      const past = await listAdminProducts(db, { category: null, search: marker, page: 9, pageSize: ADMIN_PRODUCTS_PAGE_SIZE });
      expect(past.page).toBe(2);
      expect(past.items).toHaveLength(3);

      const api = await settle(productsApiLoader(args(request(`/api/admin/products?category=Traditional%20Wear&search=${marker}&page=2`), {})));
      expect(api.status).toBe(200);
      expect(api.body).toMatchObject({ total: rows.length / 2, page: 1 });
      const bad = await settle(productsApiLoader(args(request("/api/admin/products?category=hats"), {})));
      expect(bad).toMatchObject({ status: 400, body: { error: "Unknown category" } });

      const page = await settle(productsPageLoader(args(request(`/admin/products?category=kaftan&search=${marker}`), {})));
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ view: { category: "kaftan", search: marker }, result: { total: rows.length / 2 } });
    });
  });

  describe("delete", () => {
    it("deletes a product without orders, with its uploaded files, after the audit row", async () => {
      const uploaded = await upload([{ name: "gone.png", bytes: await picture(420, 420, { r: 77, g: 1, b: 77 }) }]);
      const url = (uploaded.body as { images: { url: string }[] }).images[0]!.url;
      const product = (await createViaApi(validProduct(`Short-lived ${tag()}`, { gallery: [url] }))).body as { id: string };
      const changes = probe.changes;
      const form = new FormData();
      form.set("intent", "delete");
      form.set("productId", product.id);
      const answer = await settle(productsPageAction(args(request("/admin/products", { method: "POST", body: form }), {})));
      expect(answer).toMatchObject({ status: 200, body: { ok: true, outcome: "deleted", message: adminProductEditor.deleted } });
      expect(await get().db.select().from(products).where(eq(products.id, product.id))).toEqual([]);
      expect(await auditActions(product.id)).toEqual(["product.created", "product.deleted"]);
      expect(probe.changes).toBe(changes + 1);
      const files = await storedFiles();
      for (const name of uploadedFileNames(url)) expect(files).not.toContain(name);
    });

    it("deactivates a product that appears in orders instead, so order history keeps it", async () => {
      const { db } = get();
      const product = (await createViaApi(validProduct(`Ordered ${tag()}`, { gallery: ["https://images.unsplash.com/photo-ordered"] }))).body as { id: string };
      const orderId = await insertOrder(db);
      await db.update(orderItems).set({ productId: product.id }).where(eq(orderItems.orderId, orderId));

      const listed = await listAdminProducts(db, { category: "suits", search: "ordered", page: 1, pageSize: ADMIN_PRODUCTS_PAGE_SIZE });
      expect(listed.items.find((item) => item.id === product.id)?.ordersCount).toBe(1);

      const answer = await settle(productApiAction(args(request(`/api/admin/products/${product.id}`, { method: "DELETE" }), { id: product.id })));
      expect(answer).toMatchObject({ status: 200, body: { outcome: "deactivated", message: adminProductEditor.deactivated, product: { isActive: false, ordersCount: 1 } } });
      const [row] = await db.select().from(products).where(eq(products.id, product.id));
      expect(row?.isActive).toBe(false);
      const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      expect(line?.productId).toBe(product.id);
      expect(await auditActions(product.id)).toEqual(["product.created", "product.deactivated"]);
      expect(await getProductDetail(db, product.id)).toBeNull();

      const missing = await settle(productApiAction(args(request("/api/admin/products/not-a-uuid", { method: "DELETE" }), { id: "not-a-uuid" })));
      expect(missing.status).toBe(404);
    });

    if (engine === "postgres") {
      it("a delete while an order for the product is being written waits for it, then deactivates", async () => {
        const { db } = get();
        const product = (await createViaApi(validProduct(`Racing ${tag()}`))).body as { id: string };
        let orderWritten!: () => void;
        const written = new Promise<void>((resolve) => (orderWritten = resolve));
        let commit!: () => void;
        const committing = new Promise<void>((resolve) => (commit = resolve));
        let checkoutPid = 0;
        // Checkout's transaction: the order line's foreign key holds a key-share lock on the product.
        const checkout = db.transaction(async (tx) => {
          const orderId = await insertOrder(tx as unknown as typeof db, { items: [{ name: "Racing", category: "suits", quantity: 1, unitPricePence: 100 }] });
          await tx.update(orderItems).set({ productId: product.id }).where(eq(orderItems.orderId, orderId));
          checkoutPid = Number(((await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }).rows[0]!.pid);
          orderWritten();
          await committing;
        });
        await written;
        let answered = false;
        const removal = removeProduct(db, { userId: "race-admin", email: "race@example.com", firstName: "", lastName: "" }, product.id).finally(() => {
          answered = true;
        });
        try {
          // The delete is waiting on the product's lock, not answering without the order: PostgreSQL
          // itself reports its query as blocked by checkout's transaction. A delete that took no lock
          // never shows up here, however slow it is, and the deadline fails the test.
          await vi.waitFor(
            async () => {
              expect(answered, "the delete answered while the order was not yet committed").toBe(false);
              const blocked = (await db.execute(
                sql`select query from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and ${checkoutPid} = any(pg_blocking_pids(pid))`,
              )) as unknown as { rows: { query: string }[] };
              expect(blocked.rows.map((row) => row.query)).toEqual([expect.stringMatching(/^select .* from "products" .* for update$/i)]);
            },
            { timeout: 10_000, interval: 20 },
          );
        } finally {
          commit();
          await checkout;
        }
        expect(await removal).toMatchObject({ outcome: "deactivated", ordersCount: 1 });
        const [row] = await db.select().from(products).where(eq(products.id, product.id));
        expect(row?.isActive).toBe(false);
      });
    }

    it("the page's texts are the spec's", () => {
      expect(adminProducts.confirmDelete).toBe("Are you sure you want to delete this product?");
      expect(adminProducts.empty).toBe("No products found in this category");
      expect(adminProducts.loading).toBe("Loading products...");
    });
  });
});
