// Shipping labels for the longest addresses the checkout accepts: a 200-character
// street, a long double-barrelled name and a six-line sender block each print on one A6 sheet,
// every character inside the label (long words broken, text smaller when it has to be), alone and
// in a bulk print. Chromium's own print-to-PDF counts the sheets. The sender block is a shop-wide
// setting, so this runs on a server of its own (the shared server's journeys read its default).
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
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

async function paidOrder(api: APIRequestContext, buyer: { firstName: string; lastName: string }, address: string, project: string): Promise<{ id: string; number: string }> {
  const product = await findProduct(api, (p) => p.inStock && p.stock >= 20);
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const opened = await api.post("/api/checkout", {
    data: {
      source: "cart",
      items: [{ product_id: product.id, quantity: 1, selected_size: product.sizes[0] ?? null, selected_color: product.colors[0] ?? null }],
      customerInfo: { ...buyer, email: `label-${project}-${unique}@example.com`, phone: "+44 7700 900321" },
      shippingAddress: { address, city: "Kingston upon Thames", state: "Greater London", postalCode: "KT1 1AA", country: "United Kingdom" },
    },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const { sessionId } = (await opened.json()) as { sessionId: string };
  const paid = await api.post(`/pay/${sessionId}`, { form: { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", cardName: "A Buyer" }, maxRedirects: 0 });
  expect(paid.status(), await paid.text()).toBe(302);
  const verified = (await (await api.post("/api/checkout/verify", { data: { sessionId } })).json()) as { success: boolean; order: { id: string } };
  expect(verified.success).toBe(true);
  return { id: verified.order.id, number: formatOrderNumber(verified.order.id) };
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

/** Chromium's PDF of the page as printed: its number of sheets. */
async function printedPages(page: Page, testInfo: TestInfo, name: string): Promise<number> {
  const pdf = await page.pdf({ path: testInfo.outputPath(name), preferCSSPageSize: true, printBackground: true });
  testInfo.attachments.push({ name, path: testInfo.outputPath(name), contentType: "application/pdf" });
  const text = pdf.toString("latin1");
  // A6 sheets only.
  for (const box of text.match(/\/MediaBox\s*\[[^\]]*\]/g) ?? []) expect(box).toMatch(/\[\s*0 0 29[78](\.\d+)? (419|420)(\.\d+)?\s*\]/);
  return (text.match(/\/Type\s*\/Page\b/g) ?? []).length;
}

test("labels for the longest addresses and a six-line sender print on one A6 sheet each, every character on the label", async ({ page }, testInfo) => {
  test.slow();
  const base = server().base;
  const api = await playwrightRequest.newContext({ baseURL: base });
  const signIn = await page.request.post(`${base}/auth`, { form: { intent: "signin", email: "admin@shop.test", password: "host-test-admin-password" }, maxRedirects: 0 });
  expect([200, 302, 303]).toContain(signIn.status());
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
