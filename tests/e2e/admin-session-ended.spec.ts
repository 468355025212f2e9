// A form sent after the admin session ended (Logout in another tab, a password
// change elsewhere, 7 days idle) kept nothing: the whole page turned into the bare admin login and
// what was typed was gone. Now the page stays as it was, a sign-in over it says why, and once signed
// in again the owner sends the same form again and it is saved. At 1280 px and 390 px.
import { expect, test, type Page } from "@playwright/test";
import { discounts } from "../../src/domain/messages/discounts.ts";
import { adminAccess, adminFulfilment, adminProductEditor, adminShell } from "../../src/domain/messages/admin.ts";
import { adminDiscounts } from "../../src/domain/messages/admin-discounts.ts";
import { E2E_ADMIN, placeOrder, signInAsAdmin, uniqueBuyer } from "./admin-helpers.ts";
import { screenshot, toasts, waitForHydration } from "./helpers.ts";

test.use({ bypassCSP: true });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Logout pressed in another tab of the same browser: the session this page was opened with ends. */
async function logOutInAnotherTab(page: Page) {
  const other = await page.context().newPage();
  await other.goto("/admin");
  await waitForHydration(other);
  if (other.viewportSize()!.width < 1024) await other.getByRole("button", { name: adminShell.openMenu }).click();
  await other.getByRole("button", { name: adminAccess.logout }).click();
  await expect(other.getByRole("button", { name: adminAccess.accessAdminPanel })).toBeVisible();
  await other.close();
  await page.bringToFront();
}

