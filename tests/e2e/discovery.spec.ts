// Storefront discovery (issue 16): the header search and its suggestions, /search, sort and
// filters on category and search pages, at 1280 px and 390 px. Seed products only: the denim
// category (17 seed products, two pages) is one no other journey adds products to.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { colourFamily } from "../../src/domain/colours.ts";
import { DISCOVERY_MESSAGES } from "../../src/domain/discovery.ts";
import { estimateNotes } from "../../src/domain/messages/estimate-note.ts";
import { categoryPage } from "../../src/domain/messages/catalog.ts";
import { discoveryControls, searchPage } from "../../src/domain/messages/discovery.ts";
import { headerSearch } from "../../src/domain/messages/layout.ts";
import { colourImages } from "../../src/domain/product-selection.ts";
import { expectNoSeriousA11yViolations, screenshot, waitForHydration, type ApiProduct } from "./helpers.ts";

test.use({ bypassCSP: true });

/**
 * Once the page has hydrated and its sort and filter controls (chunks of their own, hydrated as
 * they arrive) are live: before that a click is the plain form's, not the page's.
 */
async function waitForControls(page: Page) {
  await waitForHydration(page);
  await expect(page.locator("[data-discovery-control]:not([data-ready])")).toHaveCount(0, { timeout: 15_000 });
}

/** The header's search box: on a phone it is in the menu. */
async function searchBox(page: Page, isMobile: boolean): Promise<Locator> {
  if (isMobile) await page.getByRole("button", { name: "Open menu" }).click();
  const box = page.getByRole("combobox", { name: headerSearch.label });
  await expect(box).toBeVisible();
  return box;
}

/** N of 'Showing X - Y of N ...', once the page shows it. */
async function shownTotal(page: Page): Promise<number> {
  const line = page.getByText(/^Showing \d+ - \d+ of \d+ (products|results)/);
  await expect(line).toBeVisible();
  return Number(/of (\d+)/.exec((await line.textContent()) ?? "")?.[1]);
}

async function expectTotal(page: Page, total: number) {
  await expect(page.getByText(new RegExp(`^Showing \\d+ - \\d+ of ${total} (products|results)`))).toBeVisible();
}

/** The prices the cards show, in order (the price the shopper pays, before any struck-out one). */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator("main article").locator("p", { hasText: "£" }).allTextContents();
  return texts.map((text) => Number(/£([\d,]+\.\d{2})/.exec(text)![1]!.replace(/,/g, "")));
}

async function cardNames(page: Page): Promise<string[]> {
  return page.locator("main article").evaluateAll((cards) => cards.map((card) => card.getAttribute("aria-label") ?? ""));
}

/** The filter controls: the column beside the grid on a wide screen, the drawer on a phone. */
async function openFilters(page: Page, isMobile: boolean): Promise<Locator> {
  if (!isMobile) {
    await expect(page.getByRole("button", { name: /^Filters/ })).toBeHidden();
    return page.getByRole("complementary", { name: discoveryControls.filters });
  }
  await expect(page.getByRole("complementary", { name: discoveryControls.filters })).toBeHidden();
  await page.getByRole("button", { name: /^Filters/ }).click();
  const drawer = page.getByRole("dialog", { name: discoveryControls.filters });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function closeFilters(page: Page, isMobile: boolean, total: number) {
  if (!isMobile) return;
  await page.getByRole("button", { name: discoveryControls.showResults(total) }).click();
  await expect(page.getByRole("dialog", { name: discoveryControls.filters })).toBeHidden();
}

/** Ticks an option (its checkbox is the label's: sizes draw the label as the box). */
async function tick(scope: Locator, name: RegExp) {
  await scope.locator("label", { has: scope.page().getByRole("checkbox", { name }) }).click();
}

async function denimCatalogue(page: Page): Promise<Map<string, ApiProduct>> {
  const response = await page.request.get("/api/products?category=denim&page=1&pageSize=48");
  expect(response.status()).toBe(200);
  return new Map(((await response.json()).items as ApiProduct[]).map((product) => [product.name, product]));
}

test("a search with a typo finds the product, from the header's box", async ({ page, isMobile }, testInfo) => {
  await page.goto("/");
  await waitForHydration(page);
  const box = await searchBox(page, isMobile);
  await box.fill("blazr");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=blazr$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(searchPage.resultsHeading("blazr"));
  const total = await shownTotal(page);
  expect(total).toBeGreaterThan(0);
  await expect(page.getByText(searchPage.showingResults(1, Math.min(12, total), total, "blazr"))).toBeVisible();
  const names = await cardNames(page);
  expect(names.filter((name) => /blazer/i.test(name)).length).toBeGreaterThan(0);
  // The best match comes first.
  expect(names[0]).toMatch(/blazer/i);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await screenshot(page, testInfo, "search-results");
});

test("the suggestions work with the keyboard: type, ArrowDown, Enter opens the product", async ({ page, isMobile }, testInfo) => {
  await page.goto("/category/shoes");
  await waitForHydration(page);
  const box = await searchBox(page, isMobile);
  await box.click();
  await box.pressSequentially("blaz");
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const first = list.getByRole("option").first();
  const firstName = (await first.getAttribute("aria-label"))!.split(",")[0]!;
  expect(firstName).toMatch(/blazer/i);
  await expect(list.getByRole("group", { name: "Categories" }).getByRole("option", { name: "Blazers" })).toBeVisible();
  await box.press("ArrowDown");
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
  await screenshot(page, testInfo, "suggestions-open");
  // Escape closes the list and keeps what was typed; Down opens it again.
  await box.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveValue("blaz");
  // Tab leaves the box for a control the shopper can see (the search is sent with Enter).
  await box.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.getBoundingClientRect().width ?? 0)).toBeGreaterThan(8);
  await box.focus();
  await box.press("ArrowDown");
  await expect(first).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(firstName);
  if (isMobile) await expect(page.getByRole("navigation", { name: "Mobile" })).toHaveCount(0);
});

