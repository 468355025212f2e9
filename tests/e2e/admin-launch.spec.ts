// The dashboard's "Before you take real orders" list on a server that runs with the defaults an
// owner starts with: test payments, mail written to files, a local address, and no shop address or
// contact e-mail saved yet. Other journeys save those two in Settings on the shared server, so this
// runs against a production server of its own, where the Settings steps are always there to open.
import { expect, test } from "@playwright/test";
import { adminSettings } from "../../src/domain/messages/admin-settings.ts";
import { adminLaunch } from "../../src/domain/messages/admin-launch.ts";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, screenshot, waitForHydration } from "./helpers.ts";
import { ownServer } from "./own-server.ts";

test.use({ bypassCSP: true });

const server = ownServer();

test("the dashboard lists what is left before real orders, each with who can do it; a Settings step opens Shop details", async ({ page }, testInfo) => {
  const base = server().base;
  const signIn = await page.request.post(`${base}/auth`, { form: { intent: "signin", email: "admin@shop.test", password: "host-test-admin-password" }, maxRedirects: 0 });
  expect([200, 302, 303], await signIn.text()).toContain(signIn.status());
  await page.goto(`${base}/admin`);
  await waitForHydration(page);
  const checklist = page.getByRole("region", { name: adminLaunch.title });
  await expect(checklist).toBeVisible();
  const step = (id: string) => checklist.locator(`[data-step="${id}"]`);
  await expect(step("payments")).toContainText(adminLaunch.payments.title);
  await expect(step("payments")).toContainText(adminLaunch.fixOnServer);
  await expect(step("mail")).toContainText(adminLaunch.mail.detail);
  // The address the server was given is named, so the owner sees why e-mail links would not open.
  await expect(step("public-url")).toContainText(adminLaunch.publicUrl.detail(base));
  // Nothing saved in Settings yet: the shop's address and e-mail are left, each fixed there.
  await expect(step("shop-address")).toContainText(adminLaunch.shopAddress.title);
  await expect(step("shop-email")).toContainText(adminLaunch.shopEmail.title);
  await expect(checklist.locator("[data-step]")).toHaveCount(5);
  await expect(checklist).toContainText(adminLaunch.note(5));
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page, "dashboard with its checklist");
  await screenshot(page, testInfo, "admin-launch-checklist");

  const settingsStep = step("shop-address").getByRole("link", { name: adminLaunch.fixInSettings });
  await settingsStep.click();
  await expect(page).toHaveURL(/\/admin\/settings#shop-details$/);
  await expect(page.getByRole("form", { name: adminSettings.shopTitle })).toBeInViewport();
});
