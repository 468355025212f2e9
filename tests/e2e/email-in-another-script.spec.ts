// An e-mail address whose domain is written in another script ("kofi@bücher.de") is kept in its
// ASCII form ("kofi@xn--bcher-kva.de"), but a person reads it as it was typed: the shopper on the
// account and payment pages, the owner on the Dashboard, Orders, the order page, Customers and
// the Stripe screen. Links, searches and the CSV export keep the ASCII form. On a server of its
// own, so that the Dashboard's newest orders are this journey's.
import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import { accountConfirmation } from "../../src/domain/messages/account.ts";
import { adminFulfilment } from "../../src/domain/messages/admin.ts";
import { accountOrders } from "../../src/domain/messages/orders.ts";
import { formatOrderNumber } from "../../src/domain/order-number.ts";
import { expectNoSeriousA11yViolations, findProduct, screenshot, waitForHydration } from "./helpers.ts";
import { ownServer } from "./own-server.ts";

test.use({ bypassCSP: true });

const server = ownServer();

/** No address on the page is shown in its ASCII form. */
async function expectNoAsciiDomainShown(page: Page) {
  await expect(page.locator("body")).not.toContainText("xn--");
}

test("an address whose domain is in another script reads as typed wherever it is shown, and stays ASCII in links and exports", async ({ page, browser }, testInfo) => {
  test.slow();
  const base = server().base;
  const unique = `${testInfo.project.name}${Date.now().toString(36)}`;
  const typed = `kofi.${unique}@bücher.de`;
  const stored = `kofi.${unique}@xn--bcher-kva.de`;

  // The shopper opens an account with the address as they know it.
  const shopperApi = await playwrightRequest.newContext({ baseURL: base });
  const signedUp = await shopperApi.post("/auth?tab=signup", {
    form: { intent: "signup", firstName: "Kofi", lastName: "Boateng", email: typed, phone: "", password: `Kente-${unique}-cloth` },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const shopper = await browser.newContext({ baseURL: base, viewport: page.viewportSize(), storageState: await shopperApi.storageState() });
  const shopperPage = await shopper.newPage();

  // Their account page asks them to confirm the address, named as they typed it, and so does the
  // line that says a new link went out.
  await shopperPage.goto("/account/orders");
  await waitForHydration(shopperPage);
  await expect(shopperPage.getByText(accountOrders.guestOrdersOnceConfirmed(typed))).toBeVisible();
  await shopperPage.getByRole("button", { name: accountConfirmation.resend }).click();
  await expect(shopperPage.getByRole("status").filter({ hasText: accountConfirmation.sent(typed) })).toBeVisible();
  await expectNoAsciiDomainShown(shopperPage);
  await screenshot(shopperPage, testInfo, "account-address-in-its-script");

  await shopper.close();
  await shopperApi.dispose();

  // A checkout with the same address (as a guest, in a browser of its own): the payment page says
  // who pays, as typed.
  const buyerApi = await playwrightRequest.newContext({ baseURL: base });
  const buyer = await browser.newContext({ baseURL: base, viewport: page.viewportSize() });
  const buyerPage = await buyer.newPage();
  const product = await findProduct(buyerApi, (p) => p.inStock && p.stock >= 20);
  const opened = await buyerApi.post("/api/checkout", {
    data: {
      source: "cart",
      items: [{ product_id: product.id, quantity: 1, selected_size: product.sizes[0] ?? null, selected_color: product.colors[0] ?? null }],
      customerInfo: { firstName: "Kofi", lastName: "Boateng", email: typed, phone: "" },
      shippingAddress: { address: "12 Friedrichstraße", city: "Berlin", state: "", postalCode: "10117", country: "Germany" },
    },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const { sessionId } = (await opened.json()) as { sessionId: string };
  await buyerPage.goto(`/pay/${sessionId}`);
  await expect(buyerPage.getByText(`Paying as ${typed}`)).toBeVisible();
  await expectNoAsciiDomainShown(buyerPage);
  await screenshot(buyerPage, testInfo, "pay-page-address-in-its-script");
  const paid = await buyerApi.post(`/pay/${sessionId}`, { form: { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", cardName: "Kofi Boateng" }, maxRedirects: 0 });
  expect(paid.status(), await paid.text()).toBe(302);
  const verified = (await (await buyerApi.post("/api/checkout/verify", { data: { sessionId } })).json()) as { success: boolean; order: { id: string } };
  expect(verified.success).toBe(true);
  const number = formatOrderNumber(verified.order.id);
  await buyer.close();
  await buyerApi.dispose();

  // The owner: the Dashboard's newest orders. The address is turned into its script in the
  // browser as on the server: a difference would fail the pages' hydration.
  const browserErrors: string[] = [];
  page.on("pageerror", (error) => browserErrors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat/i.test(message.text())) browserErrors.push(message.text());
  });
  const signIn = await page.request.post(`${base}/auth`, { form: { intent: "signin", email: "admin@shop.test", password: "host-test-admin-password" }, maxRedirects: 0 });
  expect([200, 302, 303]).toContain(signIn.status());
  await page.goto(`${base}/admin`);
  await waitForHydration(page);
  await expect(page.getByText(typed).first()).toBeVisible();
  await expectNoAsciiDomainShown(page);

  // Orders, found by the address typed either way: the group and the card name it as typed.
  await page.goto(`${base}/admin/orders?search=${encodeURIComponent(typed)}`);
  await waitForHydration(page);
  const group = page.getByRole("region", { name: `Orders of Kofi Boateng (${typed})` });
  await expect(group.getByRole("article", { name: `Order ${number}` })).toContainText(typed);
  await expectNoAsciiDomainShown(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "admin-orders-address-in-its-script");

  // The order page; its link to the customer's orders searches the stored form.
  await group.getByRole("link", { name: `${adminFulfilment.viewDetails}: ${number}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
  // The customer section, and the timeline's e-mail sent to them.
  await expect(page.getByText(typed, { exact: true })).toHaveCount(2);
  await expect(page.getByRole("link", { name: "All orders of this customer" })).toHaveAttribute("href", `/admin/orders?search=${encodeURIComponent(stored)}`);
  await expectNoAsciiDomainShown(page);

  // Customers and the Stripe screen.
  await page.goto(`${base}/admin/customers?search=${encodeURIComponent(typed)}`);
  await expect(page.locator(`[data-customer="${stored}"]`)).toContainText(typed);
  await expectNoAsciiDomainShown(page);
  await screenshot(page, testInfo, "admin-customers-address-in-its-script");
  await page.goto(`${base}/admin/stripe?search=${encodeURIComponent(stored)}`);
  await expect(page.locator(`[data-transaction="${verified.order.id}"]:visible`)).toContainText(typed);
  await expectNoAsciiDomainShown(page);

  // What leaves the shop for other programs keeps the stored form.
  const csv = await (await page.request.get(`${base}/api/admin/orders/export.csv?search=${encodeURIComponent(stored)}`)).text();
  expect(csv).toContain(stored);
  expect(csv).not.toContain(typed);
  expect(browserErrors).toEqual([]);
});
