// The checkout page named a total on its Pay button; before Pay was pressed, the owner raised the
// markup, or the shopper's other tab added to the cart. Pay is refused with the new total, the page shows the
// new summary with the details typed kept, and a second press reaches the payment page at that
// amount. The markup is the whole shop's, so this runs against a production server of its own
// (the journeys' shared server keeps 40%), at 1280 and at 390 px.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { GUEST_CART_KEY } from "../../src/domain/guest-cart.ts";
import { priceWithMarkup } from "../../src/domain/markup.ts";
import { checkoutRequestErrors } from "../../src/domain/messages/checkout.ts";
import { formatGbp } from "../../src/domain/money.ts";
import { expectNoSeriousA11yViolations, findProduct, screenshot, waitForHydration, type ApiProduct } from "./helpers.ts";
import { ownServer } from "./own-server.ts";

// axe is added to the page as a script of its own.
test.use({ bypassCSP: true });

const server = ownServer();
const ADMIN = { email: "admin@shop.test", password: "host-test-admin-password" };

/** The owner's own browser: another context, so the shopper's page stays a guest's. */
async function ownerApi(playwright: { request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> } }): Promise<APIRequestContext> {
  const owner = await playwright.request.newContext({ baseURL: server().base });
  const signIn = await owner.post("/auth", { form: { intent: "signin", email: ADMIN.email, password: ADMIN.password }, maxRedirects: 0 });
  expect([200, 302, 303], await signIn.text()).toContain(signIn.status());
  return owner;
}

async function setMarkup(owner: APIRequestContext, markupPercent: number) {
  const put = await owner.put("/api/admin/settings", { data: { markupPercent, confirm: true }, headers: { origin: server().base } });
  expect(put.status(), await put.text()).toBe(200);
}

async function fillCheckout(page: Page) {
  await page.getByLabel("First name").fill("Ama");
  await page.getByLabel("Last name").fill("Owusu");
  await page.getByLabel("Email").fill("ama@example.com");
  await page.getByLabel("Street address").fill("1 Savile Row");
  await page.getByLabel("City").fill("London");
  await page.getByLabel("Postal/ZIP code").fill("W1S 3PR");
}

const payButton = (page: Page) => page.getByRole("main").getByRole("button", { name: /^Pay / });

test("the owner raises the markup while a guest's checkout is open: Pay is refused with the new total, shown in the summary, and a second Pay charges it knowingly", async ({ page, playwright }, testInfo) => {
  test.slow();
  const shop = await playwright.request.newContext({ baseURL: server().base });
  // One unit to the UK: free standard shipping, so the total is the item's price.
  const product: ApiProduct = await findProduct(shop, (p) => p.stock >= 5);
  const owner = await ownerApi(playwright);
  const base = ((await (await owner.get(`/api/admin/products/${product.id}`)).json()) as { pricePence: number }).pricePence;
  await setMarkup(owner, 40);
  const shown = formatGbp(priceWithMarkup(base, 40));
  const now = formatGbp(priceWithMarkup(base, 90));

  await page.goto(`${server().base}/`);
  await page.evaluate(
    ([key, line]) => window.localStorage.setItem(key, JSON.stringify([line])),
    [GUEST_CART_KEY, { product_id: product.id, quantity: 1, selected_size: product.sizes[0] ?? "", selected_color: product.colors[0] ?? "", created_at: new Date().toISOString() }] as const,
  );
  await page.goto(`${server().base}/checkout`);
  await waitForHydration(page);
  await expect(payButton(page)).toHaveText(`Pay ${shown}`);
  await fillCheckout(page);

  // Meanwhile, in the back office.
  await setMarkup(owner, 90);

  await payButton(page).click();
  const problem = page.getByRole("main").getByRole("alert").filter({ hasText: checkoutRequestErrors.pricesChanged(now) });
  await expect(problem).toBeVisible();
  await expect(page.getByTestId("checkout-total")).toHaveText(now);
  await expect(payButton(page)).toHaveText(`Pay ${now}`);
  // Still on the checkout page, with everything typed.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel("Street address")).toHaveValue("1 Savile Row");
  await expect(page.getByLabel("Email")).toHaveValue("ama@example.com");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "checkout-prices-changed", { fullPage: true });

  await payButton(page).click();
  await expect(page).toHaveURL(/\/pay\/cs_/);
  await expect(page.getByTestId("amount-due")).toHaveText(now);
  await setMarkup(owner, 40);
  await owner.dispose();
  await shop.dispose();
});

test("a signed-in shopper's second page adds to the cart while checkout is open: Pay is refused with the new total and both lines, and a second Pay charges them", async ({ page, playwright }, testInfo) => {
  test.slow();
  const shop = await playwright.request.newContext({ baseURL: server().base });
  const first: ApiProduct = await findProduct(shop, (p) => p.stock >= 5);
  const second: ApiProduct = await findProduct(shop, (p) => p.stock >= 5 && p.id !== first.id);
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const signUp = await shop.post("/auth?tab=signup", {
    form: { intent: "signup", firstName: "Kofi", lastName: "Boateng", email: `second-page-${testInfo.project.name}-${unique}@example.com`, phone: "", password: `pw-${unique}-long` },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  await page.context().addCookies((await shop.storageState()).cookies);
  /** Adds one of the product to the account's cart, as a page of the shopper's browser does. */
  const addFrom = async (tab: Page, product: ApiProduct) => {
    const added = await tab.request.post(`${server().base}/api/cart/items`, { data: { productId: product.id, size: product.sizes[0] ?? null, colour: product.colors[0] ?? null, quantity: 1 }, headers: { origin: server().base } });
    expect(added.status(), await added.text()).toBeLessThan(300);
  };
  await addFrom(page, first);

  await page.goto(`${server().base}/checkout`);
  await waitForHydration(page);
  await expect(payButton(page)).toHaveText(`Pay ${formatGbp(first.price)}`);
  await fillCheckout(page);

  // The shopper's other tab puts a second item in the same account cart.
  const otherTab = await page.context().newPage();
  await addFrom(otherTab, second);
  await otherTab.close();

  const now = formatGbp(first.price + second.price);
  await payButton(page).click();
  await expect(page.getByRole("main").getByRole("alert").filter({ hasText: checkoutRequestErrors.cartChanged(now) })).toBeVisible();
  const summary = page.getByRole("region", { name: "Order Summary" });
  await expect(summary.getByText(second.name)).toBeVisible();
  // The navigation's cart badge counts both items too.
  await expect(page.getByRole("banner").getByTestId("cart-badge")).toHaveText("2");
  await expect(page.getByTestId("checkout-total")).toHaveText(now);
  await expect(page.getByLabel("Street address")).toHaveValue("1 Savile Row");
  await screenshot(page, testInfo, "checkout-cart-changed", { fullPage: false });

  await payButton(page).click();
  await expect(page).toHaveURL(/\/pay\/cs_/);
  await expect(page.getByTestId("amount-due")).toHaveText(now);
  await shop.dispose();
});