/** The sign-in over the page: it says why, and signing in closes it with the page still there. */
async function signInAgainOverThePage(page: Page) {
  const dialog = page.getByRole("dialog", { name: adminShell.sessionEndedTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(adminShell.sessionEnded);
  // Not the admin login in place of the page.
  await expect(page.getByRole("button", { name: adminAccess.accessAdminPanel })).toHaveCount(0);
  await expect(dialog.getByLabel(adminAccess.adminEmail)).toHaveValue(E2E_ADMIN.email);
  await expect(dialog.getByLabel(new RegExp(`^${adminAccess.password}`))).toBeFocused();
  // A wrong password is refused in the dialog, which stays.
  await dialog.getByLabel(new RegExp(`^${adminAccess.password}`)).fill("not-the-password");
  await dialog.getByRole("button", { name: adminShell.signInAgain, exact: true }).click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  // The cursor goes back to the password, the e-mail being filled in already.
  await expect(dialog.getByLabel(new RegExp(`^${adminAccess.password}`))).toBeFocused();
  // The × and the form's "Not now" have names of their own.
  await expect(dialog.getByRole("button", { name: adminShell.notNow, exact: true })).toHaveCount(1);
  await expect(dialog.getByRole("button", { name: adminShell.closeSignIn, exact: true })).toHaveCount(1);
  await dialog.getByLabel(new RegExp(`^${adminAccess.password}`)).fill(E2E_ADMIN.password);
  return dialog;
}

async function pressSignIn(page: Page) {
  const dialog = page.getByRole("dialog", { name: adminShell.sessionEndedTitle });
  await dialog.getByRole("button", { name: adminShell.signInAgain, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page).filter({ hasText: adminShell.signedInAgain })).toBeVisible();
}

test("product editor: Save after Logout in another tab keeps the typed changes, asks to sign in over the page, then saves them", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  const name = `Session Blazer ${testInfo.project.name} ${unique()}`;
  const created = await page.request.post("/api/admin/products", {
    data: { name, category: "blazers", price: "120.00", stock: 9, isActive: true, colours: ["Navy"], sizes: ["M"], gallery: ["/images/products/abuja-two-piece-kaftan-set-1.svg"] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/admin/products/${id}/edit`);
  await waitForHydration(page);

  const description = "A long description typed while the session ended in another tab. ".repeat(8).trim();
  await page.getByLabel(adminProductEditor.description).fill(description);
  await page.getByLabel(adminProductEditor.stock).fill("11");

  await logOutInAnotherTab(page);
  await page.getByRole("button", { name: adminProductEditor.save }).click();

  const dialog = await signInAgainOverThePage(page);
  // The editor is still there behind it, with what was typed.
  await expect(page.getByRole("heading", { level: 1, name: adminProductEditor.editTitle })).toBeVisible();
  await expect(page.getByLabel(adminProductEditor.description)).toHaveValue(description);
  await expect(page.getByLabel(adminProductEditor.stock)).toHaveValue("11");
  await screenshot(page, testInfo, "session-ended-editor");
  await expect(dialog).toBeVisible();
  await pressSignIn(page);

  await expect(page).toHaveURL(new RegExp(`/admin/products/${id}/edit`));
  await expect(page.getByLabel(adminProductEditor.description)).toHaveValue(description);
  await expect(page.getByLabel(adminProductEditor.stock)).toHaveValue("11");
  await page.getByRole("button", { name: adminProductEditor.save }).click();
  await expect(toasts(page).filter({ hasText: adminProductEditor.saved })).toBeVisible();
  expect(await (await page.request.get(`/api/admin/products/${id}`)).json()).toMatchObject({ description, stock: 11 });
});

test("order page: Add note after the session ended keeps the note; Not now leaves the page as it is; signed in, the note is added", async ({ page, request }, testInfo) => {
  const order = await placeOrder(request, uniqueBuyer("session-note", testInfo.project.name));
  await signInAsAdmin(page);
  await page.goto(`/admin/orders/${order.id}`);
  await waitForHydration(page);
  const note = `Customer rang: deliver to the side door ${unique()}`;
  await page.getByLabel(adminFulfilment.notes).fill(note);

  await logOutInAnotherTab(page);
  await page.getByRole("button", { name: adminFulfilment.addNote }).click();
  const dialog = page.getByRole("dialog", { name: adminShell.sessionEndedTitle });
  await expect(dialog).toContainText(adminShell.sessionEnded);
  await screenshot(page, testInfo, "session-ended-note");
  // Not now: the page, with the note, is still there; the next try asks again.
  await dialog.getByRole("button", { name: adminShell.notNow, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel(adminFulfilment.notes)).toHaveValue(note);
  await page.getByRole("button", { name: adminFulfilment.addNote }).click();
  await signInAgainOverThePage(page);
  await expect(page.getByLabel(adminFulfilment.notes)).toHaveValue(note);
  await pressSignIn(page);

  await page.getByRole("button", { name: adminFulfilment.addNote }).click();
  await expect(page.getByLabel(adminFulfilment.notes)).toHaveValue("");
  await expect(page.getByText(note)).toBeVisible();
});

test("discount dialog: Create after the session ended keeps the dialog and its values; signed in, the code is created", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  await page.goto("/admin/discounts");
  await waitForHydration(page);
  const code = `SESSION${unique().toUpperCase()}`;
  await page.getByRole("button", { name: discounts.createDiscount }).click();
  const create = page.getByRole("dialog", { name: discounts.createDiscount });
  await create.getByLabel(adminDiscounts.fields.code).fill(code);
  await create.getByLabel(adminDiscounts.fields.description).fill("Typed before the session ended");
  await create.getByLabel("Discount Value (%)").fill("30");

  await logOutInAnotherTab(page);
  await create.getByRole("button", { name: discounts.createDiscount }).click();
  await signInAgainOverThePage(page);
  await screenshot(page, testInfo, "session-ended-discount");
  await pressSignIn(page);

  await expect(create).toBeVisible();
  await expect(create.getByLabel(adminDiscounts.fields.code)).toHaveValue(code);
  await expect(create.getByLabel("Discount Value (%)")).toHaveValue("30");
  await create.getByRole("button", { name: discounts.createDiscount }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText(code)).toBeVisible();
});
