// The admin Products page and editor, on desktop and on a 390 px phone: filter, search and pages
// in the URL; a product created with two images dropped on the editor (made here with sharp), shown
// on the storefront in WebP/AVIF sizes; an edit that signed-out shoppers see at once; delete after
// the confirmation, and a product with an order deactivated instead.
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { ADMIN_CATEGORY_FILTERS, adminCategoryLabel } from "../../src/domain/admin/categories.ts";
import { adminProductEditor, adminProducts } from "../../src/domain/messages/admin.ts";
import { productDetail } from "../../src/domain/messages/catalog.ts";
import { formatGbp } from "../../src/domain/money.ts";
import { expectRefusedField, signInAsAdmin, uniqueBuyer } from "./admin-helpers.ts";
import { apiContext, expectNoSeriousA11yViolations, screenshot, toasts, waitForHydration, expectNoSidewaysScroll } from "./helpers.ts";

test.use({ bypassCSP: true });

const unique = (label: string, project: string) => `${label} ${project} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Two small pictures of different colours, made in memory. */
async function fixtureImages(): Promise<{ name: string; bytes: Buffer }[]> {
  const colours = [
    { name: "navy-front.png", background: { r: 25, g: 40, b: 90 } },
    { name: "navy-back.jpg", background: { r: 160, g: 120, b: 60 } },
  ];
  return Promise.all(
    colours.map(async ({ name, background }) => {
      // A random stripe keeps the content (and so the stored name) unique to this run.
      const stripe = await sharp({ create: { width: 480, height: 40, channels: 3, background: { r: Math.floor(Math.random() * 255), g: 200, b: 30 } } }).png().toBuffer();
      const image = sharp({ create: { width: 480, height: 600, channels: 3, background } }).composite([{ input: stripe, top: 280, left: 0 }]);
      const bytes = await (name.endsWith(".png") ? image.png() : image.jpeg()).toBuffer();
      return { name, bytes };
    }),
  );
}

/** Drops files on the editor's drop zone the way a browser does when they are dragged from the desktop. */
async function dropFiles(page: Page, files: { name: string; bytes: Buffer }[]) {
  const payload = files.map((file) => ({ name: file.name, type: file.name.endsWith(".png") ? "image/png" : "image/jpeg", base64: file.bytes.toString("base64") }));
  const dataTransfer = await page.evaluateHandle((items) => {
    const transfer = new DataTransfer();
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.base64), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], item.name, { type: item.type }));
    }
    return transfer;
  }, payload);
  await page.dispatchEvent("[data-dropzone]", "dragover", { dataTransfer });
  await page.dispatchEvent("[data-dropzone]", "drop", { dataTransfer });
}

test("the catalogue's page: title, category filters, cards and pages", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  await page.goto("/admin/products");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: adminProducts.title })).toBeVisible();
  await expect(page.getByText(adminProducts.subtitle)).toBeVisible();
  // A shop with products folds the bulk tools away: the grid is what an owner comes for.
  const bulkTools = page.locator("[data-bulk-tools]");
  await expect(bulkTools).not.toHaveAttribute("open");
  await expect(bulkTools.locator(":scope > summary")).toContainText(adminProducts.bulkToolsTitle);
  const filters = page.getByRole("navigation", { name: adminProductEditor.categoryFilter }).getByRole("link");
  await expect(filters).toHaveText(ADMIN_CATEGORY_FILTERS.map(adminCategoryLabel));
  await expect(filters.first()).toHaveText("All Categories");
  await expect(filters.first()).toHaveAttribute("aria-current", "page");
  // One spelling per category: the chip, the cards and the editor's list.
  await expect(page.getByRole("link", { name: "White Wear", exact: true })).toBeVisible();
  await expect(page.getByText("White wear", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Traditional Wear" })).toBeVisible();

  // Pages of 24, newest first, in the URL.
  const cards = page.locator("article[data-product]");
  await expect(cards).toHaveCount(24);
  await expect(page.getByText("Page 1 of")).toBeVisible();
  await expect(cards.first().getByText(/^(In Stock|Out of Stock)$/)).toBeVisible();
  await expect(cards.first().locator("[data-price]")).toHaveText(/^£\d/);
  await screenshot(page, testInfo, `admin-products-${testInfo.project.name}`);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/admin\/products\?page=2$/);
  await expect(page.getByText("Page 2 of")).toBeVisible();
  if (testInfo.project.name === "mobile") {
    await expectNoSidewaysScroll(page);
  }
});

test("filter by category and search by name", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/products");
  await waitForHydration(page);
  const cards = page.locator("article[data-product]");

  // A category: every card of it, the filter marked, the page back to 1.
  await page.getByRole("link", { name: "Shoes", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products\?category=shoes$/);
  await expect(page.getByRole("link", { name: "Shoes", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(cards.first()).toBeVisible();
  const categories = await cards.locator("[data-category]").allTextContents();
  expect(categories.length).toBeGreaterThan(0);
  expect(new Set(categories)).toEqual(new Set(["Shoes"]));

  // One spelling of a category on its chip, its cards and in the editor.
  await page.getByRole("link", { name: "White Wear", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products\?category=white-wear$/);
  // The address changes before the new list has come: wait for its cards, not the shoes still shown.
  await expect.poll(async () => [...new Set(await cards.locator("[data-category]").allTextContents())]).toEqual(["White Wear"]);
  await cards.first().getByRole("link", { name: new RegExp(`^${adminProducts.edit} `) }).click();
  await expect(page.getByRole("heading", { level: 1, name: adminProductEditor.editTitle })).toBeVisible();
  await expect(page.getByLabel(adminProductEditor.category).locator("option:checked")).toHaveText("White Wear");
  await page.goto("/admin/products?category=shoes");
  await waitForHydration(page);

  // Search within the category by part of a name, in any case.
  const name = (await cards.first().getByRole("heading").textContent())!.trim();
  const part = name.split(" ").slice(-1)[0]!.toUpperCase();
  await page.getByRole("searchbox", { name: adminProductEditor.searchLabel }).fill(part);
  await page.getByRole("button", { name: adminProductEditor.search, exact: true }).click();
  await expect(page).toHaveURL(`/admin/products?category=shoes&search=${encodeURIComponent(part)}`);
  await expect(page.getByRole("article", { name })).toBeVisible();
  // The filters, the search and a card, as assistive technology reads them.
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("searchbox", { name: adminProductEditor.searchLabel }).fill("no-such-product-anywhere");
  await page.getByRole("button", { name: adminProductEditor.search, exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: adminProductEditor.noMatchInCategory("no-such-product-anywhere", "Shoes") })).toBeVisible();
  await expect(page.locator("[data-count-badge]")).toHaveText("0");
  // Under All Categories the empty result speaks of the search, not of a category.
  await page.getByRole("link", { name: adminProducts.allCategories, exact: true }).click();
  await expect(page).toHaveURL("/admin/products?search=no-such-product-anywhere");
  await expect(page.getByRole("heading", { level: 2, name: adminProductEditor.noMatch("no-such-product-anywhere") })).toBeVisible();
  await expect(page.getByText(adminProductEditor.noMatchNote)).toBeVisible();
  await expect(page.getByText(adminProducts.empty)).toHaveCount(0);
});

test("add a product with two images dropped on the editor, then edit it; shoppers see both at once", async ({ page, playwright }, testInfo) => {
  test.setTimeout(90_000);
  const images = await fixtureImages();
  const name = unique("Navy Linen Suit", testInfo.project.name);
  await signInAsAdmin(page);
  await page.goto("/admin/products");
  await waitForHydration(page);
  await page.getByRole("link", { name: adminProducts.addProduct }).click();
  await expect(page.getByRole("heading", { level: 1, name: adminProductEditor.newTitle })).toBeVisible();
  await waitForHydration(page);

  // The browser checks with the server's rules before sending: each problem on its field, the
  // cursor on the first.
  const price = page.getByRole("textbox", { name: adminProductEditor.price, exact: true });
  await page.getByRole("button", { name: adminProductEditor.save }).click();
  await expectRefusedField(page.getByLabel(adminProductEditor.name), adminProductEditor.nameRequired);
  await expectRefusedField(price, adminProductEditor.priceRequired, { focused: false });
  await screenshot(page, testInfo, `admin-product-refused-${testInfo.project.name}`);
  await expectNoSeriousA11yViolations(page);

  // A name and category chosen, a price that is no amount: the price is refused, and the cursor
  // goes there.
  await page.getByLabel(adminProductEditor.name).fill(name);
  await page.getByLabel(adminProductEditor.category).selectOption("suits");
  await price.fill("twelve");
  await page.getByRole("button", { name: adminProductEditor.save }).click();
  await expectRefusedField(price, adminProductEditor.priceInvalid);
  await expect(page.getByLabel(adminProductEditor.name)).not.toHaveAttribute("aria-invalid", "true");

  await page.getByLabel(adminProductEditor.description).fill("Breathable linen, half lined, for summer weddings.");
  await page.getByLabel(adminProductEditor.category).selectOption("suits");
  await page.getByRole("textbox", { name: adminProductEditor.price, exact: true }).fill("120");
  // What shoppers will pay, worked out as the price is typed.
  await expect(page.locator("[data-shop-price]")).toHaveText(adminProductEditor.shopPrice(formatGbp(16800), 40));
  await page.getByLabel(adminProductEditor.originalPrice).fill("150.00");
  await page.getByLabel(adminProductEditor.stock).fill("6");
  await page.getByLabel(adminProductEditor.colours).fill("Navy, Stone");
  await page.getByLabel(adminProductEditor.sizes).fill("38R, 40R, 42R");

  // Several at once, by drag and drop. The first one dropped is made to finish last: the gallery
  // still keeps the order they were chosen in.
  const stored = new Map<string, string>();
  let secondStored!: () => void;
  const secondDone = new Promise<void>((resolve) => (secondStored = resolve));
  await page.route("**/api/admin/uploads", async (route) => {
    const fileName = /filename="([^"]+)"/.exec(route.request().postDataBuffer()?.toString("latin1") ?? "")?.[1] ?? "";
    if (fileName === images[0]!.name) await secondDone;
    const response = await route.fetch();
    const answer = (await response.json()) as { images: { url: string }[] };
    stored.set(fileName, answer.images[0]!.url);
    await route.fulfill({ response, json: answer });
    if (fileName !== images[0]!.name) secondStored();
  });
  await dropFiles(page, images);
  // Said through the gallery's announcer, which was on the page before the drop.
  const announcer = page.locator("[data-gallery-announcer]");
  await expect(announcer).toHaveText(adminProductEditor.uploading(2));
  const thumbnails = page.locator("[data-gallery-image]");
  await expect(thumbnails).toHaveCount(2, { timeout: 45_000 });
  await expect(announcer).toHaveText(adminProductEditor.imagesAdded(2, 2));
  const [front, back] = [await thumbnails.nth(0).getAttribute("data-gallery-image"), await thumbnails.nth(1).getAttribute("data-gallery-image")];
  expect([front, back]).toEqual([stored.get(images[0]!.name), stored.get(images[1]!.name)]);
  await page.unroute("**/api/admin/uploads");
  // Reorder with the keyboard-reachable buttons: the second becomes the main image.
  await page.getByRole("button", { name: `${adminProductEditor.moveEarlier}: ${adminProductEditor.imageLabel(2, 2)}` }).click();
  await expect(thumbnails.nth(0)).toHaveAttribute("data-gallery-image", back!);
  await screenshot(page, testInfo, `admin-product-new-${testInfo.project.name}`);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: adminProductEditor.save }).click();
  // The new product opens in the editor, said by the back office's toast; the address then drops
  // its ?saved=created, so a reload does not say it again.
  await expect(toasts(page).filter({ hasText: adminProductEditor.created })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}\/edit$/);
  const id = /products\/([0-9a-f-]{36})\/edit/.exec(page.url())![1]!;

  // The storefront's product page (signed out), with the uploads' WebP and AVIF sizes.
  const shopper = await apiContext(playwright, testInfo);
  const shopperPage = await (await page.context().browser()!.newContext({ baseURL: testInfo.project.use.baseURL, viewport: page.viewportSize() })).newPage();
  await shopperPage.goto(`/product/${id}`);
  await expect(shopperPage.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(shopperPage.getByText(formatGbp(16800)).first()).toBeVisible();
  const main = shopperPage.getByRole("group", { name, exact: true }).locator("picture").first();
  await expect(main.locator("source[type='image/avif']")).toHaveAttribute("srcset", new RegExp(`${back!.replace(/-\d+\.webp$/, "")}-\\d+\\.avif 480w`));
  const mainImage = main.locator("img");
  await expect(mainImage).toHaveAttribute("src", back!.replace(/-\d+\.webp$/, "-400.webp"));
  await expect.poll(() => mainImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const file = await shopper.get(back!);
  expect(file.status()).toBe(200);
  expect(file.headers()["cache-control"]).toContain("immutable");
  expect(file.headers()["content-type"]).toBe("image/webp");
  await screenshot(shopperPage, testInfo, `storefront-uploaded-product-${testInfo.project.name}`);
  // A signed-out shopper's copy of the page is now in the page cache.
  expect(await (await shopper.get(`/product/${id}`)).text()).toContain(name);

  // Edit: a new name and price, the first image removed.
  const renamed = `${name} (Slim)`;
  await page.getByLabel(adminProductEditor.name).fill(renamed);
  await page.getByRole("textbox", { name: adminProductEditor.price, exact: true }).fill("130");
  await page.getByRole("button", { name: `${adminProductEditor.removeImage}: ${adminProductEditor.imageLabel(1, 2)}` }).click();
  await expect(thumbnails).toHaveCount(1);
  // Leaving with the changes unsaved asks first; Stay keeps them.
  await page.getByRole("link", { name: adminProductEditor.backToProducts }).click();
  const leave = page.getByRole("alertdialog", { name: adminProductEditor.leaveTitle });
  await expect(leave).toBeVisible();
  await screenshot(page, testInfo, `admin-product-leave-${testInfo.project.name}`);
  await leave.getByRole("button", { name: adminProductEditor.stay }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/edit$/);
  await expect(page.getByLabel(adminProductEditor.name)).toHaveValue(renamed);
  await page.getByRole("button", { name: adminProductEditor.save }).click();
  await expect(toasts(page).filter({ hasText: adminProductEditor.saved })).toBeVisible();
  await expect(page.getByLabel(adminProductEditor.name)).toHaveValue(renamed);
  // At once for signed-out shoppers too: the edit emptied the page cache.
  const after = await (await shopper.get(`/product/${id}`)).text();
  expect(after).toContain(renamed);
  expect(after).not.toContain(back!.replace(/-\d+\.webp$/, ""));
  expect((await shopper.get(back!)).status()).toBe(404);
  await shopper.dispose();
  await shopperPage.context().close();

  // Saved: the way back no longer asks. The card leads with what shoppers pay, and explains it.
  await page.getByRole("link", { name: adminProductEditor.backToProducts }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.getByRole("searchbox", { name: adminProductEditor.searchLabel }).fill(renamed);
  await page.getByRole("searchbox", { name: adminProductEditor.searchLabel }).press("Enter");
  const card = page.locator("article[data-product]", { hasText: renamed });
  await expect(card.locator("[data-price]")).toHaveText(formatGbp(18200));
  await expect(card.locator("[data-base-price]")).toHaveText(adminProducts.basePrice(formatGbp(13000), 40));
  await expect(card.locator("[data-stock]")).toHaveText(adminProducts.stockCount(6));
});

test("delete after the confirmation; a product with an order is deactivated instead", async ({ page, playwright }, testInfo) => {
  await signInAsAdmin(page);
  const create = async (label: string) => {
    const response = await page.request.post("/api/admin/products", {
      data: { name: unique(label, testInfo.project.name), category: "ties", price: "19.99", stock: 30, isActive: true, colours: ["Burgundy"], sizes: ["One Size"], gallery: ["/images/products/accra-ankara-print-tie-1.svg"] },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: string; name: string };
  };
  const plain = await create("Spare Tie");
  const ordered = await create("Sold Tie");

  // An order for the second product, paid on the local payment page.
  const shopper = await apiContext(playwright, testInfo);
  const buyer = uniqueBuyer("tie", testInfo.project.name);
  const opened = await shopper.post("/api/checkout", {
    data: {
      source: "cart",
      items: [{ product_id: ordered.id, quantity: 1, selected_size: "One Size", selected_color: "Burgundy" }],
      customerInfo: buyer,
      shippingAddress: { address: "1 Savile Row", city: "London", state: "", postalCode: "W1S 3PR", country: "United Kingdom" },
    },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  await shopper.dispose();

  await page.goto(`/admin/products?search=${encodeURIComponent(plain.name)}`);
  await waitForHydration(page);
  const card = page.getByRole("article", { name: plain.name });
  await card.getByRole("button", { name: `${adminProducts.delete} ${plain.name}` }).click();
  const dialog = page.getByRole("alertdialog", { name: adminProducts.confirmDelete });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(adminProductEditor.deleteNote);
  await screenshot(page, testInfo, `admin-product-delete-${testInfo.project.name}`);
  // Cancel keeps it.
  await dialog.getByRole("button", { name: adminProductEditor.cancel }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: `${adminProducts.delete} ${plain.name}` }).click();
  await dialog.getByRole("button", { name: adminProductEditor.confirmDelete, exact: true }).click();
  await expect(toasts(page).filter({ hasText: adminProductEditor.deleted })).toBeVisible();
  await expect(page.getByText(adminProductEditor.noMatch(plain.name))).toBeVisible();
  // The dialog's button went with the card, and no card is left: the page's heading has the focus.
  await expect(page.getByRole("heading", { level: 1, name: adminProducts.title })).toBeFocused();
  expect((await page.request.get(`/api/admin/products/${plain.id}`)).status()).toBe(404);
  // Its old edit address says so inside the back office, with the way back (not the error screen).
  const gone = await page.goto(`/admin/products/${plain.id}/edit`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: adminProductEditor.notFound })).toBeVisible();
  await page.getByRole("link", { name: adminProductEditor.backToProducts }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);

  await page.goto(`/admin/products?search=${encodeURIComponent(ordered.name)}`);
  await waitForHydration(page);
  const soldCard = page.getByRole("article", { name: ordered.name });
  await soldCard.getByRole("button", { name: `${adminProducts.delete} ${ordered.name}` }).click();
  const soldDialog = page.getByRole("alertdialog", { name: adminProducts.confirmDelete });
  await expect(soldDialog).toContainText(adminProductEditor.deactivateNote(1));
  await soldDialog.getByRole("button", { name: adminProductEditor.confirmDeactivate }).click();
  await expect(toasts(page).filter({ hasText: adminProductEditor.deactivated })).toBeVisible();
  await expect(soldCard.getByText(adminProductEditor.inactive, { exact: true })).toBeVisible();
  const kept = await page.request.get(`/api/admin/products/${ordered.id}`);
  expect(await kept.json()).toMatchObject({ isActive: false, ordersCount: 1 });
  expect((await page.request.get(`/product/${ordered.id}`)).status()).toBe(404);
});

test("a product set to no stock shows 'Out of Stock' on its card, with View product instead of Add to Cart", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  const name = unique("Soldout Tie", testInfo.project.name);
  const created = await page.request.post("/api/admin/products", {
    data: { name, category: "ties", price: "19.99", stock: 0, isActive: true, colours: ["Burgundy"], sizes: ["One Size"], gallery: ["/images/products/accra-ankara-print-tie-1.svg"] },
  });
  expect(created.status(), await created.text()).toBe(201);
  // Signed out: the search page as any visitor sees it.
  await page.context().clearCookies();
  await page.goto(`/search?q=${encodeURIComponent(name)}`);
  const card = page.getByRole("article", { name });
  await expect(card.getByText(productDetail.outOfStock, { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: `${productDetail.viewProduct}: ${name}` })).toBeVisible();
  await screenshot(page, testInfo, "card-out-of-stock");
});

test("an active product without an image says on its card that the shop does not list it", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  const name = unique("Unphotographed Scarf", testInfo.project.name);
  const bare = await page.request.post("/api/admin/products", { data: { name, category: "accessories", price: "25", stock: 4, isActive: true, gallery: [] } });
  expect(bare.status(), await bare.text()).toBe(201);
  await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
  const card = page.getByRole("article", { name });
  await expect(card.locator("[data-not-listed]")).toHaveText(adminProducts.notListedNoImage);
  await screenshot(card, testInfo, "admin-product-card-not-listed");
  // Given an image, the warning goes.
  const { id } = (await bare.json()) as { id: string };
  const photographed = await page.request.put(`/api/admin/products/${id}`, { data: { name, category: "accessories", price: "25", stock: 4, isActive: true, gallery: ["/images/products/accra-ankara-print-tie-1.svg"] } });
  expect(photographed.status(), await photographed.text()).toBe(200);
  await page.reload();
  await expect(card).toBeVisible();
  await expect(card.locator("[data-not-listed]")).toHaveCount(0);
});
