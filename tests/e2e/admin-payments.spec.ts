// Payments and refunds in the back office (issue 14), on desktop (1280 px) and a 390 px phone: a
// paid order refunded in part and then in full from its page (units back in stock, the customer's
// e-mails in the outbox, the timeline), and the Stripe screen with data and with a search that
// matches nothing; a signed-in shopper sees Access Denied there.
import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import { adminAccess, adminFulfilment, adminOrders, adminPayments, adminRefunds } from "../../src/domain/messages/admin.ts";
import { orderCard } from "../../src/domain/messages/orders.ts";
import { orderMails } from "../../src/domain/messages/order-mails.ts";
import { formatGbp, penceToPounds } from "../../src/domain/money.ts";
import { formatOrderNumber } from "../../src/domain/order-number.ts";
import { orderLineLabel } from "../../src/domain/admin/order-display.ts";
import { adminJourneyProduct, expectRefusedField, orderAsItsCustomerSeesIt, signInAsAdmin } from "./admin-helpers.ts";
import {
  apiContext,
  expectNoSeriousA11yViolations,
  mailsContaining,
  newAccount,
  screenshot as fullPageScreenshot,
  serverOutbox,
  signUpThroughForm,
  toasts,
  waitForHydration,
  expectNoSidewaysScroll,
} from "./helpers.ts";

test.use({ bypassCSP: true });

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullPageScreenshot(page, testInfo, name);
}

async function expectToast(page: Page, text: string) {
  await expect(toasts(page).filter({ hasText: text }).first()).toBeVisible();
}

