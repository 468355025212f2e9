// Accounts on /auth (storefront.md section 2 "Auth" and "Navigation bar", section 4
// "Authentication", section 5 "Sign-up and sign-in", section 8 "Sign in and sign up"), on desktop
// and on a 390 px phone: sign-up with its verification e-mail, sign-in and its errors, the
// redirect parameter, sign-out, the form without JavaScript, keyboard use and accessibility.
//
// Sign-ups are rate-limited (20 an hour per IP, accounts.server.ts) and this file shares the
// server with the cart spec and the other project, so it creates at most three a project: one
// account for every sign-in test, one real sign-up journey and one refused duplicate.
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { auth, emailConfirmation, passwordReset } from "../../src/domain/messages/account.ts";
import { cartErrors } from "../../src/domain/messages/cart.ts";
import { validation } from "../../src/domain/messages/forms.ts";
import { navigation } from "../../src/domain/messages/layout.ts";
import { accountOrders } from "../../src/domain/messages/orders.ts";
import {
  apiContext,
  decodeQuotedPrintable,
  expectNoSeriousA11yViolations,
  mailsContaining,
  newAccount,
  screenshot,
  serverOutbox,
  SESSION_COOKIE,
  signUpThroughForm,
  toasts,
  waitForHydration,
  type Account,
  expectNoSidewaysScroll,
} from "./helpers.ts";

test.use({ bypassCSP: true });

/** One account per project for the sign-in tests, made on first use. */
const existing = new Map<string, Promise<Account>>();
function existingAccount(playwright: Parameters<typeof signUpThroughForm>[0], testInfo: TestInfo): Promise<Account> {
  let account = existing.get(testInfo.project.name);
  if (!account) {
    const fresh = newAccount(testInfo, "existing", "Yaw", "Asante");
    account = signUpThroughForm(playwright, testInfo, fresh).then(() => fresh);
    existing.set(testInfo.project.name, account);
  }
  return account;
}

const form = (page: Page) => page.getByRole("tabpanel");
const fields = (page: Page) => ({
  firstName: form(page).getByRole("textbox", { name: "First name" }),
  lastName: form(page).getByRole("textbox", { name: "Last name" }),
  email: form(page).getByRole("textbox", { name: "Email" }),
  password: form(page).getByLabel("Password"),
});
const submit = (page: Page, tab: "signin" | "signup") => form(page).getByRole("button", { name: tab === "signup" ? auth.signUp : auth.signIn, exact: true });
const tab = (page: Page, name: string) => page.getByRole("tablist", { name: "Account" }).getByRole("tab", { name, exact: true });
const signInLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: navigation.signIn });
const signOutButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: navigation.signOut });
const avatar = (page: Page) => page.getByRole("banner").getByTestId("account-avatar");

async function signIn(page: Page, account: Pick<Account, "email" | "password">) {
  await fields(page).email.fill(account.email);
  await fields(page).password.fill(account.password);
  await submit(page, "signin").click();
}

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
}

