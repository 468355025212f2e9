// The admin dashboard with data, on desktop and on a 390 px phone: after an order is paid through
// the local payment page, the six figures (each with what it counts), that order among the 5 most
// recent with its status colours, the 30-day chart as an SVG with its title and a table of the
// same figures, and Refresh Data with its notice. (The empty dashboard is asserted at the service
// level, tests/integration/admin-dashboard-customers.test.ts: this server's database is shared.)
import { expect, test, type Page } from "@playwright/test";
import { adminDashboard, adminFulfilment, adminOrders } from "../../src/domain/messages/admin.ts";
import { expectFocusKeptWhileBusy, placeOrder, signInAsAdmin, uniqueBuyer } from "./admin-helpers.ts";
import { apiContext, expectNoSeriousA11yViolations, screenshot, toasts, waitForHydration, expectNoSidewaysScroll } from "./helpers.ts";

test.use({ bypassCSP: true });

test("the dashboard shows the shop's figures, the newest orders and 30 days of sales", async ({ page, playwright }, testInfo) => {
  const shopper = await apiContext(playwright, testInfo);
  const buyer = uniqueBuyer("dashboard", testInfo.project.name);
  const order = await placeOrder(shopper, buyer);
  await shopper.dispose();

  await signInAsAdmin(page);
  await page.goto("/admin");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: adminDashboard.title })).toBeVisible();

  const stats = adminDashboard.stats;
  for (const stat of [stats.revenue, stats.orders, stats.awaiting, stats.averageOrderValue, stats.customers, stats.products]) {
    const card = page.locator("[data-stat]").filter({ has: page.getByRole("term").getByText(stat.label, { exact: true }) });
    await expect(card).toHaveCount(1);
    // The customers' line also says how many are listed but not counted, which this shared database decides.
    await expect(card.getByText(typeof stat.explanation === "string" ? stat.explanation : stat.explanation(0, "0"), { exact: false })).toBeVisible();
  }
  await expect(page.locator('[data-stat="revenue"] dd').first()).toHaveText(/^£[\d,]+\.\d\d$/);
  await expect(page.locator('[data-stat="products"] dd').first()).toHaveText(/^[\d,]+ \/ [\d,]+$/);
  // One currency on the admin screens, whatever the storefront's display currency (the header's switch offers ₵).
  await expect(page.getByRole("main")).not.toContainText("₵");

  const recent = page.getByRole("region", { name: adminDashboard.recentOrders });
  const row = recent.locator(`[data-order="${order.number}"]`);
  await expect(row).toBeVisible();
  // Two badges side by side, each saying what it is the status of.
  await expect(row.locator('[data-tone="blue"]')).toHaveText("Order: Processing");
  await expect(row.locator('[data-tone="green"]')).toHaveText("Payment: Paid");
  // The customer's name and e-mail are read whole (beside the badges they were cut at 1280 px).
  for (const text of [`${buyer.firstName} ${buyer.lastName}`, buyer.email]) {
    const line = row.getByText(text, { exact: true });
    expect(await line.evaluate((element) => element.scrollWidth <= element.clientWidth), text).toBe(true);
  }

  await expect(page.getByRole("img", { name: new RegExp(`^${adminDashboard.chartRevenue} \\(£`) })).toBeVisible();
  await expect(page.getByRole("img", { name: new RegExp(`^${adminDashboard.chartOrders} \\(`) })).toBeVisible();
  // No axis repeats a label ("0, 0, 1" for a day of one order).
  for (const chart of ["chart-revenue", "chart-orders"]) {
    const labels = await page.locator(`figure:has(#${chart}-title) div[aria-hidden] > span`).allTextContents();
    expect(labels.length, chart).toBeGreaterThanOrEqual(2);
    expect(new Set(labels).size, labels.join(", ")).toBe(labels.length);
  }
  await page.getByText(adminDashboard.chartTable).click();
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(31);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, `admin-dashboard-${testInfo.project.name}`);

  await page.getByRole("button", { name: adminDashboard.refreshData }).click();
  await expect(toasts(page).filter({ hasText: adminDashboard.refreshing }).first()).toBeVisible();
  if (testInfo.project.name === "mobile") {
    await expectNoSidewaysScroll(page);
  }

  // A recent order opens its page from anywhere on its row (here a press at its foot, not on the
  // number), and on a phone its way back and "All orders of this customer" are 44 px targets.
  const rowBox = (await row.boundingBox())!;
  await row.click({ position: { x: rowBox.width - 8, y: rowBox.height - 4 } });
  await expect(page.getByRole("heading", { level: 1, name: `Order ${order.number}` })).toBeVisible();
  const back = (await page.getByRole("link", { name: adminFulfilment.backToOrders, exact: true }).boundingBox())!;
  const allOrders = (await page.getByRole("link", { name: "All orders of this customer" }).boundingBox())!;
  if (testInfo.project.name === "mobile") {
    expect(back.height).toBeGreaterThanOrEqual(44);
    expect(allOrders.height).toBeGreaterThanOrEqual(44);
  }

  // A figure with a page behind it opens it from anywhere on its card: here a press at its foot,
  // on the explanation line.
  await page.goto("/admin");
  await waitForHydration(page);
  const awaiting = page.locator('[data-stat="awaiting"]');
  const card = (await awaiting.boundingBox())!;
  await awaiting.click({ position: { x: card.width / 2, y: card.height - 8 } });
  // The list behind a figure is exactly the orders it counts, and says so.
  await expect(page).toHaveURL(/\/admin\/orders\?show=awaiting-fulfilment$/);
  const shown = page.locator("[data-order-show]");
  await expect(shown).toContainText(`${adminDashboard.stats.awaiting.label}: ${adminDashboard.stats.awaiting.explanation}`);
  // This journey's paid order is among them, wherever its page is; searched within the set, it is listed.
  await page.getByRole("searchbox", { name: adminOrders.searchLabel }).fill(order.number);
  await page.getByRole("searchbox", { name: adminOrders.searchLabel }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`\\?show=awaiting-fulfilment&search=${encodeURIComponent(order.number)}(&|$)`));
  await expect(page.getByRole("article", { name: `Order ${order.number}` })).toBeVisible();
  await expect(shown).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/orders\?show=awaiting-fulfilment$/);
  await expectFigureMatchesList(page, "awaitingFulfilment", "awaiting-fulfilment");
  await screenshot(page, testInfo, `admin-orders-awaiting-${testInfo.project.name}`);

  // The Orders figure counts paid orders: its list is those, not every checkout.
  await page.goto("/admin");
  await waitForHydration(page);
  await page.locator('[data-stat="orders"]').click();
  await expect(page).toHaveURL(/\/admin\/orders\?show=paid$/);
  await expect(shown).toContainText(`${adminOrders.showPaid}: ${adminDashboard.stats.orders.explanation}`);
  await expectFigureMatchesList(page, "paidOrders", "paid");
  // And back to every order, from the list's own views.
  await page.getByRole("navigation", { name: adminOrders.views }).getByRole("link", { name: adminOrders.viewAll }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(shown).toHaveCount(0);
});

