import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { diskImageStorage } from "./image-storage.server.ts";

const hash = "0123456789abcdef0123456789abcdef";

/** A folder of the test's own, removed after it. */
const folders: string[] = [];
async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "image-store-"));
  folders.push(folder);
  return folder;
}

describe("the disk image store", () => {
  afterEach(async () => {
    await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
  });

  it("creates its folder on the first write, writes whole files and removes them", async () => {
    const folder = path.join(await tempFolder(), "uploads");
    const store = diskImageStorage(folder);
    await store.put(`${hash}-400.webp`, new Uint8Array([1, 2, 3]), "image/webp");
    await store.put(`${hash}-400.webp`, new Uint8Array([4, 5]), "image/webp");
    expect(await readdir(folder)).toEqual([`${hash}-400.webp`]);
    expect([...(await readFile(path.join(folder, `${hash}-400.webp`)))]).toEqual([4, 5]);
    await store.remove([`${hash}-400.webp`, `${hash}-800.avif`]);
    expect(await readdir(folder)).toEqual([]);
  });

  it("refuses any name that is not one of ours, so no path can be formed from outside input", async () => {
    const store = diskImageStorage(await tempFolder());
    for (const name of ["../escape.webp", `${hash}-400.svg`, `${hash}-400.webp/../../x`, "photo.jpg", `${hash}-0.webp`]) {
      await expect(store.put(name, new Uint8Array([1]), "image/webp")).rejects.toThrow(/not an image storage name/);
      await expect(store.remove([name])).rejects.toThrow(/not an image storage name/);
      await expect(store.has(name)).resolves.toBe(false);
    }
  });

  it("leaves nothing half-written behind when a write fails", async () => {
    const folder = await tempFolder();
    const store = diskImageStorage(folder);
    // The target's name is taken by a folder: the rename fails, as a full or read-only disk would fail it.
    await mkdir(path.join(folder, `${hash}-400.webp`));
    await expect(store.put(`${hash}-400.webp`, new Uint8Array([1, 2, 3]), "image/webp")).rejects.toThrow();
    expect(await readdir(folder)).toEqual([`${hash}-400.webp`]);
  });

  it("lists its own files with their times (none before the first write), and says which it holds", async () => {
    const folder = path.join(await tempFolder(), "uploads");
    const store = diskImageStorage(folder);
    expect(await store.list()).toEqual([]);
    const before = Date.now();
    await store.put(`${hash}-400.webp`, new Uint8Array([1]), "image/webp");
    // What the store did not write (a half-written temporary file, the scraper's folder) is not its own.
    await writeFile(path.join(folder, `${hash}-400.webp.abc.tmp`), "x");
    await mkdir(path.join(folder, "scraped"));
    const listed = await store.list();
    expect(listed.map((file) => file.name)).toEqual([`${hash}-400.webp`]);
    expect(listed[0]!.modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await store.has(`${hash}-400.webp`)).toBe(true);
    expect(await store.has(`${hash}-800.webp`)).toBe(false);
  });
});
