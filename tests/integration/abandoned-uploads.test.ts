// Pictures uploaded in the product editor (or copied by the scraper) and never saved with a product
// are removed after ABANDONED_UPLOAD_DAYS, on both engines; pictures a product uses, and recent
// ones, stay. A form left open past that is refused (422 on its images), never saved with an image
// that is not there.
import { existsSync } from "node:fs";
import { mkdtemp, readdir, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { ABANDONED_UPLOAD_DAYS } from "../../src/domain/admin/abandoned-uploads.ts";
import { adminProductEditor } from "../../src/domain/messages/admin.ts";
import { uploadedFileNames } from "../../src/domain/responsive-images.ts";
import { getAdminProduct } from "../../src/server/admin/products/admin-products.server.ts";
import { removeAbandonedUploads } from "../../src/server/admin/products/abandoned-uploads.server.ts";
import { diskImageStore, type ProductImageStore } from "../../src/server/admin/scraper/scraped-image-store.server.ts";
import { products } from "../../src/server/db/schema.ts";
import { action as newProductAction } from "../../src/web/routes/admin.products.new.tsx";
import { action as editProductAction } from "../../src/web/routes/admin.products.edit.tsx";
import { action as productApiAction } from "../../src/web/routes/api.admin.product.ts";
import { action as productsApiAction } from "../../src/web/routes/api.admin.products.ts";
import { action as uploadsAction } from "../../src/web/routes/api.admin.uploads.ts";
import { formValuesOf } from "../../src/web/components/admin/products/product-editor.tsx";
import { describeEachEngine } from "../helpers/databases.ts";
import { catalogueProbe, makeAuth, makeContext, returned, settle, SHOP, signedInAccount, type CatalogueProbe, type TestContext } from "../helpers/admin.ts";
import { withUrl } from "../helpers/route-context.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const goneMessage = adminProductEditor.uploadGone(ABANDONED_UPLOAD_DAYS);

/** A real picture of one colour (each colour is a picture of its own: its own hash, its own files). */
async function picture(colour: { r: number; g: number; b: number }): Promise<Uint8Array> {
  return new Uint8Array(await sharp({ create: { width: 200, height: 200, channels: 3, background: colour } }).png().toBuffer());
}

async function age(directory: string, names: readonly string[], days: number): Promise<void> {
  const then = new Date(Date.now() - days * DAY_MS);
  await Promise.all(names.map((name) => utimes(path.join(directory, name), then, then)));
}

describeEachEngine("pictures never saved with a product", (get) => {
  let context: TestContext;
  let probe: CatalogueProbe;
  let scraped: ProductImageStore;
  let scrapedDir: string;
  let adminCookie: string;
  const tag = () => Math.random().toString(36).slice(2, 10);

  beforeAll(async () => {
    const { db } = get();
    const auth = makeAuth(db);
    probe = catalogueProbe();
    context = makeContext(db, auth, { count: 0 }, { catalogue: probe });
    adminCookie = (await signedInAccount(db, auth, { admin: true })).cookie;
    scrapedDir = await mkdtemp(path.join(os.tmpdir(), "scraped-"));
    scraped = diskImageStore(scrapedDir);
  });

  const request = (url: string, init: RequestInit = {}) => new Request(SHOP + url, { ...init, headers: { cookie: adminCookie, origin: SHOP, ...(init.headers ?? {}) } });
  const args = (req: Request, params: Record<string, string> = {}) => withUrl({ request: req, params, context }) as never;
  const json = (url: string, method: string, body: unknown) => request(url, { method, body: JSON.stringify(body), headers: { "content-type": "application/json" } });
  const product = (name: string, gallery: string[]) => ({ name, description: "Wool.", category: "suits", price: "120", colours: ["Navy"], sizes: "40R", stock: 3, isActive: true, gallery });

  async function upload(colour: { r: number; g: number; b: number }): Promise<string> {
    const form = new FormData();
    form.append("files", new File([(await picture(colour)) as Uint8Array<ArrayBuffer>], "jacket.png", { type: "image/png" }));
    const answer = await settle(uploadsAction(args(request("/api/admin/uploads", { method: "POST", body: form }))));
    expect(answer.status).toBe(201);
    return (answer.body as { images: { url: string }[] }).images[0]!.url;
  }

  const uploadedFiles = async () => (existsSync(probe.uploadsDir) ? readdir(probe.uploadsDir) : []);
  const sweep = () => removeAbandonedUploads({ db: get().db, images: probe.images, scraped });

  it(`removes pictures no product uses once ${ABANDONED_UPLOAD_DAYS} days old, the editor's and the scraper's; keeps used and recent ones`, async () => {
    const used = await upload({ r: 10, g: 20, b: 200 });
    const abandoned = await upload({ r: 200, g: 20, b: 10 });
    const recent = await upload({ r: 20, g: 200, b: 10 });
    const usedScraped = await scraped.put(Buffer.from(await sharp(await picture({ r: 250, g: 200, b: 0 })).webp().toBuffer()), "webp");
    const abandonedScraped = await scraped.put(Buffer.from(await sharp(await picture({ r: 0, g: 40, b: 250 })).webp().toBuffer()), "webp");
    expect((await settle(productsApiAction(args(json("/api/admin/products", "POST", product(`Kept ${tag()}`, [used])))))).status).toBe(201);
    // A scraped product keeps its picture as its main image.
    await get().db.insert(products).values({ name: `Scraped ${tag()}`, category: "suits", pricePence: 1000, image: usedScraped });

    const old = ABANDONED_UPLOAD_DAYS + 1;
    await age(probe.uploadsDir, [...uploadedFileNames(used), ...uploadedFileNames(abandoned)], old);
    await age(probe.uploadsDir, uploadedFileNames(recent), ABANDONED_UPLOAD_DAYS - 1);
    const scrapedName = (url: string) => url.slice(url.lastIndexOf("/") + 1);
    await age(scrapedDir, [scrapedName(usedScraped), scrapedName(abandonedScraped)], old);

    expect(await sweep()).toBe(uploadedFileNames(abandoned).length + 1);
    const files = await uploadedFiles();
    for (const name of uploadedFileNames(used)) expect(files).toContain(name);
    for (const name of uploadedFileNames(recent)) expect(files).toContain(name);
    for (const name of uploadedFileNames(abandoned)) expect(files).not.toContain(name);
    expect(await readdir(scrapedDir)).toEqual([scrapedName(usedScraped)]);
    // Nothing left to remove: a second sweep removes nothing.
    expect(await sweep()).toBe(0);
  });

  it("a picture uploaded or scraped again counts from then, whatever age its first copy had", async () => {
    const colour = { r: 90, g: 90, b: 10 };
    const url = await upload(colour);
    const webp = Buffer.from(await sharp(await picture({ r: 10, g: 160, b: 90 })).webp().toBuffer());
    const scrapedUrl = await scraped.put(webp, "webp");
    const scrapedFile = scrapedUrl.slice(scrapedUrl.lastIndexOf("/") + 1);
    await age(probe.uploadsDir, uploadedFileNames(url), ABANDONED_UPLOAD_DAYS + 3);
    await age(scrapedDir, [scrapedFile], ABANDONED_UPLOAD_DAYS + 3);
    expect(await upload(colour)).toBe(url);
    expect(await scraped.put(webp, "webp")).toBe(scrapedUrl);
    await sweep();
    const files = await uploadedFiles();
    for (const name of uploadedFileNames(url)) expect(files).toContain(name);
    expect(await readdir(scrapedDir)).toContain(scrapedFile);
  });

  describe("a form left open while its new picture was removed", () => {
    it("the Add Product form is refused on its images (422) and creates nothing, as is the JSON API", async () => {
      const url = await upload({ r: 120, g: 0, b: 120 });
      await probe.images.remove(uploadedFileNames(url));
      const name = `Gone ${tag()}`;
      const form = new FormData();
      for (const [key, value] of Object.entries({ name, description: "", category: "suits", price: "99", stock: "2", isActive: "true" })) form.set(key, value);
      form.append("gallery", url);
      const page = await returned(newProductAction(args(request("/admin/products/new", { method: "POST", body: form }))));
      expect(page).toMatchObject({ status: 422, body: { errors: { gallery: goneMessage }, values: { name, gallery: [url] } } });
      const api = await settle(productsApiAction(args(json("/api/admin/products", "POST", product(name, [url])))));
      expect(api).toMatchObject({ status: 422, body: { error: goneMessage, fields: { gallery: goneMessage } } });
      expect(await get().db.select().from(products).where(eq(products.name, name))).toEqual([]);
    });

    it("the editor is refused when it adds the removed picture, and saves when the picture was already the product's", async () => {
      const kept = await upload({ r: 0, g: 120, b: 120 });
      const created = await settle(productsApiAction(args(json("/api/admin/products", "POST", product(`Edited ${tag()}`, [kept])))));
      const id = (created.body as { id: string }).id;
      const opened = (await getAdminProduct(get().db, id))!;
      const gone = await upload({ r: 60, g: 60, b: 200 });
      await probe.images.remove(uploadedFileNames(gone));

      const form = (gallery: string[], price: string) => {
        const values = { ...formValuesOf(opened, opened), gallery, price };
        const body = new FormData();
        for (const [key, value] of Object.entries(values)) {
          if (key === "gallery") for (const entry of value as string[]) body.append("gallery", entry);
          else body.set(key, typeof value === "boolean" ? String(value) : String(value));
        }
        return body;
      };
      const edit = (body: FormData) => returned(editProductAction(args(request(`/admin/products/${id}/edit`, { method: "POST", body }), { id })));

      const refused = await edit(form([kept, gone], "130"));
      expect(refused).toMatchObject({ status: 422, body: { errors: { gallery: goneMessage }, values: { price: "130", gallery: [kept, gone] } } });
      // The values posted come back whole: the conflict check of the next save still knows what the page showed.
      expect((refused.body as { values: { versionsSeen: string } }).values.versionsSeen).toBe(JSON.stringify(opened.versions));
      const api = await settle(productApiAction(args(json(`/api/admin/products/${id}`, "PUT", product(opened.name, [kept, gone])), { id })));
      expect(api).toMatchObject({ status: 422, body: { fields: { gallery: goneMessage } } });
      expect((await getAdminProduct(get().db, id))!).toMatchObject({ pricePence: opened.pricePence, gallery: [kept] });

      // A picture the product already had is not the form's doing: its price change saves.
      await probe.images.remove(uploadedFileNames(kept));
      expect(await edit(form([kept], "140"))).toMatchObject({ status: 200 });
      expect((await getAdminProduct(get().db, id))!.pricePence).toBe(14000);
    });
  });
});
