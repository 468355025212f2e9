// The Product URL Scraper card on /admin/products, on desktop and on a 390 px phone (issue 13 "URL
// scraper"; admin.md sections 2, 4, 5, 8): a JSON-LD page scraped, previewed and saved (and saved
// again: refused as a duplicate), an Open Graph page, a page with neither (a clear error), the
// blank URL, and a scrape that never reaches the server.
//
// The fixture pages live on 127.0.0.1, which the scraper refuses unless SCRAPER_ALLOW_HOSTS names
// them. That switch is refused under NODE_ENV=production, so these journeys run against a built
// server of their own started with NODE_ENV=test (same build, same host, the switch allowed),
// one per worker, after the fixture server whose port the switch names.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test as base, type Page } from "@playwright/test";
import sharp from "sharp";
import { adminProducts, scraper } from "../../src/domain/messages/admin.ts";
import { startBuiltServer, type BuiltServer } from "../helpers/built-server.ts";
import { E2E_ADMIN, expectRefusedField, openBulkTools, signInAsAdmin } from "./admin-helpers.ts";
import { screenshot, waitForHydration, expectNoSidewaysScroll } from "./helpers.ts";

type Fixture = { base: string; close: () => Promise<void> };

async function startFixturePages(): Promise<Fixture> {
  const picture = await sharp({ create: { width: 600, height: 750, channels: 3, background: { r: 28, g: 42, b: 74 } } })
    .composite([{ input: Buffer.from(`<svg width="600" height="750"><rect x="150" y="120" width="300" height="520" rx="40" fill="#cfd6e3"/></svg>`) }])
    .png()
    .toBuffer();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fixture");
    const html = (head: string, body = "") => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(`<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`);
    };
    if (url.pathname === "/suit") {
      const name = url.searchParams.get("name") ?? "Navy Wool Suit";
      const product = {
        "@context": "https://schema.org",
        "@graph": [
          { "@type": "WebSite", name: "Savile Supplies" },
          {
            "@type": "Product",
            name,
            description: "A two-piece suit in pure Super 110s wool, half-canvassed, with a slim lapel and flat-front trousers.",
            image: "/picture.png",
            offers: { "@type": "Offer", price: "249.00", priceCurrency: "GBP" },
          },
        ],
      };
      return html(`<title>${name}</title><script type="application/ld+json">${JSON.stringify(product)}</script>`);
    }
    if (url.pathname === "/tie") {
      return html(
        `<meta property="og:title" content="Silk Paisley Tie"><meta property="og:image" content="/picture.png"><meta property="og:description" content="Hand-rolled edges, seven-fold silk."><meta property="product:price:amount" content="39.50"><meta property="product:price:currency" content="GBP">`,
      );
    }
    if (url.pathname === "/about") return html("<title>About us</title>", "<h1>About us</h1>");
    if (url.pathname === "/picture.png") {
      response.writeHead(200, { "content-type": "image/png" });
      return response.end(picture);
    }
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Shop = { fixture: Fixture; server: BuiltServer };

const test = base.extend<object, { shop: Shop }>({
  shop: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const fixture = await startFixturePages();
      const server = await startBuiltServer({
        NODE_ENV: "test",
        SCRAPER_ALLOW_HOSTS: new URL(fixture.base).host,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
      });
      await use({ fixture, server });
      await server.stop();
      await fixture.close();
    },
    { scope: "worker", timeout: 150_000 },
  ],
  baseURL: async ({ shop }, use) => use(shop.server.base),
});

test.use({ bypassCSP: true });
// The three journeys in one worker, so on one server and fixture: split over two workers, each
// started its own (6 s of the machine for a server). Only the first saves a product, a name the
// others never scrape.
test.describe.configure({ mode: "default" });

async function openProducts(page: Page) {
  await signInAsAdmin(page);
  await page.goto("/admin/products");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: adminProducts.title })).toBeVisible();
  await openBulkTools(page);
  await expect(page.getByRole("heading", { name: scraper.title })).toBeVisible();
}

const urlField = (page: Page) => page.getByPlaceholder(scraper.placeholder);
const scrapeButton = (page: Page) => page.getByRole("button", { name: scraper.scrape, exact: true });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

