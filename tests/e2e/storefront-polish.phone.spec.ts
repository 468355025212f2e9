// What shoppers tripped over in the storefront walk-through (issue 15), on phones: each test sets
// the sizes it measures, so it runs once, in the phone project (a phone's touch and user agent).
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { productDetail, productPageCopy } from "../../src/domain/messages/catalog.ts";
import { categoryPath, type CategoryValue } from "../../src/domain/categories.ts";
import { COLOUR_FAMILY_LABELS } from "../../src/domain/discovery.ts";
import { GUEST_CART_KEY } from "../../src/domain/guest-cart.ts";
import { discoveryControls } from "../../src/domain/messages/discovery.ts";
import { box, findProduct, newAccount, openHydrated, screenshot, signUpThroughForm, toasts, waitForHydration, waitForToastAtRest, expectNoSidewaysScroll } from "./helpers.ts";

test("'mobile' means 768 px or less: the menu button shows at 768 px, the desktop navigation at 769 px", async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await page.setViewportSize({ width: 769, height: 900 });
  await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test("the mobile menu closes when the window widens past phones (a tablet turned), leaving the page usable", async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 1000 });
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  await expect(page.locator("#main")).toHaveJSProperty("inert", true);
  await page.setViewportSize({ width: 1000, height: 700 });
  await expect(page.getByRole("navigation", { name: "Mobile" })).toHaveCount(0);
  await expect(page.locator("#main")).toHaveJSProperty("inert", false);
  await expect(page.locator("body")).not.toHaveCSS("overflow", "hidden");
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

test("a press on the menu while the page's scripts are still on their way opens it once they are here, and counts once", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A slow connection: the page is shown; its scripts are held until the press has been made.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/", { waitUntil: "commit" });
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  release();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu.getByRole("link", { name: "FAQ", exact: true })).toBeVisible({ timeout: 15_000 });
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
  await expect(menu).toBeVisible();
  // A later press is the shopper's own: it closes the menu.
  await page.getByRole("button", { name: "Close menu" }).click();
  await expect(menu).toHaveCount(0);
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

test("on a phone the header's menu, Sign In and cart, and the product cards' buttons, are at least 44 px, on one row", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/category/denim");
  const header = page.locator("header").first();
  const controls = { menu: header.getByRole("button", { name: "Open menu" }), signIn: header.getByRole("link", { name: "Sign In" }), cart: header.getByRole("link", { name: /^Cart/ }) };
  for (const [name, control] of Object.entries(controls)) {
    const size = await box(control);
    expect(size.width, name).toBeGreaterThanOrEqual(TAP);
    expect(size.height, name).toBeGreaterThanOrEqual(TAP);
  }
  // The row still fits a 390 px phone: the shop's name is whole and nothing scrolls sideways.
  const name = header.locator('a[href="/"]').first();
  expect(await name.evaluate((link) => link.scrollWidth <= link.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const measured of await boxesOf(page.getByRole("main").getByRole("article").first().getByRole("link", { name: /^(Choose options|Add to Cart): / }).or(page.getByRole("main").getByRole("article").first().getByRole("button", { name: /^Add to Cart: / })))) {
    expect(measured.height, measured.name).toBeGreaterThanOrEqual(TAP);
  }
});

/**
 * The boxes of all the controls a locator finds, read in one go. A block below the fold is not laid
 * out until it nears the screen (`content-visibility: auto`), and its controls read as 0 x 0 until
 * then: those are measured again where a shopper would tap them, scrolled into view.
 */
async function boxesOf(controls: Locator) {
  const boxes = await controls.evaluateAll((elements) =>
    elements.map((element) => {
      const { width, height } = element.getBoundingClientRect();
      return { name: element.textContent?.trim() ?? "", width, height };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const [index, measured] of boxes.entries()) {
    if (measured.width > 0 && measured.height > 0) continue;
    const control = controls.nth(index);
    await control.scrollIntoViewIfNeeded();
    Object.assign(measured, await box(control));
  }
  return boxes;
}

const TAP = 44;

/** The small links a phone enlarges, and a page that shows each. */
async function smallLinks(page: Page, request: APIRequestContext) {
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
  return (Object.entries(controls) as [keyof typeof controls, () => Locator][]).map(([name, control]) => ({ name, control, path: pages[name] }));
}

// One test per width: each opens six pages, and both widths in one test came near the 30 s limit
// on a loaded machine.
test("on a phone the small links (View All, filter chips, Clear all, Size guide, breadcrumb, footer) are at least 44 x 44 px", async ({ page, request }) => {
  for (const { name, control, path } of await smallLinks(page, request)) {
    await page.goto(path);
    for (const measured of await boxesOf(control())) {
      expect(measured.height, `${name} "${measured.name}" height`).toBeGreaterThanOrEqual(TAP);
      expect(measured.width, `${name} "${measured.name}" width`).toBeGreaterThanOrEqual(TAP);
    }
  }
});

test("at 1280 px the same small links are drawn as before, as compact lines of text", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 844 });
  for (const { name, control, path } of await smallLinks(page, request)) {
    await page.goto(path);
    for (const measured of await boxesOf(control())) expect(measured.height, `${name} "${measured.name}" height at 1280 px`).toBeLessThan(32);
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
    // Measured where the toast comes to rest (sonner moves the one under the pointer): a press aimed
    // at the square's edge misses a toast still on its way.
    await close.hover();
    await waitForToastAtRest(close);
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
    await expectNoSidewaysScroll(page);
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
  // On a 390 px phone, signed in, the shop's whole name shows: the switch stays in the menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectHeaderFits();
  const shopName = banner.getByRole("link", { name: "Menswear Shop", exact: true });
  expect(await shopName.evaluate((link) => link.scrollWidth - link.clientWidth)).toBeLessThanOrEqual(0);
  await expect(banner.getByRole("form", { name: "Display currency" }).first()).toBeHidden();
  await screenshot(page, testInfo, "header-390-signed-in");
  // ... where it is then: the menu carried it only below 382 px, so a signed-in shopper on a 390 px
  // phone had no switch at all.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("navigation", { name: "Mobile" }).getByRole("form", { name: "Display currency" })).toBeVisible();
  await page.getByRole("button", { name: "Close menu" }).click();
  // From 430 px on, signed in, the switch is back in the header; signed out it is from 382 px on.
  await page.setViewportSize({ width: 430, height: 932 });
  await expect(banner.getByRole("form", { name: "Display currency" }).first()).toBeVisible();
  expect(await shopName.evaluate((link) => link.scrollWidth - link.clientWidth)).toBeLessThanOrEqual(0);
  await page.context().clearCookies();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(banner.getByRole("form", { name: "Display currency" }).first()).toBeVisible();
  expect(await shopName.evaluate((link) => link.scrollWidth - link.clientWidth)).toBeLessThanOrEqual(0);
});

