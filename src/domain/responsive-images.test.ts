import { describe, expect, it } from "vitest";
import { MOBILE_IMAGE_CAP, responsiveImage } from "./responsive-images.ts";

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
