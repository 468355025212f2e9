// An owner runs a discount code from start to end, on desktop (1280 px) and on a 390 px phone
// (admin.md sections 2, 4, 5, 8; issue 14): the Create Discount dialog refuses missing fields and
// a percentage above 100, creates the code (the form resets), refuses the same code again, the
// edit dialog turns it into a fixed amount with a usage limit, shoppers use it at checkout until
// the limit (one through the checkout page), the next shopper is refused and the owner sees Used
// Up; deleting it asks first and deactivates it because orders carry it, while an unused code is
// deleted after confirmation.
import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import { GUEST_CART_KEY } from "../../src/domain/guest-cart.ts";
import { adminDiscounts } from "../../src/domain/messages/admin-discounts.ts";
import { adminSecurity } from "../../src/domain/messages/admin-security.ts";
import { confirmation } from "../../src/domain/messages/orders.ts";
import { checkout as checkoutMessages } from "../../src/domain/messages/checkout.ts";
import { DISCOUNT_RESERVATION_MINUTES } from "../../src/domain/discounts.ts";
import { discounts } from "../../src/domain/messages/discounts.ts";
import { paymentPage } from "../../src/domain/messages/payment-page.ts";
import { requestErrors } from "../../src/domain/messages/requests.ts";
import { TEST_CARDS } from "../../src/domain/test-cards.ts";
import { expectRefusedField, signInAsAdmin, uniqueBuyer } from "./admin-helpers.ts";
import { apiContext, expectNoSeriousA11yViolations, findProduct, screenshot, toasts, waitForHydration, type ApiProduct } from "./helpers.ts";

test.use({ bypassCSP: true });

const UK_ADDRESS = { address: "1 Savile Row", city: "London", state: "", postalCode: "W1S 3PR", country: "United Kingdom" };

const someProduct = (request: APIRequestContext) => findProduct(request, (p) => p.category === "kaftan" && p.inStock && p.stock >= 50 && p.images.length > 0 && p.price >= 2000);

