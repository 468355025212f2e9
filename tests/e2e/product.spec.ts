// The product page /product/:id (storefront.md section 2 "Product detail", section 4 "Product page
// selection", section 5 "Add to cart" and "Buy Now", section 8 "Other"), on desktop and on a
// 390 px phone. Products are found through the JSON API, never by hard-coded ids.
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { CATEGORIES, categoryLabel, categoryPath, findCategory } from "../../src/domain/categories.ts";
import { categoryHeading } from "../../src/domain/category-page-copy.ts";
import { isMulticolour } from "../../src/domain/colours.ts";
import { GUEST_CART_KEY } from "../../src/domain/guest-cart.ts";
import { cart } from "../../src/domain/messages/cart.ts";
import { buyNow, productDetail, productPageCopy } from "../../src/domain/messages/catalog.ts";
import { navigation } from "../../src/domain/messages/layout.ts";
import { formatGbp, penceToPounds } from "../../src/domain/money.ts";
import { colourVariantThumbnails, maxQuantity } from "../../src/domain/product-selection.ts";
import { readSeedCatalogue } from "../../src/server/catalog/seed-catalogue.server.ts";
import { expectNoSeriousA11yViolations, openHydrated, screenshot, waitForHydration, expectNoSidewaysScroll } from "./helpers.ts";

test.use({ bypassCSP: true });

type ApiProduct = {
  id: string;
  name: string;
  category: string;
  price: number;
  originalPrice: number | null;
  images: string[];
  colors: string[];
  sizes: string[];
  inStock: boolean;
};

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

async function listCategory(request: APIRequestContext, slug: string): Promise<{ items: ApiProduct[]; total: number }> {
  const response = await request.get(`/api/products?category=${slug}&page=1&pageSize=48`);
  expect(response.status()).toBe(200);
  return response.json();
}

/** The first product (in category order) that matches, looked up through the JSON API. */
const SEED_NAMES = new Set(readSeedCatalogue().map((product) => product.name));

/** The first seed product (admin journeys add products of their own to the same shop) that matches. */
async function findProduct(request: APIRequestContext, matches: (product: ApiProduct) => boolean): Promise<ApiProduct> {
  for (const category of CATEGORIES) {
    const found = (await listCategory(request, category.slug)).items.find((product) => SEED_NAMES.has(product.name) && matches(product));
    if (found) return found;
  }
  throw new Error("the seed catalogue has no product matching the test's needs");
}

const onSale = (p: ApiProduct) => p.originalPrice !== null && p.originalPrice > p.price;
/** A product that needs both a size and a colour chosen, with several images. */
const needsSizeAndColour = (p: ApiProduct) => p.sizes.length > 1 && p.colors.length > 1 && p.images.length > 2;

/** Text as React writes it into HTML. */
function htmlText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

/** A product page ready for the shopper's hands: its buttons do nothing until React has hydrated. */
const openProduct = (page: Page, id: string) => openHydrated(page, `/product/${id}`);

function toasts(page: Page): Locator {
  return page.locator("[data-sonner-toast]");
}

/** A toast showing `text` that has finished fading in (axe judges contrast at full opacity). */
async function expectSettledToast(page: Page, text: string) {
  const toast = toasts(page).filter({ hasText: text });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCSS("opacity", "1");
}

function purchaseButtons(page: Page) {
  const main = page.locator("main");
  return {
    addToCart: main.getByRole("button", { name: productDetail.addToCart, exact: true }),
    buyNow: main.getByRole("button", { name: productDetail.buyNow, exact: true }),
  };
}

/**
 * Presses a purchase button. While choices are missing the buttons are aria-disabled, not
 * disabled: they stay pressable so they can say what is missing (storefront.md section 5 "A
 * disabled button gives 'Please select all required options'"). Playwright's click waits for an
 * enabled element, so the actionability wait is skipped once the button is visible.
 */
async function press(button: Locator) {
  await expect(button).toBeVisible();
  await button.click({ force: true });
}

function colourGroup(page: Page): Locator {
  return page.getByRole("radiogroup", { name: productPageCopy.colour });
}

function sizeGroup(page: Page): Locator {
  return page.getByRole("radiogroup", { name: productPageCopy.size });
}

