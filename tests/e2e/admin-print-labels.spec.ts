// Shipping labels for the longest addresses the checkout accepts: a 200-character
// street, a long double-barrelled name and a six-line sender block each print on one A6 sheet,
// every character inside the label (long words broken, text smaller when it has to be), alone and
// in a bulk print. A bulk print leaves out the orders that must not be sent (cancelled, refunded in
// full, not paid) unless asked, and stamps them then. Chromium's own print-to-PDF counts the sheets. The sender block is a shop-wide
// setting, so this runs on a server of its own (the shared server's journeys read its default).
import { expect, request as playwrightRequest, test, type APIRequestContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import { formatAdminDate } from "../../src/domain/admin/dates.ts";
import { adminFulfilment } from "../../src/domain/messages/admin.ts";
import { formatOrderNumber } from "../../src/domain/order-number.ts";
import { findProduct, screenshot, waitForHydration } from "./helpers.ts";
import { ownServer } from "./own-server.ts";

test.use({ bypassCSP: true });

const server = ownServer();

const SENDER = ["Kente & Tweed Menswear Ltd", "Returns Department, Unit 4", "Riverside Business Park, 145 Old Kent Road", "Bermondsey", "London SE1 5AB", "United Kingdom"];
// 200 characters, the checkout's limit for the street.
const STREET_200 = "Flat 12B, Third Floor, The Old Grain Warehouse and Bonded Stores, 145-147 Long Acre Lane, off the Northern Approach Road behind St Mary's Church, Little Snoring Industrial Estate, Upper Bottom".padEnd(200, ".").slice(0, 200);
const STREET_130 = STREET_200.slice(0, 130);
const LONG_NAME = { firstName: "Maximilian-Alexander-Konstantin", lastName: "Wolfeschlegelsteinhausenbergerdorff-Smythe-Featherstonehaugh" };

/** Opens a checkout of one unit for this buyer: its payment session and the buyer's unique e-mail. */
async function openCheckout(api: APIRequestContext, buyer: { firstName: string; lastName: string }, address: string, project: string, phone: string): Promise<{ sessionId: string; email: string }> {
  const product = await findProduct(api, (p) => p.inStock && p.stock >= 20);
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `label-${project}-${unique}@example.com`;
  const opened = await api.post("/api/checkout", {
    data: {
      source: "cart",
      items: [{ product_id: product.id, quantity: 1, selected_size: product.sizes[0] ?? null, selected_color: product.colors[0] ?? null }],
      customerInfo: { ...buyer, email, phone },
      shippingAddress: { address, city: "Kingston upon Thames", state: "Greater London", postalCode: "KT1 1AA", country: "United Kingdom" },
    },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const { sessionId } = (await opened.json()) as { sessionId: string };
  return { sessionId, email };
}

async function paidOrder(api: APIRequestContext, buyer: { firstName: string; lastName: string }, address: string, project: string, phone = "+44 7700 900321"): Promise<{ id: string; number: string }> {
  const { sessionId } = await openCheckout(api, buyer, address, project, phone);
  const paid = await api.post(`/pay/${sessionId}`, { form: { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", cardName: "A Buyer" }, maxRedirects: 0 });
  expect(paid.status(), await paid.text()).toBe(302);
  const verified = (await (await api.post("/api/checkout/verify", { data: { sessionId } })).json()) as { success: boolean; order: { id: string } };
  expect(verified.success).toBe(true);
  return { id: verified.order.id, number: formatOrderNumber(verified.order.id) };
}

/** An order whose buyer left the payment page without paying, as the admin's list finds it. */
async function unpaidOrder(api: APIRequestContext, admin: APIRequestContext, base: string, buyer: { firstName: string; lastName: string }, address: string, project: string): Promise<{ id: string; number: string }> {
  const { sessionId, email } = await openCheckout(api, buyer, address, project, "+44 7700 900654");
  const { items } = (await (await admin.get(`${base}/api/admin/orders?search=${encodeURIComponent(email)}`)).json()) as { items: { id: string; paymentSessionId: string; paymentStatus: string }[] };
  const order = items.find((item) => item.paymentSessionId === sessionId)!;
  expect(order.paymentStatus).toBe("pending");
  return { id: order.id, number: formatOrderNumber(order.id) };
}

/** The admin signed in on the spec's server, and a shopper's context of it to place orders. */
async function signedIn(page: Page): Promise<{ base: string; api: APIRequestContext }> {
  const base = server().base;
  const signIn = await page.request.post(`${base}/auth`, { form: { intent: "signin", email: "admin@shop.test", password: "host-test-admin-password" }, maxRedirects: 0 });
  expect([200, 302, 303]).toContain(signIn.status());
  return { base, api: await playwrightRequest.newContext({ baseURL: base }) };
}

/** Every piece of text of the label lies inside the label's box (as printed), in CSS pixels of overflow. */
async function textOutsideLabel(page: Page, number: string): Promise<string[]> {
  return page.getByRole("article", { name: `Shipping label ${number}` }).evaluate((label) => {
    const box = label.getBoundingClientRect();
    const outside: string[] = [];
    const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) {
        if (rect.width === 0) continue;
        if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5 || rect.top < box.top - 0.5 || rect.bottom > box.bottom + 0.5) outside.push(node.textContent ?? "");
      }
    }
    const barcode = label.querySelector("svg");
    if (barcode && barcode.getBoundingClientRect().bottom > box.bottom + 0.5) outside.push("barcode");
    return outside;
  });
}

// Sheets in PDF points: A6 is 105 x 148 mm = 297.6 x 419.5 (Chromium rounds to 298.08 x 420), A4 595.3 x 841.9 (Chromium writes 594.96 x 841.92).
const SHEET = { A6: /\[\s*0 0 29[78](\.\d+)? (419|420)(\.\d+)?\s*\]/, A4: /\[\s*0 0 59[45](\.\d+)? 84[12](\.\d+)?\s*\]/ };

/** Chromium's PDF of the page as printed, background graphics on: its number of sheets, each of this size. */
async function printedPages(page: Page, testInfo: TestInfo, name: string, size: keyof typeof SHEET = "A6"): Promise<number> {
  const pdf = await page.pdf({ path: testInfo.outputPath(name), preferCSSPageSize: true, printBackground: true });
  testInfo.attachments.push({ name, path: testInfo.outputPath(name), contentType: "application/pdf" });
  const text = pdf.toString("latin1");
  for (const box of text.match(/\/MediaBox\s*\[[^\]]*\]/g) ?? []) expect(box).toMatch(SHEET[size]);
  return (text.match(/\/Type\s*\/Page\b/g) ?? []).length;
}

/** Backgrounds under a sheet, as printed, that are neither white nor none (a grey one prints with background graphics on). */
async function tintedUnder(sheet: Locator): Promise<string[]> {
  return sheet.evaluate((element) => {
    const tinted: string[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== "rgba(0, 0, 0, 0)" && colour !== "rgb(255, 255, 255)") tinted.push(`${node.tagName.toLowerCase()}.${node.className}: ${colour}`);
    }
    return tinted;
  });
}

test("labels for the longest addresses and a six-line sender print on one A6 sheet each, every character on the label", async ({ page }, testInfo) => {
  test.slow();
  const { base, api } = await signedIn(page);
  const saved = await page.request.put(`${base}/api/admin/settings`, { data: { senderAddress: SENDER }, headers: { origin: base } });
  expect(saved.status(), await saved.text()).toBe(200);

  const project = testInfo.project.name;
  const everyday = await paidOrder(api, { firstName: "Ama", lastName: "Owusu" }, "1 Savile Row", project);
  const longest = await paidOrder(api, { firstName: "Oliver", lastName: "Bennett" }, STREET_200, project);
  const longName = await paidOrder(api, LONG_NAME, STREET_130, project);
  await api.dispose();

  for (const [order, file] of [
    [everyday, "label-everyday.pdf"],
    [longest, "label-street-200.pdf"],
    [longName, "label-long-name.pdf"],
  ] as const) {
    await page.emulateMedia({ media: "screen" });
    await page.goto(`${base}/admin/orders/print?ids=${order.id}`);
    await waitForHydration(page);
    const label = page.getByRole("article", { name: `Shipping label ${order.number}` });
    await expect(label).toBeVisible();
    // The whole street, the whole name and the whole sender block are printed.
    await expect(label.locator("[data-label-sender]")).toContainText(SENDER.join(""));
    if (order === longest) await expect(label).toContainText(STREET_200);
    if (order === longName) await expect(label).toContainText(`${LONG_NAME.firstName} ${LONG_NAME.lastName}`);
    await page.emulateMedia({ media: "print" });
    expect(await textOutsideLabel(page, order.number)).toEqual([]);
    await screenshot(page, testInfo, file.replace(".pdf", "-print"));
    expect(await printedPages(page, testInfo, file)).toBe(1);
  }
  // The everyday label keeps its usual large print; the long ones step down.
  await page.emulateMedia({ media: "screen" });
  await page.goto(`${base}/admin/orders/print?ids=${everyday.id}&ids=${longest.id}&ids=${longName.id}`);
  await expect(page.getByRole("article", { name: `Shipping label ${everyday.number}` })).toHaveAttribute("data-label-scale", "regular");
  await expect(page.getByRole("article", { name: `Shipping label ${longest.number}` })).not.toHaveAttribute("data-label-scale", "regular");
  await expect(page.getByRole("heading", { level: 1, name: `${adminFulfilment.printLabel} (3)` })).toBeVisible();
  // Printed together: three labels, three sheets.
  await page.emulateMedia({ media: "print" });
  expect(await printedPages(page, testInfo, "labels-bulk.pdf")).toBe(3);
});

test("a bulk print leaves out cancelled and unpaid orders unless asked, stamps them DO NOT SHIP then, marks a shipped one as a reprint, and gives the courier the phone", async ({ page }, testInfo) => {
  test.slow();
  const { base, api } = await signedIn(page);
  const project = testInfo.project.name;
  const phone = "+233 24 123 4567";
  const paid = await paidOrder(api, { firstName: "Ama", lastName: "Owusu" }, "House No. 12, Kwame Nkrumah Avenue", project, phone);
  const cancelled = await paidOrder(api, { firstName: "Kwame", lastName: "Mensah" }, "14 Oxford Street", project);
  const shipped = await paidOrder(api, { firstName: "Kofi", lastName: "Boateng" }, "3 Jermyn Street", project);
  // Not paid, with the longest name and street the checkout takes: stamped, it must still fit its sheet.
  const unpaid = await unpaidOrder(api, page.request, base, LONG_NAME, STREET_200, project);
  await api.dispose();
  const change = (id: string, body: object) => page.request.patch(`${base}/api/admin/orders/${id}`, { data: body, headers: { origin: base } });
  expect((await change(cancelled.id, { status: "cancelled", restock: true, notifyCustomer: false })).status()).toBe(200);
  expect((await change(shipped.id, { status: "shipped", carrier: "Royal Mail", trackingNumber: "RM123456789GB" })).status()).toBe(200);
  const { shippedAt } = (await (await page.request.get(`${base}/api/admin/orders/${shipped.id}`)).json()) as { shippedAt: string };
  const reprint = adminFulfilment.reprintShippedOn(formatAdminDate(shippedAt));

  const ids = [paid, cancelled, shipped, unpaid].map((order) => `ids=${order.id}`).join("&");
  await page.emulateMedia({ media: "screen" });
  await page.goto(`${base}/admin/orders/print?${ids}`);
  await waitForHydration(page);
  const label = (order: { number: string }) => page.getByRole("article", { name: `Shipping label ${order.number}` });
  // Two labels: the cancelled and the unpaid order's are left out, and the note says which and why.
  await expect(page.getByRole("heading", { level: 1, name: `${adminFulfilment.printLabel} (2)` })).toBeVisible();
  const doNotShip = page.locator("[data-print-do-not-ship]");
  await expect(doNotShip).toContainText(`${adminFulfilment.printCancelledWarning(cancelled.number)} ${adminFulfilment.printUnpaidWarning(unpaid.number)} ${adminFulfilment.printLeftOut}`);
  await expect(label(cancelled)).toHaveCount(0);
  await expect(label(unpaid)).toHaveCount(0);
  await expect(page.locator("[data-print-reprints]")).toHaveText(adminFulfilment.printReprintsWarning(shipped.number));
  // The courier's phone ends the recipient block; the shipped order's label says it is a reprint.
  await expect(label(paid).locator("[data-label-ship-to] > *").last()).toHaveText(adminFulfilment.labelPhone(phone));
  await expect(label(shipped).locator("[data-sheet-reprint]")).toHaveText(reprint);
  await expect(label(paid).locator("[data-sheet-reprint], [data-sheet-stamp]")).toHaveCount(0);
  await screenshot(page, testInfo, "print-left-out-screen");

  // On paper: the labels of the paid and the shipped order, nothing of the note, two A6 sheets.
  await page.emulateMedia({ media: "print" });
  await expect(doNotShip).toBeHidden();
  await expect(label(paid)).toBeVisible();
  await expect(label(shipped).locator("[data-sheet-reprint]")).toBeVisible();
  for (const order of [paid, shipped]) expect(await textOutsideLabel(page, order.number)).toEqual([]);
  expect(await printedPages(page, testInfo, "labels-left-out.pdf")).toBe(2);

  // Printed anyway: their labels come back with the stamp on the sheet, and the note offers the way back.
  await page.emulateMedia({ media: "screen" });
  await doNotShip.getByRole("link", { name: adminFulfilment.printAnyway }).click();
  await expect(page).toHaveURL(/[?&]anyway=1(&|$)/);
  await expect(page.getByRole("heading", { level: 1, name: `${adminFulfilment.printLabel} (4)` })).toBeVisible();
  await expect(doNotShip).toContainText(adminFulfilment.printStamped);
  await expect(doNotShip.getByRole("link", { name: adminFulfilment.printLeaveOut })).toBeVisible();
  await screenshot(page, testInfo, "print-anyway-screen");
  await page.emulateMedia({ media: "print" });
  await expect(label(cancelled).locator("[data-sheet-stamp]")).toHaveText(adminFulfilment.stampCancelled);
  await expect(label(cancelled).locator("[data-sheet-stamp]")).toBeVisible();
  // In large type: half as large again as the address, the largest text on the label.
  const size = (locator: Locator) => locator.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
  expect(await size(label(cancelled).locator("[data-sheet-stamp]"))).toBeGreaterThanOrEqual(1.5 * (await size(label(cancelled).locator("[data-label-ship-to] > div"))));
  expect(await textOutsideLabel(page, cancelled.number)).toEqual([]);
  // The unpaid one says so in the same large type, its whole long address still on the one sheet.
  await expect(label(unpaid).locator("[data-sheet-stamp]")).toHaveText(adminFulfilment.stampUnpaid);
  await expect(label(unpaid)).toContainText(STREET_200);
  expect(await textOutsideLabel(page, unpaid.number)).toEqual([]);
  await screenshot(label(unpaid), testInfo, "label-unpaid-stamped-print");
  expect(await printedPages(page, testInfo, "labels-anyway.pdf")).toBe(4);

  // The packing slips follow the same rules, keep the choice, and print white on A4.
  await page.emulateMedia({ media: "screen" });
  await page.getByRole("link", { name: adminFulfilment.packingSlip }).click();
  await expect(page).toHaveURL(/doc=slip.*anyway=1/);
  const slip = (order: { number: string }) => page.getByRole("article", { name: `Packing slip ${order.number}` });
  await expect(slip(cancelled).locator("[data-sheet-stamp]")).toHaveText(adminFulfilment.stampCancelled);
  await expect(slip(unpaid).locator("[data-sheet-stamp]")).toHaveText(adminFulfilment.stampUnpaid);
  await expect(slip(shipped).locator("[data-sheet-reprint]")).toHaveText(reprint);
  await page.emulateMedia({ media: "print" });
  expect(await tintedUnder(slip(paid))).toEqual([]);
  await screenshot(slip(unpaid), testInfo, "slip-unpaid-stamped-print");
  expect(await printedPages(page, testInfo, "slips-anyway.pdf", "A4")).toBe(4);
  await page.emulateMedia({ media: "screen" });
  await doNotShip.getByRole("link", { name: adminFulfilment.printLeaveOut }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${adminFulfilment.packingSlip} (2)` })).toBeVisible();
  await expect(slip(cancelled)).toHaveCount(0);
  await expect(slip(unpaid)).toHaveCount(0);
  await screenshot(page, testInfo, "slips-left-out-screen");
  await page.emulateMedia({ media: "print" });
  expect(await printedPages(page, testInfo, "slips-left-out.pdf", "A4")).toBe(2);
});