/** Two units of one product, paid on the local payment page; the admin API's view of the order. */
async function paidOrder(page: Page, request: APIRequestContext, customer: { firstName: string; lastName: string; email: string }) {
  const product = await adminJourneyProduct(request);
  const line = { product_id: product.id, quantity: 2, selected_size: product.sizes[0] ?? null, selected_color: product.colors[0] ?? null };
  const opened = await request.post("/api/checkout", {
    data: { source: "cart", items: [line], customerInfo: { ...customer, phone: "" }, shippingAddress: { address: "1 Savile Row", city: "London", state: "", postalCode: "W1S 3PR", country: "United Kingdom" } },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const { sessionId } = (await opened.json()) as { sessionId: string };
  const paid = await request.post(`/pay/${sessionId}`, { form: { intent: "pay", cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", cardName: customer.firstName }, maxRedirects: 0 });
  expect(paid.status()).toBe(302);
  const verified = await request.post("/api/checkout/verify", { data: { sessionId } });
  expect(((await verified.json()) as { success: boolean }).success).toBe(true);
  const listed = await page.request.get(`/api/admin/orders?search=${encodeURIComponent(customer.email)}`);
  const { items } = (await listed.json()) as { items: { id: string; totalAmount: number; paymentSessionId: string; items: { productName: string; size: string | null }[] }[] };
  const order = items.find((item) => item.paymentSessionId === sessionId)!;
  // lineName: the line as the dialog and the timeline name it, with its size.
  return { id: order.id, number: formatOrderNumber(order.id), totalPence: order.totalAmount, productName: order.items[0]!.productName, lineName: orderLineLabel(order.items[0]!) };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A line's restock field, named with its size and the most that can go back. */
const restockField = (dialog: Locator, productName: string) => dialog.getByLabel(new RegExp(`^Units of ${escapeRegExp(productName)} \\(.*\\) back to stock, at most \\d+$`));

function uniqueCustomer(label: string, testInfo: TestInfo) {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { firstName: `Abena${unique}`, lastName: "Asante", email: `${label}-${testInfo.project.name}-${unique}@example.com` };
}

test("a paid order is refunded in part, then in full: stock back, the customer e-mailed, the timeline", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const browserErrors: string[] = [];
  page.on("pageerror", (error) => browserErrors.push(error.message));
  await signInAsAdmin(page);
  const customer = uniqueCustomer("refund", testInfo);
  const order = await paidOrder(page, request, customer);

  await page.goto(`/admin/orders/${order.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Order ${order.number}` })).toBeVisible();
  await waitForHydration(page);
  const payment = page.getByRole("region", { name: "Payment" }).or(page.locator("section").filter({ has: page.getByRole("heading", { name: "Payment" }) }));

  // Part: one of the two units came back.
  await page.getByRole("button", { name: adminRefunds.refund }).click();
  const dialog = page.getByRole("dialog", { name: new RegExp(adminRefunds.dialogTitle) });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(adminRefunds.amount)).toHaveValue(penceToPounds(order.totalPence));
  // More than was paid, then no reason: each refused on its field, with the cursor on it.
  await dialog.getByLabel(adminRefunds.amount).fill(penceToPounds(order.totalPence + 1));
  await dialog.getByRole("button", { name: adminRefunds.continue }).click();
  await expectRefusedField(dialog.getByLabel(adminRefunds.amount), adminRefunds.amountTooHigh(formatGbp(order.totalPence)));
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "admin-refund-refused");
  await dialog.getByLabel(adminRefunds.amount).fill("10.00");
  await dialog.getByRole("button", { name: adminRefunds.continue }).click();
  await expectRefusedField(dialog.getByLabel(adminRefunds.reason), adminRefunds.reasonRequired);
  await expect(dialog.getByLabel(adminRefunds.amount)).not.toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel(adminRefunds.reason).fill("One jacket returned unworn");
  await dialog.getByLabel(adminRefunds.restock).check();
  // Part of the money: no unit is assumed back; the owner counts them.
  await expect(restockField(dialog, order.productName)).toHaveValue("0");
  await expect(dialog.getByText(adminRefunds.restockChooseHint)).toBeVisible();
  // Ticked with every count at 0 would put nothing back: the dialog asks rather than goes on.
  await dialog.getByRole("button", { name: adminRefunds.continue }).click();
  await expect(dialog.getByRole("alert")).toHaveText(adminRefunds.restockNoneChosen);
  await expect(dialog.getByRole("button", { name: adminRefunds.continue })).toBeVisible();
  // What the line cost is beside the form (no discount on this order: its line total).
  await expect(dialog.locator("[data-paid-per-line]")).toContainText(adminRefunds.paidPerLine);
  await expect(dialog.locator("[data-paid-per-line]")).toContainText(adminRefunds.unitsLine(2, order.lineName));
  // The most that can go back is beside the field, and more is brought down to it.
  await expect(dialog.locator("[data-restock-most]")).toHaveText(adminRefunds.restockOf(2));
  await restockField(dialog, order.productName).fill("3");
  await expect(restockField(dialog, order.productName)).toHaveValue("2");
  // Cleared by hand, the field is empty (not a 0 to type after: "01"), and reads what comes next.
  await restockField(dialog, order.productName).press("ControlOrMeta+a");
  await restockField(dialog, order.productName).press("Backspace");
  await expect(restockField(dialog, order.productName)).toHaveValue("");
  await restockField(dialog, order.productName).press("1");
  await expect(restockField(dialog, order.productName)).toHaveValue("1");
  await screenshot(page, testInfo, "admin-refund-dialog");
  await dialog.getByRole("button", { name: adminRefunds.continue }).click();
  await expect(dialog.getByText(adminRefunds.confirmQuestion("£10.00", "local"))).toBeVisible();
  await expect(dialog.getByText("through the built-in test payments?")).toBeVisible();
  // The confirmation says what goes back to stock too: the one unit, not both prefilled.
  await expect(dialog.locator("[data-refund-restock]")).toContainText(adminRefunds.unitsLine(1, order.productName));
  await dialog.getByRole("button", { name: adminRefunds.confirm("£10.00") }).click();
  await expectToast(page, adminRefunds.refunded("£10.00"));
  await expect(dialog).toBeHidden();
  await expect(payment.first().locator("[data-tone]")).toHaveText("Partially refunded");
  await expect(page.locator("[data-refunded]")).toHaveText(`-${formatGbp(1_000)}`);
  const timeline = page.getByRole("list", { name: "Timeline" });
  await expect(timeline.getByText(adminRefunds.timelineTitle("£10.00"))).toBeVisible();
  await expect(timeline.getByText(`One jacket returned unworn · ${adminRefunds.backToStock(adminRefunds.unitsLine(1, order.lineName))}`)).toBeVisible();
  await screenshot(page, testInfo, "admin-order-partly-refunded");
  // The orders list says what went back beside the total, without opening the order.
  await page.goto(`/admin/orders?search=${encodeURIComponent(order.number)}`);
  const listed = page.getByRole("article", { name: `Order ${order.number}` });
  await expect(listed.locator("[data-order-refunded]")).toHaveText(adminFulfilment.refundedOfTotal("£10.00"));
  // Part of it is still to be sent: nothing suggests a cancel.
  await expect(listed.getByText(adminFulfilment.refundedOpenNote)).toHaveCount(0);
  // The customer, looking the order up, sees what came back and what they paid in the end.
  const { shopper, card: found } = await orderAsItsCustomerSeesIt(page, testInfo.project.use.baseURL, order.number, customer.email);
  const figure = (term: string) => found.getByRole("term").filter({ hasText: new RegExp(`^${term}$`) }).locator("xpath=following-sibling::dd[1]");
  await expect(figure(orderCard.refunded)).toHaveText(`-${formatGbp(1_000)}`);
  await expect(figure(orderCard.paidAfterRefunds)).toHaveText(formatGbp(order.totalPence - 1_000));
  await screenshot(shopper, testInfo, "shopper-order-partly-refunded");
  await shopper.context().close();

  // The parcel leaves out the unit that went back on the shelf: the slip packs one and says why,
  // and the label counts one.
  await page.goto(`/admin/orders/print?doc=slip&ids=${order.id}`);
  const slip = page.getByRole("article", { name: `Packing slip ${order.number}` });
  await expect(slip.locator("tbody tr")).toHaveCount(1);
  await expect(slip.locator("tbody td").first()).toHaveText("1");
  await expect(slip.getByText("Items: 1")).toBeVisible();
  await expect(slip.locator("[data-slip-not-packed]")).toContainText(`1 x ${order.productName}`);
  await page.goto(`/admin/orders/print?doc=label&ids=${order.id}`);
  await expect(page.getByRole("article", { name: `Shipping label ${order.number}` })).toContainText("Items: 1");
  await page.goto(`/admin/orders/${order.id}`);
  await waitForHydration(page);

  // The rest: the dialog offers what is left, and the other unit goes back too.
  await page.getByRole("button", { name: adminRefunds.refund }).click();
  const rest = order.totalPence - 1_000;
  await expect(dialog.getByLabel(adminRefunds.amount)).toHaveValue(penceToPounds(rest));
  // The line says what of it was refunded and what is left; the box, what went back so far.
  const paidLine = dialog.locator("[data-paid-per-line] [data-paid-line]").filter({ hasText: adminRefunds.unitsLine(2, order.lineName) });
  await expect(paidLine.locator("[data-line-refund-state]")).toHaveText(new RegExp(`^${adminRefunds.lineRefunded(1)}; 1 left \\(£[\\d,]+\\.\\d{2}\\)$`));
  await expect(dialog.locator("[data-refunded-so-far]")).toHaveText(adminRefunds.refundedSoFarOf("£10.00", formatGbp(order.totalPence)));
  await screenshot(page, testInfo, "admin-refund-dialog-after-part");
  await dialog.getByLabel(adminRefunds.reason).fill("Customer cancelled the order");
  await dialog.getByLabel(adminRefunds.restock).check();
  await expect(restockField(dialog, order.productName)).toHaveValue("1");
  await dialog.getByRole("button", { name: adminRefunds.continue }).click();
  const confirm = dialog.getByRole("button", { name: adminRefunds.confirm(formatGbp(rest)) });
  // A double click sends one refund.
  await confirm.dblclick();
  await expectToast(page, adminRefunds.refunded(formatGbp(rest)));
  await expect(payment.first().locator("[data-tone]")).toHaveText("Refunded");
  await expect(page.getByRole("button", { name: adminRefunds.refund })).toHaveCount(0);
  await expect(timeline.getByText(adminRefunds.timelineTitle(formatGbp(rest)))).toBeVisible();

  const refunds = await page.request.get(`/api/admin/orders/${order.id}/refunds`);
  const { refunds: made } = (await refunds.json()) as { refunds: { amountPence: number; restocked: { quantity: number }[] }[] };
  expect(made.map((refund) => refund.amountPence)).toEqual([1_000, rest]);
  expect(made.flatMap((refund) => refund.restocked).reduce((sum, line) => sum + line.quantity, 0)).toBe(2);

  // Both e-mails reach the customer, and the timeline lists them.
  const outbox = serverOutbox();
  await expect.poll(() => mailsContaining(outbox, adminRefunds.mailSubject(order.number)).filter((mail) => mail.includes(customer.email)).length, { timeout: 20_000 }).toBe(2);
  await page.reload();
  await expect(timeline.getByText(new RegExp(`E-mail (sent|queued): ${adminRefunds.mailSubject(order.number)}`))).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "admin-order-refunded");

  // Refunded in full and never sent, it still reads Processing, on the list as on its page: the
  // status card asks for the cancel, which has nothing left to put back in stock; the customer,
  // told of the refund, is not e-mailed again if the owner says so.
  await page.goto(`/admin/orders?search=${encodeURIComponent(order.number)}`);
  await expect(listed.getByText(adminFulfilment.refundedOpenNote)).toBeVisible();
  await screenshot(page, testInfo, "admin-orders-refunded-open");
  await page.goto(`/admin/orders/${order.id}`);
  await waitForHydration(page);
  const status = page.getByLabel(`Status of order ${order.number}`);
  await expect(status).toHaveValue("processing");
  const note = page.getByRole("note").filter({ hasText: adminFulfilment.refundedOpenNote });
  await note.getByRole("button", { name: adminFulfilment.cancelThisOrder }).click();
  const ask = page.getByRole("group", { name: `${adminFulfilment.cancelPaidTitle}: ${order.number}` });
  await expect(ask).toContainText(adminFulfilment.cancelRefundedNote);
  await expect(ask).toContainText(adminFulfilment.cancelNothingToRestock);
  await expect(note).toHaveCount(0);
  const notify = ask.getByLabel(adminFulfilment.cancelNotify);
  await expect(notify).toBeFocused();
  await notify.uncheck();
  await ask.getByRole("button", { name: adminFulfilment.confirmCancel }).click();
  await expectToast(page, adminOrders.statusUpdated);
  await expect(status).toHaveValue("cancelled");
  await expect(note).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel(`Status of order ${order.number}`)).toHaveValue("cancelled");
  await expect(page.getByRole("note").filter({ hasText: adminFulfilment.refundedOpenNote })).toHaveCount(0);
  // The timeline lists a mail once it is queued, in the change's own transaction.
  await expect(timeline.getByText(adminFulfilment.customerNotNotified)).toBeVisible();
  await expect(timeline.getByText(orderMails.cancelledSubject(order.number))).toHaveCount(0);
  expect(browserErrors).toEqual([]);
});

