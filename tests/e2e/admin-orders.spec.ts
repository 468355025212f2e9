// An owner fulfils a real order, on desktop (1280 px) and on a 390 px phone (admin.md sections 2,
// 4, 7, 8; issue 12): an order paid through the local provider appears in Orders, is found by
// search and status filter, is moved to shipped with a tracking number (the customer's e-mail
// lands in the outbox), gets an internal note, shows its payment and timeline, has its label
// printed to PDF (A6) and looked at, and the current view is exported as CSV.
import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { orderMails } from "../../src/domain/messages/order-mails.ts";
import { adminAccess, adminDashboard, adminFulfilment, adminOrders, adminProductEditor, adminRefunds, adminShell, providerName } from "../../src/domain/messages/admin.ts";
import { formatGbp } from "../../src/domain/money.ts";
import { orderListShowText } from "../../src/domain/admin/dashboard.ts";
import { statusLabel } from "../../src/domain/status.ts";
import { formatOrderNumber } from "../../src/domain/order-number.ts";
import { cardMessages, TEST_CARDS } from "../../src/domain/test-cards.ts";
import { apiContext, decodeQuotedPrintable, expectNoSeriousA11yViolations, mailsContaining, screenshot as fullPageScreenshot, serverOutbox, toasts, waitForHydration, expectNoSidewaysScroll } from "./helpers.ts";
import { adminJourneyProduct, expectFocusKeptWhileBusy, expectRefusedField, orderAsItsCustomerSeesIt, placeOrder as placePaidOrder, signInAsAdmin as signInThroughApi, uniqueBuyer } from "./admin-helpers.ts";

test.use({ bypassCSP: true });

/** A full-page screenshot from the top, so the fixed sidebar and sticky bar sit where a person sees them. */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullPageScreenshot(page, testInfo, name);
}

const ADMIN = { email: "admin@shop.test", password: "e2e-admin-password" };
const UK_ADDRESS = { address: "1 Savile Row", city: "London", state: "", postalCode: "W1S 3PR", country: "United Kingdom" };
const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", cardName: "Ama Owusu" };

/** Opens an order through /api/checkout and, when asked, pays it on the local payment page (a declined card first). */
async function placeOrder(request: APIRequestContext, customer: { firstName: string; lastName: string; email: string }, pay: boolean): Promise<string> {
  const product = await adminJourneyProduct(request);
  const line = { product_id: product.id, quantity: 2, selected_size: product.sizes[0] ?? null, selected_color: product.colors[0] ?? null };
  const opened = await request.post("/api/checkout", { data: { source: "cart", items: [line], customerInfo: { ...customer, phone: "" }, shippingAddress: UK_ADDRESS } });
  expect(opened.status(), await opened.text()).toBe(201);
  const { sessionId } = (await opened.json()) as { sessionId: string };
  if (pay) {
    const declined = await request.post(`/pay/${sessionId}`, { form: { intent: "pay", ...CARD, cardNumber: TEST_CARDS.declined }, maxRedirects: 0 });
    expect(declined.status()).toBe(400);
    const paid = await request.post(`/pay/${sessionId}`, { form: { intent: "pay", ...CARD }, maxRedirects: 0 });
    expect(paid.status()).toBe(302);
  }
  return sessionId;
}

/** The admin JSON API's view of an order opened with this payment session. */
async function adminOrderOf(page: Page, email: string, sessionId: string): Promise<{ id: string; number: string }> {
  const response = await page.request.get(`/api/admin/orders?search=${encodeURIComponent(email)}`);
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { id: string; number: string; paymentSessionId: string }[] };
  const order = items.find((item) => item.paymentSessionId === sessionId);
  if (!order) throw new Error(`no order for ${sessionId}`);
  expect(order.number).toBe(formatOrderNumber(order.id));
  return order;
}

async function signInAsAdmin(page: Page) {
  await waitForHydration(page);
  await page.getByLabel(adminAccess.adminEmail).fill(ADMIN.email);
  await page.getByLabel(new RegExp(`^${adminAccess.password}`)).fill(ADMIN.password);
  await page.getByRole("button", { name: adminAccess.accessAdminPanel }).click();
}

async function expectToast(page: Page, text: string) {
  await expect(toasts(page).filter({ hasText: text }).first()).toBeVisible();
}

