import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { adminProductEditor } from "../../../domain/messages/admin.ts";
import type { ImageStorage } from "../../images/image-storage.server.ts";
import { storeUploadedImage } from "./image-upload.server.ts";

describe("an upload the image store cannot keep", () => {
  it("is answered 507, saying the server's disk is at fault and nothing was saved", async () => {
    const full: ImageStorage = {
      directory: null,
      put: async () => Promise.reject(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" })),
      remove: async () => {},
      has: async () => false,
      list: async () => [],
    };
    const bytes = new Uint8Array(await sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer());
    expect(await storeUploadedImage(full, { name: "lining.png", bytes })).toEqual({ ok: false, status: 507, message: adminProductEditor.uploadStorageFailed("lining.png") });
  });

  it("throws any other failure of the store: a fault of the shop, not of the disk", async () => {
    const broken: ImageStorage = { directory: null, put: async () => Promise.reject(new Error("bug")), remove: async () => {}, has: async () => false, list: async () => [] };
    const bytes = new Uint8Array(await sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer());
    await expect(storeUploadedImage(broken, { name: "lining.png", bytes })).rejects.toThrow("bug");
  });
});
