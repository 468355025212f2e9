// A product change as the routes make it: the database change (with its audit row), then the
// files it no longer needs, then this process's page cache. Files go only after the commit, so a
// failed change never loses an image; a file left behind by a failed removal is only disk space.
import { parseUploadedImageUrl, uploadedFileName, uploadedFileNames } from "../../../domain/responsive-images.ts";
import type { ProductInput } from "../../../domain/admin/product-input.ts";
import type { AppContext } from "../../app-context.server.ts";
import type { AdminViewer } from "../admin-guard.server.ts";
import { createProduct, currentImagesOf, removeProduct, unusedUploads, updateProduct, type AdminProduct, type ProductChange, type ProductRemoval, type ProductSeen } from "./admin-products.server.ts";

type App = Pick<AppContext, "db" | "images" | "catalogueChanged">;

async function removeFilesNoLongerUsed(app: App, urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  try {
    const unused = await unusedUploads(app.db, urls);
    await app.images.remove(unused.flatMap(uploadedFileNames));
  } catch (error) {
    console.error("uploaded images of a changed product could not be removed", error);
  }
}

/**
 * Nothing saved: an upload the save adds is no longer kept. Pictures uploaded and never saved are
 * removed after some days (src/domain/admin/abandoned-uploads.ts); a form left open longer than
 * that must not save a product whose image is missing.
 */
export type UploadGone = { outcome: "upload-gone" };

async function addsGoneUpload(app: App, gallery: readonly string[], has: readonly string[]): Promise<boolean> {
  const added = gallery.filter((url) => !has.includes(url)).flatMap((url) => parseUploadedImageUrl(url) ?? []);
  const kept = await Promise.all(added.map((upload) => app.images.has(uploadedFileName(upload.hash, upload.largest, "webp"))));
  return kept.includes(false);
}

export async function saveNewProduct(app: App, admin: AdminViewer, input: ProductInput): Promise<{ outcome: "saved"; product: AdminProduct } | UploadGone> {
  if (await addsGoneUpload(app, input.gallery, [])) return { outcome: "upload-gone" };
  const product = await createProduct(app.db, admin, input);
  app.catalogueChanged();
  return { outcome: "saved", product };
}

/** Null when there is no such product; `changed-meanwhile` when someone else changed what the owner changed (nothing saved). */
export async function saveProductChanges(
  app: App,
  admin: AdminViewer,
  id: string,
  input: ProductInput,
  seen: ProductSeen,
): Promise<Exclude<ProductChange, { outcome: "saved" }> | { outcome: "saved"; product: AdminProduct; changed: boolean } | UploadGone | null> {
  if (input.gallery.some((url) => parseUploadedImageUrl(url) !== null)) {
    const has = await currentImagesOf(app.db, id);
    if (!has) return null;
    if (await addsGoneUpload(app, input.gallery, has)) return { outcome: "upload-gone" };
  }
  const changed = await updateProduct(app.db, admin, id, input, seen);
  if (!changed || changed.outcome !== "saved") return changed;
  if (!changed.changed) return { outcome: "saved", product: changed.product, changed: false };
  app.catalogueChanged();
  await removeFilesNoLongerUsed(app, changed.removedImages);
  return { outcome: "saved", product: changed.product, changed: true };
}

/** Deletes the product and its uploaded files, or deactivates it when it appears in orders. */
export async function deleteOrDeactivateProduct(app: App, admin: AdminViewer, id: string): Promise<ProductRemoval | null> {
  const removed = await removeProduct(app.db, admin, id);
  if (!removed) return null;
  app.catalogueChanged();
  if (removed.outcome === "deleted") await removeFilesNoLongerUsed(app, removed.removedImages);
  return removed;
}
