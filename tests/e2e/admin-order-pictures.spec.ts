// An order's page shows a small picture of each line (admin.md section 2: the order read takes
// each line's product image), so whoever packs the parcel checks the colour at a glance; a line
// whose product has no picture shows no empty box, and its name starts where the others do. The
// Orders list's cards stay without pictures. At 1280 and 390 px.
import { expect, test } from "@playwright/test";
import { adminJourneyProduct, placeOrder, signInAsAdmin, uniqueBuyer } from "./admin-helpers.ts";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, screenshot, waitForHydration } from "./helpers.ts";

// The accessibility check injects its script.
test.use({ bypassCSP: true });

test("an order's lines show their pictures, named for a screen reader, and none for a product without one", async ({ page, request }, testInfo) => {
  await signInAsAdmin(page);
  const shirt = await adminJourneyProduct(request);
  const bareName = `Unphotographed Pocket Square ${testInfo.project.name} ${Date.now().toString(36)}`;
  const bare = await page.request.post("/api/admin/products", { data: { name: bareName, category: "accessories", price: "25", stock: 5, isActive: true, gallery: [] } });
  expect(bare.status(), await bare.text()).toBe(201);
  const { id: bareId } = (await bare.json()) as { id: string };
  const buyer = uniqueBuyer("pictures", testInfo.project.name);
  const order = await placeOrder(request, buyer, true, undefined, [{ product_id: bareId, quantity: 1, selected_size: null, selected_color: null }]);

  await page.goto(`/admin/orders/${order.id}`);
  await waitForHydration(page);
  const items = page.locator("section").filter({ has: page.getByRole("heading", { name: "Items", exact: true }) });
  const picture = items.getByRole("img", { name: shirt.name, exact: true });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const box = await picture.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(36);
  expect(box!.width).toBeLessThanOrEqual(40);
  expect(box!.height).toBeLessThanOrEqual(40);
  // The line without a picture has no image and no placeholder box; its name lines up with the shirt's.
  await expect(items.locator("img")).toHaveCount(1);
  await expect(items.getByRole("img", { name: bareName })).toHaveCount(0);
  const shirtName = await items.getByText(shirt.name, { exact: true }).boundingBox();
  const bareLine = await items.getByText(bareName, { exact: true }).boundingBox();
  expect(Math.round(bareLine!.x)).toBe(Math.round(shirtName!.x));
  expect(shirtName!.x).toBeGreaterThanOrEqual(box!.x + box!.width);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "order-page-pictures", { fullPage: false });
  await screenshot(items, testInfo, "order-items-pictures");

  // The Orders list's card of the same order lists its lines without pictures.
  await page.goto(`/admin/orders?search=${encodeURIComponent(buyer.email)}`);
  const card = page.getByRole("article", { name: `Order ${order.number}` });
  await expect(card.getByText(bareName, { exact: true })).toBeVisible();
  await expect(card.locator("img")).toHaveCount(0);
});