/** Before a complete selection nothing on the page claims the item went into a cart or that payment started. */
async function expectNothingClaimsSuccess(page: Page, product: ApiProduct) {
  await expect(page.getByText(cart.addedToCart(product.name))).toHaveCount(0);
  await expect(page.getByText(cart.adding)).toHaveCount(0);
  await expect(page.getByText(buyNow.redirecting)).toHaveCount(0);
  await expect(page.getByText(buyNow.creatingSession)).toHaveCount(0);
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), GUEST_CART_KEY)).toBeNull();
}

test.describe("server rendering and page head", () => {
  test("the first response holds name, price, JSON-LD Product with offer, canonical and Open Graph tags", async ({ request, baseURL }) => {
    const product = await findProduct(request, onSale);
    const response = await request.get(`/product/${product.id}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const url = new URL(`/product/${product.id}`, baseURL).toString();

    expect(html).toContain(`>${htmlText(product.name)}</h1>`);
    expect(html).toContain(formatGbp(product.price));
    expect(html).toContain(`<title>${htmlText(`${product.name} | Menswear Shop`)}</title>`);
    expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
    expect(html).toContain(`<meta property="og:url" content="${url}"/>`);
    expect(html).toContain(`<meta property="og:type" content="product"/>`);
    expect(html).toContain(`<meta property="og:title" content="${htmlText(`${product.name} | Menswear Shop`)}"/>`);
    // The seed's pictures are SVG, which no link preview shows: the page shares a 1200x630 JPEG
    // drawn from the first one, with the price of the JSON-LD.
    const shareImage = /<meta property="og:image" content="([^"]+)"\/>/.exec(html)?.[1];
    expect(shareImage).toMatch(new RegExp(`^${new URL(`/share/product/${product.id}.jpg?v=`, baseURL).toString().replace(/[.?]/g, "\\$&")}[0-9a-f]{12}$`));
    expect(html).toContain(`<meta property="og:image:width" content="1200"/>`);
    expect(html).toContain(`<meta property="og:image:height" content="630"/>`);
    expect(html).toContain(`<meta property="og:image:type" content="image/jpeg"/>`);
    expect(html).toContain(`<meta property="og:image:alt" content="${htmlText(product.name)}"/>`);
    expect(html).toContain(`<meta name="twitter:card" content="summary_large_image"/>`);
    expect(html).toContain(`<meta name="twitter:image:alt" content="${htmlText(product.name)}"/>`);
    expect(html).toContain(`<meta property="og:locale" content="en_GB"/>`);
    expect(html).toContain(`<meta property="product:price:amount" content="${penceToPounds(product.price)}"/>`);
    expect(html).toContain(`<meta property="product:price:currency" content="GBP"/>`);
    expect(html).toContain(`<meta property="product:availability" content="in stock"/>`);
    const picture = await request.get(shareImage!);
    expect(picture.status()).toBe(200);
    expect(picture.headers()["content-type"]).toBe("image/jpeg");
    expect(picture.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

    const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((script) => JSON.parse(script[1]!) as Record<string, unknown>);
    expect(scripts.map((script) => script["@type"]).sort()).toEqual(["BreadcrumbList", "Product"]);
    const jsonLd = scripts.find((script) => script["@type"] === "Product");
    expect(jsonLd).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.name,
      sku: product.id,
      url,
      image: [shareImage],
      offers: {
        "@type": "Offer",
        price: penceToPounds(product.price),
        priceCurrency: "GBP",
        availability: "https://schema.org/InStock",
        itemCondition: "https://schema.org/NewCondition",
      },
    });
    // The visible breadcrumb, Home / category / product, as schema.org data (M7).
    expect(scripts.find((script) => script["@type"] === "BreadcrumbList")).toMatchObject({
      itemListElement: [
        { position: 1, name: "Home", item: new URL("/", baseURL).toString() },
        { position: 2, item: new URL(categoryPath(findCategory(product.category)!.value), baseURL).toString() },
        { position: 3, name: product.name, item: url },
      ],
    });
  });

  test("the production server answers /robots.txt and /sitemap.xml, and a bad share picture address with a 404", async ({ request, baseURL }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(robots.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const robotsText = await robots.text();
    expect(robotsText).toContain("Disallow: /checkout\n");
    expect(robotsText).toContain(`Sitemap: ${new URL("/sitemap.xml", baseURL).toString()}`);

    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const product = await findProduct(request, onSale);
    expect(await sitemap.text()).toMatch(new RegExp(`<url><loc>${new URL(`/product/${product.id}`, baseURL).toString()}</loc><lastmod>\\d{4}-\\d\\d-\\d\\d</lastmod></url>`));

    for (const path of ["/share/product/not-a-uuid.jpg", "/share/product/00000000-0000-4000-8000-000000000000.jpg", `/share/product/${product.id}.png`]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
    const shop = await request.get("/share/shop.jpg");
    expect(shop.status()).toBe(200);
    expect(shop.headers()["content-type"]).toBe("image/jpeg");

    // Every page links to its own /auth?redirect=… address: crawlers are asked not to follow it.
    const page = await (await request.get(`/product/${product.id}`)).text();
    const signIn = /<a [^>]*href="\/auth\?redirect=[^"]*"[^>]*>/.exec(page)?.[0];
    expect(signIn).toContain('rel="nofollow"');
  });

  test("breadcrumb reads Home / category / name and its links lead there", async ({ page, request }) => {
    const product = (await listCategory(request, "suits")).items[0]!;
    await openProduct(page, product.id);
    const breadcrumb = page.getByRole("navigation", { name: productPageCopy.breadcrumb });
    await expect(breadcrumb.getByRole("listitem")).toHaveText([navigation.home, categoryLabel(product.category), product.name]);
    await expect(breadcrumb.getByRole("link", { name: navigation.home })).toHaveAttribute("href", "/");
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(product.name);
    await breadcrumb.getByRole("link", { name: categoryLabel(product.category) }).click();
    await expect(page).toHaveURL(new RegExp(`${categoryPath(findCategory(product.category)!.value)}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(categoryHeading(product.category));
  });
});

test.describe("gallery and price", () => {
  test("the 'n / total' counter follows next, previous and thumbnail clicks", async ({ page, request }, testInfo) => {
    const product = await findProduct(request, (p) => p.images.length >= 3);
    const total = product.images.length;
    await openProduct(page, product.id);
    const gallery = page.getByRole("group", { name: product.name });
    const counter = gallery.getByTestId("image-counter");
    const mainImage = gallery.getByRole("img", { name: productPageCopy.imageAlt(product.name, 1, total) });
    await expect(counter).toHaveText(productDetail.imageCounter(1, total));
    await expect(mainImage).toBeVisible();
    expect(await mainImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await screenshot(page, testInfo, "product");
    await screenshot(page, testInfo, "product-viewport", { fullPage: false });

    const thumbnails = gallery.getByRole("button", { name: /^Show image \d+ of \d+$/ });
    await expect(thumbnails).toHaveCount(total);
    await expect(thumbnails.first()).toHaveAttribute("aria-current", "true");

    await gallery.getByRole("button", { name: productPageCopy.nextImage }).click();
    await expect(counter).toHaveText(productDetail.imageCounter(2, total));
    await expect(gallery.getByRole("img", { name: productPageCopy.imageAlt(product.name, 2, total) })).toHaveAttribute(
      "src",
      new RegExp(`${product.images[1]!.split("/").pop()!.replace(/\./g, "\\.")}`),
    );
    await expect(gallery.getByRole("button", { name: productPageCopy.showImage(2, total) })).toHaveAttribute("aria-current", "true");
    await expect(thumbnails.first()).not.toHaveAttribute("aria-current", "true");

    await gallery.getByRole("button", { name: productPageCopy.previousImage }).click();
    await expect(counter).toHaveText(productDetail.imageCounter(1, total));
    // Previous from the first image wraps round to the last; next from the last back to the first.
    await gallery.getByRole("button", { name: productPageCopy.previousImage }).click();
    await expect(counter).toHaveText(productDetail.imageCounter(total, total));
    await gallery.getByRole("button", { name: productPageCopy.nextImage }).click();
    await expect(counter).toHaveText(productDetail.imageCounter(1, total));

    await gallery.getByRole("button", { name: productPageCopy.showImage(3, total) }).click();
    await expect(counter).toHaveText(productDetail.imageCounter(3, total));
    await expect(gallery.getByRole("img", { name: productPageCopy.imageAlt(product.name, 3, total) })).toBeVisible();
    await expect(gallery.getByRole("button", { name: productPageCopy.showImage(3, total) })).toHaveAttribute("aria-current", "true");
    await expectNoSidewaysScroll(page);
  });

  test("colour-variant thumbnails show each colour's image and choose that colour", async ({ page, request }, testInfo) => {
    const product = await findProduct(request, (p) => colourVariantThumbnails(p.images, p.colors).length > 1);
    const variants = colourVariantThumbnails(product.images, product.colors);
    await openProduct(page, product.id);
    const gallery = page.getByRole("group", { name: product.name });
    const variantButtons = gallery.getByRole("button", { name: /^Show (?!image)/ });
    await expect(variantButtons).toHaveText(variants.map((v) => v.colour));
    await screenshot(gallery, testInfo, "product-colour-variants");
    for (const variant of [...variants].reverse()) {
      const button = gallery.getByRole("button", { name: productPageCopy.showColour(variant.colour), exact: true });
      await button.click();
      await expect(button).toHaveAttribute("aria-pressed", "true");
      await expect(gallery.getByTestId("image-counter")).toHaveText(productDetail.imageCounter(variant.imageIndex + 1, product.images.length));
      await expect(colourGroup(page).getByRole("radio", { name: variant.colour, exact: true })).toHaveAttribute("aria-checked", "true");
    }
    // Choosing a colour with its swatch moves the gallery to that colour too.
    const last = variants.at(-1)!;
    await colourGroup(page).getByRole("radio", { name: last.colour, exact: true }).click();
    await expect(gallery.getByTestId("image-counter")).toHaveText(productDetail.imageCounter(last.imageIndex + 1, product.images.length));
    await expect(gallery.getByRole("button", { name: productPageCopy.showColour(last.colour), exact: true })).toHaveAttribute("aria-pressed", "true");
  });

  test("a chosen colour-variant thumbnail keeps a one-word name whole ('Multicolor', not 'Multicolo / r')", async ({ page, request }) => {
    const longWord = (colour: string) => colour.length >= 10 && !colour.includes(" ");
    const product = await findProduct(request, (p) => colourVariantThumbnails(p.images, p.colors).some((v) => longWord(v.colour)));
    const variant = colourVariantThumbnails(product.images, product.colors).find((v) => longWord(v.colour))!;
    await openProduct(page, product.id);
    const button = page.getByRole("group", { name: product.name }).getByRole("button", { name: productPageCopy.showColour(variant.colour), exact: true });
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
    const caption = button.getByText(variant.colour, { exact: true });
    const lines = await caption.evaluate((element) => Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)));
    expect(lines).toBe(1);
  });

  test("a single-colour product has no variant strip and its colour is already chosen", async ({ page, request }) => {
    const product = await findProduct(request, (p) => p.colors.length === 1 && p.sizes.length > 1);
    await openProduct(page, product.id);
    await expect(page.getByRole("button", { name: productPageCopy.showColour(product.colors[0]!) })).toHaveCount(0);
    await expect(colourGroup(page).getByRole("radio")).toHaveCount(1);
    await expect(colourGroup(page).getByRole("radio", { name: product.colors[0]!, exact: true })).toHaveAttribute("aria-checked", "true");
    await expect(page.getByTestId("selection-hint")).toHaveText(productDetail.selectionHint(true, false)!);
    // Only the size is missing, so Add to Cart asks for the size.
    await press(purchaseButtons(page).addToCart);
    await expect(toasts(page).getByText(cart.selectSize, { exact: true })).toBeVisible();
  });

  test("a product on sale shows the Sale badge, the struck original price and 'Save' with the saving", async ({ page, request }) => {
    const product = await findProduct(request, onSale);
    await openProduct(page, product.id);
    const gallery = page.getByRole("group", { name: product.name });
    await expect(gallery.getByText(productDetail.saleBadge, { exact: true })).toBeVisible();
    const price = page.getByTestId("product-price");
    await expect(price).toContainText(formatGbp(product.price));
    await expect(price.locator("s")).toHaveText(formatGbp(product.originalPrice!));
    await expect(price.getByText(`${productDetail.save} ${formatGbp(product.originalPrice! - product.price)}`, { exact: true })).toBeVisible();
  });

  test("a product at full price has neither Sale nor Save", async ({ page, request }) => {
    const product = await findProduct(request, (p) => p.originalPrice === null);
    await openProduct(page, product.id);
    const price = page.getByTestId("product-price");
    await expect(price).toHaveText(formatGbp(product.price));
    await expect(price.locator("s")).toHaveCount(0);
    await expect(page.getByRole("group", { name: product.name }).getByText(productDetail.saleBadge, { exact: true })).toHaveCount(0);
  });
});

