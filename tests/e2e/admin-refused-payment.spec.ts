// An order whose payment the shop refused on arrival and gave back (its last unit sold to someone
// else while the shopper paid, decision 013) stays cancelled: nothing was paid or taken from stock
// for it. Its status dropdown offers nothing else, and a note says why, on the Orders list and on
// the order's page. At 1280 and 390 px.
import { createHmac, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Locator } from "@playwright/test";
import { adminFulfilment } from "../../src/domain/messages/admin.ts";
import { localWebhookSecret } from "../../src/server/app-context.server.ts";
import { LOCAL_SIGNATURE_HEADER } from "../../src/server/payments/local-provider.server.ts";
import { placeOrder, signInAsAdmin, uniqueBuyer } from "./admin-helpers.ts";
import { apiContext, expectNoSidewaysScroll, screenshot, waitForHydration } from "./helpers.ts";

/**
 * The payment provider's word that the session was paid, as it arrives at the webhook. The local
 * payment page checks the stock before it takes a card; a provider that took the money first
 * (Stripe) tells the shop afterwards, which is how a sold-out order comes to be paid.
 */
async function paymentArrives(request: APIRequestContext, sessionId: string) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  const key = localWebhookSecret(readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim());
  const created = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({ id: `evt_journey_${randomBytes(8).toString("hex")}`, type: "checkout.session.completed", created, data: { object: { id: sessionId } } });
  const signature = `t=${created},v1=${createHmac("sha256", key).update(`${created}.${body}`).digest("hex")}`;
  const answer = await request.post("/api/payments/webhook", { data: body, headers: { "content-type": "application/json", [LOCAL_SIGNATURE_HEADER]: signature } });
  expect(answer.status(), await answer.text()).toBe(200);
}

async function expectOnlyCancelled(scope: Locator) {
  await expect(scope.getByRole("combobox", { name: /^Status of order / }).locator("option")).toHaveText(["Cancelled"]);
  await expect(scope.getByRole("note").filter({ hasText: adminFulfilment.paymentGivenBackNote })).toBeVisible();
}

test("an order whose payment was given back because its last unit sold meanwhile is offered no status but Cancelled", async ({ page, request, playwright }, testInfo) => {
  await signInAsAdmin(page);
  const name = `Last Silk Pocket Square ${testInfo.project.name} ${Date.now().toString(36)}`;
  const created = await page.request.post("/api/admin/products", { data: { name, category: "accessories", price: "25", stock: 1, isActive: true, gallery: [] } });
  expect(created.status(), await created.text()).toBe(201);
  const { id: productId } = (await created.json()) as { id: string };
  const lastUnit = [{ product_id: productId, quantity: 1, selected_size: null, selected_color: null }];

  // The late buyer opens the payment page first; another buyer pays for the last unit meanwhile,
  // then the late buyer's payment arrives.
  const late = uniqueBuyer("given-back", testInfo.project.name);
  const { sessionId } = await placeOrder(request, late, false, undefined, lastUnit);
  // From another browser: one browser's new checkout would close its first.
  const otherBrowser = await apiContext(playwright, testInfo);
  await placeOrder(otherBrowser, uniqueBuyer("first-to-pay", testInfo.project.name), true, undefined, lastUnit);
  await otherBrowser.dispose();
  await paymentArrives(request, sessionId);
  const verified = await request.post("/api/checkout/verify", { data: { sessionId } });
  expect(await verified.json()).toMatchObject({ success: false, status: "refunded", reason: "sold-out" });

  await page.goto(`/admin/orders?search=${encodeURIComponent(late.email)}`);
  await waitForHydration(page);
  const card = page.getByRole("article", { name: /^Order / });
  await expect(card).toHaveCount(1);
  await expectOnlyCancelled(card);
  await screenshot(card, testInfo, "order-card-payment-given-back");

  await card.getByRole("link", { name: /View Details/ }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]+$/);
  await waitForHydration(page);
  await expectOnlyCancelled(page.locator("main"));
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "order-page-payment-given-back", { fullPage: false });
});