test("a refund the server refuses (another refund came first) goes back to the form with the amount marked", async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const order = await paidOrder(page, request, uniqueCustomer("refund-race", testInfo));
  await page.goto(`/admin/orders/${order.id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: adminRefunds.refund }).click();
  const dialog = page.getByRole("dialog", { name: new RegExp(adminRefunds.dialogTitle) });
  await dialog.getByLabel(adminRefunds.reason).fill("Whole order returned");
  await dialog.getByRole("button", { name: adminRefunds.continue }).click();
  const whole = formatGbp(order.totalPence);
  await expect(dialog.getByRole("button", { name: adminRefunds.confirm(whole) })).toBeVisible();

  // Meanwhile £1 is refunded elsewhere (another admin, the API): the whole amount is now too much.
  const meanwhile = await page.request.post(`/api/admin/orders/${order.id}/refunds`, { data: { amount: "1.00", reason: "Meanwhile", restock: false } });
  expect(meanwhile.ok(), await meanwhile.text()).toBe(true);
  await dialog.getByRole("button", { name: adminRefunds.confirm(whole) }).click();
  const rest = order.totalPence - 100;
  await expectRefusedField(dialog.getByLabel(adminRefunds.amount), adminRefunds.amountTooHigh(formatGbp(rest)));
  // The page read the order again: the form's limit agrees with the refusal.
  await expect(dialog.getByText(adminRefunds.amountHint(formatGbp(rest)))).toBeVisible();
  await screenshot(page, testInfo, "admin-refund-server-refused");

  // Corrected, it is sent again as a new request and goes through.
  await dialog.getByLabel(adminRefunds.amount).fill(penceToPounds(rest));
  await dialog.getByRole("button", { name: adminRefunds.continue }).click();
  await dialog.getByRole("button", { name: adminRefunds.confirm(formatGbp(rest)) }).click();
  await expectToast(page, adminRefunds.refunded(formatGbp(rest)));
  await expect(dialog).toBeHidden();
});

test("the Stripe screen: cards, a transaction found by search, View Details, and a search with no match", async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const customer = uniqueCustomer("stripe", testInfo);
  const order = await paidOrder(page, request, customer);

  await page.goto("/admin/stripe");
  await expect(page.getByRole("heading", { level: 1, name: adminPayments.title })).toBeVisible();
  await waitForHydration(page);
  for (const label of [adminPayments.totalRevenue, adminPayments.totalOrders, adminPayments.paidOrders, adminPayments.pendingOrders]) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.locator("[data-card=revenue] dd").first()).toHaveText(/^£[\d,]+\.\d{2}$/);
  // The local provider: nothing to sync, and the page says why.
  await expect(page.locator("[data-local-provider]")).toBeVisible();
  // The subtitle belongs to the title: on a phone the buttons wrap below it, not between them.
  if (testInfo.project.name === "mobile") {
    const subtitle = (await page.getByText(adminPayments.subtitle, { exact: true }).boundingBox())!;
    const refreshButton = (await page.getByRole("button", { name: adminPayments.refresh }).boundingBox())!;
    expect(subtitle.y + subtitle.height).toBeLessThanOrEqual(refreshButton.y);
  }
  const sync = page.getByRole("button", { name: adminPayments.syncProducts });
  await expect(sync).toBeDisabled();
  await expect(sync).toHaveAccessibleDescription(adminPayments.localProvider);
  await page.getByRole("button", { name: adminPayments.refresh }).click();
  await expectToast(page, adminPayments.refreshing);
  await screenshot(page, testInfo, "admin-stripe");

  const search = page.getByRole("searchbox", { name: adminPayments.searchLabel });
  await search.fill(customer.firstName);
  await search.press("Enter");
  await expect(page).toHaveURL(/search=/);
  // The table's row on a wide screen, the transaction's card on a phone: the same facts either way.
  const row = page.locator(`[data-transaction="${order.id}"]`).filter({ visible: true });
  await expect(row).toHaveCount(1);
  // The order number every other screen and the customer's e-mails use (not the spec's first 8 characters).
  await expect(row.locator("[data-field=order-id]")).toHaveText(formatOrderNumber(order.id));
  await expect(row.getByText(`${customer.firstName} ${customer.lastName}`)).toBeVisible();
  await expect(row.locator("[data-field=items]")).toHaveText(testInfo.project.name === "mobile" ? adminPayments.itemCount(2) : "2");
  await expect(row.locator("[data-field=amount]")).toHaveText(formatGbp(order.totalPence));
  // A phone's card has no column headings: each badge names what it is the status of.
  const mobile = testInfo.project.name === "mobile";
  await expect(row.locator("[data-tone]")).toHaveText(mobile ? ["Payment: Paid", "Order: Processing"] : ["Paid", "Processing"]);
  await expect(row.locator("[data-tone]").first()).toHaveAttribute("data-tone", "green");
  await expect(row.locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}$/);
  if (testInfo.project.name === "mobile") await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "admin-stripe-search");

  await search.fill("no-such-customer-anywhere");
  await search.press("Enter");
  await expect(page.getByText(adminPayments.noTransactions)).toBeVisible();
  await expect(page.getByText(adminPayments.noMatchNote)).toBeVisible();
  await screenshot(page, testInfo, "admin-stripe-empty");

  await page.goBack();
  await row.getByRole("link", { name: new RegExp(adminPayments.viewDetails) }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Order ${order.number}` })).toBeVisible();
});

