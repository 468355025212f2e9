// What shoppers tripped over in the storefront walk-through (issue 15): each test shows one fix.
import { expect, test, type Locator } from "@playwright/test";
import { CATEGORIES } from "../../src/domain/categories.ts";
import { cart } from "../../src/domain/messages/cart.ts";
import { checkout } from "../../src/domain/messages/checkout.ts";
import { productDetail, productPageCopy } from "../../src/domain/messages/catalog.ts";
import { COLOUR_FAMILY_LABELS } from "../../src/domain/discovery.ts";
import { discoveryControls } from "../../src/domain/messages/discovery.ts";
import { dataErrors } from "../../src/domain/messages/forms.ts";
import { GUEST_CART_KEY } from "../../src/domain/guest-cart.ts";
import { findProduct, newAccount, openHydrated, screenshot, signUpThroughForm, toasts, waitForHydration } from "./helpers.ts";

const simple = (product: { sizes: string[] }) => product.sizes[0] ?? "";

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("element has no box");
  return found;
}

test("'mobile' means 768 px or less: the menu button shows at 768 px, the desktop navigation at 769 px", async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await page.setViewportSize({ width: 769, height: 900 });
  await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

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
  const problem = page.getByRole("alert").filter({ hasText: cart.loadFailed });
  await expect(problem).toBeVisible();
  await expect(problem).toContainText(dataErrors.network);

  await page.unroute("**/api/cart/price");
  await page.route("**/api/cart/price", (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "down" }));
  await page.reload();
  await expect(page.getByRole("alert").filter({ hasText: cart.loadFailed })).toContainText(dataErrors.unexpected);
});

test("the mobile menu is opaque, holds the page still, has Sign In, Contact and FAQ, and closes with Escape", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu).toBeVisible();
  for (const name of ["Sign In", "Contact Us", "FAQ"]) await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(menu).toHaveCSS("background-color", "rgb(255, 255, 255)");
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
  await screenshot(page, testInfo, "mobile-menu-open");

  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");

  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "FAQ", exact: true }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole("navigation", { name: "Mobile" })).toHaveCount(0);
});

test("the menu's code loads on the first press: that press opens it however slowly the code comes", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The menu is a chunk of its own (mobile-menu.tsx): hold its first download, fail the next.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let downloads = 0;
  await page.route("**/assets/mobile-menu-*.js", async (route) => {
    downloads += 1;
    if (downloads === 1) await held;
    await route.continue();
  });
  await openHydrated(page, "/");
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await page.getByRole("button", { name: "Open menu" }).click();
  // The press counted at once; the menu waits for its code, not for a second press.
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
  await expect(menu).toHaveCount(0);
  release();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link", { name: "FAQ", exact: true })).toBeVisible();
});

test("a menu whose code failed to download reads 'Open menu' again, and the next press loads the page afresh with a working menu", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  let downloads = 0;
  await page.route("**/assets/mobile-menu-*.js", async (route) => {
    downloads += 1;
    if (downloads === 1) await route.abort("internetdisconnected");
    else await route.continue();
  });
  await openHydrated(page, "/");
  const toggle = page.getByRole("button", { name: /^(Open|Close) menu$/ });
  await toggle.click();
  await expect(toggle).toHaveAccessibleName("Open menu");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  // A browser never fetches a module that failed in this document again: the press reloads.
  await Promise.all([page.waitForEvent("load"), toggle.click()]);
  await waitForHydration(page);
  await toggle.click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  expect(downloads).toBe(2);
});

test("the currency buttons are at least 44 x 44 px on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const switcher = page.getByRole("form", { name: "Display currency" });
  for (const button of await switcher.getByRole("button").all()) {
    const size = await box(button);
    expect(size.width).toBeGreaterThanOrEqual(44);
    expect(size.height).toBeGreaterThanOrEqual(44);
  }
});

