// Where re-encoded scraped pictures live (decision 032): a tiny storage interface, so the product
// editor's upload storage (or an object store) can take over by implementing the same two calls.
// The default keeps files under DATA_DIR/uploads/scraped/, named by the SHA-256 of their bytes, so
// a name never changes content and the host serves them with immutable caching.
import { createHash, randomBytes } from "node:crypto";
import { access, mkdir, rename, rm, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { SCRAPED_UPLOAD_NAME, SCRAPED_UPLOADS_PREFIX } from "../../../domain/admin/abandoned-uploads.ts";
import { listFiles } from "../../images/image-storage.server.ts";

export type ProductImageStore = {
  /** Keeps an encoded picture and returns the URL the shop serves it at. */
  put(bytes: Buffer, extension: "webp"): Promise<string>;
  /** True when `url` is a picture this store holds (a saved product may only point at those). */
  has(url: string): Promise<boolean>;
  /** Every picture held, by file name, with when it was written (for the sweep of unused ones). */
  list(): Promise<{ name: string; modifiedAt: Date }[]>;
  /** Removes pictures by file name; a name that is not there is not an error. */
  remove(names: readonly string[]): Promise<void>;
};

export const SCRAPED_IMAGE_URL_PREFIX = SCRAPED_UPLOADS_PREFIX;

/** DATA_DIR/uploads/scraped: the folder the host serves at /uploads/scraped/. */
export function scrapedImageFolder(dataDir: string): string {
  return path.join(dataDir, "uploads", "scraped");
}

export function diskImageStore(folder: string, urlPrefix = SCRAPED_IMAGE_URL_PREFIX): ProductImageStore {
  return {
    async put(bytes, extension) {
      const name = `${createHash("sha256").update(bytes).digest("hex")}.${extension}`;
      const target = path.join(folder, name);
      try {
        await access(target);
        // Copied again: it is new to this scrape, so the sweep of unused pictures counts from now.
        const now = new Date();
        await utimes(target, now, now);
      } catch {
        await mkdir(folder, { recursive: true });
        // Written beside, then renamed: a reader never sees half a file under the final name.
        const temporary = path.join(folder, `.${name}.${randomBytes(6).toString("hex")}.tmp`);
        await writeFile(temporary, bytes);
        await rename(temporary, target);
      }
      return `${urlPrefix}${name}`;
    },
    async has(url) {
      if (!url.startsWith(urlPrefix)) return false;
      const name = url.slice(urlPrefix.length);
      if (!SCRAPED_UPLOAD_NAME.test(name)) return false;
      try {
        await access(path.join(folder, name));
        return true;
      } catch {
        return false;
      }
    },
    list: () => listFiles(folder, (name) => SCRAPED_UPLOAD_NAME.test(name)),
    async remove(names) {
      for (const name of names) if (!SCRAPED_UPLOAD_NAME.test(name)) throw new Error(`not a scraped image name: ${name}`);
      await Promise.all(names.map((name) => rm(path.join(folder, name), { force: true })));
    },
  };
}
