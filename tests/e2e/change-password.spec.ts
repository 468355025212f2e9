// A signed-in shopper changes their password from their account page, on desktop and on a 390 px
// phone: a wrong current password marked on its field, then the change; the other browser signed
// in to the account is signed out, this one stays signed in, the new password signs in and the old
// one does not, and the owner is e-mailed; then once more without JavaScript.
//
// Sign-ups are rate-limited (20 an hour per IP) and the server is shared with the other specs:
// this file creates one account a project.
import { expect, test, type Page } from "@playwright/test";
import { passwordChange, passwordReset } from "../../src/domain/messages/account.ts";
import { accountOrders } from "../../src/domain/messages/orders.ts";
import { navigation } from "../../src/domain/messages/layout.ts";
import { validation } from "../../src/domain/messages/forms.ts";
import { expectNoSeriousA11yViolations, expectOnlyNewPasswordSignsIn, mailsContaining, newAccount, screenshot, serverOutbox, signUpThroughForm, submitPasswordChange, waitForHydration } from "./helpers.ts";

test.use({ bypassCSP: true });

const avatar = (page: Page) => page.getByRole("banner").getByTestId("account-avatar");

test("a signed-in shopper changes their password on their account page; other devices are signed out", async ({ page, browser, playwright }, testInfo) => {
  // Two browsers and four password hashes on the server.
  test.slow();
  const account = newAccount(testInfo, "change", "Kojo", "Boateng");
  const cookies = await signUpThroughForm(playwright, testInfo, account);
  const elsewhere = await browser.newContext({ baseURL: testInfo.project.use.baseURL, storageState: { cookies, origins: [] } });
  const otherPage = await elsewhere.newPage();
  await page.context().addCookies(cookies);
  await otherPage.goto("/");
  await expect(avatar(otherPage)).toBeVisible();

  await page.goto("/account/orders");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: accountOrders.title })).toBeVisible();
  const section = page.getByRole("region", { name: passwordChange.title });
  const field = (name: string) => section.getByRole("textbox", { name, exact: true });
  const current = field(passwordChange.currentPasswordLabel);
  const fresh = field(passwordReset.newPasswordLabel);
  const confirm = field(passwordReset.confirmPasswordLabel);
  const newPassword = `${account.password}-changed`;

  // Sent empty: every field is marked with its own message at once, the cursor on the first.
  await section.getByRole("button", { name: passwordChange.save }).click();
  for (const [box, message] of [[current, validation.currentPasswordRequired], [fresh, validation.passwordRequired], [confirm, validation.confirmPasswordRequired]] as const) {
    await expect(box).toHaveAttribute("aria-invalid", "true");
    await expect(box).toHaveAccessibleDescription(new RegExp(message));
  }
  await expect(current).toBeFocused();
  await screenshot(page, testInfo, "change-password-all-empty");

  // A wrong current password: said on its field, the cursor put there, nothing changed.
  await current.fill("not my password");
  await fresh.fill(newPassword);
  await confirm.fill(newPassword);
  await section.getByRole("button", { name: passwordChange.save }).click();
  await expect(current).toHaveAttribute("aria-invalid", "true");
  await expect(current).toHaveAccessibleDescription(passwordChange.wrongCurrent);
  await expect(current).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "change-password-refused");

  await current.fill(account.password);
  await fresh.fill(newPassword);
  await confirm.fill(newPassword);
  await section.getByRole("button", { name: passwordChange.save }).click();
  await expect(section.getByRole("status")).toHaveText(passwordChange.done);
  // The form is emptied, and the page stayed where the shopper was.
  await expect(current).toHaveValue("");
  await expect(section.getByRole("button", { name: passwordChange.save })).toBeInViewport();
  await screenshot(page, testInfo, "change-password-done");

  // This browser is still signed in (a new session); the other one is not.
  await page.reload();
  await expect(avatar(page)).toBeVisible();
  await otherPage.goto("/");
  await expect(otherPage.getByRole("banner").getByRole("link", { name: navigation.signIn })).toBeVisible();
  await elsewhere.close();

  // The owner is told, with the way back in if it was not them.
  await expect.poll(() => mailsContaining(serverOutbox(), `To: ${account.email}`).filter((mail) => mail.includes(passwordChange.mailSubject)).length, { timeout: 20_000 }).toBe(1);

  // In a new browser, the old password no longer signs in and the new one does.
  const later = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const signIn = await later.newPage();
  await signIn.goto("/auth");
  await waitForHydration(signIn);
  await expectOnlyNewPasswordSignsIn(signIn, account.email, account.password, newPassword);

  // Before JavaScript has loaded (here: without it), the plain form's change lands back on this
  // form, signed in with the new session, saying it is done.
  const plain = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: false, storageState: await later.storageState() });
  await later.close();
  const noScript = await plain.newPage();
  await noScript.goto("/account/orders");
  const plainSection = noScript.getByRole("region", { name: passwordChange.title });
  const thirdPassword = `${newPassword}-again`;
  await submitPasswordChange(plainSection, newPassword, thirdPassword);
  await expect(noScript).toHaveURL(/\/account\/orders\?password=changed#change-password$/);
  await expect(plainSection.getByRole("status")).toHaveText(passwordChange.done);
  await expect(plainSection.getByRole("button", { name: passwordChange.save })).toBeInViewport();
  await expect(avatar(noScript)).toBeVisible();
  await screenshot(noScript, testInfo, "change-password-done-without-javascript", { fullPage: false });
  await plain.close();
});
