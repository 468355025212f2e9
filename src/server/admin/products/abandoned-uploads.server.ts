// The sweep of pictures never saved with a product (src/domain/admin/abandoned-uploads.ts): the
// editor's uploads and the scraper's copies. It runs at start and once a day in every process;
// two processes sweeping at once remove the same files, which is harmless.
import { or, sql } from "drizzle-orm";
import { abandonedUploadFiles, scrapedPictureKey, uploadedPictureKey, uploadKeyOfUrl, type StoredUploadFile } from "../../../domain/admin/abandoned-uploads.ts";
import { startSweeper, type Sweeper } from "../../db/sweeper.server.ts";
import type { DbOrTx } from "../../db/client.server.ts";
import { products } from "../../db/schema.ts";
import type { ImageStorage } from "../../images/image-storage.server.ts";
import type { ProductImageStore } from "../scraper/scraped-image-store.server.ts";

const SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000;

type Deps = { db: DbOrTx; images: Pick<ImageStorage, "list" | "remove">; scraped: Pick<ProductImageStore, "list" | "remove"> };

/** The pictures some product refers to (main image, gallery, the imported images list, or its page URL). */
async function referencedUploads(db: DbOrTx): Promise<Set<string>> {
  const uploads = "%/uploads/%";
  const rows = await db
    .select({ image: products.image, page: products.productUrl, gallery: products.productGallery, imported: products.productImages })
    .from(products)
    .where(
      or(
        sql`${products.image} like ${uploads}`,
        sql`${products.productUrl} like ${uploads}`,
        sql`array_to_string(${products.productGallery}, ' ') like ${uploads}`,
        sql`array_to_string(${products.productImages}, ' ') like ${uploads}`,
      ),
    );
  const keys = new Set<string>();
  for (const row of rows) {
    // The main image may be a comma-separated list (the spec's 'Product Image' field).
    const urls = [...(row.image ?? "").split(","), row.page ?? "", ...row.gallery, ...row.imported].map((url) => url.trim());
    for (const url of urls) {
      const key = uploadKeyOfUrl(url);
      if (key) keys.add(key);
    }
  }
  return keys;
}

/** Removes the pictures no product refers to that are older than the grace period; says how many files went. */
export async function removeAbandonedUploads(deps: Deps, now = new Date()): Promise<number> {
  // Listed before the products are read: a picture uploaded and saved after this read is younger
  // than the grace period, so it is never a candidate.
  const [uploaded, scraped] = await Promise.all([deps.images.list(), deps.scraped.list()]);
  const files: StoredUploadFile[] = [
    ...uploaded.map((file) => ({ ...file, key: uploadedPictureKey(file.name) })),
    ...scraped.map((file) => ({ ...file, key: scrapedPictureKey(file.name) })),
  ];
  if (files.length === 0) return 0;
  const abandoned = new Set(abandonedUploadFiles(files, await referencedUploads(deps.db), now));
  const names = (of: readonly StoredUploadFile[]) => of.filter((file) => abandoned.has(file)).map((file) => file.name);
  await deps.images.remove(names(files.slice(0, uploaded.length)));
  await deps.scraped.remove(names(files.slice(uploaded.length)));
  if (abandoned.size > 0) console.log(`unused uploads: removed ${abandoned.size} files of pictures no product uses`);
  return abandoned.size;
}

/** Sweeps at start and once a day; a failed sweep is logged and the next one tries again. */
export function startUploadSweeper(deps: Deps, intervalMs = SWEEP_INTERVAL_MS): Sweeper {
  return startSweeper({ name: "the sweep of unused uploads", intervalMs, sweepAtStart: true, run: () => removeAbandonedUploads(deps) });
}
