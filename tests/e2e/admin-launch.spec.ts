// The dashboard's "Before you take real orders" list on a server that runs with the defaults an
// owner starts with: test payments, mail written to files, a local address, and no shop address or
// contact e-mail saved yet. Other journeys save those two in Settings on the shared server, so this
// runs against a production server of its own, where the Settings steps are always there to open.
import { expect, test, type Page } from "@playwright/test";
import { adminSettings } from "../../src/domain/messages/admin-settings.ts";
import { adminLaunch } from "../../src/domain/messages/admin-launch.ts";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, screenshot, waitForHydration } from "./helpers.ts";
import { ownServer } from "./own-server.ts";

test.use({ bypassCSP: true });
// Both journeys in one worker, on one server: split over two workers, each started a server of
// its own (6 s of the machine each). Neither changes what the other reads: the list is folded and
// opened again within the second.
test.describe.configure({ mode: "default" });

const server = ownServer();

async function signIn(page: Page, base: string) {
  const answer = await page.request.post(`${base}/auth`, { form: { intent: "signin", email: "admin@shop.test", password: "host-test-admin-password" }, maxRedirects: 0 });
  expect([200, 302, 303], await answer.text()).toContain(answer.status());
}

test("the dashboard lists what is left before real orders, each with who can do it; a Settings step opens Shop details", async ({ page }, testInfo) => {
  const base = server().base;
  await signIn(page, base);
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
  await expect(checklist).toContainText(adminLaunch.note);
  await expect(checklist.locator("summary")).toContainText(adminLaunch.left(5));
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page, "dashboard with its checklist");
  await screenshot(page, testInfo, "admin-launch-checklist");

  const settingsStep = step("shop-address").getByRole("link", { name: adminLaunch.fixInSettings });
  await settingsStep.click();
  await expect(page).toHaveURL(/\/admin\/settings#shop-details$/);
  await expect(page.getByRole("form", { name: adminSettings.shopTitle })).toBeInViewport();
});

test("the list folds away to one line that still says how much is left, and the next visit's page comes folded; opened again, it stays open", async ({ page }, testInfo) => {
  const base = server().base;
  await signIn(page, base);
  await page.goto(`${base}/admin`);
  await waitForHydration(page);
  const fold = page.locator("[data-launch-checklist] details");
  const summary = fold.locator("summary");
  // Open until the owner closes it.
  await expect(fold).toHaveAttribute("open", "");
  await expect(summary).toContainText(adminLaunch.title);
  await expect(summary).toContainText(adminLaunch.left(5));

  const remembered = () => page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/admin"));
  let answered = remembered();
  await summary.click();
  expect((await answered).status()).toBe(200);
  await expect(fold).not.toHaveAttribute("open");
  await expect(fold.locator("[data-step]").first()).toBeHidden();
  await expect(summary).toContainText(adminLaunch.left(5));

  // The server draws the next visit folded (no open list that closes once the scripts run)...
  expect(foldTag(await (await page.request.get(`${base}/admin`)).text())).not.toMatch(/\sopen[\s=>]/);
  await page.reload();
  await waitForHydration(page);
  await expect(fold).not.toHaveAttribute("open");
  // ...and the day's first figure is on the first screen, on a phone too.
  await expect(page.locator('[data-stat="revenue"]')).toBeInViewport();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, `admin-launch-folded-${testInfo.project.name}`, { fullPage: false });

  // Opened again, it stays open.
  answered = remembered();
  await summary.click();
  expect((await answered).status()).toBe(200);
  await expect(fold.locator('[data-step="payments"]')).toBeVisible();
  expect(foldTag(await (await page.request.get(`${base}/admin`)).text())).toMatch(/\sopen[\s=>]/);
  await page.reload();
  await expect(fold).toHaveAttribute("open", "");
});

/** The opening tag of the setup list's fold in a page's HTML. */
function foldTag(html: string): string {
  const tag = /data-launch-checklist[^>]*>\s*<details[^>]*>/.exec(html)?.[0];
  if (!tag) throw new Error("the dashboard has no setup list");
  return tag;
}
