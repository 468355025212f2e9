// Paying and finding orders again, on desktop and on a 390 px phone: the built-in test payment
// page /pay/{id} (declined card, success to /order-confirmation/cs_... with storefront.md section
// 8 "Confirmation" toasts and the 3-second replace-redirect to /, Cancel, a guest Buy Now buyer's
// e-mail and address), the confirmation page without a session id, a signed-in shopper's
// /account/orders and a guest's /orders/lookup. Orders are opened through POST /api/checkout, as
// the checkout page and Buy Now do.
import { expect, test, type APIRequestContext, type Page, type Route } from "@playwright/test";
import { accountConfirmation } from "../../src/domain/messages/account.ts";
import { accountOrders, confirmation, orderLookup } from "../../src/domain/messages/orders.ts";
import { paymentPage } from "../../src/domain/messages/payment-page.ts";
import { formatOrderNumber } from "../../src/domain/order-number.ts";
import { cardMessages } from "../../src/domain/test-cards.ts";
import {
  apiContext,
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
  expectNoSidewaysScroll,
} from "./helpers.ts";

test.use({ bypassCSP: true });

const CUSTOMER = { firstName: "Ama", lastName: "Owusu", phone: "" };
const UK_ADDRESS = { address: "1 Savile Row", city: "London", state: "", postalCode: "W1S 3PR", country: "United Kingdom" };
const CARD = { expiry: "12/40", cvc: "123", name: "Ama Owusu" };

let product: Promise<ApiProduct & { stock: number }> | null = null;
/** One in-stock product with plenty of units (each test buys one): a shirt, 100 in the seed, so other journeys' suits are left alone. */
function someProduct(request: APIRequestContext) {
  product ??= findProduct(request, (p) => p.inStock && p.stock >= 100 && p.images.length > 0);
  return product;
}

type OpenedOrder = { url: string; sessionId: string };

