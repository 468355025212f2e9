// Where the shop's own image files live (uploads from the product editor). The app only ever
// writes, deletes and names files through this interface, so an object store (S3, R2, GCS) can
// replace the disk by implementing it; the host serves the disk store at /uploads, and an object
// store would serve its files itself (with the same immutable caching: names are content hashes).
import { access, mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";

export type ImageStorage = {
  /** Writes a file whole (readers never see half of it); writing the same name again replaces it. */
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Removes files; a name that is not there is not an error. */
  remove(names: readonly string[]): Promise<void>;
  /** True when the store holds a file of that name. */
  has(name: string): Promise<boolean>;
  /** Every file of the store, with when it was written (for the sweep of unused uploads). */
  list(): Promise<{ name: string; modifiedAt: Date }[]>;
  /** Where the files of this store are on disk, for the host to serve; null for a remote store. */
  readonly directory: string | null;
};

/** Names are ours ("<hash>-<width>.<format>"); anything else is a programming error, never a path. */
const SAFE_NAME = /^[0-9a-f]{32}-[1-9]\d{0,4}\.(?:webp|avif)$/;

function checkedName(name: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`not an image storage name: ${name}`);
  return name;
}

/** The default store: files in one directory (DATA_DIR/uploads), created when first written. */
export function diskImageStorage(directory: string): ImageStorage {
  let ready: Promise<unknown> | null = null;
  return {
    directory,
    async put(name, bytes) {
      ready ??= mkdir(directory, { recursive: true });
      await ready;
      const target = path.join(directory, checkedName(name));
      // Write beside, then rename: a request for the file gets the old bytes or the new, never part.
      const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, target);
      } catch (error) {
        // A full or read-only disk: nothing half-written is left behind.
        await rm(temporary, { force: true }).catch(() => {});
        throw error;
      }
    },
    async remove(names) {
      await Promise.all(names.map((name) => rm(path.join(directory, checkedName(name)), { force: true })));
    },
    async has(name) {
      try {
        await access(path.join(directory, checkedName(name)));
        return true;
      } catch {
        return false;
      }
    },
    list: () => listFiles(directory, (name) => SAFE_NAME.test(name)),
  };
}

/** The files of `directory` whose names `accept` takes (none when it does not exist yet), with their times. */
export async function listFiles(directory: string, accept: (name: string) => boolean): Promise<{ name: string; modifiedAt: Date }[]> {
  let entries;
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files: { name: string; modifiedAt: Date }[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !accept(entry.name)) continue;
    try {
      files.push({ name: entry.name, modifiedAt: (await stat(path.join(directory, entry.name))).mtime });
    } catch (error) {
      // Removed between the listing and the look (another process's sweep): not there, then.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return files;
}
