// The owner's spreadsheet (issue 13), at 1280 px and on a 390 px phone: export the catalogue,
// edit two of the shop's products in the file and add a broken row, upload it, read the preview's
// problem by row and column, import, watch the progress, and see the new price in the shop.
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { catalogueCsvErrors as errors, catalogueCsvPage as texts } from "../../src/domain/messages/catalogue-csv.ts";
import { adminProductEditor } from "../../src/domain/messages/admin.ts";
import { priceWithMarkup } from "../../src/domain/markup.ts";
import { DEFAULT_PRICE_SETTINGS, formatGbp } from "../../src/domain/money.ts";
import { signInAsAdmin } from "./admin-helpers.ts";
import { expectNoSeriousA11yViolations, screenshot, waitForHydration, expectNoSidewaysScroll } from "./helpers.ts";

test.use({ bypassCSP: true }); // axe is injected as a script tag

const HEADER = "Product ID,Name,Description,Category,Price (GBP),Original price (GBP),Colours,Sizes,Stock,Stock at export,Active,Image URLs";

/** Two products of this test's own, added through the same import the page uses. */
async function addOwnProducts(page: Page, tag: string) {
  const csv = [
    "Name,Description,Category,Price (GBP),Colours,Sizes,Stock,Image URLs",
    `${tag} Linen Shirt,"Cool, light linen.",shirts,40.00,"White, Sky",M,5,/images/products/abuja-two-piece-kaftan-set-1.svg`,
    `${tag} Silk Tie,Woven silk,ties,25.00,Burgundy,,8,/images/products/abuja-two-piece-kaftan-set-2.svg`,
  ].join("\r\n");
  const queued = await page.request.post("/api/admin/products/import", { headers: { "content-type": "text/csv" }, data: csv });
  expect(queued.status(), await queued.text()).toBe(202);
  const { jobId } = (await queued.json()) as { jobId: string };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/admin/jobs/${jobId}`)).json()) as { status: string }).status)
    .toBe("succeeded");
}

test("an owner exports the catalogue, fixes it in a spreadsheet and imports it back, a broken row reported", async ({ page }, testInfo) => {
  const tag = `${testInfo.project.name}${Date.now().toString(36)}`;
  await signInAsAdmin(page);
  await addOwnProducts(page, tag);

  await page.goto("/admin/products/spreadsheet");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: texts.title, level: 1 })).toBeVisible();
  // The file's prices are base prices: the page says so, with the markup worked through.
  const note = (await page.locator("[data-prices-note]").textContent()) ?? "";
  const markup = Number(/(\d+)% markup/.exec(note)?.[1]);
  expect(note).toBe(texts.pricesNote(markup, { base: "45.00", shop: formatGbp(priceWithMarkup(4500, markup)) }));
  // The way back reads as the product editor's does.
  await expect(page.getByRole("link", { name: adminProductEditor.backToProducts, exact: true })).toHaveAttribute("href", "/admin/products");

  // Export: the file opens with the columns the import reads.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: texts.exportCsv }).click()]);
  expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = readFileSync((await download.path())!, "utf8");
  expect(exported.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
  const shirtLine = exported.split("\r\n").find((line) => line.includes(`${tag} Linen Shirt`))!;
  const tieLine = exported.split("\r\n").find((line) => line.includes(`${tag} Silk Tie`))!;
  expect(shirtLine).toContain(',"Cool, light linen.",shirts,40.00,,"White, Sky",M,5,5,yes,');
  const shirtId = shirtLine.split(",")[0]!;

  // Edit as in a spreadsheet: a new price for the shirt, the tie taken off sale, and a new row
  // whose price is not a number.
  const edited = [
    HEADER,
    shirtLine.replace(",40.00,", ",44.50,"),
    `,${tag} Broken Belt,,accessories,forty,,,,3,,yes,`,
    tieLine.replace(",yes,", ",no,"),
  ].join("\r\n");
  const fileField = page.getByLabel(texts.chooseFile);
  await fileField.focus();
  await fileField.setInputFiles({ name: "catalogue.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${edited}\r\n`) });

  // The preview: two updates, one problem, marked in row 3, column E, and listed. The field is
  // disabled while the file is checked: the focus goes on to the outcome, and a screen reader says it.
  const summary = page.locator("[data-preview-summary]");
  await expect(summary).toHaveText(texts.summary(0, 2, 0, 1));
  await expect(summary).toBeFocused();
  await expect(page.locator('[data-problem-cell="E3"]')).toBeVisible();
  await expect(page.locator("[data-problems]")).toContainText(`Row 3, Price (GBP) (E): ${errors.badPrice("Price (GBP)", "forty")}`);
  await expect(page.locator('[data-preview-row="2"]')).toContainText(texts.actionUpdate);
  // Each update shows what it changes: the shirt's price, the old one struck through.
  const changedPrice = page.locator('[data-changed-cell="E2"]');
  await expect(changedPrice.locator("del")).toHaveText("40.00");
  await expect(changedPrice).toContainText("44.50");
  await expect(page.locator('[data-preview-row="2"] [data-changed-cell]')).toHaveCount(1);
  await expect(page.locator('[data-changed-cell="K4"] del')).toHaveText("yes");
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, `spreadsheet-preview-${testInfo.project.name}`);
  await expectNoSeriousA11yViolations(page);

  // Import after the shop's own confirmation (Cancel has the focus); the progress runs to the
  // end and the outcome is told.
  await page.getByRole("button", { name: texts.importButton, exact: true }).click();
  const confirmation = page.getByRole("alertdialog", { name: texts.confirmImportTitle(2) });
  await expect(confirmation).toContainText(texts.confirmImportBody(0, 2));
  await expect(confirmation.getByRole("button", { name: texts.cancel })).toBeFocused();
  await confirmation.getByRole("button", { name: texts.importButton, exact: true }).click();
  await expect(page.getByRole("progressbar", { name: texts.progressTitle })).toBeVisible();
  await expect(page.locator("[data-import-finished]")).toHaveText(texts.finished(0, 2, 0, 1));
  await expect(page.locator("[data-import-progress]")).toHaveText(texts.progress(3, 3));
  await expect(page.locator("[data-problems]")).toContainText("Row 3, Price (GBP) (E)");
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, `spreadsheet-imported-${testInfo.project.name}`);

  // The outcome is still there after a reload (the job lives in the database; its id in the address).
  await expect(page).toHaveURL(/[?&]job=[0-9a-f-]{36}/);
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator("[data-import-finished]")).toHaveText(texts.finished(0, 2, 0, 1));

  // The shop shows the new price (base price plus the default markup); the broken row added nothing.
  await page.goto(`/product/${shirtId}`);
  await expect(page.getByRole("heading", { name: `${tag} Linen Shirt` })).toBeVisible();
  await expect(page.getByText(formatGbp(priceWithMarkup(4450, DEFAULT_PRICE_SETTINGS.markupPercent))).first()).toBeVisible();
  const search = await page.request.get(`/api/admin/products/export.csv`);
  const after = await search.text();
  expect(after).not.toContain(`${tag} Broken Belt`);
  expect(after.split("\r\n").find((line) => line.includes(`${tag} Silk Tie`))).toContain(",8,no,");
});

