// What shoppers tripped over in the storefront walk-through (issue 15): each test shows one fix.
import { expect, test, type Page } from "@playwright/test";
import { CATEGORIES } from "../../src/domain/categories.ts";
import { cart } from "../../src/domain/messages/cart.ts";
import { cartPage } from "../../src/domain/messages/cart-page.ts";
import { checkout } from "../../src/domain/messages/checkout.ts";
import { productDetail } from "../../src/domain/messages/catalog.ts";
import { dataErrors } from "../../src/domain/messages/forms.ts";
import { GUEST_CART_KEY } from "../../src/domain/guest-cart.ts";
import { box, findProduct, screenshot, toasts, waitForHydration } from "./helpers.ts";

const simple = (product: { sizes: string[] }) => product.sizes[0] ?? "";

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test("a toast covers neither the navigation nor the cart badge, and the same message is shown once", async ({ page, request }, testInfo) => {
  const product = await findProduct(request, (candidate) => candidate.sizes.length === 1 && candidate.colors.length === 1 && candidate.stock > 0);
  await page.goto(`/product/${product.id}`);
  await waitForHydration(page);
  // Even a single size is chosen on the product page (storefront.md 5: "any available_sizes").
  await page.getByRole("radio", { name: simple(product) }).click();
  const addToCart = page.getByRole("main").getByRole("button", { name: productDetail.addToCart, exact: true });
  await addToCart.click();
  const toast = toasts(page).filter({ hasText: cart.addedToCart(product.name) });
  await expect(toast).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");

  const header = await box(page.locator("header").first());
  expect(overlaps(await box(toast), header)).toBe(false);
  // The purchase buttons stay usable (on a phone the toast sits above the sticky bar).
  expect(overlaps(await box(toast), await box(addToCart))).toBe(false);
  expect(overlaps(await box(toast), await box(page.getByRole("main").getByRole("button", { name: productDetail.buyNow, exact: true })))).toBe(false);
  await screenshot(page, testInfo, "toast-after-add-to-cart");

  // Adding again says the same thing: one toast, not two.
  await addToCart.click();
  await expect(page.getByTestId("cart-badge")).toHaveText("2");
  await expect(toasts(page).filter({ hasText: cart.addedToCart(product.name) })).toHaveCount(1);
});

test("a cart the server cannot price says why in the data error mapper's words (storefront.md 8)", async ({ page, request }) => {
  const product = await findProduct(request, (candidate) => candidate.stock > 0);
  await page.goto("/");
  await page.evaluate(
    ([key, line]) => window.localStorage.setItem(key, JSON.stringify([line])),
    [GUEST_CART_KEY, { product_id: product.id, quantity: 1, selected_size: product.sizes[0] ?? null, selected_color: product.colors[0] ?? null, created_at: new Date().toISOString() }] as const,
  );
  await page.route("**/api/cart/price", (route) => route.abort("internetdisconnected"));
  await page.goto("/cart");
  const problem = page.getByRole("alert").filter({ hasText: cartPage.loadFailed });
  await expect(problem).toBeVisible();
  await expect(problem).toContainText(dataErrors.network);

  await page.unroute("**/api/cart/price");
  await page.route("**/api/cart/price", (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "down" }));
  await page.reload();
  await expect(page.getByRole("alert").filter({ hasText: cartPage.loadFailed })).toContainText(dataErrors.unexpected);
});

test("with cedi chosen, checkout's Pay button names the pounds charged and calls the cedi total an estimate", async ({ page, request }, testInfo) => {
  const product = await findProduct(request, (candidate) => candidate.stock > 0);
  await page.goto("/");
  await page.evaluate(
    ([key, line]) => window.localStorage.setItem(key, JSON.stringify([line])),
    [GUEST_CART_KEY, { product_id: product.id, quantity: 1, selected_size: product.sizes[0] ?? null, selected_color: product.colors[0] ?? null, created_at: new Date().toISOString() }] as const,
  );
  await waitForHydration(page);
  const cedi = page.getByRole("form", { name: "Display currency" }).getByRole("button", { name: /GHS/ });
  // The button shows the choice at once; the cookie is set when the server has answered.
  await Promise.all([page.waitForResponse((response) => response.url().includes("/preferences/currency") && response.request().method() === "POST"), cedi.click()]);
  await expect(cedi).toHaveAttribute("aria-pressed", "true");
  await page.goto("/checkout");
  await waitForHydration(page);
  await expect(page.getByTestId("checkout-total")).toContainText("₵");
  const pay = page.getByRole("button", { name: /^Pay £[\d,]+\.\d{2}$/ });
  await expect(pay).toBeVisible();
  const pounds = (await pay.textContent())?.match(/£[\d,]+\.\d{2}/)?.[0] ?? "";
  await expect(page.getByTestId("charged-in-gbp")).toHaveText(new RegExp(`^You will be charged ${pounds.replace(/[.$]/g, "\\$&")} in pounds sterling \\(GBP\\); ₵[\\d,]+\\.\\d{2} is an estimate at today's rate\\.$`));
  await screenshot(page, testInfo, "checkout-cedi-pay-button");
});

