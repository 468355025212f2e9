// The admin area's door (admin.md sections 2, 4, 6), on desktop and a 390 px phone: a guest sees
// the admin login in place of any admin page; a wrong password gets the server's message inline;
// a shopper signing in through it is signed out with "Access denied. Admin privileges required.";
// a signed-in shopper is sent to /; the admin gets the sidebar layout, and Logout signs out.
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { adminAccess, adminShell } from "../../src/domain/messages/admin.ts";
import { auth as authMessages, passwordReset } from "../../src/domain/messages/account.ts";
import { expectRefusedField, signInAsAdmin } from "./admin-helpers.ts";
import { validation } from "../../src/domain/messages/forms.ts";
import { apiContext, expectNoSeriousA11yViolations, newAccount, screenshot as fullPageScreenshot, signUpThroughForm, waitForHydration } from "./helpers.ts";

test.use({ bypassCSP: true });

/** A full-page screenshot from the top, so the fixed sidebar and sticky bar sit where a person sees them. */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullPageScreenshot(page, testInfo, name);
}

export const ADMIN = { email: "admin@shop.test", password: "e2e-admin-password" };

async function signInThroughAdminForm(page: Page, email: string, password: string) {
  await waitForHydration(page);
  await page.getByLabel(adminAccess.adminEmail).fill(email);
  await page.getByLabel(new RegExp(`^${adminAccess.password}`)).fill(password);
  await page.getByRole("button", { name: adminAccess.accessAdminPanel }).click();
}

test("a guest sees the admin login in place of the page; a wrong password is told inline; the admin gets in and Logout signs out", async ({ page }, testInfo) => {
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole("button", { name: adminAccess.accessAdminPanel })).toBeVisible();
  await expect(page.getByLabel(adminAccess.adminEmail)).toHaveAttribute("type", "email");
  await expect(page.getByRole("link", { name: adminAccess.backToStore })).toHaveAttribute("href", "/");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "admin-login");

  // Show/hide toggles the password field.
  await waitForHydration(page);
  const password = page.getByLabel(new RegExp(`^${adminAccess.password}`));
  await password.fill("secret-typed");
  await page.getByRole("button", { name: adminShell.showPassword }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: adminShell.hidePassword }).click();
  await expect(password).toHaveAttribute("type", "password");

  await signInThroughAdminForm(page, ADMIN.email, "not-the-password");
  await expect(page.getByRole("alert")).toHaveText(authMessages.invalidCredentials);
  // The refusal names no field (it does not tell which was wrong): the cursor goes back to the first.
  await expect(page.getByLabel(adminAccess.adminEmail)).toBeFocused();
  await screenshot(page, testInfo, "admin-login-wrong-password");

  // An empty e-mail is marked on the field itself, not only in the alert above the form.
  await page.getByLabel(adminAccess.adminEmail).fill("");
  await page.getByRole("button", { name: adminAccess.accessAdminPanel }).click();
  await expect(page.getByRole("alert")).toHaveText(validation.emailRequired);
  await expectRefusedField(page.getByLabel(adminAccess.adminEmail), validation.emailRequired);

  // An owner who forgot the password is offered the shop's reset, under the password field (the
  // admin's account is a shop account): it opens the page that mails a reset link.
  const forgot = page.getByRole("link", { name: authMessages.forgotPassword });
  const passwordBox = (await page.getByLabel(new RegExp(`^${adminAccess.password}`)).boundingBox())!;
  const forgotBox = (await forgot.boundingBox())!;
  const submitBox = (await page.getByRole("button", { name: adminAccess.accessAdminPanel }).boundingBox())!;
  expect(forgotBox.y).toBeGreaterThan(passwordBox.y + passwordBox.height - 1);
  expect(forgotBox.y + forgotBox.height).toBeLessThanOrEqual(submitBox.y + 1);
  await forgot.click();
  // It remembers the page the login stood in for: its way back leads there, not to the shop's /auth.
  await expect(page).toHaveURL(/\/auth\/forgot-password\?redirect=admin%2Forders$/);
  await expect(page.getByRole("heading", { level: 1, name: passwordReset.title })).toBeVisible();
  await expect(page.getByRole("link", { name: passwordReset.backToSignIn })).toHaveAttribute("href", "/admin/orders");
  await page.goBack();
  await expect(page.getByRole("button", { name: adminAccess.accessAdminPanel })).toBeVisible();

  await signInThroughAdminForm(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { level: 1, name: adminAccess.orders })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  // The login (and its button) gave way to the page: its heading has the focus, as after any new page.
  await expect(page.getByRole("heading", { level: 1, name: adminAccess.orders })).toBeFocused();
  // The journeys run without Stripe keys: every admin page says payments take no money.
  await expect(page.getByRole("note").filter({ hasText: adminShell.testPayments })).toBeVisible();

  // Every sidebar link leads somewhere real; screens not built yet say honestly they are coming.
  const nav = page.getByRole("navigation", { name: "Admin" });
  if (testInfo.project.name === "mobile") {
    await expect(nav).toBeHidden();
    await page.getByRole("button", { name: adminShell.openMenu }).click();
    await expect(nav).toBeVisible();
    await screenshot(page, testInfo, "admin-mobile-menu");
    // Escape closes it, back on its button; it opens again for the link below.
    await nav.getByRole("link", { name: adminAccess.discounts }).focus();
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(page.getByRole("button", { name: adminShell.openMenu })).toBeFocused();
    await page.getByRole("button", { name: adminShell.openMenu }).click();
    await expect(nav).toBeVisible();
  }
  await nav.getByRole("link", { name: adminAccess.discounts }).click();
  await expect(page.getByRole("heading", { level: 1, name: adminAccess.discounts })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/discounts$/);
  // The new page's heading takes the focus (a screen reader reads it; Tab goes on from there).
  await expect(page.getByRole("heading", { level: 1, name: adminAccess.discounts })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "admin-discounts");
  if (testInfo.project.name === "mobile") {
    // The menu followed to Discounts stays closed when Back returns to the page it was opened on.
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: adminAccess.orders })).toBeVisible();
    await expect(page.getByRole("button", { name: adminShell.openMenu })).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();
    await page.goForward();
    await expect(page.getByRole("heading", { level: 1, name: adminAccess.discounts })).toBeVisible();
  }

  if (testInfo.project.name === "mobile") await page.getByRole("button", { name: adminShell.openMenu }).click();
  await nav.getByRole("button", { name: adminAccess.logout }).click();
  await expect(page.getByRole("button", { name: adminAccess.accessAdminPanel })).toBeVisible();
  const api = await page.request.get("/api/admin/orders");
  expect(api.status()).toBe(401);
});

