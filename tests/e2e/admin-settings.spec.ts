// Issue 14, Settings and Security, on desktop and a 390 px phone: a new GBP->GHS rate shows on a
// shopper's product page right after the save (the page cache included), once the owner has
// confirmed what it does to prices (a new markup asks the same, with and without JavaScript); an admin added by
// e-mail enrols in two-factor sign-in and signs in with a code computed here from the key; the
// security page with its probes and test panel; the audit trail filtered by action and admin,
// also while the probes are still running.
import { mkdirSync, rmSync } from "node:fs";
import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { priceWithMarkup } from "../../src/domain/markup.ts";
import { formatGbp, formatMoney } from "../../src/domain/money.ts";
import { passwordChange, passwordReset, twoFactorSignIn } from "../../src/domain/messages/account.ts";
import { adminAccess, adminDiagnostics } from "../../src/domain/messages/admin.ts";
import { adminSecurity } from "../../src/domain/messages/admin-security.ts";
import { adminSettings } from "../../src/domain/messages/admin-settings.ts";
import { validation } from "../../src/domain/messages/forms.ts";
import { totp } from "../helpers/totp.ts";
import { E2E_ADMIN, expectFocusKeptWhileBusy, expectRefusedField, signInAsAdmin } from "./admin-helpers.ts";
import {
  decodeQuotedPrintable,
  expectNoSeriousA11yViolations,
  findProduct,
  mailsContaining,
  newAccount,
  screenshot,
  serverOutbox,
  signUpThroughForm,
  submitPasswordChange,
  TAKES_SCREENSHOTS,
  toasts,
  waitForHydration,
} from "./helpers.ts";

test.use({ bypassCSP: true });

const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp/settings-shots";

/** The page as a person sees it, kept for review beside the test's own output. */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (!TAKES_SCREENSHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, testInfo, name, { path: `${SHOTS}/${testInfo.project.name}-${name}.png` });
}

/**
 * The price settings are the whole shop's: the desktop and phone runs of the price journey take
 * turns (a directory created atomically in the server's data folder is the token).
 */
async function withPriceSettingsToken(run: () => Promise<void>) {
  const token = `${process.env.E2E_DATA_DIR}/price-settings-journey`;
  const take = () => {
    try {
      mkdirSync(token);
      return true;
    } catch {
      return false;
    }
  };
  await expect.poll(take, { timeout: 60_000 }).toBe(true);
  try {
    await run();
  } finally {
    rmSync(token, { recursive: true, force: true });
  }
}

/** The actions the audit trail lists, each once. */
async function auditActions(trail: Locator) {
  return new Set(await trail.getByRole("listitem").evaluateAll((items) => items.map((item) => item.getAttribute("data-audit-action"))));
}