test("a card's button says what it does: Add to Cart adds a one-size, one-colour product; otherwise Choose options opens its page", async ({ page, request }, testInfo) => {
  const simple = await findProduct(request, (candidate) => candidate.sizes.length <= 1 && candidate.colors.length <= 1 && candidate.stock > 0 && candidate.category === "ties");
  await page.goto("/category/ties");
  await waitForHydration(page);
  const card = page.getByRole("article", { name: simple.name });
  await card.getByRole("button", { name: `${productDetail.addToCart}: ${simple.name}` }).click();
  await expect(toasts(page).filter({ hasText: cart.addedToCart(simple.name) })).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await screenshot(page, testInfo, "card-add-to-cart");

  const choice = await findProduct(request, (candidate) => candidate.sizes.length > 1 && candidate.stock > 0 && candidate.category === "suits");
  await page.goto("/category/suits");
  await page.getByRole("article", { name: choice.name }).getByRole("link", { name: `${productDetail.chooseOptions}: ${choice.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${choice.id}$`));
});

test("every size on sale is explained by the size guide, and a product's Size choice links to its chart", async ({ page, request }) => {
  const sizes = new Set<string>();
  for (const category of CATEGORIES) {
    const response = await request.get(`/api/products?category=${category.slug}&page=1&pageSize=48`);
    const body = (await response.json()) as { items: { sizes: string[] }[] };
    for (const product of body.items) for (const size of product.sizes) sizes.add(size);
  }
  expect(sizes.size).toBeGreaterThan(20);

  await page.goto("/size-guide");
  const cells = new Set((await page.locator("main td, main th").allTextContents()).map((text) => text.trim()));
  const text = (await page.locator("main").textContent()) ?? "";
  for (const size of sizes) {
    if (size === "One Size") expect(text).toContain("One Size");
    else expect(cells.has(size), `size ${size} is in a chart`).toBe(true);
  }

  const suit = await findProduct(request, (candidate) => candidate.category === "suits" && candidate.sizes.length > 1);
  await page.goto(`/product/${suit.id}`);
  await waitForHydration(page);
  await page.getByRole("main").getByRole("link", { name: "Size guide", exact: true }).click();
  await expect(page).toHaveURL(/\/size-guide#jackets$/);
  await expect(page.getByRole("heading", { name: "Suits and blazers" })).toBeInViewport();
});

test("checkout marks each field to fix and moves the cursor there; a UK postcode 'zzz' is refused on its field", async ({ page, request }, testInfo) => {
  const product = await findProduct(request, (candidate) => candidate.stock > 0);
  await page.goto("/");
  await page.evaluate(
    ([key, line]) => window.localStorage.setItem(key, JSON.stringify([line])),
    [GUEST_CART_KEY, { product_id: product.id, quantity: 1, selected_size: product.sizes[0] ?? null, selected_color: product.colors[0] ?? null, created_at: new Date().toISOString() }] as const,
  );
  await page.goto("/checkout");
  await waitForHydration(page);
  const pay = page.getByRole("button", { name: /^Pay £/ });
  await pay.click();

  // The spec's single message, once above the form; each empty field marked and described.
  await expect(page.locator("#checkout-problem")).toHaveText(checkout.customerInfoRequired);
  for (const label of ["First name", "Last name", "Email", "Street address", "City", "Postal/ZIP code"]) {
    const field = page.getByLabel(label, { exact: false }).first();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(checkout.fieldRequired);
  }
  await expect(page.getByLabel("First name")).toBeFocused();
  await expect(page.getByLabel(/^Phone/)).not.toHaveAttribute("aria-invalid", "true");
  await screenshot(page, testInfo, "checkout-fields-marked");

  // Typing clears a field's mark.
  await page.getByLabel("First name").fill("Ama");
  await expect(page.getByLabel("First name")).not.toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Last name").fill("Mensah");
  await page.getByLabel("Email").fill(`postcode-${testInfo.project.name}-${Date.now()}@example.com`);
  await page.getByLabel("Street address").fill("1 High Street");
  await page.getByLabel("City").fill("Leeds");
  await page.getByLabel("Postal/ZIP code").fill("zzz");
  await pay.click();
  const postcode = page.getByLabel("Postal/ZIP code");
  await expect(postcode).toHaveAttribute("aria-invalid", "true");
  await expect(postcode).toHaveAccessibleDescription(checkout.postalCodeInvalid("United Kingdom"));
  await expect(postcode).toBeFocused();
  await expect(page).toHaveURL(/\/checkout$/);
  // Another country: the refusal named the United Kingdom's postcodes, so it goes.
  await page.getByLabel("Country").selectOption("Ghana");
  await expect(postcode).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(checkout.postalCodeInvalid("United Kingdom"))).toHaveCount(0);
});

