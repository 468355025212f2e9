import { type APIRequestContext, expect, test } from "@playwright/test";
import { HOME_SECTIONS } from "../../src/domain/categories.ts";
import { general } from "../../src/domain/messages/layout.ts";
import { screenshot, waitForHydration } from "./helpers.ts";

test("the home page is server-rendered with seeded products in every section", async ({ page, request }, testInfo) => {
  // The first response already holds the products (SSR), before any JavaScript runs.
  const html = await (await request.get("/")).text();
  for (const section of HOME_SECTIONS) expect(html).toContain(section.title);
  expect(html).toMatch(/href="\/product\/[0-9a-f-]{36}"/);

  await page.goto("/");
  const sections = page.locator("main section[aria-labelledby]");
  await expect(sections).toHaveCount(HOME_SECTIONS.length);
  for (const [index, section] of HOME_SECTIONS.entries()) {
    const region = sections.nth(index);
    await expect(region.getByRole("heading", { level: 2 })).toHaveText(section.title);
    const cards = region.getByRole("listitem");
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(8);
  }
  // Seed images are local and load.
  const firstImage = sections.first().locator("img").first();
  // A seed illustration, or (when an admin journey has added a newer product) an uploaded image.
  await expect(firstImage).toHaveAttribute("src", /^\/(images\/products\/.+\.svg|uploads\/.+\.webp)$/);
  // Decoded: polled, as an image may finish loading after the page's own load on a busy machine.
  await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: "the first card's image has loaded" }).toBe(true);
  await screenshot(page, testInfo, "home", { fullPage: false });
});

test("product images are served with long-lived immutable caching", async ({ page, request }) => {
  await page.goto("/");
  const src = await page.locator("main section[aria-labelledby] img").first().getAttribute("src");
  const response = await request.get(src!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\/(svg\+xml|webp)/);
  expect(response.headers()["cache-control"]).toContain("immutable");
  expect(response.headers()["cache-control"]).toContain("max-age=31536000");
});

test("the site's icon is served where phones and crawlers look without reading the page", async ({ request }) => {
  for (const [path, type] of [["/favicon.svg", "image/svg+xml"], ["/favicon.ico", "image/vnd.microsoft.icon"], ["/apple-touch-icon.png", "image/png"]] as const) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toContain(type);
    expect((await response.body()).length, path).toBeGreaterThan(200);
  }
});

test("GET /api/health answers ok after a database round trip", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});

test("an unknown path gets the 404 page with a link home", async ({ page }, testInfo) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: general.notFoundTitle })).toBeVisible();
  await expect(page).toHaveTitle(/^Page not found \| /);
  await screenshot(page, testInfo, "not-found", { fullPage: false });
  await page.getByRole("link", { name: general.backHome }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("pages carry security headers and a CSP nonce on inline scripts", async ({ request }) => {
  const response = await request.get("/");
  const csp = response.headers()["content-security-policy"];
  expect(csp).toContain("script-src 'self' 'nonce-");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["x-powered-by"]).toBeUndefined();
  const nonce = /'nonce-([^']+)'/.exec(csp!)?.[1];
  const html = await response.text();
  const inlineScripts = inlineScriptTags(html);
  expect(inlineScripts.length).toBeGreaterThan(0);
  for (const tag of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`);
  // The schema.org data blocks are not run (CSP's script-src does not apply to them) and need no
  // nonce; their text cannot close the element early.
  const dataBlocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  expect(dataBlocks.length).toBeGreaterThan(0);
  for (const block of dataBlocks) expect(() => JSON.parse(block)).not.toThrow();
});

/** The inline scripts a browser runs: not those with a src, nor JSON-LD data blocks. */
function inlineScriptTags(html: string): string[] {
  return html.match(/<script(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>/g) ?? [];
}

test("a signed-out shopper's public page is shared for a moment, each copy with its own nonce; a session never gets a shared page", async ({ request }) => {
  const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
  const nonces = new Set<string>();
  let hit: { html: string; nonce: string } | undefined;
  // Pages are kept for 2 s: the second of two requests in a row is a hit (a third try covers a
  // first request that happened to find a copy just about to age out).
  for (let attempt = 0; attempt < 3 && !hit; attempt++) {
    const response = await request.get("/category/ties");
    const nonce = nonceOf(response.headers()["content-security-policy"]);
    expect(nonce).toBeTruthy();
    nonces.add(nonce!);
    const html = await response.text();
    if (response.headers()["x-page-cache"] === "hit") hit = { html, nonce: nonce! };
  }
  expect(hit, "a repeated public page should be served from the page cache").toBeDefined();
  // Every response had a nonce of its own, and the shared copy carries this response's nonce.
  expect(nonces.size).toBeGreaterThanOrEqual(2);
  const inlineScripts = inlineScriptTags(hit!.html);
  expect(inlineScripts.length).toBeGreaterThan(0);
  for (const tag of inlineScripts) expect(tag).toContain(`nonce="${hit!.nonce}"`);

  const withSession = await request.get("/category/ties", { headers: { cookie: "better-auth.session_token=someone" } });
  expect(withSession.status()).toBe(200);
  expect(withSession.headers()["x-page-cache"]).toBeUndefined();
});

// A hydration mismatch makes React throw the server's page away and render it again in the
// browser (a flash, lost focus and scroll); production React reports it as an error. One test per
// page, so each page load has the whole time limit to itself on a busy machine.
const HYDRATION_SWEEP = ["/", "/category/suits", "/category/Traditional%20Wear?page=2", "product", "/returns", "/size-guide", "/faq", "/contact", "/cart", "/auth", "/no/such/page"];
for (const entry of HYDRATION_SWEEP) {
  test(`every storefront page hydrates without an error: what the server sent is what the browser renders (${entry})`, async ({ page, request }) => {
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
    page.on("console", (message) => {
      // The 404 page's own status is reported as a failed load; that one is expected.
      const expected404 = page.url().endsWith("/no/such/page") && message.text().includes("status of 404");
      if (message.type() === "error" && !expected404) problems.push(`${page.url()}: ${message.text()}`);
    });
    const path = entry === "product" ? await firstProductPath(request) : entry;
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState("load");
    expect(problems).toEqual([]);
  });
}

/** The first product of the home page, as the sweep's product page. */
async function firstProductPath(request: APIRequestContext): Promise<string> {
  const html = await (await request.get("/")).text();
  const href = /<main[\s\S]*?href="(\/product\/[^"]+)"/.exec(html)?.[1];
  expect(href, "a product link on the home page").toBeDefined();
  return href!;
}

test("a shopper whose clock is already in the next year (another time zone at New Year) gets a page that hydrates, with the shop's year in the footer", async ({ page }) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  const serverYear = new Date().getFullYear();
  await page.clock.install({ time: new Date(`${serverYear + 1}-01-01T00:30:00`) });
  await page.goto("/faq");
  await waitForHydration(page);
  await expect(page.locator("footer")).toContainText(`© ${serverYear} `);
  expect(problems).toEqual([]);
});
