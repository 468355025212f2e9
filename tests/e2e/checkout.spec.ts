// Checkout end to end (storefront.md sections 2, 4, 5, 8 and 9; issue 5): a guest and a signed-in
// shopper pay through the checkout page and the local payment page, a declined card, a cancelled
// payment that leaves the cart as it was, Back from payment, Buy Now from the product page, and the checkout's own
// validation messages. Desktop and 390 px phone.
import { expect, test, type Page } from "@playwright/test";
import { GUEST_CART_KEY } from "../../src/domain/guest-cart.ts";
import { auth } from "../../src/domain/messages/account.ts";
import { cart } from "../../src/domain/messages/cart.ts";
import { buyNow, productDetail } from "../../src/domain/messages/catalog.ts";
import { checkout } from "../../src/domain/messages/checkout.ts";
import { validation } from "../../src/domain/messages/forms.ts";
import { confirmation } from "../../src/domain/messages/orders.ts";
import { paymentPage } from "../../src/domain/messages/payment-page.ts";
import { termsNote } from "../../src/domain/messages/terms-note.ts";
import { SHIPPING_NOTICE } from "../../src/domain/shipping.ts";
import { cardMessages, TEST_CARDS } from "../../src/domain/test-cards.ts";
import {
  decodeQuotedPrintable,
  expectNoSeriousA11yViolations,
  findProduct,
  mailsContaining,
  newAccount,
  screenshot,
  serverOutbox,
  signUpThroughForm,
  toasts,
  waitForHydration,
  type ApiProduct,
} from "./helpers.ts";

test.use({ bypassCSP: true });

type Product = ApiProduct & { stock: number };

/** A product with a size and a colour to choose, and stock for every test. */
const sizedProduct = (request: Parameters<typeof findProduct>[0]) =>
  findProduct(request, (p) => p.category === "kaftan" && p.sizes.length > 0 && p.colors.length > 0 && p.stock >= 50);

async function putInGuestCart(page: Page, product: Product, quantity = 1) {
  await page.goto("/");
  await page.evaluate(
    ([key, line]) => window.localStorage.setItem(key, JSON.stringify([line])),
    [GUEST_CART_KEY, { product_id: product.id, quantity, selected_size: product.sizes[0], selected_color: product.colors[0], created_at: new Date().toISOString() }] as const,
  );
}

async function fillCheckout(page: Page, details: { email?: string; country?: string } = {}) {
  await page.getByLabel("First name").fill("Ama");
  await page.getByLabel("Last name").fill("Owusu");
  await page.getByLabel("Email").fill(details.email ?? "ama@example.com");
  await page.getByLabel("Street address").fill("1 Savile Row");
  await page.getByLabel("City").fill("London");
  await page.getByLabel("Postal/ZIP code").fill("W1S 3PR");
  if (details.country) await page.getByLabel("Country").selectOption(details.country);
}

async function payWith(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill("12/40");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Ama Owusu");
  await page.getByRole("button", { name: /^Pay £/ }).click();
}

async function chooseOptions(page: Page, product: Product) {
  const main = page.getByRole("main");
  await main.getByRole("radiogroup", { name: "Size" }).getByRole("radio", { name: product.sizes[0], exact: true }).click();
  if (product.colors.length > 1) await main.getByRole("radiogroup", { name: "Colour" }).getByRole("radio", { name: product.colors[0], exact: true }).click();
}

const payButton = (page: Page) => page.getByRole("main").getByRole("button", { name: /^Pay / });