test.describe("choosing and buying", () => {
  test("colour swatches carry their names, multicolour ones the 'Multi' marker; size buttons list every size", async ({ page, request }, testInfo) => {
    const product = await findProduct(request, (p) => p.colors.some(isMulticolour) && p.colors.some((c) => !isMulticolour(c)));
    await openProduct(page, product.id);
    const swatches = colourGroup(page).getByRole("radio");
    await expect(swatches).toHaveCount(product.colors.length);
    for (const colour of product.colors) {
      const swatch = colourGroup(page).getByRole("radio", { name: new RegExp(`^${colour}\\b`) });
      await expect(swatch).toContainText(colour);
      if (isMulticolour(colour)) await expect(swatch.getByText(productDetail.multiMarker, { exact: true })).toBeVisible();
      else await expect(swatch.getByText(productDetail.multiMarker, { exact: true })).toHaveCount(0);
    }
    await expect(sizeGroup(page).getByRole("radio")).toHaveText(product.sizes);
    await colourGroup(page).getByRole("radio", { name: new RegExp(`^${product.colors.find(isMulticolour)!}\\b`) }).scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, "product-multi-swatch", { fullPage: false });
  });

  test("a product in one size and one colour starts with both chosen: Add to Cart and Buy Now are ready", async ({ page, request }) => {
    const product = await findProduct(request, (p) => p.sizes.length === 1 && p.colors.length === 1 && p.inStock);
    await openProduct(page, product.id);
    await expect(sizeGroup(page).getByRole("radio", { name: product.sizes[0]! })).toHaveAttribute("aria-checked", "true");
    await expect(page.getByRole("status").filter({ hasText: productDetail.selectionRequiredTitle })).toHaveCount(0);
    const { addToCart, buyNow: buyNowButton } = purchaseButtons(page);
    await expect(addToCart).not.toHaveAttribute("aria-disabled", "true");
    await expect(buyNowButton).not.toHaveAttribute("aria-disabled", "true");
  });

  test("the size and colour chosen are kept in the page's address: a reload and Back from the cart find them chosen", async ({ page, request }) => {
    const product = await findProduct(request, (p) => needsSizeAndColour(p) && p.sizes.length > 1 && p.colors.length > 1);
    await openProduct(page, product.id);
    const size = product.sizes[1]!;
    const colour = product.colors[1]!;
    await sizeGroup(page).getByRole("radio", { name: size, exact: true }).click();
    await colourGroup(page).getByRole("radio", { name: colour, exact: true }).click();
    await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ size, colour });
    const chosen = async () => {
      await expect(sizeGroup(page).getByRole("radio", { name: size, exact: true })).toHaveAttribute("aria-checked", "true");
      await expect(colourGroup(page).getByRole("radio", { name: colour, exact: true })).toHaveAttribute("aria-checked", "true");
    };
    await page.reload();
    await waitForHydration(page);
    await chosen();
    // A page of the shop and Back: still chosen, and the purchase is ready.
    await page.locator("header").getByRole("link", { name: /^Cart/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/product/${product.id}\\?`));
    await chosen();
    await expect(purchaseButtons(page).addToCart).not.toHaveAttribute("aria-disabled", "true");
  });

  test("'Selection Required' and its hint follow the choices; buttons say what is missing, then Add to Cart adds and Buy Now goes to payment", async ({ page, request }, testInfo) => {
    const product = await findProduct(request, needsSizeAndColour);
    await openProduct(page, product.id);
    const { addToCart, buyNow: buyNowButton } = purchaseButtons(page);
    await expect(page.getByTestId("stock-status")).toHaveText(productDetail.inStock);

    // Nothing chosen yet: size and colour start empty.
    const box = page.getByRole("status").filter({ hasText: productDetail.selectionRequiredTitle });
    await expect(box).toBeVisible();
    await expect(box.getByText(productDetail.selectionRequired, { exact: true })).toBeVisible();
    // The spec's verbatim texts, not only the constants.
    await expect(box).toContainText("Please make all required selections before adding to cart or purchasing.");
    const hint = page.getByTestId("selection-hint");
    await expect(hint).toHaveText("Please select size and color to continue");
    await expect(addToCart).toHaveAttribute("aria-disabled", "true");
    await expect(buyNowButton).toHaveAttribute("aria-disabled", "true");
    for (const radio of await sizeGroup(page).getByRole("radio").all()) await expect(radio).toHaveAttribute("aria-checked", "false");
    for (const radio of await colourGroup(page).getByRole("radio").all()) await expect(radio).toHaveAttribute("aria-checked", "false");

    // Buy Now with nothing chosen names both missing choices, as Add to Cart does (it used
    // to name only the size), and takes the shopper to the first one in page order:
    // Colour, above Size.
    await press(buyNowButton);
    await expect(toasts(page).getByText(cart.selectAllOptions, { exact: true })).toBeVisible();
    await expect(toasts(page).getByText(buyNow.selectSize, { exact: true })).toHaveCount(0);
    await expect(colourGroup(page).getByRole("radio").first()).toBeFocused();
    await expect(toasts(page).getByText(buyNow.creatingSession)).toHaveCount(0);

    // The same for Add to Cart on a fresh page; both missing choices are marked invalid.
    await openProduct(page, product.id);
    await press(addToCart);
    await expect(toasts(page).getByText(cart.selectAllOptions, { exact: true })).toBeVisible();
    await expect(colourGroup(page).getByRole("radio").first()).toBeFocused();
    await expect(sizeGroup(page)).toHaveAttribute("aria-invalid", "true");
    await expect(colourGroup(page)).toHaveAttribute("aria-invalid", "true");
    await expectNothingClaimsSuccess(page, product);
    await screenshot(page, testInfo, "product-selection-required", { fullPage: false });

    // Size chosen, colour still missing.
    const size = product.sizes[1]!;
    await sizeGroup(page).getByRole("radio", { name: size, exact: true }).click();
    await expect(sizeGroup(page).getByRole("radio", { name: size, exact: true })).toHaveAttribute("aria-checked", "true");
    await expect(sizeGroup(page)).not.toHaveAttribute("aria-invalid", "true");
    await expect(hint).toHaveText("Please select color to continue");
    await press(addToCart);
    await expect(toasts(page).getByText(cart.selectColour, { exact: true })).toBeVisible();
    await expect(colourGroup(page).getByRole("radio").first()).toBeFocused();
    await press(buyNowButton);
    await expect(toasts(page).getByText(buyNow.selectColour, { exact: true })).toBeVisible();
    await expectNothingClaimsSuccess(page, product);

    // Everything chosen: the box and hint go, the buttons are enabled.
    const colour = product.colors[1]!;
    await colourGroup(page).getByRole("radio", { name: colour, exact: true }).click();
    await expect(hint).toHaveCount(0);
    await expect(box).toHaveCount(0);
    await expect(addToCart).not.toHaveAttribute("aria-disabled", "true");
    await expect(buyNowButton).not.toHaveAttribute("aria-disabled", "true");

    // Add to Cart now really adds the chosen item (cart.spec.ts follows the cart further).
    await addToCart.click();
    await expect(toasts(page).getByText(cart.addedToCart(product.name), { exact: true })).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    expect(JSON.parse((await page.evaluate((key) => window.localStorage.getItem(key), GUEST_CART_KEY))!)).toEqual([
      expect.objectContaining({ product_id: product.id, quantity: 1, selected_size: size, selected_color: colour }),
    ]);
    // No earlier "please select" message is left standing beside it.
    for (const stale of [cart.selectAllOptions, cart.selectSize, cart.selectColour, buyNow.selectSize, buyNow.selectColour]) {
      await expect(toasts(page).getByText(stale, { exact: true })).toHaveCount(0);
    }

    // Buy Now goes straight to payment for this selection (payment.spec.ts follows the payment).
    await screenshot(page, testInfo, "product-added-to-cart", { fullPage: false });
    await buyNowButton.click();
    await expect(page).toHaveURL(/\/pay\/cs_[^/]+$/);
  });

  test("quantity starts at 1, minus is disabled at 1, and it never goes above the stock", async ({ page, request }) => {
    const product = await findProduct(request, (p) => p.sizes.length > 0);
    const seeded = readSeedCatalogue().find((p) => p.name === product.name);
    expect(seeded, "the product comes from the seed catalogue").toBeDefined();
    const max = maxQuantity(seeded!.stock!);
    expect(max).toBeGreaterThan(2);
    await openProduct(page, product.id);
    const quantity = page.getByRole("spinbutton", { name: productPageCopy.quantity });
    const minus = page.getByRole("button", { name: productPageCopy.decreaseQuantity });
    const plus = page.getByRole("button", { name: productPageCopy.increaseQuantity });
    await expect(quantity).toHaveText("1");
    await expect(minus).toBeDisabled();
    await plus.click();
    await expect(quantity).toHaveText("2");
    await expect(minus).toBeEnabled();
    await minus.click();
    await expect(quantity).toHaveText("1");
    await expect(minus).toBeDisabled();

    for (let n = 2; n <= max; n++) {
      await plus.click();
      await expect(quantity).toHaveText(String(n));
    }
    await expect(plus).toBeDisabled();
    await expect(quantity).toHaveAttribute("aria-valuemax", String(max));
    // The keyboard cannot pass the stock either.
    await quantity.focus();
    await page.keyboard.press("ArrowUp");
    await expect(quantity).toHaveText(String(max));
    await page.keyboard.press("Home");
    await expect(quantity).toHaveText("1");
    await page.keyboard.press("ArrowDown");
    await expect(quantity).toHaveText("1");
    await page.keyboard.press("End");
    await expect(quantity).toHaveText(String(max));
  });

  test("size and colour can be chosen with the keyboard alone", async ({ page, request }) => {
    const product = await findProduct(request, needsSizeAndColour);
    await openProduct(page, product.id);
    // Tab from the Share button into the colour group: one tab stop, on the first colour.
    await page.getByRole("button", { name: productDetail.share }).focus();
    await page.keyboard.press("Tab");
    const colours = colourGroup(page).getByRole("radio");
    await expect(colours.first()).toBeFocused();
    await page.keyboard.press("Space");
    await expect(colours.first()).toHaveAttribute("aria-checked", "true");
    await page.keyboard.press("ArrowRight");
    await expect(colours.nth(1)).toBeFocused();
    await expect(colours.nth(1)).toHaveAttribute("aria-checked", "true");
    await expect(colours.first()).toHaveAttribute("aria-checked", "false");
    await expect(page.getByTestId("selection-hint")).toHaveText(productDetail.selectionHint(true, false)!);

    // The next Tab leaves the colour group for the size group.
    await page.keyboard.press("Tab");
    const sizes = sizeGroup(page).getByRole("radio");
    await expect(sizes.first()).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(sizes.first()).toHaveAttribute("aria-checked", "true");
    await page.keyboard.press("End");
    await expect(sizes.last()).toBeFocused();
    await expect(sizes.last()).toHaveAttribute("aria-checked", "true");
    await expect(page.getByTestId("selection-hint")).toHaveCount(0);

    // Shift+Tab returns to the chosen colour (the group's one tab stop).
    await page.keyboard.press("Shift+Tab");
    await expect(colours.nth(1)).toBeFocused();
  });
});

test.describe("share", () => {
  test("without a share sheet, Share copies the product link and says so", async ({ page, request, context, baseURL }) => {
    // The fallback the spec describes: the browser has no navigator.share.
    await page.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const product = (await listCategory(request, "ties")).items[0]!;
    await openProduct(page, product.id);
    expect(await page.evaluate(() => typeof navigator.share)).toBe("undefined");
    await page.getByRole("button", { name: productDetail.share }).click();
    await expect(toasts(page).getByText(productDetail.linkCopied, { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(`/product/${product.id}`, baseURL).toString());
  });

  test("with a share sheet, Share hands it the product's title and link", async ({ page, request, baseURL }) => {
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      (window as unknown as { shared: unknown[] }).shared = shared;
      Object.defineProperty(Navigator.prototype, "share", {
        configurable: true,
        value: async (data: unknown) => {
          shared.push(data);
        },
      });
    });
    const product = (await listCategory(request, "ties")).items[0]!;
    await openProduct(page, product.id);
    await page.getByRole("button", { name: productDetail.share }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: { title: string; url: string }[] }).shared))
      .toEqual([expect.objectContaining({ title: product.name, url: new URL(`/product/${product.id}`, baseURL).toString() })]);
    await expect(toasts(page).getByText(productDetail.linkCopied)).toHaveCount(0);
  });
});

test.describe("related products and navigation", () => {
  test("'You May Also Like' shows up to 4 others of the same category; one opens client-side at the top", async ({ page, request }, testInfo) => {
    const suits = await listCategory(request, "suits");
    expect(suits.total).toBeGreaterThan(4);
    const product = suits.items[0]!;
    await openProduct(page, product.id);
    const related = page.getByRole("region", { name: productDetail.youMayAlsoLike });
    await expect(related.getByRole("heading", { level: 2 })).toHaveText(productDetail.youMayAlsoLike);
    const cards = related.getByRole("article");
    await expect(cards).toHaveCount(Math.min(4, suits.total - 1));
    const names = await cards.evaluateAll((articles) => articles.map((a) => a.getAttribute("aria-label")!));
    const sameCategory = suits.items.filter((p) => p.id !== product.id).map((p) => p.name);
    for (const name of names) expect(sameCategory).toContain(name);
    expect(names).not.toContain(product.name);
    for (const card of await cards.all()) await expect(card).toContainText(categoryLabel("suits"));

    // Choose some options first: the next product must start afresh.
    await sizeGroup(page).getByRole("radio").first().click();
    await page.getByRole("button", { name: productPageCopy.increaseQuantity }).click();

    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
    const target = suits.items.find((p) => p.name === names.at(-1))!;
    const link = related.getByRole("link", { name: target.name, exact: true });
    await link.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await screenshot(page, testInfo, "product-related");
    await link.click();

    await expect(page).toHaveURL(new RegExp(`/product/${target.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.name);
    await expect(page).toHaveTitle(`${target.name} | Menswear Shop`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
    await expect(page.getByRole("group", { name: target.name }).getByTestId("image-counter")).toHaveText(
      productDetail.imageCounter(1, target.images.length),
    );
    await expect(page.getByRole("spinbutton", { name: productPageCopy.quantity })).toHaveText("1");
    for (const radio of await sizeGroup(page).getByRole("radio").all()) await expect(radio).toHaveAttribute("aria-checked", "false");
    const newRelated = await page
      .getByRole("region", { name: productDetail.youMayAlsoLike })
      .getByRole("article")
      .evaluateAll((articles) => articles.map((a) => a.getAttribute("aria-label")));
    expect(newRelated).not.toContain(target.name);
  });

  test("'Loading product...' shows while another product loads", async ({ page, request }) => {
    const suits = await listCategory(request, "suits");
    const product = suits.items[0]!;
    await openProduct(page, product.id);
    const related = page.getByRole("region", { name: productDetail.youMayAlsoLike });
    const target = suits.items.find((p) => p.id !== product.id)!;

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/product/${target.id}.data*`, async (route) => {
      await held;
      await route.continue();
    });
    await related.getByRole("link", { name: target.name, exact: true }).click();
    await expect(page.getByText(productDetail.loading, { exact: true })).toBeVisible();
    await expect(page.locator("main")).toHaveAttribute("aria-busy", "true");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.name);
    await expect(page.getByText(productDetail.loading, { exact: true })).toHaveCount(0);
    await expect(page.locator("main")).not.toHaveAttribute("aria-busy", "true");
  });

  for (const [label, id] of [
    ["an unknown id", UNKNOWN_ID],
    ["a malformed id", "not-a-product-id"],
  ] as const) {
    test(`${label} answers HTTP 404 with 'Product not found'`, async ({ page, request }, testInfo) => {
      const response = await request.get(`/product/${id}`);
      expect(response.status()).toBe(404);
      expect(await response.text()).toContain(`>${productDetail.notFound}</h1>`);

      const visit = await page.goto(`/product/${id}`);
      expect(visit?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(productDetail.notFound);
      await expect(page).toHaveTitle(`${productDetail.notFound} | Menswear Shop`);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
      if (id === UNKNOWN_ID) await screenshot(page, testInfo, "product-not-found");
      await page.getByRole("link", { name: cart.continueShopping }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  }
});

test.describe("accessibility", () => {
  test("the product page passes axe, before and after a blocked purchase", async ({ page, request }) => {
    const product = await findProduct(request, (p) => needsSizeAndColour(p) && onSale(p));
    await openProduct(page, product.id);
    await expectNoSeriousA11yViolations(page);
    // Error toast and invalid groups after a press with nothing chosen.
    await press(purchaseButtons(page).addToCart);
    await expectSettledToast(page, cart.selectAllOptions);
    await expectNoSeriousA11yViolations(page);
    // Success toast after Add to Cart with everything chosen.
    await sizeGroup(page).getByRole("radio").first().click();
    await colourGroup(page).getByRole("radio").first().click();
    await purchaseButtons(page).addToCart.click();
    await expectSettledToast(page, cart.addedToCart(product.name));
    await expectNoSeriousA11yViolations(page);
  });

  test("the product-not-found page passes axe", async ({ page }) => {
    await page.goto(`/product/${UNKNOWN_ID}`);
    await expectNoSeriousA11yViolations(page);
  });
});