test("Enter on letters the suggestions already match lists those products ('nav')", async ({ page, isMobile }) => {
  await page.goto("/");
  await waitForHydration(page);
  const box = await searchBox(page, isMobile);
  await box.click();
  await box.pressSequentially("nav");
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list.getByRole("option").first()).toBeVisible();
  const suggested = (await list.getByRole("group", { name: "Products" }).getByRole("option").evaluateAll((options) => options.map((o) => o.getAttribute("aria-label") ?? ""))).map((label) => label.split(",")[0]!);
  expect(suggested.length).toBeGreaterThan(0);
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=nav$/);
  const total = await shownTotal(page);
  expect(total).toBeGreaterThanOrEqual(suggested.length);
  const names = await cardNames(page);
  // The suggestions are the best matches, so they lead the first page.
  for (const name of suggested) expect(names).toContain(name);
});

test("a category sorted by price is in order across its pages", async ({ page }) => {
  await page.goto("/category/denim");
  await waitForControls(page);
  const total = await shownTotal(page);
  expect(total).toBeGreaterThan(12);
  await page.getByLabel(discoveryControls.sortBy).selectOption("price-asc");
  await expect(page).toHaveURL(/\/category\/denim\?sort=price-asc$/);
  await expect(page.getByText(categoryPage.pageOf(1, 2))).toBeVisible();
  await expect(page.locator("main article")).toHaveCount(12);
  const first = await cardPrices(page);
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: categoryPage.next }).click();
  await expect(page).toHaveURL(/\/category\/denim\?sort=price-asc&page=2$/);
  await expect(page.getByText(categoryPage.pageOf(2, 2))).toBeVisible();
  const second = await cardPrices(page);
  const all = [...first, ...second];
  expect(all).toHaveLength(total);
  expect(all).toEqual([...all].sort((a, b) => a - b));
  await expect(page.getByLabel(discoveryControls.sortBy)).toHaveValue("price-asc");

  await page.getByLabel(discoveryControls.sortBy).selectOption("price-desc");
  // A new order starts again at page 1.
  await expect(page).toHaveURL(/\/category\/denim\?sort=price-desc$/);
  await expect(page.getByText(categoryPage.pageOf(1, 2))).toBeVisible();
  const descending = await cardPrices(page);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  expect(descending[0]).toBe(Math.max(...all));
});