test("with the browser's text size at 150% and 200% the phone header fits, and the menu button is the one pressed", async ({ page, context }) => {
  // The browser's own setting (not a page zoom): rem grows with it, and so do the limits in rem.
  const cdp = await context.newCDPSession(page);
  const banner = page.getByRole("banner");
  for (const [pixels, width] of [[24, 390], [32, 390], [32, 360]] as const) {
    await cdp.send("Page.setFontSizes", { fontSizes: { standard: pixels } });
    await page.setViewportSize({ width, height: 844 });
    await page.goto("/");
    await waitForHydration(page);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(`${pixels}px`);
    await expectNoSidewaysScroll(page, `${pixels}px at ${width}`);
    const toggle = page.getByRole("button", { name: "Open menu" });
    // The currency switch sat over the menu button, and a press meant for the menu changed currency.
    expect(await toggle.evaluate((button) => {
      const box = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    })).toBe(true);
    await expect(banner.getByRole("link", { name: /^Cart/ })).toBeInViewport({ ratio: 1 });
    expect((await box(banner.getByRole("link", { name: "Menswear Shop", exact: true }))).width, `${pixels}px at ${width}`).toBeGreaterThan(20);
    await toggle.click();
    await expect(page.getByRole("navigation", { name: "Mobile" }).getByRole("form", { name: "Display currency" })).toBeVisible();
    await page.getByRole("button", { name: "Close menu" }).click();
  }
});

test("with the browser's text size at 150% and 200% the shop's pages fit a phone's width: the product grid goes one across, Share goes under a long name", async ({ page, context, request }) => {
  test.slow(); // twelve pages
  const product = await findProduct(request, (candidate) => candidate.name.length >= 28);
  await page.goto("/");
  await page.evaluate(
    ([key, line]) => window.localStorage.setItem(key, JSON.stringify([line])),
    [GUEST_CART_KEY, { product_id: product.id, quantity: 1, selected_size: product.sizes[0] ?? null, selected_color: product.colors[0] ?? null, created_at: new Date().toISOString() }] as const,
  );
  const cdp = await context.newCDPSession(page);
  await page.setViewportSize({ width: 390, height: 844 });
  // Each page, and what shows it is drawn whole (the cart's lines come from the browser's storage).
  const pages: [string, () => Locator][] = [
    ["/", () => page.getByRole("heading", { level: 1 }).first()],
    [categoryPath(product.category as CategoryValue), () => page.getByRole("heading", { level: 1 })],
    ["/search?q=navy", () => page.getByRole("heading", { level: 1 })],
    [`/product/${product.id}`, () => page.getByRole("heading", { level: 1, name: product.name })],
    ["/cart", () => page.getByRole("list", { name: "Cart items" }).getByRole("link", { name: product.name })],
    ["/checkout", () => page.getByRole("heading", { name: "Order Summary" })],
  ];
  for (const pixels of [24, 32]) {
    await cdp.send("Page.setFontSizes", { fontSizes: { standard: pixels } });
    for (const [path, drawn] of pages) {
      await openHydrated(page, path);
      await expect(drawn()).toBeVisible();
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(`${pixels}px`);
      // Each had up to 187 px to scroll sideways: Share beside the name, a specification's label
      // beside its value, View All beside a section's title, two product cards a row, a cart line's
      // total beside its picture, the checkout's summary rows and its discount box.
      await expectNoSidewaysScroll(page, `${path} at ${pixels}px`);
      if (path.startsWith("/product/")) {
        const share = await box(page.getByRole("button", { name: productDetail.share }));
        expect(share.x + share.width, `Share at ${pixels}px`).toBeLessThanOrEqual(390);
      }
    }
  }
});
