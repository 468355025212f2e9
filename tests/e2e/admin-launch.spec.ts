// The dashboard's "Before you take real orders" list on the journeys' server, which runs with the
// defaults an owner starts with: test payments, mail written to files, a local address. What the
// shop's own settings add depends on what other journeys saved there, so those steps are checked
// for where they lead rather than for being listed.
import { expect, test } from "@playwright/test";
import { adminSettings } from "../../src/domain/messages/admin-settings.ts";
import { adminLaunch } from "../../src/domain/messages/admin-launch.ts";
import { signInAsAdmin } from "./admin-helpers.ts";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, screenshot, waitForHydration } from "./helpers.ts";

test.use({ bypassCSP: true });

test("the dashboard lists what is left before real orders, each with who can do it; a Settings step opens Shop details", async ({ page, baseURL }, testInfo) => {
  await signInAsAdmin(page);
  await page.goto("/admin");
  await waitForHydration(page);
  const checklist = page.getByRole("region", { name: adminLaunch.title });
  await expect(checklist).toBeVisible();
  const step = (id: string) => checklist.locator(`[data-step="${id}"]`);
  await expect(step("payments")).toContainText(adminLaunch.payments.title);
  await expect(step("payments")).toContainText(adminLaunch.fixOnServer);
  await expect(step("mail")).toContainText(adminLaunch.mail.detail);
  // The address the server was given is named, so the owner sees why e-mail links would not open.
  await expect(step("public-url")).toContainText(adminLaunch.publicUrl.detail(baseURL!.replace(/\/$/, "")));
  const count = await checklist.locator("[data-step]").count();
  await expect(checklist).toContainText(adminLaunch.note(count));
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page, "dashboard with its checklist");
  await screenshot(page, testInfo, "admin-launch-checklist");

  const settingsStep = checklist.getByRole("link", { name: adminLaunch.fixInSettings }).first();
  if ((await settingsStep.count()) === 0) return; // Another journey set both the address and the e-mail.
  await settingsStep.click();
  await expect(page).toHaveURL(/\/admin\/settings#shop-details$/);
  await expect(page.getByRole("form", { name: adminSettings.shopTitle })).toBeInViewport();
});