test("a refused file is said on the field and announced to a screen reader", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/products/spreadsheet");
  await waitForHydration(page);
  const field = page.getByLabel(texts.chooseFile);
  await field.setInputFiles({ name: "empty.csv", mimeType: "text/csv", buffer: Buffer.alloc(0) });
  await expect(page.getByText(errors.emptyFile).first()).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(errors.emptyFile);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(errors.emptyFile);

  // Remove file clears the file and its refusal, and leaves the cursor on the one file field.
  await page.getByRole("button", { name: texts.removeFile }).click();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
  await expect(field).toBeFocused();
  await expect(page.getByRole("button", { name: texts.removeFile })).toHaveCount(0);
});

test("the upload addresses take a file larger than the shop's 100 KB body limit, and refuse one over 10 MB with a 413", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  // ~300 KB: over the host's limit for every other address, well under the spreadsheet's.
  const tag = `${testInfo.project.name}${Date.now().toString(36)}`;
  const rows = Array.from({ length: 1_500 }, (_, index) => `${tag} Limit ${index},"${"A long description. ".repeat(8)}",ties,10,1`);
  const body = ["Name,Description,Category,Price (GBP),Stock", ...rows].join("\r\n");
  expect(body.length).toBeGreaterThan(200_000);
  const preview = await page.request.post("/api/admin/products/import/preview", { headers: { "content-type": "text/csv" }, data: body });
  expect(preview.status(), await preview.text()).toBe(200);
  expect(((await preview.json()) as { creates: number }).creates).toBe(1_500);

  const huge = Buffer.alloc(10 * 1024 * 1024 + 1, "a");
  const refused = await page.request.post("/api/admin/products/import", { headers: { "content-type": "text/csv" }, data: huge });
  expect(refused.status()).toBe(413);
  expect(((await refused.json()) as { error: string }).error).toBe(errors.fileTooLarge("10 MB"));
});
