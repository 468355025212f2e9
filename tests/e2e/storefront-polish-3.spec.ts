// Small visual points, at 1280 px and 390 px: colour names under the colour
// thumbnails are read in full on a phone, and a filter applied lower down the page shows the
// page's heading below the sticky header, not under it.
import { expect, test, type Page } from "@playwright/test";
import { productPageCopy } from "../../src/domain/messages/catalog.ts";
import { discoveryControls } from "../../src/domain/messages/discovery.ts";
import { signInAsAdmin } from "./admin-helpers.ts";
import { screenshot, waitForHydration } from "./helpers.ts";

test.use({ bypassCSP: true });

/** How far the text of `label` spills out of its own box, and out of `container`'s (0 when none). */
async function clipping(page: Page, label: string, container: string) {
  return page.locator(label).evaluate((element, containerSelector) => {
    const box = element.getBoundingClientRect();
    const outer = element.closest(containerSelector)!.getBoundingClientRect();
    return {
      overflow: element.scrollWidth - element.clientWidth,
      outside: Math.max(0, outer.left - box.left, box.right - outer.right, box.bottom - outer.bottom),
      ellipsis: getComputedStyle(element).textOverflow === "ellipsis",
      text: element.textContent,
    };
  }, container);
}

test("long colour names are read in full under the colour thumbnails and in the colour chips", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  const name = `Colour Name Monk ${testInfo.project.name} ${Date.now()}`;
  // "Dark Brown" was cut to "Dark Bro…" at 390 px; the second is longer still. The numbered
  // series of pictures gives each colour its own thumbnail (colourImages, by position).
  const colours = ["Dark Brown", "Oxblood Burgundy"];
  const created = await page.request.post("/api/admin/products", {
    data: {
      name,
      category: "shoes",
      price: "149.00",
      stock: 10,
      isActive: true,
      colours,
      sizes: ["9"],
      gallery: [1, 2, 3].map((n) => `/images/products/moorgate-double-monk-strap-${n}.svg`),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.context().clearCookies();

  await page.goto(`/product/${id}`);
  await waitForHydration(page);
  const main = page.getByRole("main");
  for (const colour of colours) {
    const thumbnail = main.getByRole("button", { name: productPageCopy.showColour(colour), exact: true });
    await expect(thumbnail).toBeVisible();
    await expect(thumbnail).toHaveText(colour);
    // The name under the picture: whole, inside its box and inside the thumbnail.
    const label = `button[aria-label="${productPageCopy.showColour(colour)}"] > span:last-child`;
    expect(await clipping(page, label, "button")).toEqual({ overflow: 0, outside: 0, ellipsis: false, text: colour });
    const chip = main.getByRole("radiogroup", { name: "Colour" }).getByRole("radio", { name: colour, exact: true });
    await expect(chip).toBeVisible();
    const chipBox = (await chip.boundingBox())!;
    expect(chipBox.x).toBeGreaterThanOrEqual(0);
    expect(chipBox.x + chipBox.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  }
  // The thumbnails keep their size and sit side by side (the desktop layout is unchanged).
  const boxes = await Promise.all(colours.map((colour) => main.getByRole("button", { name: productPageCopy.showColour(colour), exact: true }).boundingBox()));
  expect(boxes.map((box) => Math.round(box!.width))).toEqual([80, 80]);
  expect(Math.round(boxes[0]!.y)).toBe(Math.round(boxes[1]!.y));
  // The screen as the shopper sees it there (the whole page is three screens tall on a phone).
  await main.getByRole("button", { name: productPageCopy.showColour("Dark Brown"), exact: true }).evaluate((element) => element.scrollIntoView({ block: "center" }));
  await screenshot(page, testInfo, `colour-names-${testInfo.project.name}`, { fullPage: false });
});

/** Once the page has hydrated and its filter controls (chunks of their own) are live. */
async function waitForControls(page: Page) {
  await waitForHydration(page);
  await expect(page.locator("[data-discovery-control]:not([data-ready])")).toHaveCount(0, { timeout: 15_000 });
}

/** Where the page's h1 starts, less where the sticky site header ends: negative when it is under the header. */
async function headingClearance(page: Page): Promise<number> {
  const header = (await page.getByRole("banner").boundingBox())!;
  const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
  return Math.round(heading.y - (header.y + header.height));
}

/**
 * Scrolls the page (as a shopper would) so that `selector` sits just below the sticky header: the
 * page's heading is then scrolled away under it.
 */
async function scrollUnderHeader(page: Page, selector: string) {
  await page.locator(selector).first().evaluate((element) => {
    const header = document.querySelector("body header")!.getBoundingClientRect();
    window.scrollBy(0, element.getBoundingClientRect().top - header.bottom - 8);
  });
  await expect.poll(() => headingClearance(page)).toBeLessThan(0);
}

for (const { path, min, max, total, label } of [
  // The review's case: a range nothing is in leaves a short page, which pulled the heading under the header.
  { path: "/category/shoes", min: "5000", max: "6000", total: 0, label: "category" },
  { path: "/search?q=denim", min: "50", max: "70", total: null, label: "search" },
]) {
  test(`a price range applied lower down the ${label} page shows the heading below the sticky header`, async ({ page, isMobile }, testInfo) => {
    await page.goto(path);
    await waitForControls(page);
    if (isMobile) {
      // The drawer opens from the 'Filters' button, scrolled up to the header's edge.
      await scrollUnderHeader(page, "main button[aria-haspopup=dialog]");
      await page.getByRole("button", { name: discoveryControls.filters, exact: true }).click();
    } else {
      // The column's Apply at the foot of the screen, the heading scrolled away.
      const apply = page.getByRole("complementary", { name: discoveryControls.filters }).getByRole("button", { name: discoveryControls.apply });
      await apply.evaluate((element) => element.scrollIntoView({ block: "end" }));
      await expect.poll(() => headingClearance(page)).toBeLessThan(0);
    }
    const filters = isMobile ? page.getByRole("dialog", { name: discoveryControls.filters }) : page.getByRole("complementary", { name: discoveryControls.filters });
    await filters.getByLabel(discoveryControls.minPrice("£")).fill(min);
    await filters.getByLabel(discoveryControls.maxPrice("£")).fill(max);
    await filters.getByRole("button", { name: discoveryControls.apply }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]min=${min}&max=${max}$`));
    const shown = total === 0 ? page.getByRole("heading", { name: discoveryControls.noMatches }) : page.getByText(/^Showing \d+ - \d+ of \d+ results/);
    await expect(shown).toBeAttached();
    if (isMobile) {
      // The drawer's button names the page's count once both show the filtered results: on a loaded
      // machine the page's line can still hold the unfiltered count for a moment.
      const showResults = filters.getByRole("button", { name: /^Show \d+ results?$/ });
      const countOnPage = async () => total ?? Number(/of (\d+)/.exec((await shown.textContent()) ?? "")?.[1]);
      await expect.poll(async () => (await showResults.textContent())?.trim() === discoveryControls.showResults(await countOnPage())).toBe(true);
      await showResults.click();
      await expect(filters).toBeHidden();
    }
    await expect(shown).toBeVisible();
    await expect.poll(() => headingClearance(page)).toBeGreaterThanOrEqual(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport({ ratio: 1 });
    // The screen itself: a whole-page capture draws the sticky header where the page is scrolled to.
    await screenshot(page, testInfo, `filter-heading-${label}-${testInfo.project.name}`, { fullPage: false });
  });
}

test("loading spinners and placeholders hold still for a shopper who asked for less motion", async ({ page }) => {
  // The same stylesheet as every page (the product cards' image spinner, the cart's placeholders,
  // the back office's Refresh): a spinner and a placeholder added to the page take its rule.
  const animations = () =>
    page.evaluate(() =>
      ["animate-spin", "animate-pulse"].map((name) => {
        const element = document.createElement("span");
        element.className = name;
        document.body.append(element);
        const animation = getComputedStyle(element).animationName;
        element.remove();
        return animation;
      }),
    );
  await page.goto("/");
  await waitForHydration(page);
  expect(await animations()).toEqual(["spin", "pulse"]);
  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await animations()).toEqual(["none", "none"]);
});
