// The admin Customers screen, on desktop and on a 390 px phone: a customer who paid two orders
// through the local payment page (the second with their e-mail in capitals) and left a third
// unpaid shows up with the figures of the paid ones, found by name and by phone, linked to their
// orders; a search that matches nobody says so; the JSON API answers guests 401.
import { expect, test } from "@playwright/test";
import { formatAdminDate } from "../../src/domain/admin/dates.ts";
import { adminCustomers } from "../../src/domain/messages/admin.ts";
import { formatGbp } from "../../src/domain/money.ts";
import { formatOrderNumber } from "../../src/domain/order-number.ts";
import { expectFocusKeptWhileBusy, placeOrder, signInAsAdmin, uniqueBuyer } from "./admin-helpers.ts";
import { apiContext, expectNoSeriousA11yViolations, screenshot, waitForHydration, expectNoSidewaysScroll } from "./helpers.ts";

test.use({ bypassCSP: true });

test("a customer's paid orders, found by name and by phone, with a link to their orders", async ({ page, playwright }, testInfo) => {
  const buyer = uniqueBuyer("customer", testInfo.project.name);
  const shopper = await apiContext(playwright, testInfo);
  const first = await placeOrder(shopper, buyer);
  const second = await placeOrder(shopper, { ...buyer, email: buyer.email.toUpperCase() });
  await placeOrder(shopper, buyer, false);
  await shopper.dispose();
  // Someone who never paid, in a browser of their own (a newer checkout from the same browser's
  // cart would close the unpaid one above): listed, with the unpaid order said for what it is.
  const browser = uniqueBuyer("browser", testInfo.project.name);
  const browsing = await apiContext(playwright, testInfo);
  await placeOrder(browsing, browser, false);
  await browsing.dispose();

  await signInAsAdmin(page);
  await page.goto(`/admin/customers?search=${encodeURIComponent(buyer.lastName.toUpperCase())}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: adminCustomers.title })).toBeVisible();
  await expect(page.locator("[data-count-badge]")).toHaveText("1");
  for (const label of [adminCustomers.totalCustomers, adminCustomers.totalRevenue, adminCustomers.avgOrderValue, adminCustomers.totalOrders]) {
    await expect(page.locator("[data-card]").getByText(label, { exact: true })).toBeVisible();
  }
  // The four figures are the whole shop's, which the page says while a search narrows the list.
  await expect(page.getByText(adminCustomers.countedNote)).toContainText(adminCustomers.summaryWhileSearching);

  const card = page.locator(`[data-customer="${buyer.email.toLowerCase()}"]`);
  await expect(card.getByRole("heading", { name: `${buyer.firstName} ${buyer.lastName}` })).toBeVisible();
  await expect(card.getByText(buyer.phone)).toBeVisible();
  // The whole e-mail address is shown, wrapped if it must be, never cut off with an ellipsis.
  const emailLine = card.getByText(buyer.email.toLowerCase(), { exact: true });
  await expect(emailLine).toBeVisible();
  expect(await emailLine.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  // Paid orders are the figure; the one left unpaid is named beside it.
  await expect(card.locator('[data-figure="orders"]')).toHaveText(`2${adminCustomers.unpaidOrders(1)}`);
  await expect(card.locator('[data-figure="spent"]')).toHaveText(formatGbp(first.totalPence + second.totalPence));
  await expect(card.locator('[data-figure="last-order"]')).toHaveText(formatAdminDate(new Date().toISOString()));
  await expect(card.getByText(adminCustomers.guest)).toBeVisible();
  // The 3 most recent orders, the unpaid one marked, each by the order number other screens show, linked to its page.
  await expect(card.getByRole("listitem")).toHaveCount(3);
  await expect(card.getByRole("listitem").first()).toContainText("Pending");
  await expect(card.getByRole("link", { name: formatOrderNumber(second.id) })).toHaveAttribute("href", `/admin/orders/${second.id}`);
  await expect(card.getByRole("link", { name: formatOrderNumber(first.id) })).toHaveAttribute("href", `/admin/orders/${first.id}`);
  await expect(card.getByRole("link", { name: /View orders/ })).toHaveAttribute("href", `/admin/orders?search=${encodeURIComponent(buyer.email.toLowerCase())}`);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, `admin-customers-${testInfo.project.name}`);

  await page.goto(`/admin/customers?search=${encodeURIComponent(browser.lastName)}`);
  const unpaidCard = page.locator(`[data-customer="${browser.email.toLowerCase()}"]`);
  await expect(unpaidCard.locator('[data-figure="orders"]')).toHaveText(`0${adminCustomers.unpaidOrders(1)}`);
  await expect(unpaidCard.locator('[data-figure="last-order"]')).toHaveText(adminCustomers.nonePaid);
  await page.goto(`/admin/customers?search=${encodeURIComponent(buyer.lastName.toUpperCase())}`);
  await waitForHydration(page);

  // By phone, typed the way people write numbers, through the search box.
  const typedPhone = buyer.phone.replace("+44 ", "+44-").replace(/ /g, "");
  await page.getByRole("searchbox", { name: adminCustomers.searchLabel }).fill(typedPhone);
  await page.getByRole("button", { name: adminCustomers.search, exact: true }).click();
  await expect(page).toHaveURL(`/admin/customers?search=${encodeURIComponent(typedPhone)}`);
  await expect(page.locator(`[data-customer="${buyer.email.toLowerCase()}"]`)).toBeVisible();
  await expect(page.locator("[data-count-badge]")).toHaveText("1");
  // As the owner hears it on a call, in the UK's national format.
  const saidPhone = buyer.phone.replace("+44 ", "0");
  await page.getByRole("searchbox", { name: adminCustomers.searchLabel }).fill(saidPhone);
  await page.getByRole("button", { name: adminCustomers.search, exact: true }).click();
  await expect(page).toHaveURL(`/admin/customers?${new URLSearchParams({ search: saidPhone })}`);
  await expect(page.locator(`[data-customer="${buyer.email.toLowerCase()}"]`)).toBeVisible();
  await expect(page.locator("[data-count-badge]")).toHaveText("1");
  await screenshot(page, testInfo, "admin-customers-national-phone");
  // The Orders search finds the customer's orders by it too.
  await page.goto(`/admin/orders?search=${encodeURIComponent(saidPhone)}`);
  await expect(page.getByRole("article", { name: `Order ${first.number}` })).toBeVisible();
  await expect(page.getByRole("article", { name: `Order ${second.number}` })).toBeVisible();
  await page.goto(`/admin/customers?search=${encodeURIComponent(saidPhone)}`);
  await waitForHydration(page);

  await page.getByRole("searchbox", { name: adminCustomers.searchLabel }).fill(`nobody-${buyer.lastName}`);
  await page.getByRole("button", { name: adminCustomers.search, exact: true }).click();
  await expect(page).toHaveURL(`/admin/customers?search=nobody-${buyer.lastName}`);
  await expect(page.getByText(adminCustomers.noMatch)).toBeVisible();
  await expect(page.locator("[data-count-badge]")).toHaveText("0");

  // The whole list: highest spend first, the summary counting this customer, Refresh with its notice.
  await page.goto("/admin/customers");
  await waitForHydration(page);
  await expect(page.locator("[data-customer]").first()).toBeVisible();
  await expect(page.getByText(adminCustomers.countedNote)).not.toContainText(adminCustomers.summaryWhileSearching);
  await page.getByRole("button", { name: adminCustomers.refresh }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Refreshing data..." }).first()).toBeVisible();
  await screenshot(page, testInfo, `admin-customers-all-${testInfo.project.name}`);
  if (testInfo.project.name === "mobile") {
    await expectNoSidewaysScroll(page);
  }
});

test("Refresh keeps the keyboard's focus; on a 320 px phone a recent order with two badges wraps inside its card", async ({ page, playwright }, testInfo) => {
  // An order cancelled after part of it was refunded: its row carries both badges and the amount.
  const buyer = uniqueBuyer("narrow", testInfo.project.name);
  const shopper = await apiContext(playwright, testInfo);
  const order = await placeOrder(shopper, buyer);
  await shopper.dispose();
  await signInAsAdmin(page);
  const refunded = await page.request.post(`/api/admin/orders/${order.id}/refunds`, { data: { amount: "1.00", reason: "Narrow card", restock: false } });
  expect(refunded.status(), await refunded.text()).toBe(201);
  const cancelled = await page.request.patch(`/api/admin/orders/${order.id}`, { data: { status: "cancelled", restock: false, notifyCustomer: false } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  await page.goto(`/admin/customers?search=${encodeURIComponent(buyer.lastName)}`);
  await waitForHydration(page);
  await expectFocusKeptWhileBusy(page, page.getByRole("button", { name: adminCustomers.refresh }));

  await page.setViewportSize({ width: 320, height: 700 });
  const card = page.locator(`[data-customer="${buyer.email.toLowerCase()}"]`);
  const row = card.getByRole("listitem").filter({ hasText: order.number });
  await expect(row).toContainText("Cancelled");
  await expect(row).toContainText(formatGbp(order.totalPence));
  // Nothing sticks out of the card, the date stays on one line, and the page does not scroll sideways.
  const cardBox = (await card.boundingBox())!;
  const amount = (await row.getByText(formatGbp(order.totalPence), { exact: true }).boundingBox())!;
  expect(amount.x + amount.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  const date = row.locator("time");
  const lineHeight = await date.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
  expect((await date.boundingBox())!.height).toBeLessThanOrEqual(lineHeight + 1);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, `admin-customers-320-${testInfo.project.name}`);
});

test("the customers API needs an admin session", async ({ page, playwright }, testInfo) => {
  const guest = await apiContext(playwright, testInfo);
  const refused = await guest.get("/api/admin/customers");
  expect(refused.status()).toBe(401);
  await guest.dispose();

  // The journey's own customer, with one paid order: the answer is checked against them, not
  // against what other journeys left in the shared shop.
  const buyer = uniqueBuyer("customers-api", testInfo.project.name);
  const shopper = await apiContext(playwright, testInfo);
  const order = await placeOrder(shopper, buyer);
  await shopper.dispose();

  await signInAsAdmin(page);
  const answer = await page.request.get(`/api/admin/customers?page=1&search=${encodeURIComponent(buyer.email)}`);
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as {
    page: number;
    pageSize: number;
    total: number;
    items: { email: string; totalOrders: number; totalSpentPence: number }[];
    summary: { totalCustomers: number };
  };
  expect(body).toMatchObject({ page: 1, pageSize: 20, total: 1 });
  expect(body.items).toEqual([expect.objectContaining({ email: buyer.email.toLowerCase(), totalOrders: 1, totalSpentPence: order.totalPence })]);
  // The summary is the whole shop's, whatever the search: this customer among them.
  expect(body.summary.totalCustomers).toBeGreaterThanOrEqual(1);
  expect((await page.request.get("/api/admin/customers?page=0")).status()).toBe(400);
});