function uniqueCode(label: string, testInfo: TestInfo): string {
  return `${label}${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
}

/** A guest checks out one unit with the code through the JSON API and pays on the local payment page. */
async function checkoutWithCode(request: APIRequestContext, product: ApiProduct, code: string, label: string, project: string) {
  const buyer = uniqueBuyer(label, project);
  const line = { product_id: product.id, quantity: 1, selected_size: product.sizes[0] ?? null, selected_color: product.colors[0] ?? null };
  const opened = await request.post("/api/checkout", { data: { source: "cart", items: [line], customerInfo: buyer, shippingAddress: UK_ADDRESS, discountCode: code.toLowerCase() } });
  expect(opened.status(), await opened.text()).toBe(201);
  const { sessionId } = (await opened.json()) as { sessionId: string };
  const paid = await request.post(`/pay/${sessionId}`, { form: { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", cardName: "Zanele Test" }, maxRedirects: 0 });
  expect(paid.status(), await paid.text()).toBe(302);
  const verified = await request.post("/api/checkout/verify", { data: { sessionId } });
  expect(((await verified.json()) as { success: boolean }).success).toBe(true);
}

/** A guest with one unit of `product` in the cart, on the hydrated checkout page. */
async function guestAtCheckout(shop: Page, product: ApiProduct) {
  await shop.goto("/");
  await shop.evaluate(
    ([key, line]) => window.localStorage.setItem(key, JSON.stringify([line])),
    [GUEST_CART_KEY, { product_id: product.id, quantity: 1, selected_size: product.sizes[0] ?? null, selected_color: product.colors[0] ?? null, created_at: new Date().toISOString() }] as const,
  );
  await shop.goto("/checkout");
  await waitForHydration(shop);
}

/** The checkout page filled in for a UK address with `code` applied, ready to pay. */
async function checkoutPageWithCode(shop: Page, product: ApiProduct, code: string, buyer: { firstName: string; lastName: string; email: string }) {
  await guestAtCheckout(shop, product);
  await shop.getByLabel("First name").fill(buyer.firstName);
  await shop.getByLabel("Last name").fill(buyer.lastName);
  await shop.getByLabel("Email").fill(buyer.email);
  await shop.getByLabel("Street address").fill("1 Savile Row");
  await shop.getByLabel("City").fill("London");
  await shop.getByLabel("Postal/ZIP code").fill("W1S 3PR");
  await shop.getByLabel("Discount code").fill(code.toLowerCase());
  await shop.getByRole("button", { name: "Apply" }).click();
  await expect(toasts(shop).filter({ hasText: checkoutMessages.discountApplied(code) })).toBeVisible();
  await expect(shop.getByText(`Discount (${code})`)).toBeVisible();
}

/** Pays on the test payment page with the card that succeeds, and waits for the confirmation. */
async function payOnTestPage(shop: Page) {
  await shop.getByLabel("Card number").fill(TEST_CARDS.succeeds);
  await shop.getByLabel("Expiry (MM/YY)").fill("12/40");
  await shop.getByLabel("CVC").fill("123");
  await shop.getByLabel("Name on card").fill("Zanele Test");
  await shop.getByRole("button", { name: /^Pay £/ }).click();
  await expect(shop).toHaveURL(/\/order-confirmation\/cs_/);
  await expect(toasts(shop).filter({ hasText: confirmation.paymentConfirmed })).toBeVisible();
}

const row = (page: Page, code: string): Locator => page.locator(`tr[data-code="${code}"]`);

async function openDiscounts(page: Page) {
  await page.goto("/admin/discounts");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: adminDiscounts.title })).toBeVisible();
}

/** Makes a code of 20% off with 5 uses through the API and opens its edit dialog; answers the code's id. */
async function editTwentyOff(page: Page, code: string): Promise<string> {
  const made = await page.request.post("/api/admin/discounts", { data: { code, description: "Twenty off", discount_type: "percentage", discount_value: 20, usage_limit: 5, expires_at: "2099-12-31" } });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  await openDiscounts(page);
  await row(page, code).getByRole("button", { name: adminDiscounts.editLabel(code) }).click();
  return id;
}

test("an owner creates, edits and retires a discount code that shoppers use up at checkout", async ({ page, browser, playwright }, testInfo) => {
  test.setTimeout(90_000);
  const project = testInfo.project.name;
  await signInAsAdmin(page);
  await openDiscounts(page);
  await screenshot(page, testInfo, "discounts-page");

  // Create: missing fields and a percentage above 100 are refused with clear messages.
  await page.getByRole("button", { name: discounts.createDiscount }).click();
  const create = page.getByRole("dialog", { name: discounts.createDiscount });
  await expect(create).toBeVisible();
  await expect(create.getByLabel(adminDiscounts.fields.code)).toBeFocused();
  await create.getByRole("button", { name: discounts.createDiscount }).click();
  await expectRefusedField(create.getByLabel(adminDiscounts.fields.code), discounts.requiredFields);
  // Both required fields were empty: both say so, not only the first.
  await expectRefusedField(create.getByLabel("Discount Value (%)"), discounts.requiredFields, { focused: false });

  const code = uniqueCode("e2e", testInfo);
  await create.getByLabel(adminDiscounts.fields.code).fill(code.toLowerCase());
  // Filling one in clears its mark; the other keeps it until it is filled in too.
  await expect(create.getByLabel(adminDiscounts.fields.code)).not.toHaveAttribute("aria-invalid", "true");
  await expectRefusedField(create.getByLabel("Discount Value (%)"), discounts.requiredFields, { focused: false });
  await create.getByLabel(adminDiscounts.fields.description).fill("Autumn sale");
  await expect(create.getByLabel(adminDiscounts.fields.discountType)).toHaveValue("percentage");
  await create.getByLabel("Discount Value (%)").fill("150");
  await create.getByRole("button", { name: discounts.createDiscount }).click();
  await expectRefusedField(create.getByLabel("Discount Value (%)"), discounts.percentageTooHigh);
  await expect(create.getByLabel(adminDiscounts.fields.code)).not.toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "discounts-refused-percentage");
  await create.getByLabel("Discount Value (%)").fill("-10");
  await create.getByRole("button", { name: discounts.createDiscount }).click();
  await expectRefusedField(create.getByLabel("Discount Value (%)"), discounts.valueMustBePositive);
  await create.getByLabel("Discount Value (%)").fill("10");
  // Corrected, the field no longer carries the refusal.
  await expect(create.getByLabel("Discount Value (%)")).not.toHaveAttribute("aria-invalid", "true");
  await expect(create.getByText(discounts.valueMustBePositive)).toHaveCount(0);
  await expect(create.getByRole("switch", { name: adminDiscounts.fields.active })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "discounts-create-dialog");
  await create.getByRole("button", { name: discounts.createDiscount }).click();

  await expect(toasts(page).filter({ hasText: discounts.created })).toBeVisible();
  await expect(create).toBeHidden();
  const created = row(page, code);
  await expect(created).toContainText(code); // forced to upper case
  await expect(created).toContainText("Autumn sale");
  await expect(created).toContainText("Percentage");
  await expect(created).toContainText("10%");
  await expect(created).toContainText("0/∞");
  await expect(created).toContainText("Active");

  // The form was reset; the same code again is refused by the server; Escape closes the dialog.
  await page.getByRole("button", { name: discounts.createDiscount }).click();
  await expect(create.getByLabel(adminDiscounts.fields.code)).toHaveValue("");
  await expect(create.getByLabel("Discount Value (%)")).toHaveValue("");
  await create.getByLabel(adminDiscounts.fields.code).fill(code);
  await create.getByLabel("Discount Value (%)").fill("5");
  await create.getByRole("button", { name: discounts.createDiscount }).click();
  await expectRefusedField(create.getByLabel(adminDiscounts.fields.code), discounts.alreadyExists);
  await screenshot(page, testInfo, "discounts-duplicate");
  await page.keyboard.press("Escape");
  await expect(create).toBeHidden();
  await expect(page.getByRole("button", { name: discounts.createDiscount })).toBeFocused();
  await expect(page.locator("tr[data-code]").filter({ hasText: code })).toHaveCount(1);

  // Edit: a fixed £5 off with a usage limit of 2.
  await created.getByRole("button", { name: adminDiscounts.editLabel(code) }).click();
  const edit = page.getByRole("dialog", { name: adminDiscounts.editDiscount });
  await expect(edit.getByLabel(adminDiscounts.fields.code)).toHaveValue(code);
  await expect(edit.getByLabel("Discount Value (%)")).toHaveValue("10");
  await edit.getByLabel(adminDiscounts.fields.discountType).selectOption({ label: "Fixed Amount" });
  await edit.getByLabel("Discount Value (£)").fill("5");
  await edit.getByLabel(adminDiscounts.fields.usageLimit).fill("2");
  await screenshot(page, testInfo, "discounts-edit-dialog");
  await edit.getByRole("button", { name: adminDiscounts.save }).click();
  await expect(toasts(page).filter({ hasText: discounts.updated })).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(created).toContainText("Fixed Amount");
  await expect(created).toContainText("£5.00");
  await expect(created).toContainText("0/2");

  // Shoppers: one through the API, one through the checkout page; then the code is used up.
  const product = await someProduct(page.request);
  const shopperApi = await apiContext(playwright, testInfo);
  await checkoutWithCode(shopperApi, product, code, "discount-first", project);
  await shopperApi.dispose();

  const shopper = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: page.viewportSize(), bypassCSP: true });
  const shop = await shopper.newPage();
  await checkoutPageWithCode(shop, product, code, uniqueBuyer("discount-second", project));
  await shop.getByRole("main").getByRole("button", { name: /^Pay / }).click();
  await expect(shop).toHaveURL(/\/pay\/cs_/);
  await payOnTestPage(shop);

  // The next shopper is told the code has reached its limit.
  await shopper.clearCookies();
  await guestAtCheckout(shop, product);
  await shop.getByLabel("Discount code").fill(code);
  await shop.getByRole("button", { name: "Apply" }).click();
  await expect(toasts(shop).filter({ hasText: discounts.usedUp })).toBeVisible();
  await shopper.close();

  await openDiscounts(page);
  await expect(created).toContainText("2/2");
  await expect(created).toContainText("Used Up");
  await expect(created).toContainText(adminDiscounts.usedOn(2, 0));
  await screenshot(page, testInfo, "discounts-used-up");
  // "Used on 2 orders" lists them: the orders search finds the orders a code was used on.
  await created.getByRole("link", { name: adminDiscounts.usedOn(2, 0) }).click();
  await expect(page).toHaveURL(`/admin/orders?search=${code}`);
  await expect(page.getByRole("article", { name: /^Order #/ })).toHaveCount(2);
  // Each card says what lies between its lines and its total: the code's discount.
  await expect(page.getByRole("article", { name: /^Order #/ }).first().locator("[data-order-adjustments]")).toContainText(`Discount (${code}) -£`);
  await openDiscounts(page);

  // Delete asks first; the code is on orders, so it is deactivated instead.
  await created.getByRole("button", { name: adminDiscounts.deleteLabel(code) }).click();
  const confirmUsed = page.getByRole("alertdialog", { name: adminDiscounts.confirmDeactivateTitle(code) });
  await expect(confirmUsed).toContainText(adminDiscounts.confirmDeactivateBody(2));
  await expect(confirmUsed.getByRole("button", { name: adminDiscounts.cancel })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "discounts-confirm-deactivate");
  await confirmUsed.getByRole("button", { name: adminDiscounts.deactivate }).click();
  await expect(toasts(page).filter({ hasText: adminDiscounts.deactivatedInstead(code, 2) })).toBeVisible();
  await expect(created).toContainText("Inactive");

  // An unused code: Cancel keeps it; confirming deletes it.
  const unused = uniqueCode("gone", testInfo);
  const made = await page.request.post("/api/admin/discounts", { data: { code: unused, discount_type: "fixed", discount_value: 3, expires_at: "2099-12-31" } });
  expect(made.status(), await made.text()).toBe(201);
  await openDiscounts(page);
  const unusedRow = row(page, unused);
  await expect(unusedRow).toContainText("£3.00");
  await unusedRow.getByRole("button", { name: adminDiscounts.deleteLabel(unused) }).click();
  const confirmDelete = page.getByRole("alertdialog", { name: adminDiscounts.confirmDeleteTitle(unused) });
  await expect(confirmDelete).toContainText(adminDiscounts.confirmDeleteBody);
  await confirmDelete.getByRole("button", { name: adminDiscounts.cancel }).click();
  await expect(confirmDelete).toBeHidden();
  await expect(unusedRow).toBeVisible();
  await unusedRow.getByRole("button", { name: adminDiscounts.deleteLabel(unused) }).click();
  await confirmDelete.getByRole("button", { name: adminDiscounts.delete, exact: true }).click();
  await expect(toasts(page).filter({ hasText: discounts.deleted })).toBeVisible();
  await expect(unusedRow).toHaveCount(0);
  await screenshot(page, testInfo, "discounts-after-delete");
});

test("a code holding a right-to-left override is refused inside the dialog, against the code, not with the error screen", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  await openDiscounts(page);
  await page.getByRole("button", { name: discounts.createDiscount }).click();
  const create = page.getByRole("dialog", { name: discounts.createDiscount });
  const code = uniqueCode("rtl", testInfo);
  // U+202E shows what follows it reversed: "SAVE10" would read as another code in the list.
  await create.getByLabel(adminDiscounts.fields.code).fill(`${code}\u202e01`);
  await create.getByLabel("Discount Value (%)").fill("10");
  await create.getByRole("button", { name: discounts.createDiscount }).click();
  await expectRefusedField(create.getByLabel(adminDiscounts.fields.code), requestErrors.unstorableText);
  // The page and the dialog stay, with what was typed; nothing was created.
  await expect(page.getByRole("heading", { level: 1, name: adminDiscounts.title })).toBeVisible();
  await expect(create.getByLabel("Discount Value (%)")).toHaveValue("10");
  await screenshot(page, testInfo, "discounts-refused-bidi");
  // Corrected, the same dialog saves it.
  await create.getByLabel(adminDiscounts.fields.code).fill(code);
  await create.getByRole("button", { name: discounts.createDiscount }).click();
  await expect(toasts(page).filter({ hasText: discounts.created })).toBeVisible();
  await expect(page.locator("tr[data-code]").filter({ hasText: code })).toHaveCount(1);
});

test("a code that covers the whole order completes it without a card, as Stripe does", async ({ page, browser }, testInfo) => {
  await signInAsAdmin(page);
  const code = uniqueCode("free", testInfo);
  const made = await page.request.post("/api/admin/discounts", { data: { code, discount_type: "percentage", discount_value: 100, expires_at: "2099-12-31" } });
  expect(made.status(), await made.text()).toBe(201);
  const product = await someProduct(page.request);

  const shopper = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: page.viewportSize(), bypassCSP: true });
  const shop = await shopper.newPage();
  await checkoutPageWithCode(shop, product, code, uniqueBuyer("discount-free", testInfo.project.name));
  await shop.getByRole("main").getByRole("button", { name: paymentPage.placeFreeOrder }).click();
  await expect(shop).toHaveURL(/\/pay\/cs_/);
  await expect(shop.getByTestId("amount-due")).toHaveText("£0.00");
  await expect(shop.getByRole("heading", { name: paymentPage.freeHeading })).toBeVisible();
  await expect(shop.getByLabel("Card number")).toHaveCount(0);
  await screenshot(shop, testInfo, "pay-nothing-to-pay");
  await shop.getByRole("button", { name: paymentPage.placeFreeOrder }).click();
  await expect(shop).toHaveURL(/\/order-confirmation\/cs_/);
  // Nothing was paid, so the confirmation does not say "Payment confirmed".
  await expect(shop.getByRole("heading", { level: 1, name: confirmation.orderConfirmedNothingPaid })).toBeVisible();
  await expect(toasts(shop).filter({ hasText: confirmation.orderConfirmedNothingPaid })).toBeVisible();
  await expect(shop.getByText(confirmation.paymentConfirmed)).toHaveCount(0);
  await screenshot(shop, testInfo, "confirmation-nothing-paid");
  await shopper.close();
});

test("Back from the payment page keeps a one-use code applied, and the shopper pays with it after correcting the e-mail", async ({ page, browser }, testInfo) => {
  await signInAsAdmin(page);
  const code = uniqueCode("once", testInfo);
  const made = await page.request.post("/api/admin/discounts", { data: { code, discount_type: "percentage", discount_value: 20, usage_limit: 1, expires_at: "2099-12-31" } });
  expect(made.status(), await made.text()).toBe(201);
  const product = await someProduct(page.request);

  const shopper = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: page.viewportSize(), bypassCSP: true });
  const shop = await shopper.newPage();
  const buyer = uniqueBuyer("discount-back", testInfo.project.name);
  await checkoutPageWithCode(shop, product, code, { ...buyer, email: buyer.email.replace("@", "-typo@") });
  const pay = shop.getByRole("main").getByRole("button", { name: /^Pay / });
  const withCode = (await pay.textContent())!;
  await pay.click();
  await expect(shop).toHaveURL(/\/pay\/cs_/);

  // Back to fix the e-mail: the code is still applied (it was dropped, and the full price charged).
  await shop.goBack();
  await expect(shop).toHaveURL(/\/checkout$/);
  await expect(shop.getByText(`Discount (${code})`)).toBeVisible();
  await expect(pay).toHaveText(withCode);
  // Its one use is held by this cart's own first checkout, which the next one closes: not "used up".
  await shop.getByLabel("Email").fill(buyer.email);
  await pay.click();
  await expect(shop).toHaveURL(/\/pay\/cs_/);
  await expect(shop.getByTestId("amount-due")).toHaveText(withCode.replace("Pay ", ""));
  await payOnTestPage(shop);
  await shopper.close();
});

test("Enter in the code field applies the code; a code refused after it leaves the applied one in place", async ({ page, browser }, testInfo) => {
  await signInAsAdmin(page);
  const ten = uniqueCode("ten", testInfo);
  const big = uniqueCode("big", testInfo);
  for (const data of [
    { code: ten, discount_type: "percentage", discount_value: 10, expires_at: "2099-12-31" },
    { code: big, discount_type: "fixed", discount_value: 5, min_order_amount: 1000, expires_at: "2099-12-31" },
  ]) {
    const made = await page.request.post("/api/admin/discounts", { data });
    expect(made.status(), await made.text()).toBe(201);
  }
  const product = await someProduct(page.request);
  const shopper = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: page.viewportSize(), bypassCSP: true });
  const shop = await shopper.newPage();
  await guestAtCheckout(shop, product);
  const field = shop.getByLabel("Discount code");
  await field.fill(ten.toLowerCase());
  await field.press("Enter");
  await expect(toasts(shop).filter({ hasText: checkoutMessages.discountApplied(ten) })).toBeVisible();
  await expect(shop.getByText(`Discount (${ten})`)).toBeVisible();
  // The order form was not sent: nothing asks for the customer's details.
  await expect(shop.getByRole("alert").filter({ hasText: checkoutMessages.customerInfoRequired })).toHaveCount(0);

  await field.fill(big);
  await field.press("Enter");
  await expect(toasts(shop).filter({ hasText: discounts.minimumNotReached("£1,000.00") })).toBeVisible();
  await expect(shop.getByText(`Discount (${ten})`)).toBeVisible();
  // The refusal took the place of the old "applied" toast: no two answers side by side.
  await expect(toasts(shop).filter({ hasText: checkoutMessages.discountApplied(ten) })).toHaveCount(0);

  // An applied code can be taken off.
  await shop.getByRole("button", { name: checkoutMessages.removeDiscount }).click();
  await expect(shop.getByText(`Discount (${ten})`)).toHaveCount(0);
  await expect(toasts(shop).filter({ hasText: checkoutMessages.discountRemoved(ten) })).toBeVisible();
  await shopper.close();
});

test("the discount dialog names every field's problem at once, each beside its field", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  await openDiscounts(page);
  await page.getByRole("button", { name: discounts.createDiscount }).click();
  const create = page.getByRole("dialog", { name: discounts.createDiscount });
  await create.getByLabel(adminDiscounts.fields.code).fill(uniqueCode("three", testInfo));
  await create.getByLabel("Discount Value (%)").fill("150");
  await create.getByLabel(`${adminDiscounts.fields.minOrderAmount} (£)`).fill("-10");
  await create.getByLabel(adminDiscounts.fields.usageLimit).fill("0");
  await create.getByRole("button", { name: discounts.createDiscount }).click();
  await expectRefusedField(create.getByLabel("Discount Value (%)"), discounts.percentageTooHigh);
  await expectRefusedField(create.getByLabel(`${adminDiscounts.fields.minOrderAmount} (£)`), discounts.minimumNotNegative, { focused: false });
  await expectRefusedField(create.getByLabel(adminDiscounts.fields.usageLimit), discounts.invalidUsageLimit, { focused: false });
  await screenshot(page, testInfo, `discounts-three-problems-${testInfo.project.name}`);
  // Correcting one clears its own message only.
  await create.getByLabel(adminDiscounts.fields.usageLimit).fill("5");
  await expect(create.getByLabel(adminDiscounts.fields.usageLimit)).not.toHaveAttribute("aria-invalid", "true");
  await expectRefusedField(create.getByLabel(`${adminDiscounts.fields.minOrderAmount} (£)`), discounts.minimumNotNegative, { focused: false });
});

test("deleting a code with the keyboard leaves the focus on the Delete button of the row now in its place", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  const codes = [uniqueCode("older", testInfo), uniqueCode("newer", testInfo)];
  for (const code of codes) {
    const made = await page.request.post("/api/admin/discounts", { data: { code, discount_type: "fixed", discount_value: 2, expires_at: "2099-12-31" } });
    expect(made.status(), await made.text()).toBe(201);
  }
  await openDiscounts(page);
  const goner = row(page, codes[1]!).getByRole("button", { name: adminDiscounts.deleteLabel(codes[1]!) });
  const gonerId = await goner.getAttribute("data-removes");
  await goner.focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog", { name: adminDiscounts.confirmDeleteTitle(codes[1]!) });
  await confirm.getByRole("button", { name: adminDiscounts.delete, exact: true }).press("Enter");
  await expect(toasts(page).filter({ hasText: discounts.deleted })).toBeVisible();
  await expect(row(page, codes[1]!)).toHaveCount(0);
  // Another row's Delete (the shop's codes are shared with other tests, which add and remove
  // rows meanwhile, so which row is not fixed): not <body>.
  const focused = page.locator("[data-removes]:focus");
  await expect(focused).toHaveCount(1);
  expect(await focused.getAttribute("data-removes")).not.toBe(gonerId);
});

test("an edit saved with nothing changed says 'No changes to save' and leaves no entry in the audit trail", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  const code = uniqueCode("same", testInfo);
  const id = await editTwentyOff(page, code);
  const edit = page.getByRole("dialog", { name: adminDiscounts.editDiscount });
  await expect(edit.getByLabel(adminDiscounts.fields.code)).toHaveValue(code);
  await edit.getByRole("button", { name: adminDiscounts.save }).click();
  await expect(toasts(page).filter({ hasText: discounts.noChanges })).toBeVisible();
  await expect(toasts(page).filter({ hasText: discounts.updated })).toHaveCount(0);
  await expect(edit).toBeHidden();
  // The Security page's audit trail has the code's creation, and no update of it.
  const entries = (action: string) => page.locator(`[data-audit-action="${action}"]`).filter({ has: page.locator("[data-audit-subject]", { hasText: code }) });
  await page.goto("/admin/security?action=discount.created");
  await expect(entries("discount.created")).toHaveCount(1);
  await page.goto("/admin/security?action=discount.updated");
  await expect(page.getByRole("list", { name: adminSecurity.auditTitle }).or(page.getByText(adminSecurity.noMatches))).toBeVisible();
  await expect(entries("discount.updated")).toHaveCount(0);
  // A real change is still recorded.
  expect((await page.request.patch(`/api/admin/discounts/${id}`, { data: { usage_limit: 6 } })).status()).toBe(200);
  await page.reload();
  await expect(entries("discount.updated")).toHaveCount(1);
});

test("an edit dialog opened before another admin's save keeps their switch-off, and a field both changed is refused with what it is now", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  const code = uniqueCode("stale", testInfo);
  const id = await editTwentyOff(page, code);
  const stored = async () => (await (await page.request.get(`/api/admin/discounts/${id}`)).json()) as { description: string; usage_limit: number; is_active: boolean };
  const edit = page.getByRole("dialog", { name: adminDiscounts.editDiscount });
  const active = edit.getByRole("switch", { name: adminDiscounts.fields.active });
  await expect(active).toBeChecked();
  await expect(active).toHaveAccessibleDescription(adminDiscounts.activeHint(DISCOUNT_RESERVATION_MINUTES));

  // Meanwhile another admin switches the code off (it leaked) and lowers its limit.
  expect((await page.request.patch(`/api/admin/discounts/${id}`, { data: { is_active: false, usage_limit: 3 } })).status()).toBe(200);

  // This dialog, still showing the code on with 5 uses, changes the description and the limit.
  await edit.getByLabel(adminDiscounts.fields.description).fill("Spring sale");
  await edit.getByLabel(adminDiscounts.fields.usageLimit).fill("10");
  await edit.getByRole("button", { name: adminDiscounts.save }).click();
  await expect(edit.getByRole("alert").filter({ hasText: adminDiscounts.changedMeanwhile("usage limit") })).toBeVisible();
  await expectRefusedField(edit.getByLabel(adminDiscounts.fields.usageLimit), adminDiscounts.changedTo("3"));
  await expect(edit.getByLabel(adminDiscounts.fields.usageLimit)).toHaveValue("10");
  // The field this dialog left alone shows what the other admin saved.
  await expect(active).not.toBeChecked();
  await expect(edit.getByLabel(adminDiscounts.fields.description)).toHaveValue("Spring sale");
  expect(await stored()).toMatchObject({ description: "Twenty off", usage_limit: 3, is_active: false });
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, `discounts-changed-meanwhile-${testInfo.project.name}`);

  // Saved again as it stands, the limit replaces theirs; the code stays off.
  await edit.getByRole("button", { name: adminDiscounts.save }).click();
  await expect(toasts(page).filter({ hasText: discounts.updated })).toBeVisible();
  await expect(edit).toBeHidden();
  expect(await stored()).toMatchObject({ description: "Spring sale", usage_limit: 10, is_active: false });
  await expect(row(page, code)).toContainText("Inactive");
});
