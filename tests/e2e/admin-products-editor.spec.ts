// The product editor on a phone and with the keyboard, at 1280 px and 390 px: Save product answers
// with the back office's toast where the owner is looking (not a line at the top of the form,
// scrolled out of sight), the image buttons keep the keyboard's focus and say what they did, and
// the small controls are big enough for a thumb.
import { rm } from "node:fs/promises";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { ABANDONED_UPLOAD_DAYS } from "../../src/domain/admin/abandoned-uploads.ts";
import { adminProductEditor } from "../../src/domain/messages/admin.ts";
import { adminSecurity } from "../../src/domain/messages/admin-security.ts";
import { uploadedFileNames } from "../../src/domain/responsive-images.ts";
import { expectFocusKeptWhileBusy, signInAsAdmin } from "./admin-helpers.ts";
import { expectNoSeriousA11yViolations, screenshot, toasts, waitForHydration, waitForToastAtRest } from "./helpers.ts";

test.use({ bypassCSP: true });

const GALLERY = ["/images/products/abuja-two-piece-kaftan-set-1.svg", "/images/products/abuja-two-piece-kaftan-set-2.svg", "/images/products/abuja-two-piece-kaftan-set-3.svg"];

/** A product of this test's own, with three images, opened in the editor once it is live. */
async function openEditor(page: Page, project: string): Promise<{ id: string; name: string }> {
  await signInAsAdmin(page);
  const name = `Abuja Kaftan ${project} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const response = await page.request.post("/api/admin/products", {
    data: { name, category: "kaftan", price: "45.00", stock: 8, isActive: true, colours: ["Indigo"], sizes: ["M", "L"], gallery: GALLERY },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await page.goto(`/admin/products/${id}/edit`);
  await expect(page.getByRole("heading", { level: 1, name: adminProductEditor.editTitle })).toBeVisible();
  await waitForHydration(page);
  return { id, name };
}

const button = (page: Page, action: string, position: number, total: number) =>
  page.getByRole("button", { name: `${action}: ${adminProductEditor.imageLabel(position, total)}`, exact: true });

test("Save product is confirmed by a toast in sight, once, even scrolled to the bottom of the form", async ({ page }, testInfo) => {
  const { id } = await openEditor(page, testInfo.project.name);
  await page.getByLabel(adminProductEditor.stock).fill("11");
  // Down at the sizes, where a phone's owner taps the sticky Save button: the top of the form is
  // out of sight.
  await page.getByLabel(adminProductEditor.sizes).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole("heading", { level: 1, name: adminProductEditor.editTitle })).not.toBeInViewport();
  await page.getByRole("button", { name: adminProductEditor.save }).click();

  const saved = toasts(page).filter({ hasText: adminProductEditor.saved });
  await expect(saved).toBeVisible();
  await expect(saved).toBeInViewport({ ratio: 1 });
  // Said once: no second live region (nor a line on the page) repeats it.
  await expect(page.getByText(adminProductEditor.saved, { exact: true })).toHaveCount(1);
  await expect(page.locator("[aria-live]:not([aria-live='off']), [role='status'], [role='alert']").filter({ hasText: adminProductEditor.saved })).toHaveCount(1);
  // The save itself happened.
  expect(await (await page.request.get(`/api/admin/products/${id}`)).json()).toMatchObject({ stock: 11 });
  // At rest, it covers neither button of the sticky bar.
  await waitForToastAtRest(saved);
  const toast = (await saved.boundingBox())!;
  for (const control of [page.getByRole("button", { name: adminProductEditor.save }), page.getByRole("link", { name: adminProductEditor.cancel })]) {
    const box = (await control.boundingBox())!;
    const apart = toast.y + toast.height <= box.y || toast.y >= box.y + box.height || toast.x + toast.width <= box.x || toast.x >= box.x + box.width;
    expect(apart, `the toast ${JSON.stringify(toast)} covers ${JSON.stringify(box)}`).toBe(true);
  }
  await screenshot(page, testInfo, `admin-product-saved-toast-${testInfo.project.name}`);

  // A refusal is still shown at its field, with no success toast for it.
  await page.getByLabel(adminProductEditor.name).fill("");
  await page.getByRole("button", { name: adminProductEditor.save }).click();
  await expect(page.getByLabel(adminProductEditor.name)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel(adminProductEditor.name)).toHaveAccessibleDescription(adminProductEditor.nameRequired);
});

test("Save product pressed with nothing changed says 'No changes to save' and leaves no entry in the audit trail", async ({ page }, testInfo) => {
  const { id, name } = await openEditor(page, testInfo.project.name);
  const { updatedAt } = (await (await page.request.get(`/api/admin/products/${id}`)).json()) as { updatedAt: string };
  await page.getByRole("button", { name: adminProductEditor.save }).click();
  await expect(toasts(page).filter({ hasText: adminProductEditor.noChanges })).toBeVisible();
  await expect(toasts(page).filter({ hasText: adminProductEditor.saved })).toHaveCount(0);
  await screenshot(page, testInfo, `admin-product-no-changes-${testInfo.project.name}`);
  expect(await (await page.request.get(`/api/admin/products/${id}`)).json()).toMatchObject({ updatedAt });
  // The Security page's audit trail has no update of it.
  await page.goto("/admin/security?action=product.updated");
  await expect(page.getByRole("list", { name: adminSecurity.auditTitle }).or(page.getByText(adminSecurity.noMatches))).toBeVisible();
  await expect(page.locator('[data-audit-action="product.updated"]').filter({ hasText: name })).toHaveCount(0);
});

test("Save product pressed with the keyboard keeps the focus while saving, and the saved form's Save has it after", async ({ page }, testInfo) => {
  const { id } = await openEditor(page, testInfo.project.name);
  await page.getByLabel(adminProductEditor.stock).fill("12");
  // Its label says "Saving..." while busy: found by its place, the sticky bar's submit button.
  await expectFocusKeptWhileBusy(page, page.locator("div.sticky button[type=submit]"));
  await expect(toasts(page).filter({ hasText: adminProductEditor.saved })).toBeVisible();
  expect(await (await page.request.get(`/api/admin/products/${id}`)).json()).toMatchObject({ stock: 12 });
});

test("a control that takes the focus scrolls clear of the sticky Cancel/Save bar", async ({ page }, testInfo) => {
  await openEditor(page, testInfo.project.name);
  const controls = [...(await page.locator("[data-control]:not([disabled])").all()), page.getByLabel(adminProductEditor.active)];
  for (const control of controls) {
    // Scrolled to sit just above the screen's bottom edge, under the bar, as Tab finds a control
    // that is in view but behind it.
    await control.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().bottom - (window.innerHeight - 8)));
    await control.focus();
    await expect(control).toBeFocused();
    // What a press at the control's centre lands on is the control, not the bar above it.
    const uncovered = await control.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit !== null && (hit === element || element.contains(hit));
    });
    expect(uncovered, `${await control.getAttribute("aria-label") ?? "Active"} is under the bar`).toBe(true);
  }
  await screenshot(page, testInfo, `admin-product-focus-clear-of-bar-${testInfo.project.name}`);
});

test("the image buttons keep the keyboard's focus on the image, and say what they did", async ({ page }, testInfo) => {
  await openEditor(page, testInfo.project.name);
  const thumbnails = page.locator("[data-gallery-image]");
  await expect(thumbnails).toHaveCount(3);
  const first = await thumbnails.nth(0).getAttribute("data-gallery-image");
  // The announcer is in the page, empty, before anything happens: a region added with its text is
  // often not read.
  const announcer = page.locator("[data-gallery-announcer]");
  await expect(announcer).toHaveAttribute("aria-live", "polite");
  await expect(announcer).toHaveText("");

  // Later, later: the focus follows the image; at the end its Move later button is disabled, and
  // the focus moves to its Move earlier button instead of dropping to the page.
  await button(page, adminProductEditor.moveLater, 1, 3).focus();
  await page.keyboard.press("Enter");
  await expect(thumbnails.nth(1)).toHaveAttribute("data-gallery-image", first!);
  await expect(button(page, adminProductEditor.moveLater, 2, 3)).toBeFocused();
  await expect(announcer).toHaveText(adminProductEditor.imageMoved(2, 3));
  await page.keyboard.press("Enter");
  await expect(thumbnails.nth(2)).toHaveAttribute("data-gallery-image", first!);
  await expect(button(page, adminProductEditor.moveLater, 3, 3)).toBeDisabled();
  await expect(button(page, adminProductEditor.moveEarlier, 3, 3)).toBeFocused();
  await expect(announcer).toHaveText(adminProductEditor.imageMoved(3, 3));
  // And back to the front: there Move earlier is disabled, and the focus is on Move later.
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expect(thumbnails.nth(0)).toHaveAttribute("data-gallery-image", first!);
  await expect(button(page, adminProductEditor.moveLater, 1, 3)).toBeFocused();
  await expect(announcer).toHaveText(adminProductEditor.imageMoved(1, 3));
  await screenshot(page, testInfo, `admin-product-gallery-${testInfo.project.name}`);

  // Removing the last image: the focus goes to the Remove button of the one now last.
  await button(page, adminProductEditor.removeImage, 3, 3).focus();
  await page.keyboard.press("Enter");
  await expect(thumbnails).toHaveCount(2);
  await expect(button(page, adminProductEditor.removeImage, 2, 2)).toBeFocused();
  await expect(announcer).toHaveText(adminProductEditor.imageRemoved);
  // Removing the first: the focus stays at that place, on the image that took it.
  const second = await thumbnails.nth(1).getAttribute("data-gallery-image");
  await button(page, adminProductEditor.removeImage, 1, 2).focus();
  await page.keyboard.press("Enter");
  await expect(thumbnails).toHaveCount(1);
  await expect(thumbnails.nth(0)).toHaveAttribute("data-gallery-image", second!);
  await expect(button(page, adminProductEditor.removeImage, 1, 1)).toBeFocused();
  // The last one: the focus goes to the upload control.
  await page.keyboard.press("Enter");
  await expect(thumbnails).toHaveCount(0);
  await expect(page.getByLabel(adminProductEditor.chooseFiles)).toBeFocused();
  await expect(announcer).toHaveText(adminProductEditor.imageRemoved);
  await expectNoSeriousA11yViolations(page);
});

test("the image buttons and the Active box are big enough to tap on a phone, compact on a desktop", async ({ page }, testInfo) => {
  await openEditor(page, testInfo.project.name);
  const phone = (page.viewportSize()?.width ?? 1280) < 640;
  const buttons = page.locator("[data-gallery-image] button");
  await expect(buttons).toHaveCount(9);
  for (const box of await Promise.all((await buttons.all()).map((one) => one.boundingBox()))) {
    if (phone) {
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.width).toBeGreaterThanOrEqual(44);
    } else expect(box!.height).toBeLessThanOrEqual(32);
  }
  // The Active box is ticked from anywhere on its label, a thumb's height on a phone.
  const active = page.getByRole("checkbox", { name: adminProductEditor.active });
  const label = page.locator("label", { has: active });
  const area = await label.boundingBox();
  if (phone) expect(area!.height).toBeGreaterThanOrEqual(44);
  await expect(active).toBeChecked();
  await label.click({ position: { x: area!.width - 4, y: area!.height - 4 } });
  await expect(active).not.toBeChecked();
  await page.getByLabel(adminProductEditor.gallery).first().scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, `admin-product-editor-${testInfo.project.name}`);
});

test("a save keeps what orders did to the stock meanwhile, and a stock typed over a count that moved is asked again", async ({ page }, testInfo) => {
  const { id } = await openEditor(page, testInfo.project.name);
  const stockTo = async (stock: number) => {
    // Another tab (or the shop's orders) moves the stock while this editor stays open.
    const response = await page.request.put(`/api/admin/products/${id}`, { data: { ...(await (await page.request.get(`/api/admin/products/${id}`)).json()), price: "45.00", stock } });
    expect(response.status(), await response.text()).toBe(200);
  };
  await stockTo(5);
  // The owner changes the price only: the 8 the editor still shows is not written back.
  await page.getByRole("textbox", { name: adminProductEditor.price, exact: true }).fill("50");
  await page.getByRole("button", { name: adminProductEditor.save }).click();
  await expect(toasts(page).filter({ hasText: adminProductEditor.saved })).toBeVisible();
  expect(await (await page.request.get(`/api/admin/products/${id}`)).json()).toMatchObject({ stock: 5, pricePence: 5000 });
  await expect(page.getByLabel(adminProductEditor.stock)).toHaveValue("5");

  // Now the owner types a count of their own, but the 5 shown has become 4: nothing is saved, and
  // the form says why at the stock field.
  await stockTo(4);
  await page.getByLabel(adminProductEditor.stock).fill("12");
  await page.getByRole("button", { name: adminProductEditor.save }).click();
  const moved = adminProductEditor.stockMoved(5, 4);
  await expect(page.getByRole("alert").filter({ hasText: moved })).toBeVisible();
  await expect(page.getByLabel(adminProductEditor.stock)).toHaveAccessibleDescription(moved);
  await expect(page.getByLabel(adminProductEditor.stock)).toBeFocused();
  expect(await (await page.request.get(`/api/admin/products/${id}`)).json()).toMatchObject({ stock: 4 });
  await screenshot(page, testInfo, `admin-product-stock-moved-${testInfo.project.name}`);
  // Saved again as it stands, the owner's count is set (the first save's toast may still be in
  // sight: the answer is the stock field no longer marked).
  await page.getByRole("button", { name: adminProductEditor.save }).click();
  await expect(page.getByLabel(adminProductEditor.stock)).not.toHaveAttribute("aria-invalid", "true");
  await expect(toasts(page).filter({ hasText: adminProductEditor.saved }).first()).toBeVisible();
  await expect.poll(async () => ((await (await page.request.get(`/api/admin/products/${id}`)).json()) as { stock: number }).stock).toBe(12);
});

test("two tabs editing one product keep each other's changes, and a field both changed is asked again", async ({ page, context }, testInfo) => {
  const { id } = await openEditor(page, testInfo.project.name);
  const stored = async () => (await (await page.request.get(`/api/admin/products/${id}`)).json()) as { pricePence: number; description: string };
  const other = await context.newPage();
  await other.goto(`/admin/products/${id}/edit`);
  await waitForHydration(other);
  const description = (tab: Page) => tab.getByLabel(adminProductEditor.description);
  const save = (tab: Page) => tab.getByRole("button", { name: adminProductEditor.save }).click();

  // The other tab changes the price; this one, still showing £45.00, changes the description.
  await other.getByRole("textbox", { name: adminProductEditor.price, exact: true }).fill("52");
  await save(other);
  await expect(toasts(other).filter({ hasText: adminProductEditor.saved })).toBeVisible();
  await description(page).fill("Hand-embroidered cotton.");
  await save(page);
  await expect(toasts(page).filter({ hasText: adminProductEditor.saved })).toBeVisible();
  expect(await stored()).toMatchObject({ pricePence: 5200, description: "Hand-embroidered cotton." });
  await expect(page.getByRole("textbox", { name: adminProductEditor.price, exact: true })).toHaveValue("52.00");

  // The other tab, which has not seen that description, writes one of its own: nothing is saved,
  // and the form says so at the description, keeping what was typed.
  await description(other).fill("Silk lining.");
  await save(other);
  await expect(other.getByRole("alert").filter({ hasText: adminProductEditor.changedMeanwhile("description") })).toBeVisible();
  await expect(description(other)).toHaveAccessibleDescription(adminProductEditor.changedMeanwhileField);
  await expect(description(other)).toBeFocused();
  await expect(description(other)).toHaveValue("Silk lining.");
  expect(await stored()).toMatchObject({ description: "Hand-embroidered cotton." });
  await screenshot(other, testInfo, `admin-product-changed-meanwhile-${testInfo.project.name}`);
  // Saved again as it stands, the owner's description replaces the other one (the first save's
  // toast may still be in sight: the answer is the field no longer marked).
  await save(other);
  await expect(description(other)).not.toHaveAttribute("aria-invalid", "true");
  await expect.poll(async () => (await stored()).description).toBe("Silk lining.");
  await other.close();
});

test("an image uploaded and removed as unused before the save is asked for again, and nothing is saved with it", async ({ page }, testInfo) => {
  const { id } = await openEditor(page, testInfo.project.name);
  const colour = { r: Math.floor(Math.random() * 256), g: Math.floor(Math.random() * 256), b: Math.floor(Math.random() * 256) };
  const buffer = await sharp({ create: { width: 300, height: 300, channels: 3, background: colour } }).png().toBuffer();
  await page.getByLabel(adminProductEditor.chooseFiles).setInputFiles({ name: "lining.png", mimeType: "image/png", buffer });
  const thumbnails = page.locator("[data-gallery-image]");
  await expect(thumbnails).toHaveCount(4, { timeout: 45_000 });
  const added = (await thumbnails.nth(3).getAttribute("data-gallery-image"))!;

  // The form stayed open for longer than the shop keeps an upload no product uses: the daily sweep
  // removed its files.
  const uploads = path.join(process.env.E2E_DATA_DIR!, "uploads");
  await Promise.all(uploadedFileNames(added).map((name) => rm(path.join(uploads, name))));
  await page.getByRole("button", { name: adminProductEditor.save }).click();
  await expect(page.getByRole("alert").filter({ hasText: adminProductEditor.uploadGone(ABANDONED_UPLOAD_DAYS) })).toBeVisible();
  // The focus is on the images' control, which says why.
  const chooser = page.getByLabel(adminProductEditor.chooseFiles);
  await expect(chooser).toBeFocused();
  await expect(chooser).toHaveAccessibleDescription(adminProductEditor.uploadGone(ABANDONED_UPLOAD_DAYS));
  await screenshot(page, testInfo, `admin-product-upload-gone-${testInfo.project.name}`);
  expect(((await (await page.request.get(`/api/admin/products/${id}`)).json()) as { gallery: string[] }).gallery).toEqual(GALLERY);

  // Taken out, the rest of the form saves.
  await button(page, adminProductEditor.removeImage, 4, 4).click();
  await expect(thumbnails).toHaveCount(3);
  await page.getByLabel(adminProductEditor.stock).fill("12");
  await page.getByRole("button", { name: adminProductEditor.save }).click();
  await expect(toasts(page).filter({ hasText: adminProductEditor.saved })).toBeVisible();
  expect(await (await page.request.get(`/api/admin/products/${id}`)).json()).toMatchObject({ stock: 12, gallery: GALLERY });
});
