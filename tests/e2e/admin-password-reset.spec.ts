// An owner who forgot the admin password presses "Forgot password?" under the admin login, gets
// the reset e-mail, chooses a new password, and is led back to the admin login (not the shop's
// /auth), where the new password opens the back office. The admin's password changes, so this
// runs on a server of its own (the shared server's journeys sign in with theirs).
import path from "node:path";
import { expect, test } from "@playwright/test";
import { auth as authMessages, passwordReset } from "../../src/domain/messages/account.ts";
import { adminAccess, adminDashboard } from "../../src/domain/messages/admin.ts";
import { decodeQuotedPrintable, expectNoSeriousA11yViolations, mailsContaining, screenshot, waitForHydration } from "./helpers.ts";
import { ownServer } from "./own-server.ts";

test.use({ bypassCSP: true });

const server = ownServer();
const ADMIN_EMAIL = "admin@shop.test";

test("an owner who resets the password from the admin login ends at the admin login, and the new password opens the back office", async ({ page }, testInfo) => {
  test.slow();
  const { base, dataDir } = server();
  const outbox = path.join(dataDir, "outbox");
  const resetMails = () => mailsContaining(outbox, `To: ${ADMIN_EMAIL}`).map(decodeQuotedPrintable).filter((mail) => mail.includes(passwordReset.mailSubject));
  const mailsBefore = resetMails().length;

  await page.goto(`${base}/admin`);
  await waitForHydration(page);
  await page.getByRole("link", { name: authMessages.forgotPassword }).click();
  await expect(page).toHaveURL(`${base}/auth/forgot-password?redirect=admin`);
  await expect(page.getByRole("heading", { level: 1, name: passwordReset.title })).toBeVisible();
  // Its way back is the admin login, before and after the link is sent.
  await expect(page.getByRole("link", { name: passwordReset.backToSignIn })).toHaveAttribute("href", "/admin");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "admin-forgot-password");
  await page.getByRole("textbox", { name: "Email" }).fill(ADMIN_EMAIL);
  await page.getByRole("button", { name: passwordReset.sendLink }).click();
  const sent = page.getByRole("status").filter({ hasText: passwordReset.linkSent });
  await expect(sent).toBeVisible();
  await expect(sent.getByRole("link", { name: passwordReset.backToSignIn })).toHaveAttribute("href", "/admin");

  // The e-mail's link opens the shop's reset page and carries the way back.
  await expect.poll(() => resetMails().length, { timeout: 20_000 }).toBe(mailsBefore + 1);
  const link = resetMails().at(-1)!.match(/https?:\/\/\S+\/auth\/reset-password\?\S+/)?.[0];
  expect(link).toBeDefined();
  expect(new URL(link!).origin).toBe(base);
  expect(new URL(link!).searchParams.get("redirect")).toBe("/admin");
  await page.goto(link!);
  await waitForHydration(page);
  const chosen = `Savile-${testInfo.project.name}-${Date.now().toString(36)}-row`;
  await page.getByLabel(new RegExp(`^${passwordReset.newPasswordLabel}`)).fill(chosen);
  await page.getByLabel(new RegExp(`^${passwordReset.confirmPasswordLabel}`)).fill(chosen);
  await screenshot(page, testInfo, "admin-reset-password");
  await page.getByRole("button", { name: passwordReset.save }).click();
  const done = page.getByRole("status").filter({ hasText: passwordReset.done });
  await expect(done).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "admin-reset-password-done");

  // Sign in: the admin login, where the new password opens the Dashboard.
  await done.getByRole("link", { name: authMessages.signIn }).click();
  await expect(page).toHaveURL(`${base}/admin`);
  await waitForHydration(page);
  await page.getByLabel(adminAccess.adminEmail).fill(ADMIN_EMAIL);
  await page.getByLabel(new RegExp(`^${adminAccess.password}`)).fill(chosen);
  await page.getByRole("button", { name: adminAccess.accessAdminPanel }).click();
  await expect(page.getByRole("heading", { level: 1, name: adminDashboard.title })).toBeVisible();
  await expect(page).toHaveURL(`${base}/admin`);
});