/** Opens an order the way the checkout page does (or Buy Now, when `buyNow` and no details). */
async function openOrder(request: APIRequestContext, email: string | null, source: "cart" | "buy-now" = "cart", { customer = CUSTOMER, address = UK_ADDRESS } = {}): Promise<OpenedOrder> {
  const p = await someProduct(request);
  const line = { product_id: p.id, quantity: 1, selected_size: p.sizes[0] ?? null, selected_color: p.colors[0] ?? null };
  const response = await request.post("/api/checkout", {
    data: { source, items: [line], customerInfo: email ? { ...customer, email } : null, shippingAddress: email ? address : null },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as OpenedOrder;
  expect(body.sessionId).toMatch(/^cs_/);
  expect(new URL(body.url).pathname).toBe(`/pay/${body.sessionId}`);
  return body;
}

/** The order number as people see it, asked the way the confirmation page asks. */
async function orderNumberOf(request: APIRequestContext, sessionId: string): Promise<string> {
  const response = await request.post("/api/checkout/verify", { data: { sessionId } });
  const body = (await response.json()) as { success: boolean; order?: { id: string } };
  expect(body.success).toBe(true);
  return formatOrderNumber(body.order!.id);
}

const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

const field = (page: Page, label: string | RegExp) => page.getByLabel(label);
const payButton = (page: Page) => page.getByRole("button", { name: /^Pay £/ });

async function fillCard(page: Page, number: string) {
  await field(page, "Card number").fill(number);
  await field(page, "Expiry (MM/YY)").fill(CARD.expiry);
  await field(page, "CVC").fill(CARD.cvc);
  await field(page, "Name on card").fill(CARD.name);
}

async function expectToast(page: Page, text: string | RegExp) {
  await expect(toasts(page).filter({ hasText: text }).first()).toBeVisible();
}

test.describe("the test payment page", () => {
  test("a card sent with several fields wrong has them all marked at once, the first with the cursor", async ({ page, request }) => {
    const order = await openOrder(request, uniqueEmail("pay-fields"));
    await page.goto(order.url);
    await waitForHydration(page);
    await field(page, "Card number").fill("4242 4242 4242 4241");
    await field(page, "Expiry (MM/YY)").fill("13/40");
    await field(page, "CVC").fill("1");
    await payButton(page).click();
    const alert = page.getByRole("alert").filter({ hasText: paymentPage.problemTitle });
    for (const message of [cardMessages.invalidNumber, cardMessages.invalidExpiry, cardMessages.invalidCvc, cardMessages.nameRequired]) await expect(alert).toContainText(message);
    for (const label of ["Card number", "Expiry (MM/YY)", "CVC", "Name on card"]) await expect(field(page, label)).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "Name on card")).toHaveAccessibleDescription(cardMessages.nameRequired);
    await expect(field(page, "Card number")).toBeFocused();
  });

  test("a declined card says so and keeps the name; 4242 pays and the confirmation shows the spec's toasts, then goes home", async ({ page, request }, testInfo) => {
    const order = await openOrder(request, uniqueEmail("pay"));
    await page.goto(order.url);
    await waitForHydration(page);
    await expect(page.getByText(paymentPage.testBadge).first()).toBeVisible();
    const amount = (await page.getByTestId("amount-due").textContent())!.trim();
    expect(amount).toMatch(/^£[\d,]+\.\d{2}$/);
    await expect(payButton(page)).toHaveText(`Pay ${amount}`);
    await expect(page.getByText(/4242 4242 4242 4242/)).toBeVisible();
    await expect(field(page, "Card number")).toHaveAttribute("autocomplete", "cc-number");
    await expect(field(page, "Card number")).toHaveAttribute("inputmode", "numeric");
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, testInfo, "pay-page");

    await fillCard(page, "4000000000000002");
    await expect(field(page, "Card number")).toHaveValue("4000 0000 0000 0002");
    await payButton(page).click();
    const alert = page.getByRole("alert").filter({ hasText: paymentPage.problemTitle });
    await expect(alert).toContainText(cardMessages.declined);
    await expect(field(page, "Card number")).toHaveValue("");
    await expect(field(page, "Card number")).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "Card number")).toBeFocused();
    await expect(field(page, "CVC")).toHaveValue("");
    await expect(field(page, "Name on card")).toHaveValue(CARD.name);
    await expect(field(page, "Expiry (MM/YY)")).toHaveValue(CARD.expiry);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, "pay-declined");

    await field(page, "Card number").fill("4242424242424242");
    await field(page, "CVC").fill(CARD.cvc);
    await payButton(page).click();
    await expect(page).toHaveURL(new RegExp(`/order-confirmation/${order.sessionId}$`));
    await expectToast(page, confirmation.paymentConfirmed);
    const pounds = amount.replace(/[£,]/g, "");
    await expectToast(page, new RegExp(`Order #[0-9A-F]{8} confirmed! 1 item\\(s\\) totaling £${pounds.replace(".", "\\.")}`));
    await expectToast(page, confirmation.orderEmail);
    // A phone stacks the three one behind another (spread out, they hid the whole order); a wider
    // screen spreads them, each readable. Read while they slide into place, until they are there.
    // The pointer is moved off them first: under a pointer, sonner spreads them anyway.
    await page.mouse.move(0, 0);
    const shown = toasts(page);
    const phone = page.viewportSize()!.width <= 600;
    await expect
      .poll(async () => {
        const boxes = await Promise.all([0, 1, 2].map(async (index) => (await shown.nth(index).boundingBox({ timeout: 1_000 }))!));
        const extent = Math.max(...boxes.map((b) => b.y + b.height)) - Math.min(...boxes.map((b) => b.y));
        return phone ? extent < 1.5 * Math.max(...boxes.map((b) => b.height)) : extent >= boxes.reduce((sum, b) => sum + b.height, 0);
      })
      .toBe(true);
    await expect(page.getByTestId("order-number")).toHaveText(/^Order #[0-9A-F]{8}$/);
    // The order itself, and where to find it again once the page has moved on.
    const number = (await page.getByTestId("order-number").textContent())!.replace("Order ", "");
    const card = page.getByRole("article", { name: `Order ${number}` });
    await expect(card).toContainText((await someProduct(request)).name);
    await expect(card).toContainText(amount);
    await expect(card.getByTestId("delivery-address")).toHaveText("1 Savile Row, London, W1S 3PR, United Kingdom");
    await expect(card.getByTestId("delivery-recipient")).toHaveText(`${CUSTOMER.firstName} ${CUSTOMER.lastName}`);
    // Said once: the spec's toasts announce the outcome; the page's own text is not a
    // live region, and only that it is about to leave is announced besides.
    expect(await page.getByRole("main").evaluate((main) => main.closest("[aria-live]") === null && main.querySelector("[aria-live]") === null)).toBe(true);
    await expect(page.getByTestId("redirect-status")).toHaveText(confirmation.redirecting);
    await expect(page.getByRole("link", { name: confirmation.trackItLater })).toHaveAttribute("href", `/orders/lookup?order=${encodeURIComponent(number)}`);
    await screenshot(page, testInfo, "confirmation");
    await expectNoSeriousA11yViolations(page);

    // Section 2: a replace-redirect to / after 3 seconds.
    await expect(page).toHaveURL(/\/$/, { timeout: 6000 });
    // The payment page of a paid session only sends the shopper on.
    const again = await request.get(order.url, { maxRedirects: 0 });
    expect(again.status()).toBe(302);
    expect(again.headers()["location"]).toContain(`/order-confirmation/${order.sessionId}`);
  });

  test("Cancel goes to the cancelled page; the session then reads as expired", async ({ page, request }, testInfo) => {
    const order = await openOrder(request, uniqueEmail("cancel"));
    await page.goto(order.url);
    await waitForHydration(page);
    await page.getByRole("button", { name: paymentPage.cancel }).click();
    await expect(page).toHaveURL(/\/checkout\/cancelled\?order=/);
    await expect(page.getByRole("heading", { name: "Payment cancelled" })).toBeVisible();

    await page.goto(order.url);
    await expect(page.getByRole("heading", { name: paymentPage.sessionExpired })).toBeVisible();
    await expect(page.getByRole("link", { name: paymentPage.backToCart })).toHaveAttribute("href", "/cart");
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, "pay-expired");
  });

  test("two tabs of one cart: a newer checkout closes the older payment page, which then says where the payment went", async ({ page, context }, testInfo) => {
    // Opened from this browser (page.request shares its cookies), as the checkout page opens them.
    const email = uniqueEmail("two-tabs");
    const first = await openOrder(page.request, email);
    const older = await context.newPage();
    await older.goto(first.url);
    await waitForHydration(older);
    await fillCard(older, "4242424242424242");

    // The shopper checks out again in another tab and pays there.
    const second = await openOrder(page.request, email);
    await page.goto(second.url);
    await waitForHydration(page);
    await fillCard(page, "4242424242424242");
    await payButton(page).click();
    await expect(page).toHaveURL(new RegExp(`/order-confirmation/${second.sessionId}$`));
    const number = await orderNumberOf(page.request, second.sessionId);

    // Back on the first tab, Pay takes nothing: the page says the cart was paid for, and in which order.
    await payButton(older).click();
    await expect(older.getByRole("heading", { name: paymentPage.cartAlreadyPaid })).toBeVisible();
    await expect(older.getByText(paymentPage.cartAlreadyPaidBody(number))).toBeVisible();
    await expect(older.getByRole("link", { name: paymentPage.backToCart })).toHaveAttribute("href", "/cart");
    await expectNoSeriousA11yViolations(older);
    await screenshot(older, testInfo, "pay-cart-already-paid");
    // One paid order: the first checkout's was cancelled when the second was opened.
    const verified = await page.request.post("/api/checkout/verify", { data: { sessionId: first.sessionId } });
    expect(((await verified.json()) as { success: boolean }).success).toBe(false);
  });

  test("a real Welsh town and a long double-barrelled name fit the payment page and the confirmation on a phone", async ({ page, request }) => {
    const town = "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch";
    const order = await openOrder(request, uniqueEmail("welsh"), "cart", {
      customer: { ...CUSTOMER, lastName: "Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh" },
      address: { ...UK_ADDRESS, city: town, postalCode: "LL61 5UJ" },
    });
    await page.goto(order.url);
    await waitForHydration(page);
    await expect(page.getByTestId("recipient")).toContainText(town);
    // The amounts and the card form were pushed off a 390 px screen (the page was 481 px wide).
    await expectNoSidewaysScroll(page);
    await expect(page.getByTestId("amount-due")).toBeInViewport({ ratio: 1 });
    await fillCard(page, "4242424242424242");
    await payButton(page).click();
    await expect(page).toHaveURL(new RegExp(`/order-confirmation/${order.sessionId}$`));
    await expect(page.getByTestId("delivery-address")).toContainText(town);
    await expectNoSidewaysScroll(page);
  });

  test("an unknown session is a 404 'Payment session not found'", async ({ page }) => {
    const response = await page.goto("/pay/cs_local_does_not_exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: paymentPage.sessionNotFound })).toBeVisible();
  });

  test("a guest Buy Now buyer gives the e-mail and address on the payment page, checked with clear messages", async ({ page, request }, testInfo) => {
    const order = await openOrder(request, null, "buy-now");
    await page.goto(order.url);
    await waitForHydration(page);
    const country = page.getByLabel("Country");
    await expect(country).toHaveValue("GB");
    expect(await country.locator("option").allTextContents()).toEqual(expect.arrayContaining(["United Kingdom", "France", "United States"]));
    expect(await country.locator("option").allTextContents()).not.toContain("Japan");

    await fillCard(page, "4242 4242 4242 4242");
    await payButton(page).click();
    const alert = page.getByRole("alert").filter({ hasText: paymentPage.detailsProblemTitle });
    await expect(alert).toContainText("Email is required");
    await expect(alert).toContainText("Street address is required");
    await expect(alert).toContainText(paymentPage.recipientNameRequired);
    await expect(field(page, "Email")).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, testInfo, "pay-buy-now-errors");

    const email = uniqueEmail("buynow");
    await field(page, "Email").fill(email);
    await field(page, "Recipient's full name").fill("Yaw Boateng");
    await field(page, "Phone").fill("+44 7700 900123");
    // A United States address, whose label needs its state (the page had no field for it).
    await field(page, "Street address").fill("350 Fifth Avenue");
    await field(page, "City").fill("New York");
    await field(page, "State / County (optional)").fill("NY");
    await field(page, "Postal code").fill("10118");
    await page.getByLabel("Country").selectOption("US");
    await field(page, "Card number").fill("4242424242424242");
    await field(page, "CVC").fill("123");
    await payButton(page).click();
    await expect(page).toHaveURL(new RegExp(`/order-confirmation/${order.sessionId}$`));
    await expectToast(page, confirmation.paymentConfirmed);

    // The order now belongs to the e-mail given on the payment page.
    const number = await orderNumberOf(request, order.sessionId);
    await page.goto("/orders/lookup");
    await waitForHydration(page);
    await field(page, "Order number").fill(number);
    await field(page, "Email").fill(email);
    await page.getByRole("button", { name: orderLookup.submit }).click();
    await expect(page.getByRole("article", { name: `Order ${number}` })).toBeVisible();
    await expect(page.getByTestId("delivery-address")).toHaveText("350 Fifth Avenue, New York, NY 10118, United States");
  });
});

