// The owner renames the shop on /admin/settings: the back office and every page of the shop
// (header, footer, tab titles, what search engines read of a product) follow; its e-mails are
// signed with it (tests/integration/order-mails.test.ts). The name shows
// on every page, so this runs against a production server of its own (the journeys' shared server
// keeps its name for the journeys that read it), once, at 1280 and at 390 px.
import { expect, test } from "@playwright/test";
import { adminShell } from "../../src/domain/messages/admin.ts";
import { adminSettings } from "../../src/domain/messages/admin-settings.ts";
import { expectNoSeriousA11yViolations, screenshot, toasts, waitForHydration, expectNoSidewaysScroll } from "./helpers.ts";
import { ownServer } from "./own-server.ts";

// Settings takes 80 characters: a long name with marks and an ampersand, as an owner may write it.
const NAME = "Kọ́fí & Sons Bespoke Tailoring and Traditional Wear of Savile Row";

// axe is added to the page as a script of its own.
test.use({ bypassCSP: true });

const server = ownServer();

test("a renamed shop is named in the back office, on every page of the shop and in what search engines read; a long name is cut, never pushing the cart off a phone", async ({ page }, testInfo) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const signIn = await page.request.post(`${server().base}/auth`, { form: { intent: "signin", email: "admin@shop.test", password: "host-test-admin-password" }, maxRedirects: 0 });
  expect([200, 302, 303]).toContain(signIn.status());

  await page.goto(`${server().base}/admin/settings`);
  await waitForHydration(page);
  const name = page.getByLabel(adminSettings.shopName);
  await expect(name).toHaveValue("Menswear Shop");
  // Meanwhile another admin (or another tab) sets the shop's phone: this page still shows none.
  const phone = "+44 20 7946 0018";
  const elsewhere = await page.request.put(`${server().base}/api/admin/settings`, { data: { contactPhone: phone }, headers: { origin: server().base } });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);
  await name.fill(NAME);
  await name.locator("xpath=ancestor::form").getByRole("button", { name: adminSettings.saveShopDetails }).click();
  await expect(toasts(page).filter({ hasText: adminSettings.saved })).toBeVisible();
  // The save sent the name it changed, not the empty phone it was shown: the other change stands.
  expect(await (await page.request.get(`${server().base}/api/admin/settings`)).json()).toMatchObject({ shopName: NAME, contactPhone: phone });
  // The back office: the sidebar (a phone's top bar) and the tab.
  await expect(page.getByTitle(NAME, { exact: true }).filter({ visible: true })).toHaveCount(1);
  await expect(page).toHaveTitle(`${adminSettings.title} · ${adminShell.adminPanel} | ${NAME}`);

  // Signed in (initials, My orders, Sign Out beside the cart) in the narrowest window with the
  // desktop header: the long name gives way, the search box keeps room to type in.
  await page.setViewportSize({ width: 769, height: 900 });
  await page.goto(`${server().base}/`);
  await waitForHydration(page);
  await expect(page.getByRole("banner").getByRole("link", { name: NAME, exact: true })).toBeVisible();
  expect((await page.getByRole("banner").getByPlaceholder("Search").boundingBox())!.width).toBeGreaterThanOrEqual(150);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "renamed-shop-signed-in-769", { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });

  // A shopper, at once: the save empties the cached pages.
  await page.context().clearCookies();
  await page.goto(`${server().base}/`);
  await waitForHydration(page);
  const brand = page.getByRole("banner").getByRole("link", { name: NAME, exact: true });
  await expect(brand).toBeVisible();
  await expect(brand).toHaveAttribute("href", "/");
  await expect(page).toHaveTitle(`${NAME} | Premium Men's Fashion`);
  await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute("content", NAME);
  const footer = page.locator("footer");
  await expect(footer.getByText(NAME, { exact: true })).toBeVisible();
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${NAME}. All prices include VAT`);
  await expect(page.getByRole("banner").getByText("Menswear Shop")).toHaveCount(0);
  await expect(footer.getByText("Menswear Shop")).toHaveCount(0);
  // Cut with an ellipsis at 1280 px, leaving the search box its room.
  expect(await brand.evaluate((link) => link.scrollWidth > link.clientWidth)).toBe(true);
  expect((await page.getByRole("banner").getByPlaceholder("Search").boundingBox())!.width).toBeGreaterThan(250);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "renamed-shop-home-1280", { fullPage: false });
  // The narrowest window with the desktop header: still a search box to type in, nothing off the row.
  await page.setViewportSize({ width: 769, height: 900 });
  expect((await page.getByRole("banner").getByPlaceholder("Search").boundingBox())!.width).toBeGreaterThan(150);
  const cart = (await page.getByRole("banner").getByRole("link", { name: /^Cart/ }).boundingBox())!;
  expect(cart.x + cart.width).toBeLessThanOrEqual(769);
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, "renamed-shop-home-769", { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Another page, reached by a link: its title names the shop too, and so does its product data.
  await page.getByRole("main").locator('a[href^="/product/"]').first().click();
  const heading = page.getByRole("heading", { level: 1 });
  await expect(page).toHaveURL(/\/product\//);
  // The home page's title ends with its tagline, a product page's with the shop's name.
  await expect(page).toHaveTitle(new RegExp(`^.+ \\| ${NAME.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  await expect(page).toHaveTitle(`${await heading.innerText()} | ${NAME}`);
  // The page's schema.org data: the Product, and the breadcrumbs beside it.
  const structured = await page.locator('script[type="application/ld+json"]').evaluateAll((scripts) => scripts.map((script) => script.textContent ?? "{}"));
  const productData = structured.map((text) => JSON.parse(text) as { "@type"?: string; brand?: { name: string } }).find((data) => data["@type"] === "Product") ?? {};
  expect(productData.brand?.name).toBe(NAME);

  // A 390 px phone: the name is cut before the cart or the account link is pushed off the row.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server().base}/`);
  await waitForHydration(page);
  await expect(brand).toBeVisible();
  expect(await brand.evaluate((link) => link.scrollWidth > link.clientWidth)).toBe(true);
  for (const control of [page.getByRole("button", { name: "Open menu" }), page.getByRole("banner").getByRole("link", { name: /^Cart/ })]) {
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  const brandBox = (await brand.boundingBox())!;
  expect(brandBox.width).toBeGreaterThan(60);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "renamed-shop-home-390", { fullPage: false });
});
