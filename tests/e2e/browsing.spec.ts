import { expect, test } from "@playwright/test";
import { CATEGORIES, HOME_SECTIONS } from "../../src/domain/categories.ts";
import { CATEGORY_PAGE_COPY } from "../../src/domain/category-page-copy.ts";
import { categoryPage } from "../../src/domain/messages/catalog.ts";
import { general, navigation } from "../../src/domain/messages/layout.ts";
import { expectNoSeriousA11yViolations, screenshot, scrollIntoViewAtRest, waitForHydration, watchOpenedTabs } from "./helpers.ts";

test.use({ bypassCSP: true });

test.describe("layout", () => {
  test("navigation links Home and every category; footer has categories, support and three social links", async ({ page, isMobile }) => {
    await page.goto("/");
    if (isMobile) {
      const toggle = page.getByRole("button", { name: "Open menu" });
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await toggle.click();
      await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
      // The page it covers is out of reach: Tab past the menu's last link does not land under it.
      await expect(page.locator("#main")).toHaveJSProperty("inert", true);
      await expect(page.locator("footer")).toHaveJSProperty("inert", true);
    }
    const nav = page.getByRole("navigation", { name: isMobile ? "Mobile" : "Main" });
    await expect(nav.getByRole("link", { name: navigation.home })).toBeVisible();
    for (const category of CATEGORIES) await expect(nav.getByRole("link", { name: category.label, exact: true })).toBeVisible();
    if (isMobile) {
      // Following a link closes the menu.
      await nav.getByRole("link", { name: "Ties", exact: true }).click();
      await expect(page).toHaveURL(/\/category\/ties$/);
      await expect(page.getByRole("navigation", { name: "Mobile" })).toHaveCount(0);
      await expect(page.locator("#main")).toHaveJSProperty("inert", false);
    }

    const footer = page.locator("footer");
    for (const category of CATEGORIES) await expect(footer.getByRole("link", { name: category.label, exact: true })).toBeVisible();
    for (const label of ["Contact Us", "Returns & Exchanges", "Size Guide", "FAQ"]) await expect(footer.getByRole("link", { name: label })).toBeVisible();
    // Social links come from the shop's settings (none by default): never a placeholder to a network's home page.
    for (const href of await footer.locator("a[target=_blank]").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""))) {
      expect(href).not.toMatch(/^https:\/\/(www\.)?[a-z]+\.com\/?$/);
    }
  });

  test("link navigation scrolls to the top without a full reload", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const lastViewAll = page.getByRole("link", { name: `${navigation.viewAll}: ${HOME_SECTIONS.at(-1)!.title}` });
    await lastViewAll.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await lastViewAll.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(CATEGORY_PAGE_COPY.accessories.heading);
    // Focus moves to the new page's heading, where a screen reader would start on a page load.
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  });

  test("the main navigation marks the page shown; its links, the footer's and the logo navigate without a reload; Ctrl+click is left to the browser", async ({ page, isMobile }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
    // The row of links under the header is the desktop navigation; a phone has the menu (above).
    const marked = page.getByRole("navigation", { name: "Main" }).locator('[aria-current="page"]');
    const footer = page.locator("footer");
    if (!isMobile) {
      await expect(marked).toHaveText(navigation.home);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shirts", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(CATEGORY_PAGE_COPY.shirts.heading);
      await expect(marked).toHaveText("Shirts");
    }
    await footer.getByRole("navigation", { name: "Support" }).getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(marked).toHaveCount(0);
    await page.getByRole("link", { name: "Menswear Shop", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    if (!isMobile) await expect(marked).toHaveText(navigation.home);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);

    // A modified click opens a tab of its own, which shows the page, and leaves this page where it was.
    const ties = footer.getByRole("link", { name: "Ties", exact: true });
    await scrollIntoViewAtRest(ties);
    const opened = await watchOpenedTabs(page);
    await ties.click({ modifiers: ["ControlOrMeta"] });
    await expect.poll(opened.tabs).toEqual([{ url: expect.stringMatching(/\/category\/ties$/), title: expect.stringMatching(/^Ties \| /) }]);
    await opened.stop();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a failed page load shows the generic error screen with Refresh Page", async ({ page }) => {
    await page.goto("/category/ties");
    await waitForHydration(page);
    // The home page's data request fails on the next client navigation.
    await page.route("**/_.data*", (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "down" }));
    await page.getByRole("link", { name: "Menswear Shop" }).first().click();
    await expect(page.getByText(general.errorScreen)).toBeVisible();
    await page.unroute("**/_.data*");
    await page.getByRole("link", { name: general.refreshPage }).click();
    await expect(page.locator("main section[aria-labelledby]").first()).toBeVisible();
  });
});