test.describe("the confirmation page", () => {
  test("without a session id it goes straight to /", async ({ page }) => {
    await page.goto("/order-confirmation");
    await expect(page).toHaveURL(/\/$/);
    expect(new URL(page.url()).pathname).toBe("/");
  });

  test("an id that is no payment of ours (a mistyped link) confirms nothing, then home", async ({ page }) => {
    await page.goto("/order-confirmation/test_123");
    await waitForHydration(page);
    await expectToast(page, confirmation.verificationFailed);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(confirmation.verificationFailed);
    await expect(page.getByText(confirmation.paymentConfirmed)).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  });

  /**
   * Pays an order and opens its confirmation with the page's clock stopped: the 3 seconds pass only
   * when the test says. `answer` gives the page the server's answer to its check (by default the
   * server's own).
   */
  async function paidOnHold(page: Page, request: APIRequestContext, label: string, answer: (route: Route) => Promise<void> = (route) => route.continue()) {
    const order = await openOrder(request, uniqueEmail(label));
    // The page's clock is stopped before the confirmation arrives (its answer waits for that), so
    // the 3 seconds pass only when the test says, however busy the machine.
    await page.clock.install();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = () => {};
    const verifying = new Promise<void>((resolve) => (asked = resolve));
    await page.route("**/api/checkout/verify", async (route) => {
      asked();
      await held;
      await answer(route);
    });
    await page.goto(order.url);
    await waitForHydration(page);
    await fillCard(page, "4242424242424242");
    await payButton(page).click();
    await expect(page).toHaveURL(new RegExp(`/order-confirmation/${order.sessionId}$`));
    await verifying;
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    release();
    return order;
  }

  async function confirmationOnHold(page: Page, request: APIRequestContext, label: string) {
    const order = await paidOnHold(page, request, label);
    const number = (await page.getByTestId("order-number").textContent())!.replace("Order ", "");
    return { order, number };
  }

  test("'Stay on this page' stops the 3-second redirect; the link finds the order again", async ({ page, request }, testInfo) => {
    const { order, number } = await confirmationOnHold(page, request, "stay");
    // In sight at once, on a phone too: under the title, above the order.
    await expect(page.getByRole("button", { name: confirmation.stayOnPage })).toBeInViewport({ ratio: 1 });
    await page.getByRole("button", { name: confirmation.stayOnPage }).click();
    // The button goes; the cursor moves to the page's title, not to <body>.
    await expect(page.getByRole("heading", { level: 1, name: confirmation.paymentConfirmed })).toBeFocused();
    await expect(page.getByText(confirmation.redirecting)).toHaveCount(0);
    await expect(page.getByText(confirmation.staying)).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(page).toHaveURL(new RegExp(`/order-confirmation/${order.sessionId}$`));
    await expect(page.getByRole("article", { name: `Order ${number}` })).toBeVisible();
    await screenshot(page, testInfo, "confirmation-staying");

    await page.getByRole("link", { name: confirmation.trackItLater }).click();
    await expect(page).toHaveURL(/\/orders\/lookup\?order=/);
    await expect(page.getByLabel("Order number")).toHaveValue(number);
  });

  test("a shopper who presses a key or turns the wheel while reading stays on the order", async ({ page, request }) => {
    const { order, number } = await confirmationOnHold(page, request, "reading");
    await expect(page.getByText(confirmation.redirecting).first()).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("button", { name: confirmation.stayOnPage })).toHaveCount(0);
    await expect(page.getByTestId("redirect-status")).toHaveText("");
    await page.clock.runFor(10_000);
    await expect(page).toHaveURL(new RegExp(`/order-confirmation/${order.sessionId}$`));
    await expect(page.getByRole("article", { name: `Order ${number}` })).toBeVisible();
  });

  test("the tap that stops the redirect also opens the link it was meant for: nothing moves under the finger", async ({ page, request }) => {
    const { number } = await confirmationOnHold(page, request, "first-tap");
    await expect(page.getByText(confirmation.redirecting).first()).toBeVisible();
    // The row used to vanish on the press, moving the link 60 px up before the release.
    await page.getByRole("link", { name: confirmation.trackItLater }).click();
    await expect(page).toHaveURL(/\/orders\/lookup\?order=/);
    await expect(page.getByLabel("Order number")).toHaveValue(number);
  });

  test("a shopper who paid from a connection past its payment checks is told to come back, not that the payment failed; later the page confirms the order", async ({ page, request }, testInfo) => {
    // The server's refusal once an address has asked for more checks than its checkouts allow
    // (the journeys' server sets that limit past anything the suite reaches).
    const tooManyChecks = (route: Route) =>
      route.fulfill({ status: 429, contentType: "application/json", headers: { "Retry-After": "540" }, body: JSON.stringify({ error: confirmation.tooManyChecks }) });
    const order = await paidOnHold(page, request, "too-many-checks", tooManyChecks);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(confirmation.tooManyChecks);
    await expect(page.getByText(confirmation.verificationFailed)).toHaveCount(0);
    await screenshot(page, testInfo, "confirmation-too-many-checks");

    await page.unroute("**/api/checkout/verify");
    await page.clock.resume();
    await page.goto(`/order-confirmation/${order.sessionId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(confirmation.paymentConfirmed);
  });

  test("an unknown cs_ session gives 'Payment verification failed'", async ({ page }) => {
    await page.goto("/order-confirmation/cs_local_unknown");
    await waitForHydration(page);
    await expectToast(page, confirmation.verificationFailed);
    await expect(page.getByRole("heading", { name: confirmation.verificationFailed })).toBeVisible();
  });
});

test.describe("finding orders again", () => {
  test("a signed-in shopper sees the paid order in My orders with a blue 'Processing' badge, and their guest orders once the address is confirmed", async ({ page, playwright, request }, testInfo) => {
    const signedOut = await page.goto("/account/orders");
    expect(signedOut?.ok()).toBe(true);
    await expect(page).toHaveURL(/\/auth\?redirect=account%2Forders$/);

    const account = newAccount(testInfo, "orders");
    const cookies = await signUpThroughForm(playwright, testInfo, account);
    await page.context().addCookies(cookies);
    const api = await apiContext(playwright, testInfo, cookies);
    try {
      await page.goto("/account/orders");
      await expect(page.getByText(accountOrders.empty)).toBeVisible();

      const order = await openOrder(api, account.email, "buy-now");
      await page.goto(order.url);
      await waitForHydration(page);
      await fillCard(page, "4242 4242 4242 4242");
      await payButton(page).click();
      await expect(page).toHaveURL(new RegExp(`/order-confirmation/${order.sessionId}$`));
      // A signed-in shopper is pointed to My orders to find it again.
      await expect(page.getByRole("link", { name: confirmation.findItInMyOrders })).toHaveAttribute("href", "/account/orders");
      await expect(page).toHaveURL(/\/$/, { timeout: 6000 });

      // "My orders" sits in the header on wider screens and in the menu on a phone.
      if (testInfo.project.name === "mobile") await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("banner").getByRole("link", { name: "My orders" }).click();
      await expect(page).toHaveURL(/\/account\/orders$/);
      await expect(page.getByRole("heading", { level: 1, name: accountOrders.title })).toBeVisible();
      const number = await orderNumberOf(api, order.sessionId);
      const card = page.getByRole("article", { name: `Order ${number}` });
      await expect(card).toBeVisible();
      const status = card.getByText("Processing", { exact: true });
      await expect(status).toHaveAttribute("data-tone", "blue");
      await expect(status).toHaveClass(/bg-blue-100/);
      await expect(card.getByText("Paid", { exact: true })).toHaveAttribute("data-tone", "green");
      // The page itself is checked here: the confirmation's three toasts are still sliding into
      // their stack as the shopper arrives. A settled toast's contrast is checked by the sign-in journey.
      // The test's pointer is left where My orders was pressed, which on a phone is where the toasts
      // sit: held under a pointer, sonner keeps them. A finger lifts.
      await page.mouse.move(0, 0);
      await expect(toasts(page)).toHaveCount(0, { timeout: 15_000 });
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page);
      await screenshot(page, testInfo, "account-orders");

      // An order placed without signing in, to the same address, joins My orders only once the
      // account has confirmed that address: anyone can sign up with an address that is not theirs.
      const waiting = page.getByText(accountOrders.guestOrdersOnceConfirmed(account.email));
      await expect(waiting).toBeVisible();
      const asGuest = await openOrder(request, account.email, "buy-now");
      const paid = await request.post(asGuest.url, { form: { intent: "pay", cardNumber: "4242 4242 4242 4242", expiry: CARD.expiry, cvc: CARD.cvc, cardName: CARD.name }, maxRedirects: 0 });
      expect(paid.status(), await paid.text()).toBeLessThan(400);
      const guestCard = page.getByRole("article", { name: `Order ${await orderNumberOf(request, asGuest.sessionId)}` });
      await page.reload();
      await expect(card).toBeVisible();
      await expect(guestCard).toHaveCount(0);
      // The link mailed at sign-up works for an hour: the page sends another on request.
      const links = () => mailsContaining(serverOutbox(), `To: ${account.email}`).filter((mail) => mail.includes("Subject: Verify your e-mail address"));
      await expect.poll(() => links().length, { timeout: 20_000 }).toBe(1);
      const first = links()[0];
      await page.getByRole("button", { name: accountConfirmation.resend }).click();
      await expect(page.getByRole("status").filter({ hasText: accountConfirmation.sent(account.email) })).toBeVisible();
      await expect.poll(() => links().length, { timeout: 20_000 }).toBe(2);
      const link = decodeQuotedPrintable(links().find((mail) => mail !== first)!).match(/https?:\/\/\S+/)?.[0];
      // Opened where nobody is signed in (whoever reads that mailbox need not be the account
      // holder), the link confirms nothing: the guest order stays out.
      expect((await request.get(link!)).ok()).toBe(true);
      await page.reload();
      await expect(card).toBeVisible();
      await expect(guestCard).toHaveCount(0);
      await expect(waiting).toBeVisible();
      // Opened in this browser, signed in to the account: confirmed, and the guest order joins.
      expect((await page.request.get(link!)).ok()).toBe(true);
      await page.reload();
      await expect(guestCard).toBeVisible();
      await expect(card).toBeVisible();
      await expect(waiting).toHaveCount(0);
    } finally {
      await api.dispose();
    }
  });

  test("a guest looks an order up by number and e-mail; a wrong e-mail gets the neutral message", async ({ page, request }, testInfo) => {
    const email = uniqueEmail("lookup");
    const order = await openOrder(request, email);
    // Paid through the payment form, posted as a browser without JavaScript would.
    const paid = await request.post(`/pay/${order.sessionId}`, {
      form: { intent: "pay", cardNumber: "4242 4242 4242 4242", expiry: CARD.expiry, cvc: CARD.cvc, cardName: CARD.name },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(302);
    const number = await orderNumberOf(request, order.sessionId);

    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Track your order" }).click();
    await expect(page).toHaveURL(/\/orders\/lookup$/);
    await waitForHydration(page);
    await field(page, "Order number").fill(number);
    await field(page, "Email").fill(`someone-else-${email}`);
    await page.getByRole("button", { name: orderLookup.submit }).click();
    await expect(page.getByRole("alert")).toHaveText(orderLookup.notFound);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, "lookup-not-found");

    await field(page, "Order number").fill(number.slice(1).toLowerCase());
    await field(page, "Email").fill(email.toUpperCase());
    await page.getByRole("button", { name: orderLookup.submit }).click();
    const card = page.getByRole("article", { name: `Order ${number}` });
    await expect(card).toBeVisible();
    await expect(card.getByText("Processing", { exact: true })).toHaveAttribute("data-tone", "blue");
    // Where the parcel goes (the lookup never said).
    await expect(card.getByTestId("delivery-address")).toHaveText("1 Savile Row, London, W1S 3PR, United Kingdom");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, testInfo, "lookup-found");
  });
});