test("an owner finds a paid order, ships it with tracking, notes it, prints its label and exports the view", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  // What the server rendered must be what the browser renders: any hydration error fails the journey.
  const browserErrors: string[] = [];
  page.on("pageerror", (error) => browserErrors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat/i.test(message.text())) browserErrors.push(message.text());
  });
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const customer = { firstName: `Efua${unique}`, lastName: "Mensah", email: `efua-${testInfo.project.name}-${unique}@example.com` };
  const paidSession = await placeOrder(request, customer, true);
  const unpaidSession = await placeOrder(request, customer, false);

  await page.goto("/admin/orders");
  await signInAsAdmin(page);
  await expect(page.getByRole("heading", { level: 1, name: adminOrders.title })).toBeVisible();
  await waitForHydration(page);
  const paid = await adminOrderOf(page, customer.email, paidSession);
  const unpaid = await adminOrderOf(page, customer.email, unpaidSession);

  // Search by the customer's name (any case): one group, the customer's two orders.
  const search = page.getByRole("searchbox", { name: adminOrders.searchLabel });
  await search.fill(customer.firstName.toUpperCase());
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`search=${customer.firstName.toUpperCase()}`));
  // The box keeps the cursor, to search again.
  await expect(search).toBeFocused();
  const group = page.getByRole("region", { name: `Orders of ${customer.firstName} ${customer.lastName}` });
  await expect(group.getByText("2 orders")).toBeVisible();
  await expect(group.getByText(customer.email).first()).toBeVisible();
  const card = page.getByRole("article", { name: `Order ${paid.number}` });
  await expect(card).toBeVisible();
  await expect(card.locator("[data-tone]")).toHaveText("Processing");
  await expect(card.locator("[data-tone]")).toHaveAttribute("data-tone", "blue");
  // Its lines name the category as the shop does (Suits, not suits).
  await expect(card.getByText(/^2 x £\d+\.\d{2} · [A-Z]/)).toBeVisible();
  const unpaidCard = page.getByRole("article", { name: `Order ${unpaid.number}` });
  await expect(unpaidCard.locator("[data-tone]").first()).toHaveText("Pending");
  await expect(unpaidCard.locator("[data-tone]").first()).toHaveAttribute("data-tone", "yellow");
  // Its payment is said too, and shipping it first warns that it is not paid.
  await expect(unpaidCard.locator("[data-tone]").nth(1)).toHaveText("Payment: Pending");
  await unpaidCard.getByLabel(`Status of order ${unpaid.number}`).selectOption("shipped");
  await expect(unpaidCard.getByRole("note")).toHaveText(adminFulfilment.unpaidShipWarning("Pending"));
  await unpaidCard.getByRole("button", { name: adminFulfilment.cancel }).click();
  // Its label or slip is left out of a print, and the print page says why.
  const unpaidPrint = await (await page.request.get(`/admin/orders/print?ids=${unpaid.id}`)).text();
  expect(unpaidPrint).toContain(adminFulfilment.printUnpaidWarning(unpaid.number));
  expect(unpaidPrint).toContain(adminFulfilment.printLeftOut);
  // Opened with nothing ticked, the print page says so rather than that an order is missing.
  const noneChosen = await (await page.request.get("/admin/orders/print")).text();
  expect(noneChosen).toContain(adminFulfilment.noOrdersChosen);
  expect(noneChosen).not.toContain(adminFulfilment.orderNotFound);
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "admin-orders-search");

  // The status filter narrows the view and lives in the URL.
  await page.getByLabel("Status filter").selectOption("processing");
  await expect(page).toHaveURL(/status=processing/);
  await expect(page.getByRole("article", { name: `Order ${unpaid.number}` })).toHaveCount(0);
  await expect(card).toBeVisible();
  await page.getByLabel("Status filter").selectOption("delivered");
  await expect(page.getByRole("heading", { name: adminOrders.noMatch })).toBeVisible();
  await screenshot(page, testInfo, "admin-orders-no-match");
  await page.getByLabel("Status filter").selectOption("");
  await expect(card).toBeVisible();
  // With the keyboard: each arrow applies the next status and the filter keeps focus for the next.
  const filter = page.getByLabel("Status filter");
  await filter.focus();
  await filter.press("ArrowDown");
  await expect(page).toHaveURL(/status=pending/);
  await expect(filter).toBeFocused();
  await filter.press("ArrowDown");
  await expect(page).toHaveURL(/status=processing/);
  await expect(card).toBeVisible();
  await expect(filter).toBeFocused();
  await filter.selectOption("");
  await expect(page).not.toHaveURL(/status=[a-z]/);

  // Shipped, with carrier and tracking number. The dropdown shows its status at a readable width,
  // nothing covers it (a phone's tap lands on it), and the panel it opens has room for its fields.
  const status = card.getByLabel(`Status of order ${paid.number}`);
  expect((await status.boundingBox())!.width).toBeGreaterThan(110);
  await status.click({ trial: true });
  // With the dropdown at the bottom of the screen (where a thumb leaves it on a phone), the
  // question it opens comes into view; Escape answers it with Cancel and nothing is saved.
  await status.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().bottom - window.innerHeight + 4));
  await status.selectOption("shipped");
  await expect(card.getByRole("button", { name: adminFulfilment.confirmShipped })).toBeInViewport();
  await card.getByLabel(/Carrier/).press("Escape");
  await expect(card.getByLabel(/Tracking number/)).toHaveCount(0);
  await expect(status).toHaveValue("processing");
  await expect(status).toBeFocused();
  await status.selectOption("shipped");
  expect((await card.getByLabel(/Tracking number/).boundingBox())!.width).toBeGreaterThan(150);
  await card.getByLabel(/Carrier/).fill("Royal Mail");
  await card.getByLabel(/Tracking number/).fill(`RM${unique}GB`);
  await screenshot(page, testInfo, "admin-orders-mark-shipped");
  // Leaving with the question open asks first (nothing is saved yet); Stay keeps what was typed.
  await card.getByRole("link", { name: `${adminFulfilment.viewDetails}: ${paid.number}` }).click();
  const leave = page.getByRole("alertdialog", { name: adminFulfilment.leaveStatusTitle });
  await expect(leave).toBeVisible();
  await expect(leave).toContainText(adminFulfilment.leaveStatusNote(paid.number));
  await leave.getByRole("button", { name: adminProductEditor.stay }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/orders(\?|$)/);
  await expect(card.getByLabel(/Tracking number/)).toHaveValue(`RM${unique}GB`);
  // Enter in the last field saves, as a form does; the focus comes back to the dropdown.
  await card.getByLabel(/Tracking number/).press("Enter");
  await expectToast(page, adminOrders.statusUpdated);
  await expect(status).toBeFocused();
  await expect(card.locator("[data-tone]")).toHaveText("Shipped");
  await expect(card.locator("[data-tone]")).toHaveAttribute("data-tone", "blue");
  // The card says how it went, so the owner answers "where is my parcel?" from the list.
  await expect(card.locator("[data-order-shipment]")).toHaveText(`Carrier: Royal Mail · Tracking number: RM${unique}GB`);
  await expect
    .poll(() => mailsContaining(serverOutbox(), customer.email).filter((mail) => decodeQuotedPrintable(mail).includes(`RM${unique}GB`)).length, { timeout: 15_000 })
    .toBe(1);
  // The e-mail links to Royal Mail's own tracking page for this parcel.
  const royalMailPage = `https://www.royalmail.com/track-your-item#/tracking-results/RM${unique}GB`;
  const shippedMail = decodeQuotedPrintable(mailsContaining(serverOutbox(), customer.email).find((mail) => decodeQuotedPrintable(mail).includes(`RM${unique}GB`))!);
  expect(shippedMail).toContain(`${orderMails.trackParcel("Royal Mail")}: ${royalMailPage}`);
  expect(shippedMail).toContain(`<a href="${royalMailPage}">${orderMails.trackParcel("Royal Mail")}</a>`);
  // The customer, looking the order up, finds how it was sent too, the number linked the same way.
  const { shopper, card: found } = await orderAsItsCustomerSeesIt(page, testInfo.project.use.baseURL, paid.number, customer.email);
  await expect(found.getByRole("definition").filter({ hasText: "Royal Mail" })).toHaveText("Royal Mail");
  const trackingLink = found.getByRole("link", { name: new RegExp(`^RM${unique}GB`) });
  await expect(trackingLink).toHaveAttribute("href", royalMailPage);
  await expect(trackingLink).toHaveAttribute("target", "_blank");
  await fullPageScreenshot(shopper, testInfo, "shopper-order-shipped");
  await shopper.context().close();

  // Print the labels of both orders in one go.
  await card.getByRole("checkbox", { name: adminFulfilment.selectOrder(paid.number) }).check();
  await page.getByRole("checkbox", { name: adminFulfilment.selectOrder(unpaid.number) }).check();
  // On a phone a thumb's target: the box's label is 44 px square.
  if (testInfo.project.name === "mobile") {
    const target = (await card.locator("label").filter({ has: page.locator("input[name=ids]") }).boundingBox())!;
    expect(Math.min(target.width, target.height)).toBeGreaterThanOrEqual(44);
  }
  // Ticked anywhere down the list, the bar that prints them is in view.
  const selection = page.locator("[data-selection-bar]");
  await expect(selection).toContainText(adminFulfilment.ordersSelected(2));
  await expect(selection).toBeInViewport();
  // It says, before Print, that the unpaid order's label will not come out.
  await expect(selection.locator("[data-selection-left-out]")).toContainText(adminFulfilment.selectionHeld.unpaid(1));
  await selection.getByRole("button", { name: adminFulfilment.printLabels(1) }).click();
  // The paid order's label; the unpaid one's is left out, named above the sheets.
  await expect(page.getByRole("article", { name: /^Shipping label / })).toHaveCount(1);
  await expect(page.getByRole("article", { name: `Shipping label ${paid.number}` })).toBeVisible();
  await expect(page.locator("[data-print-unpaid]")).toHaveText(adminFulfilment.printUnpaidWarning(unpaid.number));
  // Back comes to the list as it was left, its search kept.
  await expect(page.getByRole("link", { name: adminFulfilment.backToOrders, exact: true })).toHaveAttribute("href", /^\/admin\/orders\?.*search=/);
  await page.goBack();

  // CSV export of the current view.
  await expect(card).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: adminFulfilment.exportCsv }).click()]);
  const csv = readFileSync((await download.path())!, "utf8");
  const rows = csv.split("\r\n").filter(Boolean);
  expect(rows[0]).toMatch(/^\uFEFFOrder number,Order id,Created at \(London time\),Status/);
  expect(rows).toHaveLength(3);
  expect(rows.find((row) => row.includes(paid.id))).toContain(`Shipped,Paid,Built-in test payments`);
  expect(rows.find((row) => row.includes(paid.id))).toContain(`Royal Mail,RM${unique}GB`);

  // View Details: payment, amounts and the timeline; an internal note.
  await card.getByRole("link", { name: `${adminFulfilment.viewDetails}: ${paid.number}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${paid.number}` })).toBeVisible();
  await waitForHydration(page);
  const timeline = page.getByRole("list", { name: adminFulfilment.timeline });
  await expect(timeline.getByText("Order placed")).toBeVisible();
  await expect(timeline.getByText("Payment received")).toBeVisible();
  // The card the bank declined before the one that paid.
  await expect(timeline.getByText(adminFulfilment.paymentDeclined, { exact: true })).toBeVisible();
  await expect(timeline.getByText(adminFulfilment.paymentDeclinedDetail(cardMessages.declined, false), { exact: true })).toBeVisible();
  await expect(timeline.getByText("Status changed: Processing → Shipped")).toBeVisible();
  await expect(timeline.getByText(`Tracking: Royal Mail RM${unique}GB`)).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(`^RM${unique}GB`) })).toHaveAttribute("href", `https://www.royalmail.com/track-your-item#/tracking-results/RM${unique}GB`);
  await expect(timeline.getByText(/E-mail (queued|sent): Your order/)).toBeVisible();
  // The provider as the owner knows it, not its id.
  await expect(page.getByText(providerName("local"), { exact: true })).toBeVisible();
  // An empty note is refused by the server on the note field, with the cursor put back there.
  await page.getByRole("button", { name: adminFulfilment.addNote }).click();
  await expectRefusedField(page.getByLabel(adminFulfilment.notes), adminFulfilment.noteEmpty);
  await screenshot(page, testInfo, "admin-order-note-refused");
  await page.getByLabel(adminFulfilment.notes).fill("Gift wrap requested by phone");
  // Pressed with the keyboard, Add note keeps the focus while it saves (a second press sends
  // nothing); then the focus is back in the emptied notes field, not lost to the top of the page.
  await expectFocusKeptWhileBusy(page, page.getByRole("button", { name: adminFulfilment.addNote }), page.getByLabel(adminFulfilment.notes));
  await expectToast(page, adminFulfilment.noteAdded);
  await expect(page.getByLabel(adminFulfilment.notes)).toHaveValue("");
  // What the owner comes to change is read first, as it is shown first on a phone.
  const sections = await page.getByRole("heading", { level: 2 }).allTextContents();
  expect(sections.indexOf(adminFulfilment.status)).toBeLessThan(sections.indexOf("Items"));
  await expect(timeline.getByText("Gift wrap requested by phone")).toBeVisible();
  await expect(timeline.getByText(ADMIN.email).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "admin-order-details");

  // The Mark shipped panel fits the narrow Status card beside the details, Cancel included.
  await page.getByLabel(`Status of order ${paid.number}`).selectOption("shipped");
  const panel = page.getByRole("form", { name: new RegExp(`${adminFulfilment.markShippedTitle}: `) });
  const panelBox = (await panel.boundingBox())!;
  for (const control of [panel.getByLabel(/Tracking number/), panel.getByRole("button", { name: adminFulfilment.cancel })]) {
    const box = (await control.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(panelBox.x + panelBox.width);
  }
  expect((await panel.getByLabel(/Tracking number/).boundingBox())!.width).toBeGreaterThan(150);
  await screenshot(page, testInfo, "admin-order-mark-shipped");
  await panel.getByRole("button", { name: adminFulfilment.cancel }).click();
  await expect(panel).toHaveCount(0);

  // Print Label: an A6 page with the address, the order number and its barcode.
  await page.getByRole("link", { name: adminFulfilment.printLabel }).click();
  const label = page.getByRole("article", { name: `Shipping label ${paid.number}` });
  await expect(label).toBeVisible();
  await expect(label.getByText(customer.firstName, { exact: false }).first()).toBeVisible();
  await expect(label.getByText("W1S 3PR")).toBeVisible();
  await expect(label.getByRole("img", { name: `Barcode ${paid.number}` })).toBeVisible();
  await expect(label.getByText("Items: 2", { exact: false })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "admin-label-screen");
  await page.emulateMedia({ media: "print" });
  await screenshot(page, testInfo, "admin-label-print-view");
  const pdf = await page.pdf({ path: testInfo.outputPath("label.pdf"), preferCSSPageSize: true, printBackground: true });
  // A6 is 105 x 148 mm = 297.6 x 419.5 points (Chromium rounds to 298.08 x 420); one order, one page.
  const text = pdf.toString("latin1");
  testInfo.attachments.push({ name: "label.pdf", path: testInfo.outputPath("label.pdf"), contentType: "application/pdf" });
  expect(text).toMatch(/\/MediaBox\s*\[\s*0 0 29[78](\.\d+)? (419|420)(\.\d+)?\s*\]/);
  expect(text.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
  await page.emulateMedia({ media: "screen" });

  const labelSender = await page.locator("[data-label-sender] p").allTextContents();
  await page.getByRole("link", { name: adminFulfilment.packingSlip }).click();
  await expect(page.getByRole("article", { name: `Packing slip ${paid.number}` })).toBeVisible();
  // The slip names the sender as the label does, so the customer knows where a return goes.
  await expect(page.locator("[data-slip-sender] p")).toHaveText(labelSender.slice(1));
  expect(labelSender.length).toBeGreaterThan(1);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "admin-packing-slip");
  // Opened from the order's page (the label, then the slip), Back goes to that order.
  await expect(page.getByRole("link", { name: adminFulfilment.backToOrder, exact: true })).toHaveAttribute("href", `/admin/orders/${paid.id}`);

  // No sender address is set on this shop: the page says so, and its link puts the cursor in the
  // field on Settings, in view below the sticky bar.
  const noSender = page.locator("[data-print-no-sender]");
  await expect(noSender).toContainText(labelSender.slice(1).join(", "));
  await noSender.getByRole("link", { name: adminFulfilment.setSenderAddress }).click();
  await expect(page).toHaveURL(/\/admin\/settings#sender-address$/);
  const senderField = page.locator("#sender-address");
  await expect(senderField).toBeFocused();
  await expect(senderField).toBeInViewport();
  expect(browserErrors).toEqual([]);
});