test("a JSON-LD product page scraped, previewed and saved; saved again, it is refused as a duplicate", async ({ page, shop }, testInfo) => {
  const name = `Navy Wool Suit ${testInfo.project.name} ${Date.now().toString(36)}`;
  await openProducts(page);
  await expect(scrapeButton(page)).toBeDisabled();
  await urlField(page).fill(`${shop.fixture.base}/suit?name=${encodeURIComponent(name)}`);
  await expect(scrapeButton(page)).toBeEnabled();
  await scrapeButton(page).click();
  await expect(toast(page, scraper.scraped)).toBeVisible();

  const preview = page.locator("[data-scraped-preview]");
  await expect(preview.locator('[data-field="name"]')).toHaveText(name);
  await expect(preview.locator('[data-field="price"]')).toHaveText("£249.00");
  await expect(preview.getByLabel(scraper.category)).toHaveValue("suits");
  await expect(preview.locator('[data-field="description"]')).toContainText("pure Super 110s wool");
  const picture = preview.getByRole("img", { name });
  await expect(picture).toHaveAttribute("src", /^\/uploads\/scraped\/[0-9a-f]{64}\.webp$/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await screenshot(page, testInfo, `admin-scraper-preview-${testInfo.project.name}`);
  if (testInfo.project.name === "mobile") {
    await expectNoSidewaysScroll(page);
  }
  // Nothing of the preview sticks out of its card (the admin's main area clips overflow).
  const card = (await preview.boundingBox())!;
  for (const part of [preview.getByLabel(scraper.category), preview.getByRole("button", { name: scraper.saveToDatabase }), picture]) {
    const box = (await part.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
  }

  const pictureUrl = (await picture.getAttribute("src"))!;

  await preview.getByRole("button", { name: scraper.saveToDatabase }).click();
  await expect(toast(page, scraper.saved)).toBeVisible();
  await expect(preview).toBeHidden();
  await expect(urlField(page)).toHaveValue("");

  // The copied picture is served for a year under its content's name; the product is in the shop.
  const served = await page.request.get(pictureUrl);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(served.headers()["cache-control"]).toContain("immutable");
  await page.goto("/category/suits");
  await expect(page.getByText(name).first()).toBeVisible();
  await page.goto("/admin/products");
  await waitForHydration(page);
  await openBulkTools(page);

  // The same page again: the preview comes back, and saving it is refused with the spec's message.
  await urlField(page).fill(`${shop.fixture.base}/suit?name=${encodeURIComponent(name)}`);
  await scrapeButton(page).click();
  await expect(preview.locator('[data-field="name"]')).toHaveText(name);
  await preview.getByRole("button", { name: scraper.saveToDatabase }).click();
  const refused = toast(page, scraper.saveFailed);
  await expect(refused).toBeVisible();
  await expect(refused).toContainText(scraper.errorTitle);
  await expect(refused).toContainText(scraper.duplicate(name));
});

test("an Open Graph page is previewed with the category its name names", async ({ page, shop }, testInfo) => {
  await openProducts(page);
  await urlField(page).fill(`${shop.fixture.base}/tie`);
  await urlField(page).press("Enter");
  await expect(toast(page, scraper.scraped)).toBeVisible();
  const preview = page.locator("[data-scraped-preview]");
  await expect(preview.locator('[data-field="name"]')).toHaveText("Silk Paisley Tie");
  await expect(preview.locator('[data-field="price"]')).toHaveText("£39.50");
  await expect(preview.getByLabel(scraper.category)).toHaveValue("ties");
  await expect(preview.getByText(scraper.foundIn("Open Graph tags"))).toBeVisible();
  await screenshot(page, testInfo, `admin-scraper-open-graph-${testInfo.project.name}`);
});

test("a page with no product data, a blank URL and a scrape that fails on the way each say what went wrong", async ({ page, shop }, testInfo) => {
  await openProducts(page);
  await urlField(page).fill(`${shop.fixture.base}/about`);
  await scrapeButton(page).click();
  const noProduct = toast(page, scraper.noProduct);
  await expect(noProduct).toBeVisible();
  await expect(noProduct).toContainText(scraper.errorTitle);
  await expect(page.locator("[data-scraped-preview]")).toHaveCount(0);
  await screenshot(page, testInfo, `admin-scraper-error-${testInfo.project.name}`);

  // Whitespace is not empty, so Scrape is enabled, and the card refuses it before asking the server.
  await urlField(page).fill("   ");
  await expect(scrapeButton(page)).toBeEnabled();
  await scrapeButton(page).click();
  await expect(toast(page, scraper.invalidUrl)).toBeVisible();
  await expectRefusedField(page.getByRole("textbox", { name: scraper.urlLabel }), scraper.invalidUrl);

  // The shop's own address is refused by the server, not fetched.
  await urlField(page).fill(`${new URL(page.url()).origin}/admin`);
  await scrapeButton(page).click();
  await expect(toast(page, scraper.privateAddress)).toBeVisible();
  await expectRefusedField(page.getByRole("textbox", { name: scraper.urlLabel }), scraper.privateAddress);

  // When the request itself fails, the spec's fallback text.
  await page.route("**/api/admin/products/scrape", (route) => route.abort());
  await urlField(page).fill(`${shop.fixture.base}/tie`);
  await scrapeButton(page).click();
  await expect(toast(page, scraper.scrapeFailed)).toBeVisible();
});