test("the checkout page checks its details with the spec's messages and blocks restricted countries", async ({ page, request }, testInfo) => {
  const product = await sizedProduct(request);
  await putInGuestCart(page, product);
  await page.goto("/checkout");
  await waitForHydration(page);
  await expect(page.getByText(SHIPPING_NOTICE)).toBeVisible();
  await expect(page.getByLabel("Country")).toHaveValue("United Kingdom");
  await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");

  await payButton(page).click();
  await expect(page.getByRole("alert").filter({ hasText: checkout.customerInfoRequired })).toBeVisible();
  await expect(toasts(page).filter({ hasText: checkout.customerInfoRequired })).toBeVisible();
  await page.getByLabel("First name").fill("Ama");
  // Fixing the form takes the refusal's toast away: it no longer covers the fields below.
  await expect(toasts(page).filter({ hasText: checkout.customerInfoRequired })).toHaveCount(0);
  await page.getByLabel("Last name").fill("Owusu");
  await page.getByLabel("Email").fill("ama@example.com");
  await payButton(page).click();
  await expect(page.getByRole("alert").filter({ hasText: checkout.shippingInfoRequired })).toBeVisible();

  await page.getByLabel("Country").selectOption("Iran");
  await expect(page.getByText(checkout.cannotShipTo("Iran"))).toBeVisible();
  await expect(payButton(page)).toBeDisabled();

  // Outside the free zones the shipping is added to the total, and express is offered.
  await page.getByLabel("Country").selectOption("Japan");
  const standardTotal = await page.getByTestId("checkout-total").textContent();
  await page.getByLabel(/^Express/).check();
  await expect(page.getByTestId("checkout-total")).not.toHaveText(standardTotal ?? "");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "checkout-japan");
  // A territory is a destination of its own, priced as one.
  await page.getByLabel("Country").selectOption("Bermuda");
  await expect(page.getByLabel(/^Express/)).toBeChecked();
  await expect(page.getByText(checkout.cannotShipTo("Bermuda"))).toHaveCount(0);
  await expect(payButton(page)).toBeEnabled();
});

