import { expect, type Page, test } from "@playwright/test";
import { findProduct, waitForHydration } from "./helpers.ts";

// Decision 048: a storefront page is complete from its HTML; its scripts start once it has loaded
// (or at the shopper's first press), and the home page's lower sections hydrate as they come near.

/** Start times of the page's own scripts, and of its load event, from the browser's timeline. */
async function scriptTiming(page: Page): Promise<{ loadEventStart: number; scriptStarts: number[] }> {
  return page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const scripts = performance.getEntriesByType("resource").filter((entry) => new URL(entry.name).pathname.startsWith("/assets/") && entry.name.endsWith(".js"));
    return { loadEventStart: navigation.loadEventStart, scriptStarts: scripts.map((entry) => entry.startTime) };
  });
}

for (const entry of ["/", "/category/suits", "product"]) {
  test(`the page's scripts are fetched after it has loaded, and it then hydrates (${entry})`, async ({ page, request }) => {
    const path = entry === "product" ? `/product/${(await findProduct(request, (product) => product.stock > 0)).id}` : entry;
    const html = await (await request.get(path)).text();
    expect(html).not.toMatch(/<link[^>]* rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]* type="module"/);

    await page.goto(path);
    await waitForHydration(page);
    const { loadEventStart, scriptStarts } = await scriptTiming(page);
    expect(loadEventStart).toBeGreaterThan(0);
    expect(scriptStarts.length).toBeGreaterThan(0);
    for (const start of scriptStarts) expect(start).toBeGreaterThanOrEqual(loadEventStart);
  });
}

test("the back office starts its scripts with the page: an owner's first click needs React", async ({ request }) => {
  // A guest gets the admin login, inside the back office's own document.
  const html = await (await request.get("/admin")).text();
  expect(html).toMatch(/<link[^>]* rel="modulepreload"/);
  expect(html).toMatch(/<script[^>]* type="module"/);
});

test("a key pressed before the page has loaded starts its scripts at once", async ({ page }) => {
  // The page's first image is held back, so the page stays loading until the test lets it go.
  let releaseImage!: () => void;
  const imageHeld = new Promise<void>((resolve) => (releaseImage = resolve));
  let imageAsked!: () => void;
  const imageRequested = new Promise<void>((resolve) => (imageAsked = resolve));
  await page.route(/\/(images|uploads)\//, async (route) => {
    imageAsked();
    await imageHeld;
    await route.continue().catch(() => {});
  });
  await page.goto("/category/suits", { waitUntil: "domcontentloaded" });
  await imageRequested;
  expect(await page.evaluate(() => document.readyState)).not.toBe("complete");
  await expect(page.locator("html[data-hydrated]")).not.toBeAttached();

  await page.keyboard.press("Shift");
  await waitForHydration(page);
  expect(await page.evaluate(() => document.readyState)).not.toBe("complete");
  releaseImage();
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

test("the home page's last section hydrates once it comes near: its product link then opens in the app", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const lastSection = page.locator("main section[aria-labelledby]").last();
  await lastSection.scrollIntoViewIfNeeded();
  // A link React has hydrated navigates inside the app: the window, and this mark on it, stay.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await expect(lastSection.locator("[data-hydrate-when-visible][data-hydrated]")).toBeAttached();
  const title = lastSection.getByRole("heading", { level: 3 }).first();
  const name = (await title.textContent())!;
  await title.getByRole("link").click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test("every section of the home page hydrates, one at a time, without the shopper scrolling", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const parts = page.locator("main section[aria-labelledby] [data-hydrate-when-visible]");
  await expect(parts).toHaveCount(await page.locator("main section[aria-labelledby] ul").count());
  // Ten sections, one idle moment each: on a busy machine the browser's idle moments come slowly,
  // so the sweep gets more than the default 5 s to reach its end (it ran past 5 s once while a build ran).
  await expect(page.locator("main section[aria-labelledby] [data-hydrate-when-visible]:not([data-hydrated])")).toHaveCount(0, { timeout: 20_000 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("every card of the home page shows its image before any script has run", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  const images = page.locator("main section[aria-labelledby] img");
  expect(await images.count()).toBeGreaterThan(8);
  const last = images.last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeVisible();
  await expect.poll(() => last.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await last.evaluate((img) => getComputedStyle(img).opacity)).toBe("1");
  await context.close();
});