/** A paid order of a customer of this test's own, and the admin signed in on the Orders page. */
async function paidOrderForAdmin(page: Page, request: APIRequestContext, testInfo: TestInfo, firstName: string) {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const customer = { firstName: `${firstName}${unique}`, lastName: "Asante", email: `${firstName.toLowerCase()}-${testInfo.project.name}-${unique}@example.com` };
  const session = await placeOrder(request, customer, true);
  await page.goto("/admin/orders");
  await signInAsAdmin(page);
  await expect(page.getByRole("heading", { level: 1, name: adminOrders.title })).toBeVisible();
  return { order: await adminOrderOf(page, customer.email, session), customer, unique };
}

test("cancelling a paid order asks first; left unrefunded, the order says so until it is refunded", async ({ page, request }, testInfo) => {
  const { order, customer } = await paidOrderForAdmin(page, request, testInfo, "Kwame");
  const { totalAmount } = (await (await page.request.get(`/api/admin/orders/${order.id}`)).json()) as { totalAmount: number };
  const total = formatGbp(totalAmount);
  await page.goto(`/admin/orders/${order.id}`);
  await waitForHydration(page);

  // Standard shipping to the UK cost nothing: 'Free', as the shopper was told.
  await expect(page.locator("dl").getByText(adminFulfilment.freeShipping, { exact: true })).toBeVisible();

  // On a phone the status comes first, above the items; on a desk it sits beside them.
  const top = async (name: string) => (await page.getByRole("heading", { level: 2, name, exact: true }).boundingBox())!.y;
  if (testInfo.project.name === "mobile") expect(await top(adminFulfilment.status)).toBeLessThan(await top("Items"));
  else expect(await top(adminFulfilment.status)).toBe(await top("Items"));

  const status = page.getByLabel(`Status of order ${order.number}`);
  // An arrow key on the focused dropdown changes its value at once (Processing to Pending here):
  // that waits for Save.
  await status.focus();
  await page.keyboard.press("ArrowUp");
  const confirmChange = page.getByRole("group", { name: `${adminFulfilment.confirmStatusTitle}: ${order.number}` });
  await expect(confirmChange).toBeVisible();
  expect(((await (await page.request.get(`/api/admin/orders/${order.id}`)).json()) as { status: string }).status).toBe("processing");
  await confirmChange.getByRole("button", { name: adminFulfilment.cancel }).click();
  await expect(confirmChange).toHaveCount(0);
  await expect(status).toHaveValue("processing");
  // The question's panel is gone: the dropdown takes the focus back, not the top of the page.
  await expect(status).toBeFocused();

  // Asked first: Keep order leaves it as it was.
  await status.selectOption("cancelled");
  const ask = page.getByRole("group", { name: `${adminFulfilment.cancelPaidTitle}: ${order.number}` });
  await expect(ask).toContainText(adminFulfilment.cancelPaidWarning);
  // Shopify's choices, all ticked to start with.
  const refund = ask.getByLabel(adminFulfilment.cancelRefund(total));
  await expect(refund).toBeChecked();
  await expect(ask.getByRole("button", { name: adminFulfilment.confirmCancelAndRefund(total) })).toBeVisible();
  const restock = ask.getByLabel(adminFulfilment.cancelRestock(2));
  await expect(restock).toBeChecked();
  await expect(ask.getByLabel(adminFulfilment.cancelNotify)).toBeChecked();
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "admin-order-cancel-paid");
  await ask.getByRole("button", { name: adminFulfilment.keepOrder }).click();
  await expect(ask).toHaveCount(0);
  await expect(status).toHaveValue("processing");

  // Cancelled, its items left out of stock (the refund below puts them back): the money is still
  // held, and the Payment section says how much.
  await status.selectOption("cancelled");
  await refund.uncheck();
  await expect(ask).toContainText(adminFulfilment.cancelNoRefund);
  await restock.uncheck();
  await ask.getByRole("button", { name: adminFulfilment.confirmCancel }).click();
  await expectToast(page, adminOrders.statusUpdated);
  await expect(status).toBeFocused();
  const notice = page.getByRole("note").filter({ hasText: adminFulfilment.cancelledNotRefunded(total) });
  await expect(notice).toBeVisible();
  // The customer is told it will not be sent.
  await expect(page.getByRole("list", { name: "Timeline" }).getByText(new RegExp(`E-mail (queued|sent): ${orderMails.cancelledSubject(order.number)}`))).toBeVisible();
  // Reopening asks first, and says what the customer was told; answered Cancel, it stays cancelled.
  await status.selectOption("processing");
  await expect(confirmChange).toContainText(adminFulfilment.reopenNote);
  await expect(confirmChange).not.toContainText(adminFulfilment.reopenUnpaidNote);
  await confirmChange.getByRole("button", { name: adminFulfilment.cancel }).click();
  await expect(status).toHaveValue("cancelled");
  expect(((await (await page.request.get(`/api/admin/orders/${order.id}`)).json()) as { status: string }).status).toBe("cancelled");

  // The Orders list flags the money held too, and printing its label warns.
  await page.goto(`/admin/orders?search=${encodeURIComponent(customer.email)}`);
  const card = page.getByRole("article", { name: `Order ${order.number}` });
  await expect(card.locator("[data-held-after-cancel]")).toHaveText(adminFulfilment.notRefundedBadge(total));
  await page.goto(`/admin/orders/print?ids=${order.id}`);
  await expect(page.locator("[data-print-cancelled]")).toHaveText(adminFulfilment.printCancelledWarning(order.number));
  await page.goto(`/admin/orders/${order.id}`);
  await waitForHydration(page);

  // Refunded in full: the notice goes.
  await page.getByRole("button", { name: adminRefunds.refund }).click();
  const dialog = page.getByRole("dialog", { name: new RegExp(adminRefunds.dialogTitle) });
  await dialog.getByLabel(adminRefunds.reason).fill("Cancelled at the customer's request");
  // A cancelled order's items go back to stock unless the owner unticks it.
  await expect(dialog.getByLabel(adminRefunds.restock)).toBeChecked();
  await dialog.getByRole("button", { name: adminRefunds.continue }).click();
  await expect(dialog.locator("[data-refund-restock]")).toContainText(/Back to stock: 2 x /);
  await dialog.getByRole("button", { name: adminRefunds.confirm(total) }).click();
  await expectToast(page, adminRefunds.refunded(total));
  await expect(notice).toHaveCount(0);
  // The line says its units are back.
  await expect(page.locator("[data-restocked]")).toHaveText(adminFulfilment.backInStock(2, 2));
});

