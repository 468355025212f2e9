import { describe, expect, it } from "vitest";
import { abandonedUploadFiles, ABANDONED_UPLOAD_DAYS, scrapedPictureKey, uploadedPictureKey, uploadKeyOfUrl, type StoredUploadFile } from "./abandoned-uploads.ts";

const HASH = "0123456789abcdef0123456789abcdef";
const SCRAPED = `${"a".repeat(64)}.webp`;
const now = new Date("2026-11-28T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

describe("uploadKeyOfUrl", () => {
  it("knows every size and format of an upload by its hash, a scraped copy by its name, and nothing else", () => {
    expect(uploadKeyOfUrl(`/uploads/${HASH}-1200.webp`)).toBe(`upload:${HASH}`);
    expect(uploadKeyOfUrl(`/uploads/${HASH}-400.webp`)).toBe(`upload:${HASH}`);
    expect(uploadKeyOfUrl(`/uploads/scraped/${SCRAPED}`)).toBe(`scraped:${SCRAPED}`);
    for (const other of ["/images/suits/navy.svg", "https://images.unsplash.com/photo-1", "/uploads/scraped/../x.webp", `/uploads/${HASH}.webp`, ""]) {
      expect(uploadKeyOfUrl(other), other).toBeNull();
    }
  });
});

describe("the keys of stored files", () => {
  it("are the keys their URLs have: every size and format of an upload one, a scraped copy its own", () => {
    expect(uploadedPictureKey(`${HASH}-400.avif`)).toBe(uploadKeyOfUrl(`/uploads/${HASH}-1200.webp`));
    expect(scrapedPictureKey(SCRAPED)).toBe(uploadKeyOfUrl(`/uploads/scraped/${SCRAPED}`));
  });
});

describe("abandonedUploadFiles", () => {
  const file = (key: string, name: string, days: number): StoredUploadFile => ({ key, name, modifiedAt: daysAgo(days) });

  it(`takes the files of pictures no product uses once every file of the picture is over ${ABANDONED_UPLOAD_DAYS} days old`, () => {
    const files = [
      file("upload:old", "old-400.webp", 30),
      file("upload:old", "old-400.avif", 30),
      file("upload:used", "used-400.webp", 30),
      file("upload:recent", "recent-400.webp", ABANDONED_UPLOAD_DAYS - 1),
      // One file written again today (the same picture uploaded again): the whole picture waits.
      file("upload:renewed", "renewed-400.webp", 30),
      file("upload:renewed", "renewed-800.webp", 0),
      file(`scraped:${SCRAPED}`, SCRAPED, 30),
    ];
    const taken = abandonedUploadFiles(files, new Set(["upload:used"]), now).map((entry) => entry.name);
    expect(taken).toEqual(["old-400.webp", "old-400.avif", SCRAPED]);
  });

  it("keeps a picture exactly at the end of its grace period, and takes it a moment later", () => {
    const edge = [file("upload:edge", "edge-400.webp", ABANDONED_UPLOAD_DAYS)];
    expect(abandonedUploadFiles(edge, new Set(), now)).toEqual([]);
    expect(abandonedUploadFiles(edge, new Set(), new Date(now.getTime() + 1))).toHaveLength(1);
  });
});