test("Back from a product returns the long home page to where the shopper left it", async ({ page }) => {
  await backFromAProductReturnsThere(page);
});

// The sections above the one in view are new after Back and take their real height only as they near
// the screen, after the place was taken. The browser's scroll anchoring usually absorbs that, but it
// keeps whichever element it picks in place, which may be the section changing height (in loaded runs
// the section once came back 296 px too high: the estimate less the section's real height).
test("Back returns to the place even where the browser does not hold it while the sections above are drawn", async ({ page }) => {
  await backFromAProductReturnsThere(page, { browserAnchoring: false });
});

// The scroll memory is its own small download, fetched as the page starts its scripts: on a busy
// connection a shopper can follow a link before it has arrived. The press itself notes the place.
test("Back returns to the place even when the link was followed before the scroll memory had arrived", async ({ page }) => {
  await backFromAProductReturnsThere(page, { onProductPage: await holdScrollMemory(page) });
});

// On a slower connection still, the shopper is back before it has arrived: it takes them there when it does.
test("Back returns to the place even when the scroll memory arrives only after the shopper is back", async ({ page }) => {
  await backFromAProductReturnsThere(page, { onBack: await holdScrollMemory(page) });
});

/** Holds the scroll memory's chunk back, as a slow connection would, until the function returned is called. */
async function holdScrollMemory(page: Page): Promise<() => void> {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/scroll-memory-*.js", async (route) => {
    await arrived;
    await route.continue();
  });
  return () => release();
}

async function backFromAProductReturnsThere(page: Page, { browserAnchoring = true, onProductPage = () => {}, onBack = () => {} } = {}) {
  await page.goto("/");
  await waitForHydration(page);
  if (!browserAnchoring) await page.addStyleTag({ content: "html, body { overflow-anchor: none; }" });
  const sections = page.locator("[data-scroll-anchor]");
  const far = sections.nth((await sections.count()) - 2);
  await far.scrollIntoViewIfNeeded();
  await far.evaluate((section) => window.scrollBy(0, section.getBoundingClientRect().top - 40));
  // The place is the one at the press: the sections around this one take their real height as they
  // near the screen, and the click itself scrolls its link into view if that moved it off.
  await far.evaluate((section) =>
    window.addEventListener("click", () => ((window as Pressed).pressed = { top: section.getBoundingClientRect().top, y: window.scrollY }), { capture: true, once: true }),
  );
  await far.locator('a[href^="/product/"]').first().click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const pressed = await page.evaluate(() => (window as Pressed).pressed);
  expect(pressed?.y, "the press, far down the home page").toBeGreaterThan(2000);
  onProductPage();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  onBack();
  // The same section at the same place on the screen, not a place cut to the product page's height.
  // (within a pixel: the page scrolls by whole device pixels).
  await expect.poll(async () => Math.abs((await far.evaluate((section) => section.getBoundingClientRect().top)) - pressed!.top)).toBeLessThanOrEqual(1.5);
}

type Pressed = Window & { pressed?: { top: number; y: number } };

test("toasts spread out wider than a phone and stack on one, following the window as it changes", async ({ page }) => {
  await page.goto("/contact");
  await waitForHydration(page);
  // Under a pointer sonner spreads them anyway.
  await page.mouse.move(0, 0);
  const send = page.getByRole("button", { name: "Send Message" });
  const wide = page.viewportSize()!.width > 600;
  await send.click();
  await expect(toasts(page).last()).toHaveAttribute("data-expanded", String(wide));
  await page.setViewportSize(wide ? { width: 390, height: 844 } : { width: 1280, height: 720 });
  await page.mouse.move(0, 0);
  await send.click();
  await expect(toasts(page).last()).toHaveAttribute("data-expanded", String(!wide));
});