test("reopening an unpaid order the owner cancelled says it still cannot be paid", async ({ page, request }, testInfo) => {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const customer = { firstName: `Abena${unique}`, lastName: "Unpaid", email: `abena-${testInfo.project.name}-${unique}@example.com` };
  const session = await placeOrder(request, customer, false);
  await page.goto("/admin/orders");
  await signInAsAdmin(page);
  await expect(page.getByRole("heading", { level: 1, name: adminOrders.title })).toBeVisible();
  const order = await adminOrderOf(page, customer.email, session);
  await page.goto(`/admin/orders/${order.id}`);
  await waitForHydration(page);
  const status = page.getByLabel(`Status of order ${order.number}`);
  await status.selectOption("cancelled");
  await expectToast(page, adminOrders.statusUpdated);
  await expect(page.getByText("Failed", { exact: true })).toBeVisible();
  // The timeline says the cancel closed the payment page, not that the shopper left it.
  await expect(page.getByRole("list", { name: "Timeline" }).getByText(adminFulfilment.paymentPageClosedDetail)).toBeVisible();

  await status.selectOption("pending");
  const confirmChange = page.getByRole("group", { name: `${adminFulfilment.confirmStatusTitle}: ${order.number}` });
  await expect(confirmChange.locator("[data-reopen-note]")).toHaveText(adminFulfilment.reopenUnpaidNote);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "admin-order-reopen-unpaid");
  await confirmChange.getByRole("button", { name: adminFulfilment.cancel }).click();
  await expect(status).toHaveValue("cancelled");
});

test("on the Processing list a shipped or delivered order leaves with a toast, and the focus goes to the next order, then the heading", async ({ page, request }, testInfo) => {
  const { order: first, customer, unique } = await paidOrderForAdmin(page, request, testInfo, "Yaw");
  const secondSession = await placeOrder(request, customer, true);
  const second = await adminOrderOf(page, customer.email, secondSession);
  // The Dashboard's "Awaiting fulfilment" view, narrowed to this customer's two orders.
  await page.goto(`/admin/orders?status=processing&search=${encodeURIComponent(customer.email)}`);
  await waitForHydration(page);
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(2);
  // The list shows the newest first: the top card is shipped, with a tracking number.
  const top = cards.first();
  const topNumber = (await top.getByRole("heading", { level: 3 }).textContent())!;
  const other = topNumber === first.number ? second : first;
  await top.getByLabel(`Status of order ${topNumber}`).selectOption("shipped");
  await top.getByLabel(/Tracking number/).fill(`RM${unique}GB`);
  await top.getByRole("button", { name: adminFulfilment.confirmShipped }).click();
  // Saved, it is no longer Processing: it leaves the list, and the owner is told it was saved.
  await expectToast(page, adminOrders.statusUpdated);
  await expect(page.getByRole("article", { name: `Order ${topNumber}` })).toHaveCount(0);
  const next = page.getByLabel(`Status of order ${other.number}`);
  await expect(next).toBeFocused();
  await screenshot(page, testInfo, "admin-orders-processing-shipped");
  // With the keyboard, the last one goes to Delivered: the toast again, and the focus on the page's heading.
  // (The first toast goes first; a pointer resting on it would hold it, as sonner does.)
  await page.mouse.move(0, 0);
  await toasts(page).filter({ hasText: adminOrders.statusUpdated }).first().waitFor({ state: "detached" });
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  const confirmChange = page.getByRole("group", { name: `${adminFulfilment.confirmStatusTitle}: ${other.number}` });
  await expect(confirmChange).toContainText(adminFulfilment.confirmStatusQuestion("Delivered"));
  await confirmChange.getByRole("button", { name: adminFulfilment.saveStatus }).press("Enter");
  await expectToast(page, adminOrders.statusUpdated);
  await expect(page.getByRole("heading", { name: adminOrders.noMatch })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: adminOrders.title })).toBeFocused();
  const saved = async (id: string) => ((await (await page.request.get(`/api/admin/orders/${id}`)).json()) as { status: string }).status;
  expect([await saved(first.id), await saved(second.id)].sort()).toEqual(["delivered", "shipped"]);
});