test("a signed-in shopper sees Access Denied on the Stripe screen, and no data", async ({ browser, playwright }, testInfo) => {
  const account = newAccount(testInfo, "stripe-denied");
  const cookies = await signUpThroughForm(playwright, testInfo, account);
  const api = await apiContext(playwright, testInfo, cookies);
  const response = await api.get("/admin/stripe", { maxRedirects: 0 });
  expect(response.status()).toBe(403);
  expect(await response.text()).not.toContain(adminPayments.recentTransactions);
  await api.dispose();
  const context = await browser.newContext({ ...testInfo.project.use, storageState: { cookies, origins: [] } });
  const page = await context.newPage();
  await page.goto("/admin/stripe");
  await expect(page.getByRole("heading", { name: adminAccess.accessDeniedTitle })).toBeVisible();
  await expect(page.getByText(adminAccess.accessDeniedBody)).toBeVisible();
  await screenshot(page, testInfo, "admin-stripe-access-denied");
  await context.close();
});

test("the refund dialog refuses a part of a penny on its first step, in the server's words, and shows every refusal at once", async ({ page, request }, testInfo) => {
  await signInAsAdmin(page);
  const order = await paidOrder(page, request, uniqueCustomer("refund-penny", testInfo));
  await page.goto(`/admin/orders/${order.id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: adminRefunds.refund }).click();
  const dialog = page.getByRole("dialog", { name: new RegExp(adminRefunds.dialogTitle) });
  const amount = dialog.getByLabel(adminRefunds.amount);
  const reason = dialog.getByLabel(adminRefunds.reason);

  // An empty reason and an amount the server would refuse: both are marked, the amount first.
  await amount.fill("1.005");
  await dialog.getByRole("button", { name: adminRefunds.continue }).click();
  await expectRefusedField(amount, adminRefunds.amountFormat);
  await expectRefusedField(reason, adminRefunds.reasonRequired, { focused: false });
  await screenshot(page, testInfo, `refund-dialog-errors-${testInfo.project.name}`);

  // With a reason, 1.005 is still refused here: the confirm step never offers "Refund £1.01".
  await reason.fill("Goodwill");
  await expect(reason).not.toHaveAttribute("aria-invalid", "true");
  await expectRefusedField(amount, adminRefunds.amountFormat, { focused: false });
  await dialog.getByRole("button", { name: adminRefunds.continue }).click();
  await expectRefusedField(amount, adminRefunds.amountFormat);
  await expect(dialog.getByRole("button", { name: adminRefunds.confirm("£1.01") })).toHaveCount(0);
  // The server says the same of it.
  const answer = await page.request.post(`/api/admin/orders/${order.id}/refunds`, { data: { amount: "1.005", reason: "Goodwill" } });
  expect(answer.status()).toBe(400);
  expect(((await answer.json()) as { error: string }).error).toBe(adminRefunds.amountFormat);
  // Corrected, the dialog goes on to confirm the amount typed.
  await amount.fill("1.01");
  await dialog.getByRole("button", { name: adminRefunds.continue }).click();
  await expect(dialog.getByRole("button", { name: adminRefunds.confirm("£1.01") })).toBeVisible();
});
