// Password reset (issue 10, item 24), on desktop and on a 390 px phone: 'Forgot password?' on
// /auth, the e-mail in the outbox, the link, the new-password rule, every other session signed
// out, the old password refused and the new one working, and a used or unknown link explained.
//
// Sign-ups are rate-limited (20 an hour per IP) and the server is shared with the other specs:
// this file creates one account a project.
import { expect, test, type Page } from "@playwright/test";
import { auth, passwordChange, passwordReset } from "../../src/domain/messages/account.ts";
import { validation } from "../../src/domain/messages/forms.ts";
import { navigation } from "../../src/domain/messages/layout.ts";
import {
  decodeQuotedPrintable,
  expectNoSeriousA11yViolations,
  expectOnlyNewPasswordSignsIn,
  mailsContaining,
  newAccount,
  screenshot,
  serverOutbox,
  signUpThroughForm,
  waitForHydration,
} from "./helpers.ts";

test.use({ bypassCSP: true });

const signInLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: navigation.signIn });
const avatar = (page: Page) => page.getByRole("banner").getByTestId("account-avatar");

test("forgot password: the e-mail's link sets a new password, signs out every other session, and works only once", async ({ page, browser, playwright }, testInfo) => {
  // One journey through five pages and two browsers, with four password hashes on the server.
  test.slow();
  const account = newAccount(testInfo, "reset", "Esi", "Mensah");
  const cookies = await signUpThroughForm(playwright, testInfo, account);
  const outbox = serverOutbox();

  // Another browser, signed in to the same account.
  const elsewhere = await browser.newContext({ baseURL: testInfo.project.use.baseURL, storageState: { cookies, origins: [] } });
  const otherPage = await elsewhere.newPage();
  await otherPage.goto("/");
  await expect(avatar(otherPage)).toBeVisible();

  await page.goto("/auth");
  await waitForHydration(page);
  await page.getByRole("link", { name: auth.forgotPassword }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expect(page.getByRole("heading", { name: passwordReset.title })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "forgot-password");

  await page.getByRole("textbox", { name: "Email" }).fill(account.email);
  await page.getByRole("button", { name: passwordReset.sendLink }).click();
  await expect(page.getByRole("status").filter({ hasText: passwordReset.linkSent })).toBeVisible();
  await screenshot(page, testInfo, "forgot-password-sent");

  await expect.poll(() => mailsContaining(outbox, `To: ${account.email}`).filter((mail) => mail.includes(passwordReset.mailSubject)).length, { timeout: 20_000 }).toBe(1);
  const mail = decodeQuotedPrintable(mailsContaining(outbox, `To: ${account.email}`).find((text) => text.includes(passwordReset.mailSubject))!);
  const link = mail.match(/https?:\/\/\S+\/auth\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(link, mail).toBeDefined();
  expect(new URL(link!).origin).toBe(new URL(page.url()).origin);

  await page.goto(link!);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: passwordReset.newPasswordTitle })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "reset-password");

  // One of the most common passwords is refused, with the field to fix.
  const newPassword = page.getByLabel(new RegExp(`^${passwordReset.newPasswordLabel}`));
  const confirm = page.getByLabel(new RegExp(`^${passwordReset.confirmPasswordLabel}`));
  await newPassword.fill("password");
  await confirm.fill("password");
  await page.getByRole("button", { name: passwordReset.save }).click();
  await expect(page.getByRole("alert").filter({ hasText: validation.passwordTooCommon })).toBeVisible();
  await expect(newPassword).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "reset-password-refused");

  const chosen = `${account.password}-renewed`;
  await newPassword.fill(chosen);
  await confirm.fill(chosen);
  await page.getByRole("button", { name: passwordReset.save }).click();
  const done = page.getByRole("status").filter({ hasText: passwordReset.done });
  await expect(done).toBeVisible();
  await screenshot(page, testInfo, "reset-password-done");
  // The account's owner is told it happened, as after a change from the account page.
  await expect.poll(() => mailsContaining(outbox, `To: ${account.email}`).filter((mail) => mail.includes(passwordChange.mailSubject)).length, { timeout: 20_000 }).toBe(1);

  // The other browser is signed out.
  await otherPage.reload();
  await expect(signInLink(otherPage)).toBeVisible();
  await expect(avatar(otherPage)).toHaveCount(0);
  await elsewhere.close();

  // The old password is refused; the new one signs in.
  await done.getByRole("link", { name: auth.signIn }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await waitForHydration(page);
  await expectOnlyNewPasswordSignsIn(page, account.email, account.password, chosen);

  // The link has been used: opening it again explains that and offers a new one.
  await page.goto(link!);
  await expect(page.getByRole("alert")).toHaveText(validation.resetLinkInvalid);
  await expect(page.getByRole("link", { name: passwordReset.requestNewLink })).toHaveAttribute("href", "/auth/forgot-password");
  await expect(page.getByLabel(new RegExp(`^${passwordReset.newPasswordLabel}`))).toHaveCount(0);

  // A browser without JavaScript posts the new-password form as plain HTML, and it is taken.
  await page.getByRole("link", { name: passwordReset.requestNewLink }).click();
  await page.getByRole("textbox", { name: "Email" }).fill(account.email);
  await page.getByRole("button", { name: passwordReset.sendLink }).click();
  await expect(page.getByRole("status").filter({ hasText: passwordReset.linkSent })).toBeVisible();
  await expect.poll(() => mailsContaining(outbox, `To: ${account.email}`).filter((mail) => mail.includes(passwordReset.mailSubject)).length, { timeout: 20_000 }).toBe(2);
  const second = mailsContaining(outbox, `To: ${account.email}`)
    .map(decodeQuotedPrintable)
    .flatMap((text) => text.match(/https?:\/\/\S+\/auth\/reset-password\?token=[A-Za-z0-9_-]+/g) ?? [])
    .find((found) => found !== link);
  expect(second).toBeDefined();
  const plain = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: page.viewportSize(), javaScriptEnabled: false });
  const plainPage = await plain.newPage();
  await plainPage.goto(second!);
  const again = `${chosen}-again`;
  await plainPage.getByLabel(new RegExp(`^${passwordReset.newPasswordLabel}`)).fill(again);
  await plainPage.getByLabel(new RegExp(`^${passwordReset.confirmPasswordLabel}`)).fill(again);
  await plainPage.getByRole("button", { name: passwordReset.save }).click();
  await expect(plainPage.getByRole("status").filter({ hasText: passwordReset.done })).toBeVisible();
  await plain.close();
});

test("an unknown or expired link says so clearly and offers a new one; the page passes axe", async ({ page }, testInfo) => {
  await page.goto("/auth/reset-password?token=not-a-real-token");
  await expect(page.getByRole("heading", { name: passwordReset.newPasswordTitle })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(validation.resetLinkInvalid);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "reset-password-link-invalid");
  await page.getByRole("link", { name: passwordReset.requestNewLink }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the forgot-password form works as a plain HTML form and answers the same for an unknown address", async ({ page }) => {
    await page.goto("/auth/forgot-password");
    await page.getByRole("textbox", { name: "Email" }).fill(`nobody-${Date.now()}@example.com`);
    await page.getByRole("button", { name: passwordReset.sendLink }).click();
    await expect(page.getByRole("status").filter({ hasText: passwordReset.linkSent })).toBeVisible();
  });
});