test("the labels of a whole page are ticked in one go, and Print labels says why it waits while nothing is ticked", async ({ page, request }, testInfo) => {
  const { order: first, customer } = await paidOrderForAdmin(page, request, testInfo, "Abena");
  const second = await adminOrderOf(page, customer.email, await placeOrder(request, customer, true));
  await page.goto(`/admin/orders?search=${encodeURIComponent(customer.email)}`);
  await waitForHydration(page);
  await expect(page.getByRole("article")).toHaveCount(2);
  // Nothing ticked: the button stays in the Tab order, and says what it waits for.
  const print = page.getByRole("button", { name: adminFulfilment.printLabels(0) });
  await expect(print).toHaveAttribute("aria-disabled", "true");
  await expect(print).toHaveAccessibleDescription(adminFulfilment.printLabelsHint);
  await expect(page.getByText(adminFulfilment.printLabelsHint)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "admin-orders-print-hint");
  // Just before the list's views in the Tab order.
  await page.getByRole("navigation", { name: adminOrders.views }).getByRole("link").first().focus();
  await page.keyboard.press("Shift+Tab");
  await expect(print).toBeFocused();
  // Pressed, it prints nothing and takes the owner to the box that ticks the page.
  await page.keyboard.press("Enter");
  const selectAll = page.getByRole("checkbox", { name: adminFulfilment.selectAllOnPage });
  await expect(selectAll).toBeFocused();
  await expect(page).toHaveURL(/\/admin\/orders\?search=/);
  await page.keyboard.press("Space");
  for (const order of [first, second]) await expect(page.getByRole("checkbox", { name: adminFulfilment.selectOrder(order.number) })).toBeChecked();
  await expect(page.getByText(adminFulfilment.printLabelsHint)).toHaveCount(0);
  await expect(page.locator("[data-selection-bar]")).toContainText(adminFulfilment.ordersSelected(2));
  await screenshot(page, testInfo, "admin-orders-select-all");
  // One box unticked: "Select all" is half ticked; ticked again, the whole page.
  await page.getByRole("checkbox", { name: adminFulfilment.selectOrder(first.number) }).uncheck();
  await expect(selectAll).not.toBeChecked();
  expect(await selectAll.evaluate((box) => (box as HTMLInputElement).indeterminate)).toBe(true);
  await selectAll.check();
  await page.getByRole("button", { name: adminFulfilment.printLabels(2) }).first().click();
  await expect(page).toHaveURL(/\/admin\/orders\/print\?/);
  for (const order of [first, second]) await expect(page.getByRole("article", { name: `Shipping label ${order.number}` })).toBeVisible();
  // Unticked, none is selected.
  await page.goBack();
  // Back within the app: the orders page is there again once its "Select all" box is.
  await expect(selectAll).toBeVisible();
  await selectAll.check();
  await selectAll.uncheck();
  for (const order of [first, second]) await expect(page.getByRole("checkbox", { name: adminFulfilment.selectOrder(order.number) })).not.toBeChecked();
  await expect(print).toHaveAttribute("aria-disabled", "true");
});

test("'Select all on this page' ticks every order, and the selection bar says which of them the print leaves out and why", async ({ page, request }, testInfo) => {
  const { order: paid, customer } = await paidOrderForAdmin(page, request, testInfo, "Yaw");
  const cancelled = await adminOrderOf(page, customer.email, await placeOrder(request, customer, true));
  expect((await page.request.patch(`/api/admin/orders/${cancelled.id}`, { data: { status: "cancelled", restock: true, notifyCustomer: false } })).status()).toBe(200);
  const unpaid = await adminOrderOf(page, customer.email, await placeOrder(request, customer, false));
  await page.goto(`/admin/orders?search=${encodeURIComponent(customer.email)}`);
  await waitForHydration(page);
  await expect(page.getByRole("article")).toHaveCount(3);

  // Every order is ticked; the bar counts them all, and says before Print which two stay off paper.
  await page.getByRole("checkbox", { name: adminFulfilment.selectAllOnPage }).check();
  for (const order of [paid, cancelled, unpaid]) await expect(page.getByRole("checkbox", { name: adminFulfilment.selectOrder(order.number) })).toBeChecked();
  const bar = page.locator("[data-selection-bar]");
  await expect(bar).toContainText(adminFulfilment.ordersSelected(3));
  const held = [adminFulfilment.selectionHeld.cancelled(1), adminFulfilment.selectionHeld.unpaid(1)].join(", ");
  await expect(bar.locator("[data-selection-left-out]")).toHaveText(`${adminFulfilment.selectionLeftOut(2, held)} ${adminFulfilment.selectionPrintAnyway}`);
  // Both Print buttons count the labels that will come out.
  await expect(page.getByRole("button", { name: adminFulfilment.printLabels(1) })).toHaveCount(2);
  await expect(bar).toBeInViewport();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "admin-orders-selection-left-out");
  await fullPageScreenshot(bar, testInfo, "admin-orders-selection-bar");

  // The unpaid one unticked: one left out, for the one reason.
  await page.getByRole("checkbox", { name: adminFulfilment.selectOrder(unpaid.number) }).uncheck();
  await expect(bar).toContainText(adminFulfilment.ordersSelected(2));
  await expect(bar.locator("[data-selection-left-out]")).toHaveText(`${adminFulfilment.selectionLeftOut(1, adminFulfilment.selectionHeld.cancelled(1))} ${adminFulfilment.selectionPrintAnyway}`);
  // Only the paid one ticked: nothing to explain.
  await page.getByRole("checkbox", { name: adminFulfilment.selectOrder(cancelled.number) }).uncheck();
  await expect(bar).toContainText(adminFulfilment.ordersSelected(1));
  await expect(bar.locator("[data-selection-left-out]")).toHaveCount(0);

  // All three again, printed: the one label the bar promised, and the print page names the other two.
  await page.getByRole("checkbox", { name: adminFulfilment.selectAllOnPage }).check();
  await bar.getByRole("button", { name: adminFulfilment.printLabels(1) }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/print\?/);
  await expect(page.getByRole("article", { name: /^Shipping label / })).toHaveCount(1);
  await expect(page.getByRole("article", { name: `Shipping label ${paid.number}` })).toBeVisible();
  await expect(page.locator("[data-print-do-not-ship]")).toContainText(`${adminFulfilment.printCancelledWarning(cancelled.number)} ${adminFulfilment.printUnpaidWarning(unpaid.number)} ${adminFulfilment.printLeftOut}`);
});

