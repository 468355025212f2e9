import { describe, expect, it } from "vitest";
import { isPublicHttpsUrl, publicUrlWarning } from "./public-url.ts";

describe("isPublicHttpsUrl", () => {
  it("accepts an https address on a real host", () => {
    expect(isPublicHttpsUrl("https://shop.example.com")).toBe(true);
    expect(isPublicHttpsUrl("https://www.kofi-and-sons.co.uk/")).toBe(true);
  });

  it("refuses plain http, this machine, private test names and what is not an address", () => {
    expect(isPublicHttpsUrl("http://shop.example.com")).toBe(false);
    expect(isPublicHttpsUrl("https://localhost:3000")).toBe(false);
    expect(isPublicHttpsUrl("https://127.0.0.1")).toBe(false);
    expect(isPublicHttpsUrl("https://[::1]:8443")).toBe(false);
    expect(isPublicHttpsUrl("https://shop.local")).toBe(false);
    expect(isPublicHttpsUrl("not a url")).toBe(false);
  });
});

describe("the start-up warning for such an address", () => {
  it("says that e-mails, search engines and shared links all get it", () => {
    const line = publicUrlWarning("http://localhost:3000");
    expect(line).toContain("http://localhost:3000");
    expect(line).toContain("links in e-mails will not open for shoppers");
    expect(line).toContain("search engines and shared links get that address");
    expect(line).toContain("Set PUBLIC_URL");
  });
});
