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
  type ApiProduct,
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

type Customer = { firstName: string; lastName: string; email: string };
type CheckoutLine = { product_id: string; quantity: number; selected_size: string | null; selected_color: string | null };
type AdminLine = { id: string; productName: string; size: string | null; unitPricePence: number; restockedQuantity: number };

/** An order of these lines, paid on the local payment page; the admin API's view of it. */
async function payForOrder(page: Page, request: APIRequestContext, customer: Customer, lines: CheckoutLine[]) {
  const opened = await request.post("/api/checkout", {
    data: { source: "cart", items: lines, customerInfo: { ...customer, phone: "" }, shippingAddress: { address: "1 Savile Row", city: "London", state: "", postalCode: "W1S 3PR", country: "United Kingdom" } },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const { sessionId } = (await opened.json()) as { sessionId: string };
  const paid = await request.post(`/pay/${sessionId}`, { form: { intent: "pay", cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", cardName: customer.firstName }, maxRedirects: 0 });
  expect(paid.status()).toBe(302);
  const verified = await request.post("/api/checkout/verify", { data: { sessionId } });
  expect(((await verified.json()) as { success: boolean }).success).toBe(true);
  const listed = await page.request.get(`/api/admin/orders?search=${encodeURIComponent(customer.email)}`);
  const { items } = (await listed.json()) as { items: { id: string; totalAmount: number; shippingPence: number; paymentSessionId: string; items: AdminLine[] }[] };
  const order = items.find((item) => item.paymentSessionId === sessionId)!;
  // lineName: a line as the dialog and the timeline name it, with its size.
  return { id: order.id, number: formatOrderNumber(order.id), totalPence: order.totalAmount, shippingPence: order.shippingPence, lines: order.items.map((line) => ({ ...line, lineName: orderLineLabel(line) })) };
}

const lineOf = (product: ApiProduct, quantity: number): CheckoutLine => ({ product_id: product.id, quantity, selected_size: product.sizes[0] ?? null, selected_color: product.colors[0] ?? null });

/** Two units of one product, paid; the admin API's view of the order and of its one line. */
async function paidOrder(page: Page, request: APIRequestContext, customer: Customer) {
  const order = await payForOrder(page, request, customer, [lineOf(await adminJourneyProduct(request), 2)]);
  const line = order.lines[0]!;
  return { ...order, productName: line.productName, unitPricePence: line.unitPricePence, lineName: line.lineName };
}

/**
 * Three shirts at three prices, one of each, paid: the admin journeys' shirt and two others near
 * it in the list (every shirt is seeded with 100 in stock).
 */
async function threeShirtOrder(page: Page, request: APIRequestContext, customer: Customer) {
  const journeyShirt = await adminJourneyProduct(request);
  const response = await request.get("/api/products?category=shirts&page=1&pageSize=48");
  expect(response.status()).toBe(200);
  const prices = new Set([journeyShirt.price]);
  const others: ApiProduct[] = [];
  for (const shirt of ((await response.json()) as { items: ApiProduct[] }).items.reverse()) {
    if (others.length === 2 || !shirt.inStock || prices.has(shirt.price)) continue;
    prices.add(shirt.price);
    others.push(shirt);
  }
  expect(others).toHaveLength(2);
  return payForOrder(page, request, customer, [lineOf(others[0]!, 1), lineOf(journeyShirt, 1), lineOf(others[1]!, 1)]);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A line's units to refund, named with its size and the most that can be refunded. */
const unitsField = (dialog: Locator, productName: string) => dialog.getByLabel(new RegExp(`^Units of ${escapeRegExp(productName)} \\(.*\\) to refund, at most \\d+$`));

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

  // Part: one of the two units came back. Nothing is chosen to start with, so nothing is refunded
  // or restocked that the owner did not choose.
  await page.getByRole("button", { name: adminRefunds.refund }).click();
  const dialog = page.getByRole("dialog", { name: new RegExp(adminRefunds.dialogTitle) });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(adminRefunds.amount)).toHaveValue("");
  await expect(unitsField(dialog, order.productName)).toHaveValue("0");
  await dialog.getByRole("button", { name: adminRefunds.continue }).click();
  await expectRefusedField(dialog.getByLabel(adminRefunds.amount), adminRefunds.amountOrItems);
  // More than was paid, then no reason: each refused on its field, with the cursor on it.
  await dialog.getByLabel(adminRefunds.amount).fill(penceToPounds(order.totalPence + 1));
  await dialog.getByRole("button", { name: adminRefunds.continue }).click();
  await expectRefusedField(dialog.getByLabel(adminRefunds.amount), adminRefunds.amountTooHigh(formatGbp(order.totalPence)));
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "admin-refund-refused");
  // An amount of the owner's own (the item less a fee kept back) stays as typed.
  await dialog.getByLabel(adminRefunds.amount).fill("10.00");
  await dialog.getByRole("button", { name: adminRefunds.continue }).click();
  await expectRefusedField(dialog.getByLabel(adminRefunds.reason), adminRefunds.reasonRequired);
  await expect(dialog.getByLabel(adminRefunds.amount)).not.toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel(adminRefunds.reason).fill("One jacket returned unworn");
  await dialog.getByLabel(adminRefunds.restock).check();
  // Ticked with no unit chosen would put nothing back: the dialog asks rather than goes on.
  await dialog.getByRole("button", { name: adminRefunds.continue }).click();
  await expect(dialog.getByRole("alert")).toHaveText(adminRefunds.restockNoneChosen);
  await expect(dialog.getByRole("button", { name: adminRefunds.continue })).toBeVisible();
  // What the line cost is beside its field (no discount on this order: its line total).
  await expect(dialog.locator("[data-line-about]")).toHaveText(adminRefunds.lineBought(2, formatGbp(order.unitPricePence * 2)));
  // The most that can be refunded is beside the field, and more is brought down to it.
  await expect(dialog.locator("[data-refund-most]")).toHaveText(adminRefunds.unitsOf(2));
  await unitsField(dialog, order.productName).fill("3");
  await expect(unitsField(dialog, order.productName)).toHaveValue("2");
  // Cleared by hand, the field is empty (not a 0 to type after: "01"), and reads what comes next.
  await unitsField(dialog, order.productName).press("ControlOrMeta+a");
  await unitsField(dialog, order.productName).press("Backspace");
  await expect(unitsField(dialog, order.productName)).toHaveValue("");
  await unitsField(dialog, order.productName).press("1");
  await expect(unitsField(dialog, order.productName)).toHaveValue("1");
  // Typed, the amount stays; what the unit comes to is offered beside it.
  await expect(dialog.getByLabel(adminRefunds.amount)).toHaveValue("10.00");
  await expect(dialog.locator("[data-refund-suggestion]")).toHaveText(`${adminRefunds.suggested(formatGbp(order.unitPricePence))} — ${adminRefunds.useSuggested}`);
  await screenshot(page, testInfo, "admin-refund-dialog");
  await dialog.getByRole("button", { name: adminRefunds.continue }).click();
  await expect(dialog.getByText(adminRefunds.confirmQuestion("£10.00", "local"))).toBeVisible();
  await expect(dialog.getByText("through the built-in test payments?")).toBeVisible();
  // The confirmation says what goes back to stock too: the one unit chosen.
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

  // The rest: the other unit is what can still be chosen, at its price; the owner gives back
  // everything left, and the other unit goes back too.
  await page.getByRole("button", { name: adminRefunds.refund }).click();
  const rest = order.totalPence - 1_000;
  // The line says what of it was refunded and what is left; the list, what went back so far.
  await expect(dialog.locator("[data-line-about]")).toHaveText(
    `${adminRefunds.lineBought(2, formatGbp(order.unitPricePence * 2))}; ${adminRefunds.lineRefunded(1)}; ${adminRefunds.lineLeft(1, formatGbp(order.unitPricePence))}`,
  );
  await expect(dialog.locator("[data-refunded-so-far]")).toHaveText(adminRefunds.refundedSoFarOf("£10.00", formatGbp(order.totalPence)));
  await expect(dialog.locator("[data-refund-most]")).toHaveText(adminRefunds.unitsOf(1));
  await unitsField(dialog, order.productName).fill("1");
  await expect(dialog.getByLabel(adminRefunds.amount)).toHaveValue(penceToPounds(order.unitPricePence));
  await screenshot(page, testInfo, "admin-refund-dialog-after-part");
  await dialog.getByLabel(adminRefunds.amount).fill(penceToPounds(rest));
  await dialog.getByLabel(adminRefunds.reason).fill("Customer cancelled the order");
  await dialog.getByLabel(adminRefunds.restock).check();
  await dialog.getByRole("button", { name: adminRefunds.continue }).click();
  await expect(dialog.locator("[data-refund-restock]")).toHaveText(adminRefunds.backToStock(adminRefunds.unitsLine(1, order.lineName)));
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

test("one item of three refunded: the amount is its price as paid, and only that unit goes back to stock", async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const order = await threeShirtOrder(page, request, uniqueCustomer("refund-one", testInfo));
  const [first, chosen, third] = order.lines as [AdminLine & { lineName: string }, AdminLine & { lineName: string }, AdminLine & { lineName: string }];
  await page.goto(`/admin/orders/${order.id}`);
  await waitForHydration(page);

  await page.getByRole("button", { name: adminRefunds.refund }).click();
  const dialog = page.getByRole("dialog", { name: new RegExp(adminRefunds.dialogTitle) });
  const amount = dialog.getByLabel(adminRefunds.amount);
  const suggestion = dialog.locator("[data-refund-suggestion]");
  // By keyboard: the dialog opens on the first line's units; the second shirt is one Tab away.
  await expect(unitsField(dialog, first.productName)).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(unitsField(dialog, chosen.productName)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(unitsField(dialog, chosen.productName)).toHaveValue("1");
  // The amount becomes that shirt's price, and nothing else is chosen.
  await expect(amount).toHaveValue(penceToPounds(chosen.unitPricePence));
  await expect(unitsField(dialog, first.productName)).toHaveValue("0");
  await expect(unitsField(dialog, third.productName)).toHaveValue("0");
  await dialog.getByLabel(adminRefunds.restock).focus();
  await page.keyboard.press("Space");
  await expect(dialog.getByLabel(adminRefunds.restock)).toBeChecked();

  // A fee kept back: the typed amount stays when the units change, and what they come to is offered.
  const lessAFee = penceToPounds(chosen.unitPricePence - 500);
  await amount.fill(lessAFee);
  await unitsField(dialog, third.productName).fill("1");
  await expect(amount).toHaveValue(lessAFee);
  await expect(suggestion).toHaveText(`${adminRefunds.suggested(formatGbp(chosen.unitPricePence + third.unitPricePence))} — ${adminRefunds.useSuggested}`);
  await unitsField(dialog, third.productName).fill("0");
  await expect(suggestion).toHaveText(`${adminRefunds.suggested(formatGbp(chosen.unitPricePence))} — ${adminRefunds.useSuggested}`);
  await dialog.getByLabel(adminRefunds.reason).fill("The shirt came back; the others were kept");
  if (testInfo.project.name === "mobile") await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "admin-refund-dialog-one-of-three");
  // Changed their mind: the suggestion again, by keyboard, and the amount follows the units once more.
  await dialog.getByRole("button", { name: adminRefunds.useSuggested }).focus();
  await page.keyboard.press("Enter");
  await expect(amount).toHaveValue(penceToPounds(chosen.unitPricePence));
  await expect(suggestion).toHaveCount(0);

  await dialog.getByRole("button", { name: adminRefunds.continue }).click();
  const price = formatGbp(chosen.unitPricePence);
  await expect(dialog.getByText(adminRefunds.confirmQuestion(price, "local"))).toBeVisible();
  await expect(dialog.locator("[data-refund-restock]")).toHaveText(adminRefunds.backToStock(adminRefunds.unitsLine(1, chosen.lineName)));
  await screenshot(page, testInfo, "admin-refund-confirm-one-of-three");
  await dialog.getByRole("button", { name: adminRefunds.confirm(price) }).click();
  await expectToast(page, adminRefunds.refunded(price));
  await expect(dialog).toBeHidden();
  const timeline = page.getByRole("list", { name: "Timeline" });
  await expect(timeline.getByText(`The shirt came back; the others were kept · ${adminRefunds.backToStock(adminRefunds.unitsLine(1, chosen.lineName))}`)).toBeVisible();

  // Only the chosen shirt is counted back in stock; the two the customer kept are not.
  const read = await page.request.get(`/api/admin/orders/${order.id}`);
  const { items } = (await read.json()) as { items: AdminLine[] };
  expect(items.map((line) => [line.id, line.restockedQuantity])).toEqual([
    [first.id, 0],
    [chosen.id, 1],
    [third.id, 0],
  ]);
  const refunds = await page.request.get(`/api/admin/orders/${order.id}/refunds`);
  const { refunds: made } = (await refunds.json()) as { refunds: { amountPence: number; restocked: { itemId: string; quantity: number }[] }[] };
  expect(made.map((refund) => [refund.amountPence, refund.restocked.map((line) => [line.itemId, line.quantity])])).toEqual([[chosen.unitPricePence, [[chosen.id, 1]]]]);
});

test("a unit refunded without going back to stock shows as refunded when the dialog opens again, and only the other is offered", async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const order = await paidOrder(page, request, uniqueCustomer("refund-kept", testInfo));
  await page.goto(`/admin/orders/${order.id}`);
  await waitForHydration(page);

  // One of the two kept by the customer, refunded as a goodwill gesture: nothing goes back to stock.
  await page.getByRole("button", { name: adminRefunds.refund }).click();
  const dialog = page.getByRole("dialog", { name: new RegExp(adminRefunds.dialogTitle) });
  await unitsField(dialog, order.productName).fill("1");
  const shipping = dialog.getByLabel(adminRefunds.refundShipping(formatGbp(order.shippingPence)));
  if (order.shippingPence > 0) await shipping.check();
  const price = formatGbp(order.unitPricePence + order.shippingPence);
  await expect(dialog.getByLabel(adminRefunds.amount)).toHaveValue(penceToPounds(order.unitPricePence + order.shippingPence));
  await expect(dialog.getByLabel(adminRefunds.restock)).not.toBeChecked();
  await dialog.getByLabel(adminRefunds.reason).fill("A flaw in the weave; the customer kept it");
  await dialog.getByRole("button", { name: adminRefunds.continue }).click();
  await expect(dialog.locator("[data-refund-restock]")).toHaveText(adminRefunds.nothingBackToStock);
  await dialog.getByRole("button", { name: adminRefunds.confirm(price) }).click();
  await expectToast(page, adminRefunds.refunded(price));
  await expect(dialog).toBeHidden();

  // Opened again: the line says that unit was refunded and offers only the other one.
  await page.getByRole("button", { name: adminRefunds.refund }).click();
  await expect(dialog.locator("[data-line-about]")).toHaveText(
    `${adminRefunds.lineBought(2, formatGbp(order.unitPricePence * 2))}; ${adminRefunds.lineRefunded(1)}; ${adminRefunds.lineLeft(1, formatGbp(order.unitPricePence))}`,
  );
  await expect(dialog.locator("[data-refund-most]")).toHaveText(adminRefunds.unitsOf(1));
  await unitsField(dialog, order.productName).fill("2");
  await expect(unitsField(dialog, order.productName)).toHaveValue("1");
  await expect(dialog.getByLabel(adminRefunds.amount)).toHaveValue(penceToPounds(order.unitPricePence));
  // Shipping went back with the first refund: it is said, not offered again.
  if (order.shippingPence > 0) {
    await expect(shipping).toHaveCount(0);
    await expect(dialog.locator("[data-shipping-refunded]")).toHaveText(adminRefunds.shippingRefunded(formatGbp(order.shippingPence)));
  }
  if (testInfo.project.name === "mobile") await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "admin-refund-dialog-after-kept-unit");

  // The order's API says the same: refunded, not back in stock.
  const read = await page.request.get(`/api/admin/orders/${order.id}`);
  const { items } = (await read.json()) as { items: (AdminLine & { refundedQuantity: number })[] };
  expect(items.map((line) => [line.restockedQuantity, line.refundedQuantity])).toEqual([[0, 1]]);
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
  // Both units (and the shipping, when there was any): the whole payment.
  await unitsField(dialog, order.productName).fill("2");
  if (order.shippingPence > 0) await dialog.getByLabel(adminRefunds.refundShipping(formatGbp(order.shippingPence))).check();
  await expect(dialog.getByLabel(adminRefunds.amount)).toHaveValue(penceToPounds(order.totalPence));
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
