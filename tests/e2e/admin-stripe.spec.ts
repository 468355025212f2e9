// The Stripe screen's controls, at 1280 px and on a 390 px phone: Refresh keeps the keyboard's
// focus while the transactions reload, the Search button lines up with its box (not with the box
// and the hint under it), and its pages read as every other admin list's ('Page 1 of 2').
import { expect, test } from "@playwright/test";
import { adminFulfilment, adminPayments } from "../../src/domain/messages/admin.ts";
import { expectFocusKeptWhileBusy, placeOrder, signInAsAdmin, uniqueBuyer } from "./admin-helpers.ts";
import { apiContext, screenshot, waitForHydration } from "./helpers.ts";

test.use({ bypassCSP: true });

test("Refresh keeps the focus; Search lines up with its box; pages say 'Page n of m'", async ({ page, playwright }, testInfo) => {
  test.slow(); // 21 orders to place
  // One buyer's 21 unpaid orders: a search for them fills one page of 20 and a second of 1.
  const buyer = uniqueBuyer("stripe-pages", testInfo.project.name);
  const shopper = await apiContext(playwright, testInfo);
  for (let i = 0; i < 21; i++) await placeOrder(shopper, buyer, false);
  await shopper.dispose();

  await signInAsAdmin(page);
  await page.goto(`/admin/stripe?search=${encodeURIComponent(buyer.email)}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: adminPayments.title })).toBeVisible();
  await expectFocusKeptWhileBusy(page, page.getByRole("button", { name: adminPayments.refresh }));

  const box = (await page.getByRole("searchbox", { name: adminPayments.searchLabel }).boundingBox())!;
  const button = (await page.getByRole("button", { name: adminPayments.search, exact: true }).boundingBox())!;
  expect(Math.abs(button.y - box.y)).toBeLessThanOrEqual(1);
  expect(Math.abs(button.height - box.height)).toBeLessThanOrEqual(1);

  const pager = page.getByRole("navigation", { name: "Pagination" });
  await expect(pager).toContainText(adminFulfilment.pageOf(1, 2));
  await pager.getByRole("link", { name: adminFulfilment.next }).click();
  await expect(pager).toContainText(adminFulfilment.pageOf(2, 2));
  await expect(page.locator("table [data-transaction], ul [data-transaction]").filter({ visible: true })).toHaveCount(1);
  await screenshot(page, testInfo, `admin-stripe-page-2-${testInfo.project.name}`);
});

test("the cards add up: Total Orders says how many are paid, awaiting payment and refunded in full", async ({ page, playwright }, testInfo) => {
  // An order refunded in full is neither paid nor awaiting payment.
  const buyer = uniqueBuyer("stripe-cards", testInfo.project.name);
  const shopper = await apiContext(playwright, testInfo);
  const order = await placeOrder(shopper, buyer);
  await shopper.dispose();
  await signInAsAdmin(page);
  const refund = await page.request.post(`/api/admin/orders/${order.id}/refunds`, { data: { amount: (order.totalPence / 100).toFixed(2), reason: "Returned in full" } });
  expect(refund.status(), await refund.text()).toBe(201);

  await page.goto("/admin/stripe");
  await waitForHydration(page);
  const card = (key: string) => page.locator(`[data-card="${key}"]`);
  const value = async (key: string) => Number((await card(key).locator("dd").first().textContent())!.replace(/,/g, ""));
  const note = card("orders").locator("dd").nth(1);
  await expect(note).toContainText(/^Every order: [\d,]+ paid, [\d,]+ awaiting payment, [\d,]+ refunded in full/);
  // Its parts are the Paid and Pending cards' figures and the rest, and they sum to the total.
  const parts = [...(await note.textContent())!.matchAll(/([\d,]+) [a-z]/g)].map((match) => Number(match[1]!.replace(/,/g, "")));
  expect(parts[0]).toBe(await value("paid"));
  expect(parts[1]).toBe(await value("pending"));
  expect(parts.reduce((sum, part) => sum + part, 0)).toBe(await value("orders"));
  await screenshot(page, testInfo, `admin-stripe-cards-${testInfo.project.name}`);
});