test.describe("sign-in", () => {
  test("unknown e-mail and wrong password give the same 'Invalid email or password' message; /auth passes axe with it shown", async ({ page, playwright }, testInfo) => {
    const account = await existingAccount(playwright, testInfo);
    await page.goto("/auth");
    await waitForHydration(page);
    await expect(tab(page, auth.signIn)).toHaveAttribute("aria-selected", "true");

    const messages: string[] = [];
    for (const attempt of [
      { email: `nobody-${Date.now()}@example.com`, password: "whatever-password" },
      { email: account.email, password: `${account.password}-wrong` },
    ]) {
      await signIn(page, attempt);
      const problem = form(page).getByRole("alert");
      await expect(problem).toHaveText(auth.invalidCredentials);
      messages.push((await problem.textContent()) ?? "");
      // The spec's verbatim text, not only the constant.
      await expect(problem).toHaveText("Invalid email or password. Please check your credentials and try again.");
      await expect(toasts(page).filter({ hasText: auth.invalidCredentials }).first()).toBeVisible();
      await expect(page).toHaveURL(/\/auth$/);
      // What was typed stays, and the shopper is still signed out.
      await expect(fields(page).email).toHaveValue(attempt.email);
      await expect(signInLink(page)).toBeVisible();
      expect(await sessionCookie(page)).toBeUndefined();
    }
    expect(messages[0]).toBe(messages[1]);
    await expect(form(page)).toHaveAttribute("aria-labelledby", "tab-signin");
    await screenshot(page, testInfo, "auth-sign-in-error");
    await expect(toasts(page).first()).toHaveCSS("opacity", "1");
    await expectNoSeriousA11yViolations(page);
  });

  test("empty fields are refused before anything is sent to the account service", async ({ page }) => {
    await page.goto("/auth");
    await waitForHydration(page);
    await submit(page, "signin").click();
    await expect(form(page).getByRole("alert")).toHaveText(validation.emailRequired);
    await expect(fields(page).email).toHaveAttribute("aria-invalid", "true");
    await expect(fields(page).email).toBeFocused();
    await expect(fields(page).email).toHaveAccessibleDescription(validation.emailRequired);
  });

  test("a wrong password's message goes once the next try signs in: it does not stay beside the signed-in header", async ({ page, playwright }, testInfo) => {
    const account = await existingAccount(playwright, testInfo);
    await page.goto("/auth");
    await waitForHydration(page);
    await signIn(page, { email: account.email, password: `${account.password}-wrong` });
    const refusal = toasts(page).filter({ hasText: auth.invalidCredentials });
    await expect(refusal.first()).toBeVisible();
    await signIn(page, account);
    await expect(avatar(page)).toBeVisible();
    await expect(refusal).toHaveCount(0);
  });

  test("signed in with the keyboard from /auth, the home page's heading has the focus, as after any move to another page", async ({ page, playwright }, testInfo) => {
    const account = await existingAccount(playwright, testInfo);
    await page.goto("/auth");
    await waitForHydration(page);
    await fields(page).email.fill(account.email);
    await fields(page).password.fill(account.password);
    await page.keyboard.press("Enter");
    await expect(avatar(page)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    // The home page draws one of its two headings (the phone's hero or the larger screens'): that one.
    const heading = page.locator("#main h1:visible");
    await expect(heading).toHaveCount(1);
    await expect(heading).toBeFocused();
    // The logo's way home moves the focus there too, from another page.
    await page.goto("/faq");
    await waitForHydration(page);
    const logo = page.getByRole("banner").locator('a[href="/"]').first();
    await logo.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/$/);
    await expect(heading).toBeFocused();
  });

  test("?redirect=cart ends on /cart; Sign Out ends the session, returns to / and the old cookie reads no cart", async ({ page, playwright }, testInfo) => {
    const account = await existingAccount(playwright, testInfo);
    await page.goto("/auth?redirect=cart");
    await waitForHydration(page);
    await signIn(page, account);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Your Cart");
    await expect(avatar(page).locator("[aria-hidden]")).toHaveText("YA");
    await expect(signInLink(page)).toHaveCount(0);
    // The signed-in header (avatar, Sign Out, cart) still fits the screen: nothing scrolls sideways.
    await expectNoSidewaysScroll(page);
    await expect(page.getByRole("banner").getByRole("link", { name: /^Cart/ })).toBeInViewport();

    const oldSession = await sessionCookie(page);
    expect(oldSession).toBeDefined();
    const api = await apiContext(playwright, testInfo, [oldSession!]);
    try {
      expect((await api.get("/api/cart")).status()).toBe(200);

      await signOutButton(page).click();
      await expect(page).toHaveURL(/\/$/);
      expect(new URL(page.url()).pathname).toBe("/");
      await expect(signInLink(page)).toBeVisible();
      await expect(avatar(page)).toHaveCount(0);
      await expect(signOutButton(page)).toHaveCount(0);
      expect(await sessionCookie(page)).toBeUndefined();

      // The session is over on the server too, not only forgotten by the browser.
      const afterSignOut = await api.get("/api/cart");
      expect(afterSignOut.status()).toBe(401);
      expect(await afterSignOut.json()).toEqual({ error: cartErrors.signInRequired });
      await page.goto("/cart");
      await expect(signInLink(page)).toBeVisible();
    } finally {
      await api.dispose();
    }
  });

  for (const target of ["//evil.example", "/\\evil.example"]) {
    test(`an open redirect (?redirect=${target}) ends on / of this shop`, async ({ page, playwright, baseURL }, testInfo) => {
      const account = await existingAccount(playwright, testInfo);
      await page.goto(`/auth?redirect=${encodeURIComponent(target)}`);
      await waitForHydration(page);
      await signIn(page, account);
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(avatar(page)).toBeVisible();
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sign-in form works as a plain HTML form and follows ?redirect", async ({ page, playwright }, testInfo) => {
    const account = await existingAccount(playwright, testInfo);
    await page.goto("/auth?redirect=cart");
    // The page's scripts do not run: React Router never starts.
    expect(await page.evaluate(() => typeof (window as unknown as { __reactRouterContext?: unknown }).__reactRouterContext)).toBe("undefined");
    await signIn(page, account);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(avatar(page)).toBeVisible();
    await expect(signOutButton(page)).toBeVisible();
    expect(await sessionCookie(page)).toBeDefined();
  });
});

test.describe("sign-up", () => {
  test("success: the message, a reload after 2 s signed in with initials, and an e-mail whose link confirms the address only where the account is signed in", async ({ page, browser }, testInfo) => {
    const account = newAccount(testInfo, "new", "Ama", "Owusu");
    const outbox = serverOutbox();
    await page.goto("/auth?tab=signup");
    await waitForHydration(page);
    await expect(tab(page, auth.signUp)).toHaveAttribute("aria-selected", "true");
    // The whole rule, as the reset and change forms give it: a common password is refused too.
    await expect(fields(page).password).toHaveAccessibleDescription(new RegExp(passwordReset.newPasswordHint));
    await fields(page).firstName.fill(account.firstName);
    await fields(page).lastName.fill(account.lastName);
    await fields(page).email.fill(account.email);
    await fields(page).password.fill(account.password);
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await submit(page, "signup").click();

    // Verification is off here (REQUIRE_EMAIL_VERIFICATION unset): the shopper is signed in at once,
    // so the page says so instead of asking for a verification first.
    const success = page.getByRole("status").filter({ hasText: auth.signUpSignedIn });
    await expect(success).toBeVisible();
    await expect(success).toContainText(auth.signUpConfirmLater);
    await expect(page.getByText(auth.signUpSuccess)).toHaveCount(0);
    // Still the same document: the message is read before the page moves on.
    expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBe(true);
    await screenshot(page, testInfo, "auth-sign-up-success");

    // Section 4: the page reloads after 2 seconds; the shopper is then signed in.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload ?? false).catch(() => true), { timeout: 10_000 })
      .toBe(false);
    await expect(page).toHaveURL(/\/$/);
    await expect(avatar(page)).toBeVisible();
    await expect(avatar(page).locator("[aria-hidden]")).toHaveText("AO");
    await expect(avatar(page)).toContainText("Signed in as Ama Owusu");
    await expect(signOutButton(page)).toBeVisible();
    await expect(signInLink(page)).toHaveCount(0);
    await screenshot(page, testInfo, "signed-in-header");

    // The verification e-mail, written to the outbox, carries a link to the shop.
    await expect.poll(() => mailsContaining(outbox, `To: ${account.email}`).length, { timeout: 20_000 }).toBe(1);
    const mail = decodeQuotedPrintable(mailsContaining(outbox, `To: ${account.email}`)[0]!);
    expect(mail).toContain("Subject: Verify your e-mail address");
    const link = mail.match(/https?:\/\/\S+/)?.[0];
    expect(link, mail).toBeDefined();
    expect(new URL(link!).origin).toBe(new URL(page.url()).origin);

    // Opened where nobody is signed in (another device, or someone else who reads that mailbox):
    // nothing is confirmed, and the page says to sign in to the account to confirm it.
    const elsewhere = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: page.viewportSize() });
    try {
      const other = await elsewhere.newPage();
      await other.goto(link!);
      await waitForHydration(other);
      await expect(other.getByRole("heading", { level: 1 })).toHaveText(emailConfirmation.title);
      await expect(other.getByRole("status").filter({ hasText: emailConfirmation.signInToConfirm(account.email) })).toBeVisible();
      await expect(other.getByText(emailConfirmation.notYours)).toBeVisible();
      await expect(other.getByRole("tablist")).toHaveCount(0);
      await expect(other.getByRole("textbox", { name: "Email" })).toHaveValue(account.email);
      await expect(other.getByRole("link", { name: auth.forgotPassword })).toBeVisible();
      await expectNoSeriousA11yViolations(other);
      await expectNoSidewaysScroll(other);
      await screenshot(other, testInfo, "auth-confirm-sign-in");
      await page.goto("/account/orders");
      await expect(page.getByText(accountOrders.guestOrdersOnceConfirmed(account.email))).toBeVisible();

      // Opened where the account is signed in, as after signing up on this device: confirmed at once.
      await page.goto(link!);
      const verified = page.getByRole("status").filter({ hasText: auth.emailVerified });
      await expect(verified).toHaveText(/Thank you, your email address is verified\./);
      await screenshot(page, testInfo, "auth-verified");
      await verified.getByRole("link", { name: "Continue shopping" }).click();
      await expect(page).toHaveURL(/\/$/);
      await page.goto("/account/orders");
      await expect(page.getByRole("heading", { name: accountOrders.title })).toBeVisible();
      await expect(page.getByText(accountOrders.guestOrdersOnceConfirmed(account.email))).toHaveCount(0);

      // The other browser, opened again: the address is confirmed already; signing in there goes on
      // to the same word, and signs in.
      await other.reload();
      await expect(other.getByRole("status").filter({ hasText: emailConfirmation.alreadyConfirmed(account.email) })).toBeVisible();
      await other.getByLabel("Password").fill(account.password);
      await other.getByRole("button", { name: auth.signIn, exact: true }).click();
      await expect(other.getByRole("status").filter({ hasText: auth.emailVerified })).toBeVisible();
      await expect(avatar(other)).toBeVisible();
      await screenshot(other, testInfo, "auth-confirm-signed-in");

      // A link a mail program cut before its token, or one mistyped, says what to do next.
      await elsewhere.clearCookies();
      for (const broken of [link!.replace(/confirm=[^&\s]+/, "confirm="), link!.replace(/confirm=[^&\s]+/, "confirm=mistyped")]) {
        await other.goto(broken);
        await expect(other.getByRole("status").filter({ hasText: auth.verificationLinkFailedAskAgain })).toBeVisible();
        await expect(other.getByRole("status").filter({ hasText: auth.emailVerified })).toHaveCount(0);
        await expect(submit(other, "signin")).toBeVisible();
      }
      await screenshot(other, testInfo, "auth-confirm-link-failed");
    } finally {
      await elsewhere.close();
    }
  });

  test("an empty Sign Up marks every field to fill in at once, the cursor on the first", async ({ page }) => {
    await page.goto("/auth?tab=signup");
    await waitForHydration(page);
    await submit(page, "signup").click();
    await expect(form(page).getByRole("alert")).toHaveText(validation.firstNameRequired);
    const { firstName, lastName, email, password } = fields(page);
    for (const field of [firstName, lastName, email, password]) await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(firstName).toHaveAccessibleDescription(validation.firstNameRequired);
    await expect(lastName).toHaveAccessibleDescription(validation.lastNameRequired);
    await expect(email).toHaveAccessibleDescription(validation.emailRequired);
    await expect(firstName).toBeFocused();
    await expect(form(page).getByRole("textbox", { name: "Phone" })).not.toHaveAttribute("aria-invalid", "true");
  });

  test("an e-mail that already has an account is refused with 'An account with this email already exists'; the tab passes axe", async ({ page, playwright }, testInfo) => {
    const account = await existingAccount(playwright, testInfo);
    // Sent empty first: its refusal no longer holds once the names are filled in and sent again.
    await page.goto("/auth?tab=signup");
    await waitForHydration(page);
    await submit(page, "signup").click();
    await expect(toasts(page).filter({ hasText: validation.firstNameRequired })).toBeVisible();
    await fields(page).firstName.fill("Someone");
    await fields(page).lastName.fill("Else");
    await fields(page).email.fill(account.email);
    await fields(page).password.fill("another-password-1");
    await submit(page, "signup").click();

    const problem = form(page).getByRole("alert");
    await expect(problem).toHaveText(auth.accountExists);
    await expect(problem).toHaveText("An account with this email already exists. Please sign in instead.");
    await expect(fields(page).email).toHaveAttribute("aria-invalid", "true");
    await expect(fields(page).email).toBeFocused();
    // What was typed is kept.
    await expect(fields(page).firstName).toHaveValue("Someone");
    await expect(page.getByRole("status").filter({ hasText: auth.signUpSignedIn })).toHaveCount(0);
    await expect(signInLink(page)).toBeVisible();
    await screenshot(page, testInfo, "auth-sign-up-error");
    await expect(toasts(page).filter({ hasText: auth.accountExists })).toHaveCSS("opacity", "1");
    // One refusal at a time: the empty form's went when this one came, not 10 s
    // later (read once: a retried check would pass when it ran out).
    expect(await page.locator("[data-sonner-toast]:not([data-removed='true'])").filter({ hasText: validation.firstNameRequired }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("tabs", () => {
  test("work with the keyboard (arrows move between Sign In and Sign Up) and both pass axe", async ({ page }, testInfo) => {
    await page.goto("/auth");
    await waitForHydration(page);
    // The page has one top-level heading, whichever tab is open.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(auth.pageTitle);
    const signInTab = tab(page, auth.signIn);
    const signUpTab = tab(page, auth.signUp);
    await expect(signInTab).toHaveAttribute("aria-selected", "true");
    await expect(signUpTab).toHaveAttribute("aria-selected", "false");
    // Only the selected tab is in the tab order.
    await expect(signInTab).toHaveAttribute("tabindex", "0");
    await expect(signUpTab).toHaveAttribute("tabindex", "-1");
    await expect(fields(page).firstName).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Tab leaves the selected tab for its form (the other tab is skipped), Shift+Tab comes back.
    await signInTab.focus();
    await page.keyboard.press("Tab");
    await expect(fields(page).email).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(signInTab).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(signUpTab).toBeFocused();
    await expect(signUpTab).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/\/auth\?tab=signup$/);
    await expect(form(page)).toHaveAttribute("aria-labelledby", "tab-signup");
    await expect(fields(page).firstName).toBeVisible();
    await expect(fields(page).lastName).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(fields(page).firstName).toBeFocused();
    await screenshot(page, testInfo, "auth-sign-up");
    await expectNoSeriousA11yViolations(page);

    await signUpTab.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(signInTab).toBeFocused();
    await expect(signInTab).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/\/auth$/);
    await expect(fields(page).firstName).toHaveCount(0);
    await expect(fields(page).email).toBeVisible();

    // Enter on a focused tab chooses it as well (it is a button).
    await page.keyboard.press("ArrowRight");
    await expect(signUpTab).toBeFocused();
    await signInTab.focus();
    await page.keyboard.press("Enter");
    await expect(signInTab).toHaveAttribute("aria-selected", "true");
    await screenshot(page, testInfo, "auth-sign-in");
  });
});