test.describe("home", () => {
  test("shows the ten sections with View All links, image priority for the first four", async ({ page, isMobile }, testInfo) => {
    await page.goto("/");
    const headings = page.locator("main section[aria-labelledby] h2");
    await expect(headings).toHaveText(HOME_SECTIONS.map((s) => s.title));
    for (const section of HOME_SECTIONS) {
      await expect(page.getByRole("link", { name: `${navigation.viewAll}: ${section.title}` })).toHaveAttribute("href", `/category/${section.slug}`);
    }
    const images = page.locator("main section[aria-labelledby]").first().locator("img");
    for (let i = 0; i < 4; i++) await expect(images.nth(i)).toHaveAttribute("fetchpriority", "high");
    await expect(images.nth(4)).toHaveAttribute("loading", "lazy");
    const secondSection = page.locator("main section[aria-labelledby]").nth(1).locator("img").first();
    await expect(secondSection).toHaveAttribute("loading", "lazy");

    const shopNow = page.getByRole("link", { name: navigation.shopNow });
    if (isMobile) {
      await expect(shopNow).toBeVisible();
      await screenshot(page, testInfo, "home");
      await shopNow.click();
      await expect(page).toHaveURL(/\/category\/suits$/);
    } else {
      await expect(shopNow).toBeHidden();
      await screenshot(page, testInfo, "home");
    }
  });

  test("has a page head with title, description, canonical URL and Open Graph tags", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Menswear Shop | Premium Men's Fashion");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Premium men's fashion/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Menswear Shop | Premium Men's Fashion");
  });

  test("passes axe with no serious or critical violations", async ({ page }) => {
    await page.goto("/");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("category pages", () => {
  for (const category of CATEGORIES) {
    test(`${category.value}: heading, blurb and server-rendered products`, async ({ request }) => {
      const response = await request.get(`/category/${category.slug}`);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(`>${CATEGORY_PAGE_COPY[category.value].heading.replace(/'/g, "&#x27;")}</h1>`);
      expect(html).toContain(CATEGORY_PAGE_COPY[category.value].blurb.replace(/'/g, "&#x27;"));
      expect(html).toMatch(/Showing 1 - \d+ of \d+ products in /);
    });
  }

  test("pages 12 at a time with Showing X - Y of N and Page P of T, Previous and Next", async ({ page }, testInfo) => {
    await page.goto("/category/denim");
    const cards = page.locator("main ul > li article");
    await expect(cards).toHaveCount(12);
    const denim = CATEGORIES.find((c) => c.value === "denim")!;
    const total = Number((await page.getByText(/^Showing 1 - 12 of \d+ products in Denim$/).textContent())!.match(/of (\d+)/)![1]);
    expect(total).toBeGreaterThan(12);
    const pages = Math.ceil(total / 12);
    await expect(page.getByText(categoryPage.pageOf(1, pages))).toBeVisible();
    await expect(page.getByText(categoryPage.showingProducts(1, 12, total, denim.label))).toBeVisible();
    await screenshot(page, testInfo, "category");

    const pager = page.getByRole("navigation", { name: "Pagination" });
    await expect(pager.getByText(categoryPage.previous)).toHaveAttribute("aria-disabled", "true");
    await pager.getByRole("link", { name: categoryPage.next }).click();
    await expect(page).toHaveURL(/\/category\/denim\?page=2$/);
    await expect(page.getByText(categoryPage.showingProducts(13, Math.min(24, total), total, denim.label))).toBeVisible();
    await expect(page.getByText(categoryPage.pageOf(2, pages))).toBeVisible();
    await expect(pager.locator('[aria-current="page"]')).toHaveText("2");
    await pager.getByRole("link", { name: categoryPage.previous }).click();
    await expect(page).toHaveURL(/\/category\/denim$/);
  });

  test("a page past the end goes to the last page", async ({ page }) => {
    await page.goto("/category/denim?page=99");
    await expect(page).toHaveURL(/\/category\/denim\?page=2$/);
  });

  test("shows 8 skeleton cards while the next page loads", async ({ page }) => {
    await page.goto("/category/denim");
    // Before the page hydrates, Next is a plain link (a whole new page, no skeleton): on a busy
    // machine the click came first once.
    await waitForHydration(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/category/denim.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: categoryPage.next }).click();
    await expect(page.getByTestId("product-skeleton")).toHaveCount(8);
    release();
    await expect(page.getByTestId("product-skeleton")).toHaveCount(0);
    await expect(page.getByText(categoryPage.pageOf(2, 2))).toBeVisible();
  });

  test("shows 'Error loading products' when the listing fails to load", async ({ page }) => {
    await page.goto("/category/denim");
    await waitForHydration(page);
    await page.route("**/category/denim.data*", (route) => route.abort("failed"));
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: categoryPage.next }).click();
    await expect(page.getByText(categoryPage.errorLoading)).toBeVisible();
  });

  test("an unknown category gets the generic heading and the empty state, with HTTP 404", async ({ page }, testInfo) => {
    const response = await page.goto("/category/hats");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(categoryPage.genericHeading);
    await expect(page.getByText(categoryPage.noneFound("hats"))).toBeVisible();
    await expect(page.getByText(categoryPage.checkBackSoon)).toBeVisible();
    await screenshot(page, testInfo, "category-empty");
  });

  test("Traditional%20Wear and white-wear resolve", async ({ page }) => {
    await page.goto("/category/Traditional%20Wear");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(CATEGORY_PAGE_COPY["Traditional Wear"].heading);
    await page.goto("/category/white-wear");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(CATEGORY_PAGE_COPY["white-wear"].heading);
  });

  test("passes axe with no serious or critical violations", async ({ page }) => {
    await page.goto("/category/suits");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("currency", () => {
  test("switching to GHS shows cedi prices everywhere and survives a reload, rendered by the server", async ({ page, context }) => {
    await page.goto("/category/ties");
    const firstPrice = page.locator("main article").first().getByText(/^£[\d,]+\.\d{2}$/).first();
    const pounds = Number((await firstPrice.textContent())!.replace(/[£,]/g, ""));
    await page.getByRole("button", { name: /GHS/ }).click();
    await expect(page.getByRole("button", { name: /GHS/ })).toHaveAttribute("aria-pressed", "true");
    const cedis = page.locator("main article").first().getByText(/^₵[\d,]+\.\d{2}$/).first();
    await expect(cedis).toBeVisible();
    expect(Number((await cedis.textContent())!.replace(/[₵,]/g, ""))).toBeCloseTo(pounds * 12.5, 2);

    // The server renders the chosen currency on the first response (no flash of pounds).
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "currency")?.value).toBe("GHS");
    const html = await (await page.request.get("/category/ties")).text();
    expect(html).toContain("₵");
    expect(html).not.toMatch(/>£[\d,]+\.\d{2}</);
    await page.reload();
    await expect(page.locator("main article").first().getByText(/^₵/).first()).toBeVisible();
    await page.getByRole("button", { name: /GBP/ }).click();
    await expect(page.locator("main article").first().getByText(/^£/).first()).toBeVisible();
  });
});

test.describe("JSON API", () => {
  test("GET /api/products pages a category in pence at storefront price", async ({ request }) => {
    const response = await request.get("/api/products?category=suits&page=1&pageSize=12");
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ page: 1, pageSize: 12 });
    expect(body.items.length).toBeGreaterThan(0);
    expect(Number.isInteger(body.items[0].price)).toBe(true);
    const detail = await request.get(`/api/products/${body.items[0].id}`);
    expect((await detail.json()).related.length).toBeLessThanOrEqual(4);
    expect((await request.get("/api/products?pageSize=0")).status()).toBe(400);
    expect((await request.get("/api/products/00000000-0000-4000-8000-000000000000")).status()).toBe(404);
  });
});
