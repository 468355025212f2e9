// What shoppers tripped over in the storefront walk-through (issue 15): each test shows one fix.
import { expect, test, type Locator } from "@playwright/test";
import { cart } from "../../src/domain/messages/cart.ts";
import { productDetail } from "../../src/domain/messages/catalog.ts";
import { dataErrors } from "../../src/domain/messages/forms.ts";
import { GUEST_CART_KEY } from "../../src/domain/guest-cart.ts";
import { findProduct, screenshot, toasts, waitForHydration } from "./helpers.ts";

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
  const addToCart = page.getByRole("main").getByRole("button", { name: productDetail.addToCart, exact: true });
  await addToCart.click();
  const toast = toasts(page).filter({ hasText: cart.addedToCart(product.name) });
  await expect(toast).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");

  const header = await box(page.locator("header").first());
  expect(overlaps(await box(toast), header)).toBe(false);
  // On a phone the toast sits above the sticky Add to Cart bar, which stays usable.
  expect(overlaps(await box(toast), await box(addToCart))).toBe(false);
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