test("a status change made after another admin's is refused with what the order is now, and the page shows it", async ({ page, request }, testInfo) => {
  const { order, unique } = await paidOrderForAdmin(page, request, testInfo, "Efua");
  await page.goto(`/admin/orders/${order.id}`);
  await waitForHydration(page);
  const status = page.getByRole("combobox", { name: `Status of order ${order.number}` });
  await expect(status).toHaveValue("processing");

  // Another admin ships it while this page still shows Processing.
  const shipped = await page.request.patch(`/api/admin/orders/${order.id}`, { data: { status: "shipped", trackingNumber: `RM${unique}` } });
  expect(shipped.status(), await shipped.text()).toBe(200);
  await status.selectOption("delivered");
  await expect(toasts(page).filter({ hasText: adminFulfilment.statusChangedMeanwhile("Shipped") })).toBeVisible();
  // The page reads the order again: Shipped, with the other admin's tracking number.
  await expect(status).toHaveValue("shipped");
  await expect(page.getByText(`RM${unique}`).first()).toBeVisible();
  const now = (await (await page.request.get(`/api/admin/orders/${order.id}`)).json()) as { status: string; trackingNumber: string };
  expect(now).toMatchObject({ status: "shipped", trackingNumber: `RM${unique}` });
  await screenshot(page, testInfo, `admin-order-changed-meanwhile-${testInfo.project.name}`);
  // Chosen again from what it shows now, the change goes through.
  await status.selectOption("delivered");
  await expect(toasts(page).filter({ hasText: adminOrders.statusUpdated })).toBeVisible();
  await expect(status).toHaveValue("delivered");
});

test("long tracking values and notes wrap: the order page, its timeline and the list's card stay within the screen", async ({ page, request }, testInfo) => {
  const { order, customer, unique } = await paidOrderForAdmin(page, request, testInfo, "Kofi");
  // A tracking "number" pasted as a URL, and one of 100 characters without a break.
  const trackingUrl = `https://www.royalmail.com/track-your-item#/tracking-results/RM${unique}GB`.slice(0, 100);
  const unbroken = `RM${unique}${"9".repeat(100)}`.slice(0, 100);
  expect((await page.request.patch(`/api/admin/orders/${order.id}`, { data: { status: "shipped", carrier: trackingUrl, trackingNumber: unbroken } })).status()).toBe(200);
  const longNote = `Customer says the parcel is at https://www.example.com/${"a".repeat(300)}?ref=${unique}`;
  expect((await page.request.post(`/api/admin/orders/${order.id}/notes`, { data: { note: longNote } })).status()).toBe(201);

  await page.goto(`/admin/orders/${order.id}`);
  await waitForHydration(page);
  await expect(page.getByText(unbroken).first()).toBeVisible();
  await expect(page.getByRole("list", { name: adminFulfilment.timeline }).getByText(longNote)).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The Status and Payment cards are whole on screen, not cut off at its edge.
  const width = await page.evaluate(() => window.innerWidth);
  for (const name of [adminFulfilment.status, adminFulfilment.payment]) {
    const box = (await page.getByRole("heading", { level: 2, name, exact: true }).boundingBox())!;
    expect(box.x + box.width, name).toBeLessThanOrEqual(width);
  }
  // "Status" is the card's title once; the dropdown keeps it as its name for a screen reader.
  const statusCard = page.locator("[data-status-control]");
  expect((await statusCard.locator("label").first().boundingBox())!.width).toBeLessThanOrEqual(1);
  await expect(statusCard.getByRole("combobox", { name: `Status of order ${order.number}` })).toBeVisible();
  await screenshot(page, testInfo, `order-long-tracking-${testInfo.project.name}`);

  await page.goto(`/admin/orders?search=${encodeURIComponent(customer.email)}`);
  await expect(page.getByRole("article", { name: `Order ${order.number}` }).locator("[data-order-shipment]")).toContainText(unbroken);
  await expectNoSidewaysScroll(page);
});

test("a shipped order's tracking is corrected in place: the timeline says so, the customer is e-mailed only when asked", async ({ page, request }, testInfo) => {
  const { order, customer, unique } = await paidOrderForAdmin(page, request, testInfo, "Yaw");
  // Not shipped yet: its tracking is given when it is marked shipped.
  await page.goto(`/admin/orders/${order.id}`);
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: adminFulfilment.editTracking })).toHaveCount(0);
  expect((await page.request.patch(`/api/admin/orders/${order.id}`, { data: { status: "shipped", carrier: "Royal Mail", trackingNumber: `RM${unique}XX` } })).status()).toBe(200);
  const mailed = (tracking: string) => mailsContaining(serverOutbox(), customer.email).filter((mail) => decodeQuotedPrintable(mail).includes(tracking));
  await expect.poll(() => mailed(`RM${unique}XX`).length, { timeout: 15_000 }).toBe(1);

  await page.reload();
  await waitForHydration(page);
  await page.getByRole("button", { name: adminFulfilment.editTracking }).click();
  const form = page.getByRole("form", { name: `${adminFulfilment.editTrackingTitle}: ${order.number}` });
  await expect(form.getByLabel(/Carrier/)).toBeFocused();
  await expect(form.getByLabel(/Carrier/)).toHaveValue("Royal Mail");
  await expect(form.getByLabel(/Tracking number/)).toHaveValue(`RM${unique}XX`);
  // Off to start with: a typo fixed before anyone looked needs no e-mail.
  await expect(form.getByLabel(adminFulfilment.trackingNotifyCustomer)).not.toBeChecked();
  await form.getByLabel(/Tracking number/).fill(`RM${unique}GB`);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, `order-edit-tracking-${testInfo.project.name}`);
  await form.getByRole("button", { name: adminFulfilment.saveTracking }).click();
  await expectToast(page, adminFulfilment.trackingSaved);
  await expect(form).toHaveCount(0);
  const status = page.getByRole("combobox", { name: `Status of order ${order.number}` });
  await expect(status).toHaveValue("shipped");
  const timeline = page.getByRole("list", { name: adminFulfilment.timeline });
  const changed = timeline.getByRole("listitem").filter({ hasText: adminFulfilment.trackingChangedTitle });
  await expect(changed).toContainText(adminFulfilment.trackingChangedDetail(`Royal Mail RM${unique}XX`, `Royal Mail RM${unique}GB`));
  await expect(changed).toContainText(ADMIN.email);
  // The corrected number links to the carrier's page for it, as the customer's e-mail would.
  await expect(page.locator("dl").getByRole("link", { name: new RegExp(`^RM${unique}GB `) })).toHaveAttribute(
    "href",
    `https://www.royalmail.com/track-your-item#/tracking-results/RM${unique}GB`,
  );

  // Corrected again, this time with Notify: the customer gets the new tracking, once.
  await page.getByRole("button", { name: adminFulfilment.editTracking }).click();
  await form.getByLabel(/Carrier/).fill("DPD");
  await form.getByLabel(/Tracking number/).fill(`DPD${unique}`);
  await form.getByLabel(adminFulfilment.trackingNotifyCustomer).check();
  await form.getByRole("button", { name: adminFulfilment.saveTracking }).click();
  await expectToast(page, adminFulfilment.trackingSaved);
  await expect(timeline.getByRole("listitem").filter({ hasText: adminFulfilment.trackingChangedDetail(`Royal Mail RM${unique}GB`, `DPD DPD${unique}`) })).toBeVisible();
  await expect.poll(() => mailed(`DPD${unique}`).length, { timeout: 15_000 }).toBe(1);
  expect(decodeQuotedPrintable(mailed(`DPD${unique}`)[0]!)).toContain(adminFulfilment.trackingUpdatedMailSubject(order.number));
  expect(decodeQuotedPrintable(mailed(`DPD${unique}`)[0]!)).toContain(`${orderMails.trackParcel("DPD")}: https://track.dpd.co.uk/parcels/DPD${unique}`);
  // The quiet correction sent nothing, and nothing said "on its way" a second time.
  expect(mailed(`RM${unique}GB`)).toHaveLength(0);
  expect(mailsContaining(serverOutbox(), customer.email).filter((mail) => decodeQuotedPrintable(mail).includes(adminFulfilment.shippedMailSubject(order.number)))).toHaveLength(1);
  await expectNoSeriousA11yViolations(page);
});