test("filters by size and colour narrow the result, survive a reload and clear one by one and all", async ({ page, isMobile }, testInfo) => {
  const catalogue = await denimCatalogue(page);
  await page.goto("/category/denim");
  await waitForControls(page);
  const everything = await shownTotal(page);

  let filters = await openFilters(page, isMobile);
  await tick(filters, /^M \(\d+\)$/);
  await expect(page).toHaveURL(/\/category\/denim\?size=M$/);
  const inM = [...catalogue.values()].filter((product) => product.sizes.includes("M")).length;
  await expectTotal(page, inM);
  expect(inM).toBeLessThan(everything);

  const black = filters.getByRole("checkbox", { name: /^Black / });
  await black.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  await tick(filters, /^Black \(\d+\)$/);
  await expect(page).toHaveURL(/\/category\/denim\?size=M&colour=black$/);
  // Ticking re-arranges the page being looked at: no jump back to the top, focus stays on the box.
  if (!isMobile) {
    await expect(black).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  }
  const isBlack = (product: ApiProduct) => product.colors.some((colour) => colourFamily(colour) === "black");
  const inMAndBlack = [...catalogue.values()].filter((product) => product.sizes.includes("M") && isBlack(product)).length;
  await expectTotal(page, inMAndBlack);
  expect(inMAndBlack).toBeLessThan(inM);
  await expect(filters.getByRole("checkbox", { name: /^Black / })).toBeChecked();
  await closeFilters(page, isMobile, inMAndBlack);
  // Every card shown has the size and a black colour.
  const names = await cardNames(page);
  expect(names).toHaveLength(inMAndBlack);
  for (const name of names) {
    const product = catalogue.get(name)!;
    expect(product.sizes, name).toContain("M");
    expect(isBlack(product), name).toBe(true);
  }
  const chips = page.getByRole("group", { name: discoveryControls.activeFilters });
  await expect(chips.getByRole("link", { name: discoveryControls.removeFilter("Size M") })).toBeVisible();
  await expect(chips.getByRole("link", { name: discoveryControls.removeFilter("Black") })).toBeVisible();
  await screenshot(page, testInfo, "filtered-category");

  // The URL is the view: a reload shows the same.
  await page.reload();
  await waitForControls(page);
  await expectTotal(page, inMAndBlack);
  await expect(chips.getByRole("link", { name: discoveryControls.removeFilter("Size M") })).toBeVisible();
  expect(await cardNames(page)).toEqual(names);
  filters = await openFilters(page, isMobile);
  await expect(filters.getByRole("checkbox", { name: /^M / })).toBeChecked();
  await closeFilters(page, isMobile, inMAndBlack);

  // One by one: the size goes, the colour stays.
  await chips.getByRole("link", { name: discoveryControls.removeFilter("Size M") }).click();
  await expect(page).toHaveURL(/\/category\/denim\?colour=black$/);
  await expectTotal(page, [...catalogue.values()].filter(isBlack).length);
  // Focus stays among the chips rather than falling back to the top of the page.
  await expect(chips.getByRole("link", { name: discoveryControls.removeFilter("Black") })).toBeFocused();

  await chips.getByRole("link", { name: discoveryControls.clearAll }).click();
  await expect(page).toHaveURL(/\/category\/denim$/);
  await expectTotal(page, everything);
  await expect(chips).toHaveCount(0);
});

