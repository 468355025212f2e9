// Where a back-office page starts, at 1280 px and 390 px: a link opens the next page at its top
// (an order or product opened from far down a list used to open part-way down, at the list's
// scroll position), Back returns to the place left in the list, and a form answered on its own
// page (Save product) leaves the owner where they were.
import { expect, test, type Page } from "@playwright/test";
import { adminProductEditor, adminProducts } from "../../src/domain/messages/admin.ts";
import { signInAsAdmin } from "./admin-helpers.ts";
import { toasts, waitForHydration } from "./helpers.ts";

test.use({ bypassCSP: true });

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test("a product opened from far down the list starts at its top, and Back returns to the place left", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/products");
  await expect(page.getByRole("heading", { level: 1, name: adminProducts.title })).toBeVisible();
  await waitForHydration(page);

  const edits = page.getByRole("link", { name: new RegExp(`^${adminProducts.edit} `) });
  await expect(edits.nth(9)).toBeVisible();
  const edit = edits.nth(9);
  await edit.scrollIntoViewIfNeeded();
  const left = await scrollY(page);
  expect(left).toBeGreaterThan(300);
  await edit.click();

  await expect(page.getByRole("heading", { level: 1, name: adminProductEditor.editTitle })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: adminProducts.title })).toBeAttached();
  await expect.poll(() => scrollY(page)).toBe(left);
  await expect(edit).toBeInViewport();
});

test("Save product at the bottom of the form leaves the owner where they were", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  const name = `Scroll Kaftan ${testInfo.project.name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const created = await page.request.post("/api/admin/products", {
    data: { name, category: "kaftan", price: "45.00", stock: 8, isActive: true, colours: ["Indigo"], sizes: ["M", "L"], gallery: ["/images/products/abuja-two-piece-kaftan-set-1.svg"] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/admin/products/${id}/edit`);
  await expect(page.getByRole("heading", { level: 1, name: adminProductEditor.editTitle })).toBeVisible();
  await waitForHydration(page);

  await page.getByLabel(adminProductEditor.stock).fill("9");
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const left = await scrollY(page);
  expect(left).toBeGreaterThan(0);
  await page.getByRole("button", { name: adminProductEditor.save }).click();
  // The toast comes with the action's answer, as the page it answered on is rendered again.
  await expect(toasts(page).filter({ hasText: adminProductEditor.saved })).toBeVisible();
  expect(((await (await page.request.get(`/api/admin/products/${id}`)).json()) as { stock: number }).stock).toBe(9);
  expect(await scrollY(page)).toBe(left);
  await expect(page.getByRole("heading", { level: 1, name: adminProductEditor.editTitle })).not.toBeInViewport();
});