/**
 * The Dashboard's figure and the total of the list its card links to, read together until they
 * agree: journeys running beside this one place orders meanwhile, and the list's count of a whole
 * set may be a few seconds old (decision 024).
 */
async function expectFigureMatchesList(page: Page, figure: "paidOrders" | "awaitingFulfilment", show: string) {
  await expect
    .poll(
      async () => {
        const [dashboard, list] = await Promise.all([page.request.get("/api/admin/dashboard"), page.request.get(`/api/admin/orders?show=${show}&pageSize=1`)]);
        const figures = ((await dashboard.json()) as { figures: Record<string, number> }).figures;
        const { total } = (await list.json()) as { total: number };
        return total - figures[figure]!;
      },
      { timeout: 20_000 },
    )
    .toBe(0);
}

test("Refresh Data pressed with the keyboard keeps the focus while the figures reload and after", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin");
  await waitForHydration(page);
  await expectFocusKeptWhileBusy(page, page.getByRole("button", { name: adminDashboard.refreshData }));
});

test("the dashboard API needs an admin session and answers the figures", async ({ page, playwright }, testInfo) => {
  const guest = await apiContext(playwright, testInfo);
  expect((await guest.get("/api/admin/dashboard")).status()).toBe(401);
  await guest.dispose();
  await signInAsAdmin(page);
  const answer = await page.request.get("/api/admin/dashboard");
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { figures: Record<string, number>; recentOrders: unknown[]; days: unknown[] };
  expect(Object.keys(body.figures).sort()).toEqual(["activeProducts", "averageOrderValuePence", "awaitingFulfilment", "customers", "customersNotPaying", "paidOrders", "revenuePence", "totalProducts"]);
  expect(body.days).toHaveLength(30);
  expect(body.recentOrders.length).toBeLessThanOrEqual(5);
});

test("with the browser's text size at 200% every back-office screen fits the width, as at 100%", async ({ page, context, playwright }, testInfo) => {
  // An order of this test's own, so the Orders list has a card (its buttons' row did not wrap).
  const shopper = await apiContext(playwright, testInfo);
  const order = await placeOrder(shopper, uniqueBuyer("big-text", testInfo.project.name));
  await shopper.dispose();
  // The browser's own text size (not a page zoom), in a narrow window, as a desktop browser (where
  // the text size is this setting) can be.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Page.setFontSizes", { fontSizes: { standard: 32 } });
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  // The second page of Products has Previous, "Page 2 of N" and Next in one row, which did not
  // wrap; nor did a title and its count ("Customers 13").
  // The order's own page: its Payment heading's Refund button stuck out of the card.
  for (const path of ["/admin", `/admin/orders?search=${encodeURIComponent(order.number)}`, `/admin/orders/${order.id}`, "/admin/customers", "/admin/products?page=2", "/admin/discounts", "/admin/stripe", "/admin/settings", "/admin/security"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe("32px");
    // Against the window's width, not innerWidth: a phone zooms out to show a page that is too
    // wide, and innerWidth then grows with it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    await expectNoSidewaysScroll(page, path);
    // The figure cards (and a customer's three figures) go one a row: side by side, a figure such
    // as "£1,250.71" in large text pushed the page sideways or ran into its neighbour, whatever
    // this shop's figures are now.
    for (const figures of await page.locator("main dl.grid").all()) {
      const columns = await figures.evaluate((grid) => new Set([...grid.children].map((card) => Math.round(card.getBoundingClientRect().left))).size);
      expect(columns, path).toBe(1);
    }
  }
  // On the order's page a value with no room beside its label takes a line of its own: squeezed
  // beside "Payment status", the badge's "Paid" stood one letter a line.
  await page.goto(`/admin/orders/${order.id}`);
  const badge = page.locator("dd").filter({ hasText: /^Paid$/ });
  const [badgeBox, lineHeight] = await badge.evaluate((dd) => [dd.getBoundingClientRect().height, parseFloat(getComputedStyle(dd).lineHeight)]);
  expect(badgeBox).toBeLessThan(2 * lineHeight);
});