async function openAdminPage(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** The Prices card's question before a new markup or rate is saved. */
const priceQuestion = (page: Page) => page.getByRole("form", { name: adminSettings.confirmPricesTitle });

/** The question's example lines, each as the product's name and its prices before → after. */
async function priceExamples(question: Locator) {
  const lines = await question.locator("[data-price-examples] li").allTextContents();
  return lines.map((line) => ({ name: line.slice(0, line.lastIndexOf(": ")), prices: line.slice(line.lastIndexOf(": ") + 2) }));
}

/** A product shoppers see, by its exact name: its price at the storefront (pence) and its base price. */
async function pricesOf(page: Page, name: string) {
  const listed = (await (await page.request.get(`/api/products?q=${encodeURIComponent(name)}&pageSize=48`)).json()) as { items: { name: string; price: number }[] };
  const admin = (await (await page.request.get(`/api/admin/products?search=${encodeURIComponent(name)}`)).json()) as { items: { name: string; pricePence: number }[] };
  const shop = listed.items.find((item) => item.name === name);
  const base = admin.items.find((item) => item.name === name);
  expect(shop && base, `${name} is listed`).toBeTruthy();
  return { shopPence: shop!.price, basePence: base!.pricePence };
}

/** Puts the shop's rate back as the journeys expect it, however the journey ended. */
async function restoreRate(page: Page) {
  const put = await page.request.put("/api/admin/settings", { data: { exchangeRate: 12.5, confirm: true } });
  expect(put.status()).toBe(200);
}

test("a new GBP to GHS rate shows on a shopper's product page right after the save", async ({ page, browser, request }, testInfo) => {
  test.slow(); // two browsers, and a turn to wait for while the other width runs
  const product = await findProduct(request, (p) => p.inStock && p.images.length > 0);
  // A signed-out shopper viewing prices in cedis: the page cache serves such pages for 2 seconds.
  const shopperContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  await shopperContext.addCookies([{ name: "currency", value: "GHS", url: testInfo.project.use.baseURL! }]);
  const shopper = await shopperContext.newPage();
  const price = shopper.getByTestId("product-price").locator("span").first();

  await signInAsAdmin(page);
  await openAdminPage(page, "/admin/settings");
  await expect(page.getByRole("heading", { name: adminSettings.title, level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, testInfo, "settings");
  const rate = page.getByLabel(adminSettings.exchangeRate);
  const saved = rate.locator("xpath=ancestor::form").getByRole("button", { name: adminSettings.savePrices });

  // A rate nobody else uses, so this run's price is told apart from any other's. Built from an
  // integer: 13 + 524 / 1000 is 13.524000000000001 in floating point, which the field refuses for
  // its decimals.
  const newRate = (13_000 + Math.floor(Math.random() * 900)) / 1000;
  await withPriceSettingsToken(async () => {
  await shopper.goto(`/product/${product.id}`);
  await expect(price).toHaveText(formatMoney(product.price, "GHS", 12.5));
  try {
    // A bad value first: the field says why, and nothing changes.
    await rate.fill("0");
    await saved.click();
    await expect(page.getByText(adminSettings.rateInvalid).first()).toBeVisible();

    // The markup as an owner types it into "Markup (%)", sign and all; still 40.
    await page.getByLabel(adminSettings.markupPercent).fill("40 %");
    await rate.fill(String(newRate));
    await saved.click();
    // Every price in cedis changes: the card asks first, saying so in cedis, with an example
    // priced as a shopper sees it now and will see it after.
    const question = priceQuestion(page);
    await expect(question.getByRole("heading", { name: adminSettings.confirmPricesTitle })).toBeFocused();
    await expect(question).toContainText(adminSettings.rateChange(12.5, newRate));
    await expect(question).toContainText(/Prices in cedis \(GHS\) change for (all )?\d+/);
    const [example] = await priceExamples(question);
    const { shopPence } = await pricesOf(page, example!.name);
    expect(example!.prices).toBe(adminSettings.priceBeforeAfter(formatMoney(shopPence, "GHS", 12.5), formatMoney(shopPence, "GHS", newRate)));
    await shot(page, testInfo, "price-question-rate");
    await question.getByRole("button", { name: adminSettings.changePrices }).click();
    await expect(toasts(page).filter({ hasText: adminSettings.saved })).toBeVisible();
    // The question's button went with it: the keyboard is back on Save prices.
    await expect(saved).toBeFocused();
    // Right after the save, well inside the page cache's 2 seconds.
    await shopper.reload();
    await expect(price).toHaveText(formatMoney(product.price, "GHS", newRate));
  } finally {
    await restoreRate(page);
  }
  });
  await shopperContext.close();
});

test("a one-key typo in the markup asks first, with what shoppers would pay; Escape and Back save nothing", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  await openAdminPage(page, "/admin/settings");
  const prices = page.getByRole("form", { name: adminSettings.pricesTitle, exact: true });
  const markup = prices.getByLabel(adminSettings.markupPercent);
  const save = prices.getByRole("button", { name: adminSettings.savePrices });
  const question = priceQuestion(page);
  const savedMarkup = async () => ((await (await page.request.get("/api/admin/settings")).json()) as { markupPercent: number }).markupPercent;

  // The figures saved again as they are ask nothing.
  await save.click();
  await expect(toasts(page).filter({ hasText: adminSettings.saved })).toBeVisible();
  await expect(question).toHaveCount(0);

  // 400 for 40: the question takes the fields' place, and the keyboard is on it.
  await markup.fill("400");
  await save.click();
  await expect(question.getByRole("heading", { name: adminSettings.confirmPricesTitle })).toBeFocused();
  await expect(prices).toBeHidden();
  await expect(question).toContainText(adminSettings.markupChange(40, 400));
  await expect(question).toContainText(/Prices change for all \d+ active products/);
  await expect(question).toContainText(adminSettings.largePriceChange("up", "GBP"));
  // Each example: the price shoppers pay today, and the one 400% would make.
  const examples = await priceExamples(question);
  expect(examples).toHaveLength(2);
  for (const { name, prices: said } of examples) {
    const { shopPence, basePence } = await pricesOf(page, name);
    expect(said).toBe(adminSettings.priceBeforeAfter(formatGbp(shopPence), formatGbp(priceWithMarkup(basePence, 400))));
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoSeriousA11yViolations(page);
  await shot(page, testInfo, "price-question-markup");

  // Escape goes back to the figures as typed, the cursor in the markup; nothing was saved.
  await page.keyboard.press("Escape");
  await expect(question).toHaveCount(0);
  await expect(markup).toBeFocused();
  await expect(markup).toHaveValue("400");
  expect(await savedMarkup()).toBe(40);

  // Asked again; Back, reached by the keyboard, does the same.
  await save.click();
  await expect(question.getByRole("heading", { name: adminSettings.confirmPricesTitle })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(question.getByRole("button", { name: adminSettings.changePrices })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(question.getByRole("link", { name: adminSettings.back })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(question).toHaveCount(0);
  await expect(markup).toBeFocused();
  expect(await savedMarkup()).toBe(40);

  // The typo put right: the saved figure again, saved without a question.
  await markup.fill("40");
  await save.click();
  await expect(toasts(page).filter({ hasText: adminSettings.saved }).last()).toBeVisible();
  await expect(question).toHaveCount(0);
});

test("without JavaScript a new rate is answered with the question page: Back saves nothing, Change prices saves it", async ({ page, browser }, testInfo) => {
  await signInAsAdmin(page);
  const plain = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: page.viewportSize(), javaScriptEnabled: false, storageState: await page.context().storageState() });
  const noScript = await plain.newPage();
  const prices = noScript.getByRole("form", { name: adminSettings.pricesTitle, exact: true });
  const rate = prices.getByLabel(adminSettings.exchangeRate);
  const question = priceQuestion(noScript);
  const newRate = (13_000 + Math.floor(Math.random() * 900)) / 1000;
  await withPriceSettingsToken(async () => {
    try {
      await noScript.goto("/admin/settings");
      await rate.fill(String(newRate));
      await prices.getByRole("button", { name: adminSettings.savePrices }).click();
      await expect(question).toContainText(adminSettings.rateChange(12.5, newRate));
      await expect(prices).toBeHidden();
      await shot(noScript, testInfo, "price-question-no-script");
      await question.getByRole("link", { name: adminSettings.back }).click();
      await expect(rate).toHaveValue("12.5");

      await rate.fill(String(newRate));
      await prices.getByRole("button", { name: adminSettings.savePrices }).click();
      await question.getByRole("button", { name: adminSettings.changePrices }).click();
      await expect(prices.getByRole("status")).toHaveText(adminSettings.saved);
      await expect(rate).toHaveValue(String(newRate));
      expect(((await (await page.request.get("/api/admin/settings")).json()) as { exchangeRate: number }).exchangeRate).toBe(newRate);
    } finally {
      await restoreRate(page);
      await plain.close();
    }
  });
});

test("an admin added by e-mail (once the account has confirmed its address) enrols in two-factor sign-in and then signs in with a code", async ({ page, browser, playwright }, testInfo) => {
  test.slow(); // two people signing in, four password checks
  const account = newAccount(testInfo, "second-admin", "Efua", "Sarpong");
  await signUpThroughForm(playwright, testInfo, account);

  // The owner adds the existing account as an admin.
  await signInAsAdmin(page);
  await openAdminPage(page, "/admin/settings");
  // An address no account uses is refused on the field.
  await page.getByLabel(adminSettings.addAdminLabel).fill(`nobody-${account.email}`);
  await page.getByRole("button", { name: adminSettings.addAdmin }).click();
  await expectRefusedField(page.getByLabel(adminSettings.addAdminLabel), adminSettings.noSuchAccount);
  // The account has not confirmed its address (anyone can sign up with one that is not theirs):
  // refused on the field, and a fresh confirmation link goes to the address.
  await page.getByLabel(adminSettings.addAdminLabel).fill(account.email);
  await page.getByRole("button", { name: adminSettings.addAdmin }).click();
  await expectRefusedField(page.getByLabel(adminSettings.addAdminLabel), adminSettings.unconfirmedAccount(account.email));
  const outbox = serverOutbox();
  const links = () => mailsContaining(outbox, `To: ${account.email}`).filter((mail) => mail.includes("Subject: Verify your e-mail address"));
  // The sign-up's link and the new one.
  await expect.poll(() => links().length, { timeout: 20_000 }).toBe(2);
  const link = decodeQuotedPrintable(links()[0]!).match(/https?:\/\/\S+/)?.[0];
  expect(link).toBeDefined();
  // The address's owner opens it in a browser of their own, and signs in on the page it opens:
  // only the account holder confirms its address.
  const owner = await playwright.request.newContext();
  try {
    expect((await owner.get(link!)).ok()).toBe(true);
    const signedIn = await owner.post(link!, { form: { intent: "signin", email: account.email, password: account.password } });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
  } finally {
    await owner.dispose();
  }
  await page.getByLabel(adminSettings.addAdminLabel).fill(account.email);
  await page.getByRole("button", { name: adminSettings.addAdmin }).click();
  await expect(toasts(page).filter({ hasText: adminSettings.adminAdded(account.email) })).toBeVisible();
  await expect(page.getByRole("list", { name: adminSettings.adminsTitle })).toContainText(account.email);

  // The new admin signs in with the admin login and sets up two-factor sign-in.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: page.viewportSize() });
  const admin = await context.newPage();
  try {
    await admin.goto("/admin/settings");
    await waitForHydration(admin);
    await admin.getByLabel(adminAccess.adminEmail).fill(account.email);
    await admin.getByLabel(new RegExp(`^${adminAccess.password}`)).fill(account.password);
    await admin.getByRole("button", { name: adminAccess.accessAdminPanel }).click();
    await expect(admin.getByRole("heading", { name: adminSettings.twoFactorTitle })).toBeVisible();
    await expect(admin.getByText(adminSettings.twoFactorDisabledForYou)).toBeVisible();

    // The password chosen at sign-up is replaced from this page: the current one first.
    const passwordCard = admin.getByRole("form", { name: adminSettings.passwordTitle });
    const passwordField = (name: string) => passwordCard.getByRole("textbox", { name, exact: true });
    const renewed = `${account.password}-admin`;
    await passwordField(passwordChange.currentPasswordLabel).fill("not my password");
    await passwordField(passwordReset.newPasswordLabel).fill(renewed);
    await passwordField(passwordReset.confirmPasswordLabel).fill(renewed);
    await passwordCard.getByRole("button", { name: passwordChange.save }).click();
    await expectRefusedField(passwordField(passwordChange.currentPasswordLabel), passwordChange.wrongCurrent);
    await passwordField(passwordChange.currentPasswordLabel).fill(account.password);
    await passwordCard.getByRole("button", { name: passwordChange.save }).click();
    await expect(toasts(admin).filter({ hasText: passwordChange.done })).toBeVisible();
    await expect(passwordField(passwordChange.currentPasswordLabel)).toHaveValue("");
    await shot(admin, testInfo, "admin-password-changed");

    // Still signed in (a renewed session), with the new password from here on.
    await admin.getByRole("textbox", { name: adminSettings.passwordLabel, exact: true }).fill(renewed);
    await admin.keyboard.press("Enter");
    // The password form gives way to the setup panel: the focus goes to its heading, which is
    // described by how to add the key and the warning that the backup codes are shown only now.
    const setUpHeading = admin.getByRole("heading", { name: adminSettings.finishSetUp });
    await expect(setUpHeading).toBeFocused();
    await expect(setUpHeading).toHaveAccessibleDescription(`${adminSettings.scanOrType} ${adminSettings.backupCodesNote}`);
    const secret = (await admin.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expect(admin.getByTestId("totp-uri")).toContainText("otpauth://totp/");
    await expect(admin.getByTestId("backup-codes").locator("li")).toHaveCount(10);
    await shot(admin, testInfo, "two-factor-enrolment");

    await admin.getByLabel(adminSettings.confirmCode).fill("12345");
    await admin.getByRole("button", { name: adminSettings.confirm }).click();
    await expectRefusedField(admin.getByLabel(adminSettings.confirmCode), adminSettings.wrongCode);
    await admin.getByLabel(adminSettings.confirmCode).fill(totp(secret));
    await admin.getByRole("button", { name: adminSettings.confirm }).click();
    await expect(admin.getByText(adminSettings.twoFactorEnabledForYou)).toBeVisible();

    // Logout, then the password alone no longer opens the back office: the code does.
    if (admin.viewportSize()!.width < 1024) await admin.getByRole("button", { name: "Open menu" }).click();
    await admin.getByRole("button", { name: adminAccess.logout }).click();
    await expect(admin.getByRole("button", { name: adminAccess.accessAdminPanel })).toBeVisible();
    await waitForHydration(admin);
    await admin.getByLabel(adminAccess.adminEmail).fill(account.email);
    await admin.getByLabel(new RegExp(`^${adminAccess.password}`)).fill(renewed);
    await admin.getByRole("button", { name: adminAccess.accessAdminPanel }).click();
    await expect(admin.getByRole("heading", { name: twoFactorSignIn.title })).toBeVisible();
    await shot(admin, testInfo, "two-factor-code-step");
    await admin.getByLabel(twoFactorSignIn.codeLabel).fill("000000");
    await admin.getByRole("button", { name: twoFactorSignIn.verify }).click();
    await expectRefusedField(admin.getByLabel(twoFactorSignIn.codeLabel), twoFactorSignIn.wrongCode);
    await admin.getByLabel(twoFactorSignIn.codeLabel).fill(totp(secret));
    await admin.getByRole("button", { name: twoFactorSignIn.verify }).click();
    // Signed in: the login was on /admin after Logout, so the dashboard opens.
    await expect(admin.getByRole("heading", { name: adminAccess.dashboard, level: 1 })).toBeVisible();
    await expect(admin).toHaveURL(/\/admin$/);

    // Before JavaScript has loaded (here: without it) a change of password lands back on the card,
    // still signed in with the new session, saying it is done.
    const plain = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: page.viewportSize(), javaScriptEnabled: false, storageState: await context.storageState() });
    try {
      const noScript = await plain.newPage();
      await noScript.goto("/admin/settings");
      const plainCard = noScript.getByRole("form", { name: adminSettings.passwordTitle });
      const again = `${renewed}-again`;
      await submitPasswordChange(plainCard, renewed, again);
      await expect(noScript).toHaveURL(/\/admin\/settings\?password=changed#change-password$/);
      await expect(plainCard.getByRole("status")).toHaveText(passwordChange.done);
      await expect(noScript.getByRole("heading", { name: adminSettings.title, level: 1 })).toBeVisible();
    } finally {
      await plain.close();
    }
  } finally {
    await context.close();
  }

  // The owner removes the admin again, after confirming.
  await page.reload();
  await waitForHydration(page);
  const row = page.getByRole("list", { name: adminSettings.adminsTitle }).getByRole("listitem").filter({ hasText: account.email });
  await expect(row).toContainText(adminSettings.twoFactorOn);
  await row.getByRole("button", { name: `${adminSettings.remove} ${account.email}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(adminSettings.confirmRemove(account.email));
  await dialog.getByRole("button", { name: adminSettings.remove }).click();
  await expect(toasts(page).filter({ hasText: adminSettings.adminRemoved(account.email) })).toBeVisible();
  await expect(page.getByRole("list", { name: adminSettings.adminsTitle })).not.toContainText(account.email);
});

/** Settings with the shop's contact e-mail refused ("orders at the shop"): the card, its field and what it held. */
async function refusedContactEmail(page: Page) {
  await signInAsAdmin(page);
  await openAdminPage(page, "/admin/settings");
  const shop = page.getByRole("form", { name: adminSettings.shopTitle });
  const email = shop.getByLabel(adminSettings.contactEmail);
  const saved = await email.inputValue();
  await email.fill("orders at the shop");
  await shop.getByRole("button", { name: adminSettings.saveShopDetails }).click();
  await expectRefusedField(email, adminSettings.contactEmailInvalid);
  return { shop, email, saved };
}

test("a refused shop-details save marks the e-mail field, says why and puts the cursor there", async ({ page }, testInfo) => {
  const { shop, saved } = await refusedContactEmail(page);
  await expect(shop.getByLabel(adminSettings.shopName)).not.toHaveAttribute("aria-invalid", "true");
  await shot(page, testInfo, "shop-details-refused");
  await screenshot(page, testInfo, `settings-refused-${testInfo.project.name}`);
  await expectNoSeriousA11yViolations(page);
  // Nothing was saved: the page read again shows the address as it was.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("form", { name: adminSettings.shopTitle }).getByLabel(adminSettings.contactEmail)).toHaveValue(saved);
});

test("a card's refusal goes once the owner types in its form or sends another card, instead of staying beside a card left behind", async ({ page }) => {
  const { shop, email, saved } = await refusedContactEmail(page);
  // Typing the address again takes the mark and the message away.
  await email.fill(saved);
  await expect(email).not.toHaveAttribute("aria-invalid", "true");
  await expect(shop.getByText(adminSettings.contactEmailInvalid)).toHaveCount(0);

  const add = page.getByRole("form", { name: adminSettings.addAdmin });
  const newAdmin = add.getByLabel(adminSettings.addAdminLabel);
  await newAdmin.fill(E2E_ADMIN.email);
  await add.getByRole("button", { name: adminSettings.addAdmin }).click();
  await expectRefusedField(newAdmin, adminSettings.alreadyAdmin(E2E_ADMIN.email));
  // The owner moves on and saves the shop's details (unchanged): the addition's refusal goes.
  await shop.getByRole("button", { name: adminSettings.saveShopDetails }).click();
  await expect(toasts(page).filter({ hasText: adminSettings.saved }).first()).toBeVisible();
  await expect(newAdmin).not.toHaveAttribute("aria-invalid", "true");
  await expect(add.getByText(adminSettings.alreadyAdmin(E2E_ADMIN.email))).toHaveCount(0);
});

test("the security page: counts, the probed access policy, secrets and the test panel", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  await openAdminPage(page, "/admin/security");
  await expect(page.getByRole("heading", { name: adminSecurity.title, level: 1 })).toBeVisible();
  await expect(page.locator("[data-count='Admin users']")).not.toHaveText("0");
  // Every number is explained: "Orders" here counts unpaid ones, unlike the dashboard's.
  await expect(page.getByText(adminSecurity.countsNote)).toBeVisible();
  await expect(page.getByText(adminSecurity.policyNote)).toBeVisible();
  // The probes are some twenty requests through the app, two password checks among them.
  await expect(page.locator("[data-resource]")).toHaveCount(4, { timeout: 20_000 });
  for (const table of ["orders", "cart_items", "discount_codes", "profiles"]) {
    await expect(page.locator(`[data-resource='${table}']`)).toContainText(adminDiagnostics.enabled);
  }
  // Each table's probes open under it; on a phone the line that opens them is a 44 px target.
  const probes = page.locator("[data-resource='orders'] summary");
  await probes.click();
  await expect(page.locator("[data-resource='orders'] details li").first()).toBeVisible();
  if (testInfo.project.name === "mobile") expect((await probes.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  // The e2e server runs the built-in payment page and writes mail to files.
  const secrets = page.getByRole("region").or(page.locator("section")).filter({ hasText: adminSecurity.secretsTitle });
  await expect(secrets.getByText("STRIPE_SECRET_KEY")).toBeVisible();
  await expect(secrets.getByText(adminDiagnostics.missing).first()).toBeVisible();
  await expect(page.getByText("sk_")).toHaveCount(0);

  // An interaction first, so INP has something to measure.
  await page.getByRole("heading", { name: adminSecurity.testsTitle }).click();
  await page.getByRole("button", { name: adminSecurity.runTests }).click();
  await expect(toasts(page).filter({ hasText: adminDiagnostics.completed })).toBeVisible();
  const results = page.getByRole("list", { name: adminSecurity.testsTitle });
  await expect(results.locator(`[data-check='${adminSecurity.https}']`)).toContainText(adminSecurity.httpsLocal);
  await expect(results.locator(`[data-check='${adminSecurity.storage}']`)).toContainText("none looks like a secret");
  await expect(results.locator(`[data-check='${adminSecurity.payment}']`)).toContainText(adminSecurity.paymentLocal);
  await expect(results.locator(`[data-check='${adminSecurity.lcp}']`)).toContainText(/\d+ ms/);
  await expect(results.locator(`[data-check='${adminSecurity.cls}']`)).toContainText(/\d\.\d{3}/);
  await expect(results.locator(`[data-check='${adminSecurity.dom}']`)).toContainText(/\d+ elements/);
  await expect(results.locator(`[data-check='${adminSecurity.inp}']`)).toBeVisible();

  // A secret left in the browser is found.
  await page.evaluate(() => window.localStorage.setItem("apiToken", "sk_live_leftbehind12345"));
  await page.getByRole("button", { name: adminSecurity.runTests }).click();
  await expect(results.locator(`[data-check='${adminSecurity.storage}']`)).toContainText("localStorage: apiToken");
  await page.evaluate(() => window.localStorage.removeItem("apiToken"));

  // Refresh probes again.
  await page.getByRole("button", { name: `${adminSecurity.refresh} ${adminSecurity.policyTitle}` }).click();
  await expect(page.getByRole("button", { name: `${adminSecurity.refresh} ${adminSecurity.policyTitle}` })).toBeEnabled({ timeout: 20_000 });
  await expect(page.locator("[data-resource='orders']")).toContainText(adminDiagnostics.enabled);
  await expectNoSeriousA11yViolations(page);
  await shot(page, testInfo, "security");
});

test("Save prices, and the security page's Refresh and Run tests, keep the keyboard's focus while busy and after", async ({ page }) => {
  await signInAsAdmin(page);
  await openAdminPage(page, "/admin/settings");
  await expectFocusKeptWhileBusy(page, page.getByRole("form", { name: adminSettings.pricesTitle }).locator('button[type="submit"]'));
  await openAdminPage(page, "/admin/security");
  // The access probes the page runs as it opens are done first: their answer is not the one waited for.
  await expect(page.locator("[data-resource]")).toHaveCount(4, { timeout: 20_000 });
  await expectFocusKeptWhileBusy(page, page.getByRole("button", { name: `${adminSecurity.refresh} ${adminSecurity.countsTitle}` }));
  await expectFocusKeptWhileBusy(page, page.locator("section", { has: page.locator("#tests-title") }).getByRole("button"));
});

test("the audit trail lists settings changes newest first, filtered by action and by admin", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  // A change of this run's own, to a field no other journey reads: a social network per size (the
  // shop's name shows on every page, so renaming it is walked on a server of its own:
  // renamed-shop.phone.spec.ts). A save sends only the fields it changed, so the two sizes' runs
  // and the journeys that set the footer's links never undo each other.
  await openAdminPage(page, "/admin/settings");
  const network = testInfo.project.name === "mobile" ? { label: "X (Twitter)", audit: "x url", key: "xUrl" } : { label: "Facebook", audit: "facebook url", key: "facebookUrl" };
  const field = page.getByLabel(network.label, { exact: true });
  const original = await field.inputValue();
  const marker = `https://www.example.com/audit-${testInfo.project.name}-${Date.now().toString(36)}`;
  const save = field.locator("xpath=ancestor::form").getByRole("button", { name: adminSettings.saveShopDetails });
  await field.fill(marker);
  await save.click();
  await expect(toasts(page).filter({ hasText: adminSettings.saved })).toBeVisible();
  await field.fill(original);
  await save.click();
  // Put back (the first save's toast may still be showing): the shop has the address it had.
  await expect.poll(async () => ((await (await page.request.get("/api/admin/settings")).json()) as Record<string, string | null>)[network.key] ?? "").toBe(original);

  await openAdminPage(page, "/admin/security");
  const trail = page.getByRole("list", { name: adminSecurity.auditTitle });
  await page.getByRole("combobox", { name: adminSecurity.filterByAction }).selectOption("settings.shop_changed");
  await page.getByRole("combobox", { name: adminSecurity.filterByAdmin }).selectOption({ label: "admin@shop.test" });
  await page.getByRole("button", { name: adminSecurity.filter }).click();
  await expect(page).toHaveURL(/action=settings\.shop_changed/);
  // React shows the navigation's data just after the address changes (a transition).
  await expect.poll(() => auditActions(trail)).toEqual(new Set(["settings.shop_changed"]));
  // Newest first: the change back to the original name, then the marker.
  await expect(trail.getByRole("listitem").filter({ hasText: marker }).first()).toBeVisible();
  // Each entry names the fields it changed, before → after, not a cut-off copy of the record.
  const markerChange = trail.getByRole("listitem").filter({ hasText: marker }).last().locator("[data-audit-changes]");
  await expect(markerChange.locator("dt")).toHaveText([network.audit]);
  await expect(markerChange.locator("dd > span").last()).toHaveText(marker);
  const times = await trail.locator("time").evaluateAll((items) => items.map((item) => item.getAttribute("datetime") ?? ""));
  expect([...times].sort().reverse()).toEqual(times);
  await shot(page, testInfo, "audit-trail");
});

test("a filter chosen while the access probes still run shows the filtered trail", async ({ page }) => {
  await signInAsAdmin(page);
  // Entries of this run's own: a catalogue export to find, an orders export to filter out.
  expect((await page.request.get("/api/admin/products/export.csv")).ok()).toBe(true);
  expect((await page.request.get("/api/admin/orders/export.csv")).ok()).toBe(true);
  // The probes' answer is held until the filter's navigation is under way, and that navigation's
  // first request is held for good: the probes are answered in the middle of the navigation, the
  // order a slow server produces on its own.
  let releaseProbes!: () => void;
  const probesHeld = new Promise<void>((resolve) => (releaseProbes = resolve));
  let filteredLoads = 0;
  await page.route(
    (url) => url.pathname === "/admin/security.data",
    async (route) => {
      const request = route.request();
      if (request.method() === "POST") {
        await probesHeld;
        await route.continue().catch(() => undefined);
      } else if (new URL(request.url()).searchParams.get("action") === "products.exported" && ++filteredLoads === 1) {
        releaseProbes();
      } else {
        await route.continue();
      }
    },
  );
  await openAdminPage(page, "/admin/security");
  await page.getByRole("combobox", { name: adminSecurity.filterByAction }).selectOption("products.exported");
  await page.getByRole("button", { name: adminSecurity.filter }).click();

  await expect(page.locator("[data-resource='orders']")).toContainText(adminDiagnostics.enabled, { timeout: 20_000 });
  await expect(page).toHaveURL(/action=products\.exported/);
  const trail = page.getByRole("list", { name: adminSecurity.auditTitle });
  // React shows the navigation's data just after the address changes (a transition).
  await expect.poll(() => auditActions(trail)).toEqual(new Set(["products.exported"]));
});

test("Change your password sent empty marks all three fields at once, with the cursor on the first", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  await openAdminPage(page, "/admin/settings");
  const passwordCard = page.getByRole("form", { name: adminSettings.passwordTitle });
  const passwordField = (name: string) => passwordCard.getByRole("textbox", { name, exact: true });
  await passwordCard.getByRole("button", { name: passwordChange.save }).click();
  await expectRefusedField(passwordField(passwordChange.currentPasswordLabel), validation.currentPasswordRequired);
  await expectRefusedField(passwordField(passwordReset.newPasswordLabel), validation.passwordRequired, { focused: false });
  await expectRefusedField(passwordField(passwordReset.confirmPasswordLabel), validation.confirmPasswordRequired, { focused: false });
  await shot(page, testInfo, "admin-password-all-empty");
});