test("after a colour filter a card opens its product page with that colour chosen and its picture, before JavaScript too", async ({ page }, testInfo) => {
  // The page used to open on the indigo jeans with no colour chosen.
  const catalogue = await denimCatalogue(page);
  const blackOf = (product: ApiProduct) => colourImages(product.images, product.colors).find((entry) => colourFamily(entry.colour) === "black");
  const product = [...catalogue.values()].find((candidate) => (blackOf(candidate)?.imageIndex ?? 0) > 0)!;
  const black = blackOf(product)!;
  await page.goto("/category/denim?colour=black");
  await waitForControls(page);
  const card = page.locator("main article").filter({ has: page.getByRole("heading", { name: product.name, exact: true }) });
  await card.getByRole("link", { name: product.name, exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/product/${product.id}\\?colour=${encodeURIComponent(black.colour)}$`));
  const colours = page.getByRole("main").getByRole("radiogroup", { name: "Colour" });
  await expect(colours.getByRole("radio", { name: black.colour, exact: true })).toBeChecked();
  await expect(page.getByTestId("image-counter")).toHaveText(`${black.imageIndex + 1} / ${product.images.length}`);
  await expect(page.getByRole("main").getByRole("img", { name: new RegExp(`image ${black.imageIndex + 1} of`) })).toBeVisible();
  await screenshot(page, testInfo, "product-from-colour-filter");

  // The server renders it so: a shopper whose JavaScript has not run sees the same.
  const html = await (await page.request.get(`/product/${product.id}?colour=${encodeURIComponent(black.colour.toLowerCase())}`)).text();
  expect(html).toMatch(new RegExp(`role="radio" aria-checked="true"[^>]*>(?:(?!</button>).)*${black.colour}`));
  // Without a colour, or with one the product does not have, nothing is chosen (storefront.md 4).
  for (const path of [`/product/${product.id}`, `/product/${product.id}?colour=Pink`]) {
    expect(await (await page.request.get(path)).text()).not.toContain('role="radio" aria-checked="true"');
  }
});

test("a price range applies when submitted and shows as a chip", async ({ page, isMobile }) => {
  const catalogue = await denimCatalogue(page);
  await page.goto("/category/denim");
  await waitForControls(page);
  const filters = await openFilters(page, isMobile);
  await filters.getByLabel(discoveryControls.minPrice("£")).fill("50");
  await filters.getByLabel(discoveryControls.maxPrice("£")).fill("70");
  await filters.getByRole("button", { name: discoveryControls.apply }).click();
  await expect(page).toHaveURL(/\/category\/denim\?min=50&max=70$/);
  const inRange = [...catalogue.values()].filter((product) => product.price >= 5000 && product.price <= 7000).length;
  await expectTotal(page, inRange);
  await closeFilters(page, isMobile, inRange);
  const prices = await cardPrices(page);
  for (const price of prices) expect(price >= 50 && price <= 70, String(price)).toBe(true);
  await expect(page.getByRole("link", { name: discoveryControls.removeFilter(discoveryControls.chipPriceRange("£50", "£70")) })).toBeVisible();
});

test("with cedis chosen, the price range is typed and shown in cedis, and the pages say cedi amounts are estimates", async ({ page, context, isMobile }, testInfo) => {
  const catalogue = await denimCatalogue(page);
  await context.addCookies([{ name: "currency", value: "GHS", url: testInfo.project.use.baseURL! }]);
  await page.goto("/category/denim");
  await waitForControls(page);
  await expect(page.getByTestId("estimate-note")).toHaveText(estimateNotes.estimateNote("GHS"));
  const filters = await openFilters(page, isMobile);
  // At the shop's 12.5 cedis to the pound: 625 to 875 cedis is 50 to 70 pounds.
  await filters.getByLabel(discoveryControls.minPrice("₵")).fill("625");
  await filters.getByLabel(discoveryControls.maxPrice("₵")).fill("875");
  await filters.getByRole("button", { name: discoveryControls.apply }).click();
  await expect(page).toHaveURL(/\/category\/denim\?min=625&max=875&cur=GHS$/);
  const inRange = [...catalogue.values()].filter((product) => product.price >= 5000 && product.price <= 7000).length;
  expect(inRange).toBeGreaterThan(0);
  await expectTotal(page, inRange);
  await closeFilters(page, isMobile, inRange);
  await expect(page.getByRole("link", { name: discoveryControls.removeFilter(discoveryControls.chipPriceRange("₵625", "₵875")) })).toBeVisible();
  await screenshot(page, testInfo, "ghs-price-filter");
  await page.locator("main article a").first().click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByTestId("estimate-note")).toHaveText(estimateNotes.estimateNote("GHS"));
  await screenshot(page, testInfo, "ghs-product");
});

test("the mobile drawer and the desktop column", async ({ page, isMobile }, testInfo) => {
  await page.goto("/search?q=denim");
  await waitForControls(page);
  const total = await shownTotal(page);
  if (!isMobile) {
    // On a wide screen the filters are a column beside the grid, and there is no drawer button.
    const column = page.getByRole("complementary", { name: discoveryControls.filters });
    await expect(column.getByRole("checkbox", { name: /^M / })).toBeAttached();
    await expect(page.getByRole("button", { name: /^Filters/ })).toBeHidden();
    return;
  }
  const opener = page.getByRole("button", { name: discoveryControls.filters, exact: true });
  await opener.click();
  const drawer = page.getByRole("dialog", { name: discoveryControls.filters });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("button", { name: discoveryControls.closeFilters })).toBeFocused();
  await expect(drawer.getByRole("checkbox", { name: /^M / })).toBeAttached();
  await screenshot(page, testInfo, "filter-drawer");
  // Escape closes it and focus goes back to the button.
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await tick(drawer, /^On sale \(\d+\)$/);
  await expect(page).toHaveURL(/\/search\?q=denim&sale=1$/);
  // The drawer stays open on the narrower result, and says how many it will show.
  await expect(drawer).toBeVisible();
  // The address changes before the narrower page has rendered: wait for its count, not the old one.
  await expect.poll(() => shownTotal(page)).toBeLessThan(total);
  const onSale = await shownTotal(page);
  await drawer.getByRole("button", { name: discoveryControls.showResults(onSale) }).click();
  await expect(drawer).toBeHidden();
  const filtered = page.getByRole("button", { name: discoveryControls.openFilters(1) });
  await expect(filtered).toBeVisible();
  // A thumb's target on a phone: the button and the sort are 44 px tall.
  expect((await filtered.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect((await page.getByRole("combobox", { name: discoveryControls.sortBy }).boundingBox())!.height).toBeGreaterThanOrEqual(44);

  // 'Clear all' in the drawer takes every filter off; the cursor moves on to the results button.
  await filtered.click();
  await drawer.getByRole("button", { name: discoveryControls.clearAll }).click();
  await expect(page).toHaveURL(/\/search\?q=denim$/);
  await expect(drawer.getByRole("button", { name: discoveryControls.showResults(total) })).toBeFocused();
  await expect(drawer.getByRole("button", { name: discoveryControls.clearAll })).toHaveCount(0);
  await drawer.getByRole("button", { name: discoveryControls.showResults(total) }).click();
  await expect(page.getByRole("button", { name: discoveryControls.filters, exact: true })).toBeFocused();
});

test("no results suggests the categories; an empty search asks for text", async ({ page }, testInfo) => {
  await page.goto("/search?q=zzqqxxnothing");
  await expect(page.getByRole("heading", { name: searchPage.noResults("zzqqxxnothing") })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Denim", exact: true })).toHaveAttribute("href", "/category/denim");
  await screenshot(page, testInfo, "search-empty");
  await page.goto("/search");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(searchPage.heading);
  await expect(page.getByText(searchPage.prompt)).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Suits", exact: true })).toBeVisible();
});

test("a view the server cannot read is a 400 page with its message, never an error screen", async ({ page }) => {
  const response = await page.goto("/category/denim?sort=cheapest");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(discoveryControls.invalidView);
  await expect(page.getByText(DISCOVERY_MESSAGES.invalidSort)).toBeVisible();
  await page.getByRole("link", { name: discoveryControls.backToUnfiltered("Denim") }).click();
  await expect(page).toHaveURL(/\/category\/denim$/);

  const search = await page.goto("/search?q=shirt&min=cheap");
  expect(search?.status()).toBe(400);
  await expect(page.getByText(DISCOVERY_MESSAGES.invalidPrice("min"))).toBeVisible();
});

test("search engines: /search is noindex, a filtered category points at the category", async ({ request }) => {
  const filtered = await (await request.get("/category/denim?size=M&sort=price-asc")).text();
  expect(filtered).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/category\/denim"\/>/);
  expect(filtered).not.toContain('content="noindex"');
  const search = await (await request.get("/search?q=blazr")).text();
  expect(search).toContain('<meta name="robots" content="noindex"/>');
  // Server-rendered: the results are in the HTML, for a shopper without JavaScript too.
  expect(search).toMatch(/Blazer/);
});

// Headings go h1 -> h2 -> h3 on a phone too, where the filter column's h2 is hidden
// (axe's heading-order, a "moderate" rule, is checked here by name).
const HEADINGS = { alsoFail: ["heading-order"] };

test("accessibility: /search and a filtered category page", async ({ page }) => {
  await page.goto("/search?q=blazer");
  await waitForControls(page);
  await expect(page.getByRole("complementary", { name: discoveryControls.filters }).or(page.getByRole("button", { name: /^Filters/ }))).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: discoveryControls.productsHeading })).toBeAttached();
  await expectNoSeriousA11yViolations(page, HEADINGS);
  await page.goto("/category/denim?size=M&colour=black");
  await waitForControls(page);
  await expectTotal(page, await shownTotal(page));
  await expectNoSeriousA11yViolations(page, HEADINGS);
  await page.goto("/category/suits");
  await waitForControls(page);
  await expectNoSeriousA11yViolations(page, HEADINGS);
});
