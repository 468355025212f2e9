import { describe, expect, it } from "vitest";
import { isGalleryImage } from "./images.ts";
import {
  largestUploadWidth,
  MOBILE_IMAGE_CAP,
  parseUploadedImageUrl,
  responsiveImage,
  uploadedFileNames,
  uploadedImageSources,
  uploadedImageUrl,
  uploadedWidths,
} from "./responsive-images.ts";

describe("responsiveImage", () => {
  it("leaves our own root-relative SVGs alone (vector images need no sizes)", () => {
    expect(responsiveImage("/images/products/navy-suit-1.svg")).toEqual({ src: "/images/products/navy-suit-1.svg" });
  });

  it("leaves hosts that cannot resize alone", () => {
    expect(responsiveImage("https://example.com/suit.jpg")).toEqual({ src: "https://example.com/suit.jpg" });
    expect(responsiveImage("https://i.imgur.com/abc.jpg")).toEqual({ src: "https://i.imgur.com/abc.jpg" });
  });

  it("caps the default src at the spec's mobile size of 400 x 500 and offers wider candidates", () => {
    const image = responsiveImage("https://images.unsplash.com/photo-1?ixid=abc");
    const src = new URL(image.src);
    expect(src.searchParams.get("w")).toBe(String(MOBILE_IMAGE_CAP.width));
    expect(src.searchParams.get("h")).toBe(String(MOBILE_IMAGE_CAP.height));
    expect(src.searchParams.get("ixid")).toBe("abc");
    const quality = Number(src.searchParams.get("q"));
    expect(quality).toBeGreaterThanOrEqual(70);
    expect(quality).toBeLessThanOrEqual(90);
    expect(image.srcSet?.split(", ").map((candidate) => candidate.split(" ")[1])).toEqual(["400w", "800w", "1200w"]);
    expect(image.srcSet).toContain("h=1000");
  });

  it("puts the Cloudinary transformation right after /image/upload/", () => {
    const image = responsiveImage("https://res.cloudinary.com/shop/image/upload/v1/suits/navy.jpg");
    expect(image.src).toBe("https://res.cloudinary.com/shop/image/upload/w_400,h_500,c_fill,q_80,f_auto/v1/suits/navy.jpg");
  });

  it("leaves Cloudinary URLs it does not understand alone", () => {
    const url = "https://res.cloudinary.com/shop/video/upload/v1/clip.mp4";
    expect(responsiveImage(url)).toEqual({ src: url });
  });

  it("resizes Shopify and Pexels images through their parameters", () => {
    expect(new URL(responsiveImage("https://cdn.shopify.com/s/files/1/suit.jpg?v=3").src).searchParams.get("width")).toBe("400");
    expect(new URL(responsiveImage("https://images.pexels.com/photos/1/p.jpeg").src).searchParams.get("h")).toBe("500");
  });
});

describe("the shop's own uploads", () => {
  const hash = "0123456789abcdef0123456789abcdef";

  it("names each stored size by the content hash and its width, never wider than the original", () => {
    expect(largestUploadWidth(3000)).toBe(1200);
    expect(largestUploadWidth(640)).toBe(640);
    expect(uploadedWidths(1200)).toEqual([400, 800, 1200]);
    expect(uploadedWidths(640)).toEqual([400, 640]);
    expect(uploadedWidths(300)).toEqual([300]);
    expect(uploadedImageUrl(hash, 1200)).toBe(`/uploads/${hash}-1200.webp`);
  });

  it("reads back only URLs of its own shape", () => {
    expect(parseUploadedImageUrl(`/uploads/${hash}-800.webp`)).toEqual({ hash, largest: 800 });
    expect(parseUploadedImageUrl(`/uploads/${hash}-800.avif`)).toBeNull();
    expect(parseUploadedImageUrl(`/uploads/../${hash}-800.webp`)).toBeNull();
    expect(parseUploadedImageUrl(`https://cdn.example.com/uploads/${hash}-800.webp`)).toBeNull();
    expect(parseUploadedImageUrl("/images/products/navy-suit-1.svg")).toBeNull();
  });

  it("lists every stored file of an upload, both formats, so deleting a product can remove them all", () => {
    expect(uploadedFileNames(`/uploads/${hash}-640.webp`)).toEqual([
      `${hash}-400.webp`,
      `${hash}-400.avif`,
      `${hash}-640.webp`,
      `${hash}-640.avif`,
    ]);
    expect(uploadedFileNames("https://example.com/a.jpg")).toEqual([]);
  });

  it("gives the storefront a 400-wide WebP src, a WebP srcset and an AVIF srcset", () => {
    expect(responsiveImage(`/uploads/${hash}-1200.webp`)).toEqual({
      src: `/uploads/${hash}-400.webp`,
      srcSet: `/uploads/${hash}-400.webp 400w, /uploads/${hash}-800.webp 800w, /uploads/${hash}-1200.webp 1200w`,
      avifSrcSet: `/uploads/${hash}-400.avif 400w, /uploads/${hash}-800.avif 800w, /uploads/${hash}-1200.avif 1200w`,
    });
    expect(uploadedImageSources("/images/products/navy-suit-1.svg")).toBeNull();
  });

  it("counts as a valid gallery image under the storefront's image rules", () => {
    expect(isGalleryImage(`/uploads/${hash}-1200.webp`)).toBe(true);
  });
});