test("a shopper is refused: signed in, /admin sends them home; signing in through the admin form says access is denied", async ({ page, playwright, browser }, testInfo) => {
  const account = newAccount(testInfo, "not-admin");
  const cookies = await signUpThroughForm(playwright, testInfo, account);

  const api = await apiContext(playwright, testInfo, cookies);
  expect((await api.get("/api/admin/orders")).status()).toBe(403);
  const redirected = await api.get("/admin/orders", { maxRedirects: 0 });
  expect(redirected.status()).toBe(302);
  expect(redirected.headers().location).toBe("/");
  await api.dispose();

  const signedIn = await browser.newContext({ ...testInfo.project.use, storageState: { cookies, origins: [] } });
  const shopperPage = await signedIn.newPage();
  await shopperPage.goto("/admin");
  await expect(shopperPage).toHaveURL(/\/$/);
  await signedIn.close();

  await page.goto("/admin");
  await signInThroughAdminForm(page, account.email, account.password);
  await expect(page.getByRole("alert")).toHaveText(adminAccess.accessDenied);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "admin-login-access-denied");
  // Signed out again: no session reaches the browser.
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("better-auth.session_token");
  expect((await page.request.get("/api/admin/orders")).status()).toBe(401);
});

test("an admin address no screen has says so inside the back office, with the way back", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  const response = await page.goto("/admin/no-such-screen");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: adminShell.pageNotFound })).toBeVisible();
  // Still the back office (its own skip link and test-payments banner), and the way back leads to the dashboard.
  await expect(page.getByRole("link", { name: adminShell.skipToContent })).toBeAttached();
  await expect(page.getByText(adminShell.testPayments)).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("link", { name: adminShell.backToDashboard }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await fullPageScreenshot(page, testInfo, `admin-not-found-${testInfo.project.name}`);
});