test("a shopper in Accra is not asked for a postal code (Ghana has none); in the UK a missing one is marked on its field", async ({ page, request }, testInfo) => {
  const product = await sizedProduct(request);
  await putInGuestCart(page, product);
  await page.goto("/checkout");
  await waitForHydration(page);
  await fillCheckout(page);
  const postcode = page.getByLabel("Postal/ZIP code");
  await postcode.fill("");
  await expect(postcode).toHaveAttribute("aria-required", "true");
  await expect(page.getByText(checkout.importCharges)).toHaveCount(0);
  await payButton(page).click();
  await expect(page.getByRole("alert").filter({ hasText: checkout.shippingInfoRequired })).toBeVisible();
  await expect(postcode).toHaveAttribute("aria-invalid", "true");
  await expect(postcode).toBeFocused();

  // Ghana: the field says it is optional, its mark goes, and the order goes to payment without one.
  await page.getByLabel("Street address").fill("House No. 12, Kwame Nkrumah Avenue");
  await page.getByLabel("City").fill("Accra");
  await page.getByLabel("Country").selectOption("Ghana");
  await expect(postcode).not.toHaveAttribute("aria-invalid", "true");
  await expect(postcode).not.toHaveAttribute("aria-required", "true");
  await expect(page.getByText("Postal/ZIP code").locator("..")).toContainText(/optional/i);
  // Abroad, the shopper is told import charges may be due on arrival.
  await expect(page.getByText(checkout.importCharges)).toBeVisible();
  await screenshot(page, testInfo, "checkout-ghana");
  await payButton(page).click();
  await expect(page).toHaveURL(/\/pay\//);
  await expect(page.getByText("Accra")).toBeVisible();
});

test("a shopper who writes right to left: each name and address field takes the text's direction, and the payment page shows the name whole", async ({ page, request }, testInfo) => {
  const product = await sizedProduct(request);
  await putInGuestCart(page, product);
  await page.goto("/checkout");
  await waitForHydration(page);
  await fillCheckout(page, { country: "United Arab Emirates" });
  const typedFields = ["First name", "Last name", "Street address", "City", "State / County"];
  for (const label of typedFields) await expect(page.getByLabel(label)).toHaveAttribute("dir", "auto");
  const rightToLeft = (locator: ReturnType<Page["locator"]>) => locator.evaluate((element) => element.matches(":dir(rtl)"));
  // Left-to-right text keeps the page's direction: nothing moves for an English name.
  expect(await rightToLeft(page.getByLabel("First name"))).toBe(false);
  await page.getByLabel("First name").fill("محمد");
  await page.getByLabel("Last name").fill("العلي");
  await page.getByLabel("Street address").fill("شارع الشيخ زايد 12");
  await page.getByLabel("City").fill("دبي");
  expect(await rightToLeft(page.getByLabel("First name"))).toBe(true);
  expect(await rightToLeft(page.getByLabel("Street address"))).toBe(true);
  expect(await rightToLeft(page.getByLabel("Email"))).toBe(false);
  await screenshot(page, testInfo, "checkout-arabic-name");
  await payButton(page).click();
  await expect(page).toHaveURL(/\/pay\//);
  const name = page.getByTestId("recipient").getByText("محمد العلي", { exact: true });
  await expect(name).toBeVisible();
  expect(await rightToLeft(name)).toBe(true);
  await screenshot(page, testInfo, "payment-arabic-name");
});

test("the server's refusals are marked beside every field they concern, all at once, and the first gets the cursor", async ({ page, request }) => {
  const product = await sizedProduct(request);
  await putInGuestCart(page, product);
  await page.goto("/checkout");
  await waitForHydration(page);
  await fillCheckout(page);
  const tooLong = validation.tooLong("Last name", 100);
  await page.getByLabel("Last name").fill("O".repeat(101));
  await page.getByLabel("Phone").fill("abc");
  await payButton(page).click();

  await expect(page.getByRole("alert").filter({ hasText: tooLong })).toBeVisible();
  await expect(page.getByLabel("Last name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Last name")).toHaveAccessibleDescription(tooLong);
  await expect(page.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Phone")).toHaveAccessibleDescription(validation.invalidPhone);
  await expect(page.getByLabel("Last name")).toBeFocused();
  await expect(page.getByLabel("First name")).not.toHaveAttribute("aria-invalid", "true");

  // Each field's mark goes as that field is fixed; the page stays on the form until both are.
  await page.getByLabel("Phone").fill("+44 20 7946 0000");
  await expect(page.getByLabel("Phone")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Last name")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Last name").fill("Owusu");
  await payButton(page).click();
  await expect(page).toHaveURL(/\/pay\//);
});

test("a guest pays through the checkout: Back from payment keeps the cart, paying empties it, confirmation toasts, order e-mail, then home", async ({ page, request }, testInfo) => {
  test.slow(); // two checkouts, a payment and the confirmation's 3-second redirect
  const product = await sizedProduct(request);
  await putInGuestCart(page, product, 2);
  await page.goto("/cart");
  await page.getByRole("link", { name: cart.proceedToCheckout }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await waitForHydration(page);
  const email = `guest-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
  await fillCheckout(page, { email });
  // The terms are offered before the order, in a tab of their own so the details typed stay here.
  const terms = page.getByRole("link", { name: `${termsNote.link} ${termsNote.opensInNewTab}` });
  await expect(terms).toHaveAttribute("href", "/terms");
  await expect(terms).toHaveAttribute("target", "_blank");
  await expect(terms.locator("xpath=..")).toHaveText(`${termsNote.before} ${termsNote.link} ${termsNote.opensInNewTab}${termsNote.after(14)}`);
  await payButton(page).click();

  // Issue 15, item 2: the cart stays until the payment succeeds, so Back lands on a whole checkout.
  await expect(page).toHaveURL(/\/pay\/cs_/);
  await expect(page.getByText(product.name)).toBeVisible();
  // Item 11: the payment page names the recipient and each line's size and colour.
  await expect(page.getByTestId("recipient")).toContainText("Ama Owusu");
  await expect(page.getByTestId("recipient")).toContainText("1 Savile Row");
  await expect(page.getByText(`Size ${product.sizes[0]}, Colour ${product.colors[0]}`)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/checkout$/);
  await waitForHydration(page);
  await expect(page.getByRole("main").getByText(product.name).first()).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("2");
  await expect(payButton(page)).toBeEnabled();
  await screenshot(page, testInfo, "checkout-after-back-from-payment");
  await expectNoSeriousA11yViolations(page);
  expect(JSON.parse((await page.evaluate((key) => window.localStorage.getItem(key), GUEST_CART_KEY)) ?? "[]")).toEqual([expect.objectContaining({ product_id: product.id, quantity: 2 })]);

  // The details typed for that payment are still there: pay from here after all.
  await expect(page.getByLabel("Street address")).toHaveValue("1 Savile Row");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await payButton(page).click();
  await expect(page).toHaveURL(/\/pay\/cs_/);
  await payWith(page, TEST_CARDS.succeeds);

  await expect(page).toHaveURL(/\/order-confirmation\/cs_/);
  await expect(toasts(page).filter({ hasText: confirmation.paymentConfirmed })).toBeVisible();
  await expect(toasts(page).filter({ hasText: /^Order #[0-9A-F]{8} confirmed! 2 item\(s\) totaling £\d+\.\d{2}$/ })).toBeVisible();
  // One number for one order: the toast's is the one the page (and the e-mail, My orders, the lookup) shows.
  const shown = (await page.getByTestId("order-number").textContent())?.match(/#[0-9A-F]{8}/)?.[0];
  expect(shown).toBeTruthy();
  await expect(toasts(page).filter({ hasText: `Order ${shown} confirmed!` })).toBeVisible();
  const confirmationUrl = page.url();
  await page.waitForURL((url) => url.pathname === "/", { timeout: 10_000 });
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), GUEST_CART_KEY)).toBeNull();
  await expect.poll(() => mailsContaining(serverOutbox(), email).length, { timeout: 10_000 }).toBeGreaterThan(0);

  // Back does not replay the confirmation: the payment page and the confirmation left no entries.
  await page.goBack();
  await expect(page).toHaveURL(/\/checkout$/);
  // And the confirmation opened again in this tab goes home without its toasts.
  await page.goto(confirmationUrl);
  await page.waitForURL((url) => url.pathname === "/");
  await expect(toasts(page).filter({ hasText: /confirmed!/ })).toHaveCount(0);
});

test("a signed-in shopper checks out with details prefilled and pays for express shipping", async ({ page, playwright }, testInfo) => {
  const account = { ...newAccount(testInfo, "checkout"), phone: "+44 7700 900123" };
  const cookies = await signUpThroughForm(playwright, testInfo, account);
  await page.context().addCookies(cookies);
  const product = await sizedProduct(page.request);
  const added = await page.request.post("/api/cart/items", { data: { productId: product.id, size: product.sizes[0], colour: product.colors[0], quantity: 1 } });
  expect(added.status()).toBe(201);

  await page.goto("/checkout");
  await waitForHydration(page);
  await expect(page.getByLabel("First name")).toHaveValue(account.firstName);
  await expect(page.getByLabel("Email")).toHaveValue(account.email);
  await expect(page.getByText(checkout.haveAccount)).toHaveCount(0);
  // storefront.md 6: customer details prefilled, the phone given at sign-up included.
  await expect(page.getByLabel(/^Phone/)).toHaveValue(account.phone);
  await page.getByLabel("Street address").fill("1-2-3 Ginza");
  await page.getByLabel("City").fill("Tokyo");
  await page.getByLabel("Postal/ZIP code").fill("104-0061");
  await page.getByLabel("Country").selectOption("Japan");
  await page.getByLabel(/^Express/).check();
  const total = (await page.getByTestId("checkout-total").textContent()) ?? "";
  await expect(payButton(page)).toHaveText(`Pay ${total}`);
  await screenshot(page, testInfo, "checkout-signed-in");
  await payButton(page).click();

  await expect(page).toHaveURL(/\/pay\/cs_/);
  await expect(page.getByText(total.replace("£", "")).first()).toBeVisible();
  // Issue 15, item 2: Back from the payment page finds the server cart whole; Forward and pay.
  await page.goBack();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("main").getByText(product.name).first()).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  // Express is still the choice: it fell back to Standard, and a second Pay sent it by the slow post.
  await expect(page.getByLabel(/^Express/)).toBeChecked();
  await expect(page.getByTestId("checkout-total")).toHaveText(total);
  expect((await (await page.request.get("/api/cart")).json()).lines).toHaveLength(1);
  await page.goForward();
  await expect(page).toHaveURL(/\/pay\/cs_/);
  await payWith(page, TEST_CARDS.succeeds);
  await expect(page).toHaveURL(/\/order-confirmation\/cs_/);
  await expect(toasts(page).filter({ hasText: confirmation.paymentConfirmed })).toBeVisible();
  // Paid: the server took the paid lines out of the cart, and the badge follows.
  const serverCart = await page.request.get("/api/cart");
  expect((await serverCart.json()).lines).toEqual([]);
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);

  // The next checkout starts with the address this order went to.
  expect((await page.request.post("/api/cart/items", { data: { productId: product.id, size: product.sizes[0], colour: product.colors[0], quantity: 1 } })).status()).toBe(201);
  await page.goto("/checkout");
  await waitForHydration(page);
  await expect(page.getByLabel("Street address")).toHaveValue("1-2-3 Ginza");
  await expect(page.getByLabel("City")).toHaveValue("Tokyo");
  await expect(page.getByLabel("Postal/ZIP code")).toHaveValue("104-0061");
  await expect(page.getByLabel("Country")).toHaveValue("Japan");
  await expect(page.getByLabel(/^Phone/)).toHaveValue(account.phone);
});

test("signed out in another tab, Pay says so and offers the way back in, instead of 'Your cart is empty'", async ({ page, playwright }, testInfo) => {
  const account = newAccount(testInfo, "signed-out");
  await page.context().addCookies(await signUpThroughForm(playwright, testInfo, account));
  const product = await sizedProduct(page.request);
  expect((await page.request.post("/api/cart/items", { data: { productId: product.id, size: product.sizes[0], colour: product.colors[0], quantity: 1 } })).status()).toBe(201);
  await page.goto("/checkout");
  await waitForHydration(page);
  await page.getByLabel("Street address").fill("1 Savile Row");
  await page.getByLabel("City").fill("London");
  await page.getByLabel("Postal/ZIP code").fill("W1S 3PR");

  const other = await page.context().newPage();
  await other.goto("/");
  await waitForHydration(other);
  await other.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(other.getByRole("banner").getByRole("button", { name: "Sign Out" })).toHaveCount(0);
  await other.close();

  await payButton(page).click();
  const problem = page.getByRole("alert").filter({ hasText: checkout.signedOut });
  await expect(problem).toBeVisible();
  await expect(page.getByText(checkout.cartEmpty)).toHaveCount(0);
  await problem.getByRole("link", { name: checkout.signIn }).click();
  await expect(page).toHaveURL(/\/auth\?/);
});

test("a guest with an account signs in from the checkout and comes back to it, cart merged and details filled in", async ({ page, playwright }, testInfo) => {
  const account = newAccount(testInfo, "checkout-sign-in");
  await signUpThroughForm(playwright, testInfo, account);
  const product = await sizedProduct(page.request);
  await putInGuestCart(page, product);
  await page.goto("/checkout");
  await waitForHydration(page);
  // A returning customer used to find sign-in only in the header.
  const customer = page.getByRole("region", { name: "Customer Information" });
  await expect(customer).toContainText(`${checkout.haveAccount} ${checkout.signIn}`);
  await screenshot(page, testInfo, "checkout-guest-sign-in-link");
  await customer.getByRole("link", { name: checkout.signIn, exact: true }).click();
  await expect(page).toHaveURL(/\/auth\?redirect=checkout$/);
  await waitForHydration(page);
  const form = page.getByRole("tabpanel");
  await form.getByRole("textbox", { name: "Email" }).fill(account.email);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: auth.signIn, exact: true }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(toasts(page).getByText(cart.transferred, { exact: true })).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue(account.firstName);
  await expect(page.getByLabel("Email")).toHaveValue(account.email);
  await expect(page.getByRole("main").getByText(product.name).first()).toBeVisible();
  await expect(page.getByText(checkout.haveAccount)).toHaveCount(0);
});

test("a declined card keeps the order open; after Cancel the guest's cart is as it was", async ({ page, request }) => {
  const product = await sizedProduct(request);
  await putInGuestCart(page, product, 1);
  await page.goto("/checkout");
  await waitForHydration(page);
  await fillCheckout(page);
  await payButton(page).click();
  await expect(page).toHaveURL(/\/pay\/cs_/);
  await payWith(page, TEST_CARDS.declined);
  await expect(page.getByText(cardMessages.declined).first()).toBeVisible();
  await expect(page).toHaveURL(/\/pay\/cs_/);

  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/checkout\/cancelled/);
  await expect(page.getByText(checkout.paymentCancelled)).toBeVisible();
  await expect(page.getByText(checkout.cartRestored)).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  const restored = JSON.parse((await page.evaluate((key) => window.localStorage.getItem(key), GUEST_CART_KEY)) ?? "[]");
  expect(restored).toEqual([expect.objectContaining({ product_id: product.id, quantity: 1 })]);
});

test("Buy Now goes straight to payment with the spec's toasts; the payment page asks a guest for e-mail and address", async ({ page, request }) => {
  const product = await sizedProduct(request);
  await page.goto(`/product/${product.id}`);
  await waitForHydration(page);
  const main = page.getByRole("main");
  await chooseOptions(page, product);
  // The page leaves for the payment page 0.5 s after 'Redirecting to payment...', and a locator
  // asked while that navigation is pending waits for the next page: so the toasts are recorded
  // as they appear, from inside the page, and checked once the payment page is there.
  const toastTexts: string[] = [];
  await page.exposeFunction("recordToast", (text: string) => void toastTexts.push(text));
  await page.evaluate(() => {
    const record = (window as unknown as { recordToast: (text: string) => void }).recordToast;
    new MutationObserver(() => {
      for (const node of document.querySelectorAll("[data-sonner-toast]")) record(node.textContent ?? "");
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  // The checkout's answer is held until the 'Creating checkout session...' toast was recorded, so
  // it shows first however long the page takes to draw it (the check below says what was seen).
  const creatingSeen = () => toastTexts.some((text) => text.includes(buyNow.creatingSession));
  await page.route("**/api/checkout", async (route) => {
    await expect.poll(creatingSeen).toBe(true).catch(() => undefined);
    await route.continue();
  });
  await main.getByRole("button", { name: productDetail.buyNow, exact: true }).click();
  await expect(main.getByRole("button", { name: buyNow.processing })).toBeVisible();
  await expect(page).toHaveURL(/\/pay\/cs_/);
  await expect(page.getByLabel("Email")).toBeVisible();
  await expect(page.getByText(product.name)).toBeVisible();
  // Buy Now skipped the checkout page: the payment page itself gives the terms before Pay.
  const terms = page.getByRole("link", { name: `${termsNote.link} ${termsNote.opensInNewTab}` });
  await expect(terms).toHaveAttribute("href", "/terms");
  await expect(terms).toHaveAttribute("target", "_blank");
  const creating = toastTexts.findIndex((text) => text.includes(buyNow.creatingSession));
  const redirecting = toastTexts.findIndex((text) => text.includes(buyNow.redirecting));
  expect(creating, `toasts seen: ${JSON.stringify(toastTexts)}`).toBeGreaterThanOrEqual(0);
  expect(redirecting, `toasts seen: ${JSON.stringify(toastTexts)}`).toBeGreaterThan(creating);
});

test("Buy Now says 'Checkout error: ...' when the checkout service refuses, and never leaves the page", async ({ page, request }) => {
  const product = await sizedProduct(request);
  await page.goto(`/product/${product.id}`);
  await waitForHydration(page);
  await chooseOptions(page, product);
  const buy = page.getByRole("main").getByRole("button", { name: productDetail.buyNow, exact: true });
  await page.route("**/api/checkout", (route) => route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "Service unavailable" }) }));
  await buy.click();
  await expect(toasts(page).filter({ hasText: buyNow.checkoutError("Service unavailable") })).toBeVisible();
  // Still the product page (its address keeps the choices made: ?size=, ?colour=).
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}(\\?[^/]*)?$`));
  await page.unroute("**/api/checkout");
  await page.route("**/api/checkout", (route) => route.fulfill({ status: 201, contentType: "application/json", body: JSON.stringify({}) }));
  await buy.click();
  await expect(toasts(page).filter({ hasText: buyNow.invalidResponse })).toBeVisible();
  await page.unroute("**/api/checkout");
  await page.route("**/api/checkout", (route) => route.abort("connectionrefused"));
  await buy.click();
  await expect(toasts(page).filter({ hasText: buyNow.checkoutFailed(null) })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}(\\?[^/]*)?$`));
});

test("a cart line the shop no longer sells holds back Pay, and the message leads to the cart to fix it", async ({ page, request }) => {
  const product = await findProduct(request, (candidate) => candidate.stock > 0);
  await page.goto("/");
  await page.evaluate(
    ([key, lines]) => window.localStorage.setItem(key, JSON.stringify(lines)),
    [
      GUEST_CART_KEY,
      [
        { product_id: product.id, quantity: 1, selected_size: product.sizes[0] ?? null, selected_color: product.colors[0] ?? null, created_at: new Date().toISOString() },
        { product_id: "00000000-0000-4000-8000-000000000000", quantity: 1, selected_size: null, selected_color: null, created_at: new Date().toISOString() },
      ],
    ] as const,
  );
  await page.goto("/checkout");
  await waitForHydration(page);
  await expect(page.getByText(checkout.fixCartFirst)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay / })).toBeDisabled();
  await page.getByRole("link", { name: checkout.goToCart }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Your Cart");
});

test("a signed-in shopper's Buy Now asks on the payment page where it goes (not the e-mail), and ships there", async ({ page, playwright }, testInfo) => {
  const account = { ...newAccount(testInfo, "buynow-signed-in"), phone: "+44 7700 900456" };
  await page.context().addCookies(await signUpThroughForm(playwright, testInfo, account));
  const product = await sizedProduct(page.request);
  await page.goto(`/product/${product.id}`);
  await waitForHydration(page);
  await chooseOptions(page, product);
  await page.getByRole("main").getByRole("button", { name: productDetail.buyNow, exact: true }).click();
  await expect(page).toHaveURL(/\/pay\/cs_/);
  await expect(page.getByText(account.email)).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveCount(0);
  // The account's name and phone are offered, as /checkout prefills them.
  await expect(page.getByLabel(/^Recipient's full name/)).toHaveValue(`${account.firstName} ${account.lastName}`);
  await expect(page.getByLabel(/^Phone/)).toHaveValue(account.phone);
  // Paying without an address is refused on the field, as a form error, not a failed payment.
  await payWith(page, TEST_CARDS.succeeds);
  await expect(page.getByLabel(/^Street address/)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert").filter({ hasText: paymentPage.detailsProblemTitle })).toContainText("Street address is required");
  await expect(page.getByText(paymentPage.problemTitle)).toHaveCount(0);
  await screenshot(page, testInfo, "pay-buy-now-signed-in-missing-address");
  await page.getByLabel(/^Recipient's full name/).fill("Ama Mensah");
  await page.getByLabel(/^Street address/).fill("3 Mill Lane");
  await page.getByLabel(/^City/).fill("York");
  await page.getByLabel(/^Postal code/).fill("yo11aa");
  await screenshot(page, testInfo, "pay-buy-now-signed-in");
  await payWith(page, TEST_CARDS.succeeds);
  await expect(page).toHaveURL(/\/order-confirmation\/cs_/);
  await expect(toasts(page).filter({ hasText: confirmation.paymentConfirmed })).toBeVisible();
  // The confirmation e-mail says where it goes.
  await expect
    .poll(() => mailsContaining(serverOutbox(), account.email).map(decodeQuotedPrintable).some((text) => text.includes("3 Mill Lane") && text.includes("YO1 1AA")))
    .toBe(true);
});