test("two customers who share a name have orders groups of their own names (landmarks are unique)", async ({ page, request }, testInfo) => {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = { firstName: "Kay", lastName: `Board${unique}` };
  const emails = [`kay-${testInfo.project.name}-${unique}@example.com`, `kay.board-${testInfo.project.name}-${unique}@example.org`];
  for (const email of emails) await placeOrder(request, { ...name, email }, true);
  await page.goto(`/admin/orders?search=${encodeURIComponent(name.lastName)}`);
  await signInAsAdmin(page);
  await expect(page.getByRole("heading", { level: 1, name: adminOrders.title })).toBeVisible();
  const groups = page.locator(`section[aria-label^="Orders of "]`);
  await expect(groups).toHaveCount(2);
  const labels = await groups.evaluateAll((sections) => sections.map((section) => section.getAttribute("aria-label")));
  expect(new Set(labels).size).toBe(2);
  for (const email of emails) await expect(page.getByRole("region", { name: adminOrders.customerGroupLabel(`Kay ${name.lastName}`, email), exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { alsoFail: ["landmark-unique"] });
  // On a phone each order's tick box is at least 24 px, inside its 44 px label.
  if (testInfo.project.name === "mobile") {
    const box = (await page.locator("input[name=ids]").first().boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
  }
  await expectNoSidewaysScroll(page);
  // A print of ids that name no order is a missing page, not an empty one.
  expect((await page.request.get("/admin/orders/print?ids=garbage")).status()).toBe(404);
});

test("a French order's address reads '75008 PARIS' on its page and its label, as French post expects", async ({ page, request }, testInfo) => {
  const buyer = uniqueBuyer("paris", testInfo.project.name);
  const order = await placePaidOrder(request, buyer, true, { address: "8 Rue du Faubourg", city: "Paris", state: "", postalCode: "75008", country: "France" });
  // The order's address shows the login in its place; signed in, the order itself.
  await page.goto(`/admin/orders/${order.id}`);
  await signInAsAdmin(page);
  const address = page.locator("address").first();
  await expect(address).toContainText("75008 PARIS");
  await expect(address.locator("span").filter({ hasText: /^Paris$/ })).toHaveCount(0);
  await page.goto(`/admin/orders/print?ids=${order.id}`);
  await expect(page.getByText("75008 PARIS").first()).toBeVisible();

  // On the Orders list the address runs on, so a card is not half a phone's screen tall.
  await page.goto(`/admin/orders?search=${encodeURIComponent(buyer.email)}`);
  const cardAddress = page.getByRole("article", { name: `Order ${order.number}` }).locator("address");
  await expect(cardAddress).toHaveText(`${buyer.firstName} ${buyer.lastName}, 8 Rue du Faubourg, 75008 PARIS, France, ${buyer.phone}`);
  const lines = await cardAddress.evaluate((element) => Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)));
  expect(lines).toBeLessThanOrEqual(3);
});

test("cancelling a paid order refunds it in the same step, and the customer gets one e-mail that says both", async ({ page, request }, testInfo) => {
  const { order, customer } = await paidOrderForAdmin(page, request, testInfo, "Yaa");
  const { totalAmount } = (await (await page.request.get(`/api/admin/orders/${order.id}`)).json()) as { totalAmount: number };
  const total = formatGbp(totalAmount);
  await page.goto(`/admin/orders/${order.id}`);
  await waitForHydration(page);
  await page.getByLabel(`Status of order ${order.number}`).selectOption("cancelled");
  const ask = page.getByRole("group", { name: `${adminFulfilment.cancelPaidTitle}: ${order.number}` });
  await expect(ask.getByLabel(adminFulfilment.cancelRefund(total))).toBeChecked();
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "admin-order-cancel-and-refund");
  await ask.getByRole("button", { name: adminFulfilment.confirmCancelAndRefund(total) }).click();
  await expectToast(page, adminFulfilment.cancelledAndRefunded(total));
  await expect(page.getByLabel(`Status of order ${order.number}`)).toHaveValue("cancelled");
  const timeline = page.getByRole("list", { name: "Timeline" });
  await expect(timeline.getByText(adminRefunds.timelineTitle(total))).toBeVisible();
  await expect(timeline.getByText(/Status changed: Processing → Cancelled/)).toBeVisible();
  // Nothing is held after the cancel: no "not refunded" notice.
  await expect(page.getByRole("note").filter({ hasText: adminFulfilment.cancelledNotRefunded(total) })).toHaveCount(0);
  const mails = () => mailsContaining(serverOutbox(), customer.email).map(decodeQuotedPrintable);
  await expect.poll(() => mails().filter((mail) => mail.includes(orderMails.cancelledSubject(order.number))).length, { timeout: 15_000 }).toBe(1);
  const cancelled = mails().find((mail) => mail.includes(orderMails.cancelledSubject(order.number)))!;
  expect(cancelled).toContain(orderMails.cancelledRefunded(total));
  // The refund's own e-mail is left out: one message about one cancel.
  expect(mails().filter((mail) => /refunded £[\d.,]+ of your order/.test(mail))).toHaveLength(0);
});

test("cancelling an order already shipped warns that its items are not back, leaves restock unticked and e-mails for the parcel back", async ({ page, request }, testInfo) => {
  const { order, customer } = await paidOrderForAdmin(page, request, testInfo, "Esi");
  expect((await page.request.patch(`/api/admin/orders/${order.id}`, { data: { status: "shipped" } })).status()).toBe(200);
  await page.goto(`/admin/orders/${order.id}`);
  await waitForHydration(page);
  await page.getByLabel(`Status of order ${order.number}`).selectOption("cancelled");
  const ask = page.getByRole("group", { name: `${adminFulfilment.cancelPaidTitle}: ${order.number}` });
  await expect(ask).toContainText(adminFulfilment.cancelAlreadySent);
  await expect(ask.getByLabel(/back in stock$/)).not.toBeChecked();
  // The parcel is with the customer: its money is not given back unless the owner says so.
  await expect(ask.getByLabel(/^Refund £/)).not.toBeChecked();
  await expect(ask.getByLabel(adminFulfilment.cancelNotifySent)).toBeChecked();
  await ask.getByRole("button", { name: adminFulfilment.confirmCancel }).click();
  await expectToast(page, adminOrders.statusUpdated);
  const cancelledMail = () =>
    mailsContaining(serverOutbox(), customer.email)
      .map(decodeQuotedPrintable)
      .filter((mail) => mail.includes(orderMails.cancelledSubject(order.number)));
  await expect.poll(() => cancelledMail().length, { timeout: 15_000 }).toBe(1);
  expect(cancelledMail()[0]).toContain("It had already been sent");
  expect(cancelledMail()[0]).not.toContain("will not be sent");
});

test("with orders ticked, every control the Tab key reaches scrolls clear of the selection bar", async ({ page, request }, testInfo) => {
  test.slow();
  const buyer = uniqueBuyer("bar", testInfo.project.name);
  // Enough cards for the list to run past the bottom of the screen at 1280 and at 390 px; one of
  // them unpaid, so the bar has its taller form, with the line on what the print leaves out.
  for (let i = 0; i < 7; i += 1) await placePaidOrder(request, buyer);
  await placePaidOrder(request, buyer, false);
  await page.goto("/admin/orders");
  await signInAsAdmin(page);
  await expect(page.getByRole("heading", { level: 1, name: adminOrders.title })).toBeVisible();
  await page.goto(`/admin/orders?search=${encodeURIComponent(buyer.email)}`);
  await waitForHydration(page);
  await expect(page.getByRole("article")).toHaveCount(8);
  const selectAll = page.getByRole("checkbox", { name: adminFulfilment.selectAllOnPage });
  await selectAll.focus();
  await page.keyboard.press("Space");
  const bar = page.locator("[data-selection-bar]");
  await expect(bar).toContainText(adminFulfilment.ordersSelected(8));
  await expect(bar.locator("[data-selection-left-out]")).toBeVisible();
  let stops = 0;
  for (;;) {
    await page.keyboard.press("Tab");
    // Tab scrolls the focused control just into view at the bottom edge, where the bar sits: its
    // box must end above the bar's top (the bar's own button and what follows the list are done).
    const place = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement;
      const barBox = document.querySelector("[data-selection-bar]")!.getBoundingClientRect();
      const inList = focused.closest("article, label") !== null && focused.closest("[data-selection-bar]") === null;
      return { inList, name: focused.getAttribute("aria-label") ?? focused.textContent ?? focused.tagName, bottom: focused.getBoundingClientRect().bottom, barTop: barBox.top };
    });
    if (!place.inList) break;
    stops += 1;
    expect(place.bottom, `${place.name} is under the selection bar`).toBeLessThanOrEqual(place.barTop);
  }
  // Each card's box, status, View Details and Print Label.
  expect(stops).toBeGreaterThanOrEqual(8 * 4);
  // The list did run past the screen: some stops were reached by scrolling.
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await screenshot(page, testInfo, "admin-orders-focus-clear-of-selection-bar");
});