/** The boxes of all the controls a locator finds, read in one go (a block below the fold too). */
async function boxesOf(controls: Locator) {
  const boxes = await controls.evaluateAll((elements) =>
    elements.map((element) => {
      const { width, height } = element.getBoundingClientRect();
      return { name: element.textContent?.trim() ?? "", width, height };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  return boxes;
}

const TAP = 44;

test("on a phone the small links (View All, filter chips, Clear all, Size guide, breadcrumb, footer) are at least 44 x 44 px; at 1280 px they are drawn as before", async ({ page, request }) => {
  const product = await findProduct(request, (candidate) => candidate.sizes.length > 1 && candidate.colors.length > 1 && candidate.stock > 0);
  const controls = {
    viewAll: () => page.getByRole("link", { name: /^View All: / }),
    filterChip: () => page.getByRole("group", { name: discoveryControls.activeFilters }).getByRole("link", { name: discoveryControls.removeFilter(COLOUR_FAMILY_LABELS.black) }),
    clearAll: () => page.getByRole("group", { name: discoveryControls.activeFilters }).getByRole("link", { name: discoveryControls.clearAll }),
    sizeGuide: () => page.getByRole("link", { name: productPageCopy.sizeGuide, exact: true }),
    breadcrumb: () => page.getByRole("navigation", { name: productPageCopy.breadcrumb }).getByRole("link"),
    footer: () => page.locator("footer").getByRole("link"),
  };
  const pages = { viewAll: "/", filterChip: "/category/denim?colour=black", clearAll: "/category/denim?colour=black", sizeGuide: `/product/${product.id}`, breadcrumb: `/product/${product.id}`, footer: "/faq" };

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    for (const [name, control] of Object.entries(controls) as [keyof typeof controls, () => Locator][]) {
      await page.goto(pages[name]);
      for (const measured of await boxesOf(control())) {
        if (width === 390) {
          expect(measured.height, `${name} "${measured.name}" height`).toBeGreaterThanOrEqual(TAP);
          expect(measured.width, `${name} "${measured.name}" width`).toBeGreaterThanOrEqual(TAP);
        } else {
          // The desktop keeps its compact lines of text.
          expect(measured.height, `${name} "${measured.name}" height at 1280 px`).toBeLessThan(32);
        }
      }
    }
  }
});

test("on a phone the toast's close button, a 20 px circle, takes presses in a 44 px square around it; at 1280 px only the circle", async ({ page, request }, testInfo) => {
  const product = await findProduct(request, (candidate) => candidate.sizes.length > 1 && candidate.colors.length > 1 && candidate.stock > 0);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await openHydrated(page, `/product/${product.id}`);
    // With no size or colour chosen the button is aria-disabled, yet pressable: it says what is missing.
    const addToCart = page.getByRole("main").getByRole("button", { name: productDetail.addToCart, exact: true });
    await expect(addToCart).toBeVisible();
    await addToCart.click({ force: true });
    const close = toasts(page).first().getByRole("button", { name: "Close toast" });
    await expect(close).toBeVisible();
    // Measured where the toast comes to rest: sonner slides a toast in (0.4 s) and moves the one
    // under the pointer, and a press aimed at the square's edge misses a toast still on its way.
    await close.hover();
    await expect
      .poll(() =>
        close.evaluate(
          (button) =>
            new Promise<boolean>((resolve) => {
              const before = button.getBoundingClientRect();
              requestAnimationFrame(() =>
                requestAnimationFrame(() => {
                  const after = button.getBoundingClientRect();
                  const moving = button.closest("[data-sonner-toast]")!.getAnimations({ subtree: true }).length > 0;
                  resolve(!moving && before.x === after.x && before.y === after.y);
                }),
              );
            }),
        ),
      )
      .toBe(true);
    const circle = await box(close);
    expect(circle.width).toBeLessThan(24);
    const reach = (TAP - 1) / 2;
    const hits = await close.evaluate((button, r) => {
      const rect = button.getBoundingClientRect();
      const [x, y] = [rect.left + rect.width / 2, rect.top + rect.height / 2];
      return [
        [x - r, y - r],
        [x + r, y - r],
        [x - r, y + r],
        [x + r, y + r],
        // A square running past the screen's edge ends there: a finger at the edge still lands.
      ].map(([px, py]) => document.elementFromPoint(Math.max(0, Math.min(innerWidth - 1, px!)), Math.max(0, Math.min(innerHeight - 1, py!))) === button);
    }, reach);
    expect(hits, `toast close button's tap area at ${width} px`).toEqual(width === 390 ? [true, true, true, true] : [false, false, false, false]);
    if (width === 390) {
      // A press at the edge of that square closes the toast.
      const centre = { x: circle.x + circle.width / 2, y: circle.y + circle.height / 2 };
      await page.mouse.click(centre.x + reach, centre.y + reach);
      await expect(toasts(page)).toHaveCount(0);
    }
  }
  await screenshot(page, testInfo, "toast-close-1280");
});

test("on a 360 px and a 320 px phone the header fits, signed in or out, and the menu carries the currency switch", async ({ page, playwright }, testInfo) => {
  const banner = page.getByRole("banner");
  const expectHeaderFits = async () => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expect(banner.getByRole("link", { name: /^Cart/ })).toBeInViewport({ ratio: 1 });
  };
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto("/");
  await waitForHydration(page);
  await expectHeaderFits();
  await expect(banner.getByRole("form", { name: "Display currency" }).first()).toBeHidden();

  // The switch in the menu works like the header's.
  await page.getByRole("button", { name: "Open menu" }).click();
  const menuSwitch = page.getByRole("navigation", { name: "Mobile" }).getByRole("form", { name: "Display currency" });
  await expect(menuSwitch).toBeVisible();
  const cedi = menuSwitch.getByRole("button", { name: /GHS/ });
  await Promise.all([page.waitForResponse((response) => response.url().includes("/preferences/currency") && response.request().method() === "POST"), cedi.click()]);
  await expect(cedi).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Close menu" }).click();
  await expect(page.getByRole("main").getByText("₵").first()).toBeVisible();

  const cookies = await signUpThroughForm(playwright, testInfo, newAccount(testInfo, "narrow-header", "Oluwaseun", "Adebayo-Williams"));
  await page.context().addCookies(cookies);
  for (const width of [360, 320]) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto("/");
    await expect(banner.getByTestId("account-avatar")).toBeVisible();
    await expect(banner.getByRole("button", { name: "Sign Out" })).toBeInViewport({ ratio: 1 });
    await expectHeaderFits();
  }
  await screenshot(page, testInfo, "header-320-signed-in");
  // From 382 px on, the switch is back in the header.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(banner.getByRole("form", { name: "Display currency" }).first()).toBeVisible();
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
});

test("Back from a product returns the long home page to where the shopper left it", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const sections = page.locator("[data-scroll-anchor]");
  const far = sections.nth((await sections.count()) - 2);
  await far.scrollIntoViewIfNeeded();
  await far.evaluate((section) => window.scrollBy(0, section.getBoundingClientRect().top - 40));
  const before = await far.evaluate((section) => ({ top: Math.round(section.getBoundingClientRect().top), y: window.scrollY }));
  expect(before.y).toBeGreaterThan(2000);
  await far.locator('a[href^="/product/"]').first().click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  // The same section at the same place on the screen, not a place cut to the product page's height.
  // (within a pixel: the page scrolls by whole device pixels).
  await expect.poll(async () => Math.abs((await far.evaluate((section) => section.getBoundingClientRect().top)) - before.top)).toBeLessThanOrEqual(1.5);
});