test("ticked orders are let go when the list changes: another page, search, status or view starts with none ticked", async ({ page, request }, testInfo) => {
  test.slow();
  const buyer = uniqueBuyer("pages", testInfo.project.name);
  // More than a page holds (20): one paid, for the Paid view, and 20 opened but not paid.
  await placePaidOrder(request, buyer);
  for (let i = 0; i < 20; i += 1) await placePaidOrder(request, buyer, false);
  await page.goto("/admin/orders");
  await signInAsAdmin(page);
  await expect(page.getByRole("heading", { level: 1, name: adminOrders.title })).toBeVisible();
  await page.goto(`/admin/orders?search=${encodeURIComponent(buyer.email)}`);
  await waitForHydration(page);
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(20);
  const bar = page.locator("[data-selection-bar]");
  const ticked = page.getByRole("checkbox", { checked: true });
  const selectAll = page.getByRole("checkbox", { name: adminFulfilment.selectAllOnPage });
  const print = page.getByRole("button", { name: adminFulfilment.printLabels(0) });
  const pager = page.getByRole("navigation", { name: "Pagination" });
  const tickFirst = async () => {
    await cards.first().getByRole("checkbox").check();
    await expect(bar).toContainText(adminFulfilment.ordersSelected(1));
  };
  // Nothing counts the orders ticked on the list before, and nothing would print them.
  const expectNoneTicked = async () => {
    await expect(ticked).toHaveCount(0);
    await expect(bar).toHaveCount(0);
    await expect(print).toHaveAttribute("aria-disabled", "true");
  };
  await selectAll.check();
  await expect(bar).toContainText(adminFulfilment.ordersSelected(20));

  const turnTo = async (link: string, pageNumber: number, orders: number, shot: string) => {
    await pager.getByRole("link", { name: link }).click();
    await expect(pager).toContainText(adminFulfilment.pageOf(pageNumber, 2));
    await expect(cards).toHaveCount(orders);
    await expectNoneTicked();
    await screenshot(page, testInfo, shot);
  };

  // Page 2: the 20 ticked on page 1 are no longer selected.
  await turnTo(adminFulfilment.next, 2, 1, "admin-orders-page-2-nothing-ticked");
  await tickFirst();
  // Back on page 1, none of its orders is still ticked, and the one on page 2 is let go too.
  await turnTo(adminFulfilment.previous, 1, 20, "admin-orders-back-on-page-1-nothing-ticked");

  // A status filter.
  await tickFirst();
  await page.getByRole("combobox", { name: adminOrders.statusFilter }).selectOption("pending");
  await expect(page).toHaveURL(/status=pending/);
  await expect(page.getByRole("combobox", { name: adminOrders.statusFilter }).locator("option:checked")).toHaveText(statusLabel("pending"));
  await expect(cards.first()).toBeVisible();
  await expectNoneTicked();

  // A view.
  await tickFirst();
  await page.getByRole("navigation", { name: adminOrders.views }).getByRole("link", { name: orderListShowText("paid").title }).click();
  await expect(page).toHaveURL(/show=paid/);
  await expect(cards).toHaveCount(1);
  await expectNoneTicked();

  // Another search.
  await tickFirst();
  const search = page.getByRole("searchbox", { name: adminOrders.searchLabel });
  await search.fill(buyer.lastName);
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`search=${buyer.lastName}`));
  await expect(cards).toHaveCount(1);
  await expectNoneTicked();
});

test("the list's views sit above the search and keep it; a search that finds nothing offers Clear, which stays in the view", async ({ page, playwright }, testInfo) => {
  const shopper = await apiContext(playwright, testInfo);
  const buyer = uniqueBuyer("order-views", testInfo.project.name);
  const order = await placePaidOrder(shopper, buyer);
  await shopper.dispose();
  await signInThroughApi(page);
  await page.goto("/admin/orders");
  await waitForHydration(page);

  // Every set of orders the list can show, the whole list marked as the one shown.
  const views = page.getByRole("navigation", { name: adminOrders.views });
  const awaiting = adminDashboard.stats.awaiting.label;
  await expect(views.getByRole("link")).toHaveText([adminOrders.viewAll, adminOrders.showPaid, awaiting]);
  await expect(views.getByRole("link", { name: adminOrders.viewAll })).toHaveAttribute("aria-current", "page");
  const statusFilter = page.getByLabel(adminOrders.statusFilter);
  await expect(statusFilter.locator("option:checked")).toHaveText(adminOrders.allOrders);
  // No search yet: nothing to clear.
  await expect(page.getByRole("link", { name: adminShell.clearSearch })).toHaveCount(0);

  const search = page.getByRole("searchbox", { name: adminOrders.searchLabel });
  await search.fill(buyer.email);
  await search.press("Enter");
  const card = page.getByRole("article", { name: `Order ${order.number}` });
  await expect(card).toBeVisible();
  // A view chosen keeps the search; this paid order is one to send.
  await views.getByRole("link", { name: awaiting }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders\\?show=awaiting-fulfilment&search=${encodeURIComponent(buyer.email)}$`));
  await expect(views.getByRole("link", { name: awaiting })).toHaveAttribute("aria-current", "page");
  await expect(views.getByRole("link", { name: adminOrders.viewAll })).not.toHaveAttribute("aria-current");
  await expect(card).toBeVisible();
  await expect(search).toHaveValue(buyer.email);
  // Within a view the status filter does not claim to show all orders.
  await expect(statusFilter.locator("option:checked")).toHaveText(adminOrders.anyStatus);
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, `admin-orders-views-${testInfo.project.name}`);

  // A search that finds nothing: Clear beside the search and under the message.
  await search.fill(`nobody-${buyer.email}`);
  await search.press("Enter");
  await expect(page.getByRole("heading", { name: adminOrders.noMatch })).toBeVisible();
  const clear = page.getByRole("main").getByRole("link", { name: adminShell.clearSearch });
  await expect(clear).toHaveCount(2);
  await screenshot(page, testInfo, `admin-orders-search-empty-${testInfo.project.name}`);
  await clear.last().click();
  // Back to the whole view, still the orders awaiting fulfilment.
  await expect(page).toHaveURL(/\/admin\/orders\?show=awaiting-fulfilment$/);
  await expect(search).toHaveValue("");
  await expect(page.getByRole("heading", { name: adminOrders.noMatch })).toHaveCount(0);
  await expect(clear).toHaveCount(0);
  await expect(views.getByRole("link", { name: awaiting })).toHaveAttribute("aria-current", "page");

  // The same Clear on a plain list, beside the search button.
  await views.getByRole("link", { name: adminOrders.viewAll }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await search.fill(buyer.email);
  await search.press("Enter");
  await expect(card).toBeVisible();
  await expect(clear).toHaveCount(1);
  await clear.click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(search).toHaveValue("");
});
