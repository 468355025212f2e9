// Issue 15, the items finished last: colour pictures for every multi-colour product (item 17),
// Buy Now's payment page and where Buy Now ships (item 11), the shop's contact details and
// social links from its settings and the order e-mail's lookup link (item 15). Item 2 (the cart
// kept until payment) is walked in checkout.spec.ts.
import { expect, test } from "@playwright/test";
import { adminSettings } from "../../src/domain/messages/admin-settings.ts";
import { productDetail, productPageCopy } from "../../src/domain/messages/catalog.ts";
import { checkout } from "../../src/domain/messages/checkout.ts";
import { orderLookup } from "../../src/domain/messages/orders.ts";
import { paymentPage } from "../../src/domain/messages/payment-page.ts";
import { TEST_CARDS } from "../../src/domain/test-cards.ts";
import { signInAsAdmin } from "./admin-helpers.ts";
import { expectNoSeriousA11yViolations, findProduct, screenshot, waitForHydration } from "./helpers.ts";

test.use({ bypassCSP: true });

test("a product named with a colour shows a thumbnail per colour, and the second colour changes the picture (item 17)", async ({ page, request }, testInfo) => {
  const product = await findProduct(request, (candidate) => candidate.name === "Kensington Navy Two-Piece Suit");
  await page.goto(`/product/${product.id}`);
  await waitForHydration(page);
  const main = page.getByRole("main");
  await expect(main.getByRole("button", { name: productPageCopy.showColour("Navy") })).toBeVisible();
  await main.getByRole("button", { name: productPageCopy.showColour("Charcoal") }).click();
  await expect(page.getByTestId("image-counter")).toHaveText("3 / 3");
  await expect(main.getByRole("radiogroup", { name: "Colour" }).getByRole("radio", { name: "Charcoal", exact: true })).toBeChecked();
  await expect(main.getByRole("button", { name: productPageCopy.showColour("Charcoal") })).toHaveAttribute("aria-pressed", "true");
  await screenshot(page, testInfo, "colour-thumbnail-charcoal");
  await main.getByRole("radiogroup", { name: "Colour" }).getByRole("radio", { name: "Navy", exact: true }).click();
  await expect(page.getByTestId("image-counter")).toHaveText("1 / 3");
  await expect(page.getByTestId("colour-photo-note")).toHaveText("");
  await expectNoSeriousA11yViolations(page);
});

test("a colour without a photo of its own is still chosen, and the page says what the picture shows (item 17)", async ({ page, request }, testInfo) => {
  const product = await findProduct(request, (candidate) => candidate.name === "Henley Khaki Linen Suit");
  await page.goto(`/product/${product.id}`);
  await waitForHydration(page);
  const colours = page.getByRole("main").getByRole("radiogroup", { name: "Colour" });
  await colours.getByRole("radio", { name: "White", exact: true }).click();
  await expect(page.getByTestId("image-counter")).toHaveText("3 / 3");
  await colours.getByRole("radio", { name: "Navy", exact: true }).click();
  await expect(colours.getByRole("radio", { name: "Navy", exact: true })).toBeChecked();
  await expect(page.getByTestId("colour-photo-note")).toHaveText(productPageCopy.noPhotoOfColour("Navy", "White"));
  // Never a broken image: the picture stays a real one.
  await expect(page.getByRole("main").getByRole("img", { name: /image 3 of 3/ })).toBeVisible();
  await screenshot(page, testInfo, "colour-without-photo");
  await expectNoSeriousA11yViolations(page);
});

test("Buy Now: the product page says where it ships; the payment page asks for the recipient, shows each line's size and colour, and keeps the card after an address error (item 11)", async ({ page, request }, testInfo) => {
  const product = await findProduct(request, (candidate) => candidate.category === "shirts" && candidate.sizes.length > 0 && candidate.colors.length > 1 && candidate.stock >= 100);
  const size = product.sizes[0]!;
  const colour = product.colors[1]!;
  await page.goto(`/product/${product.id}`);
  await waitForHydration(page);
  const main = page.getByRole("main");
  await expect(main.getByTestId("buy-now-shipping")).toHaveText(productPageCopy.buyNowShipping);
  await main.getByRole("radiogroup", { name: "Size" }).getByRole("radio", { name: size, exact: true }).click();
  await main.getByRole("radiogroup", { name: "Colour" }).getByRole("radio", { name: colour, exact: true }).click();
  const buy = main.getByRole("button", { name: productDetail.buyNow, exact: true });
  await expect(buy).toHaveAccessibleDescription(productPageCopy.buyNowShipping);
  await screenshot(page, testInfo, "buy-now-ships-to");
  await buy.click();

  await expect(page).toHaveURL(/\/pay\/cs_/);
  await waitForHydration(page);
  await expect(page.getByRole("main").getByText(`Size ${size}, Colour ${colour}`)).toBeVisible();
  const email = `buy-now-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Recipient's full name").fill("Yaw Boateng");
  await page.getByLabel(/^Phone/).fill("+44 7700 900123");
  await page.getByLabel("Card number").fill(TEST_CARDS.succeeds);
  await page.getByLabel("Expiry (MM/YY)").fill("12/40");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Yaw Boateng");
  await page.getByRole("button", { name: /^Pay £/ }).click();
  // The address was left out: it is asked for, and nothing typed is lost, the card number included.
  await expect(page.getByRole("alert").filter({ hasText: paymentPage.detailsProblemTitle })).toContainText(checkout.streetRequired);
  await expect(page.getByLabel("Street address")).toBeFocused();
  await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
  await expect(page.getByLabel("Recipient's full name")).toHaveValue("Yaw Boateng");
  await expect(page.getByLabel(/^Phone/)).toHaveValue("+44 7700 900123");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, "buy-now-payment-page");
  await page.getByLabel("Street address").fill("2 High Street");
  await page.getByLabel("City").fill("Leeds");
  await page.getByLabel("Postal code").fill("LS1 1AA");
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/cs_/);
  const number = (await page.getByTestId("order-number").textContent())?.match(/#[0-9A-F]{8}/)?.[0];
  expect(number).toBeTruthy();

  // The order e-mail's link (item 15): the lookup opens with the number filled in, ready for the e-mail.
  await page.goto(`/orders/lookup?order=${encodeURIComponent(number!)}`);
  await waitForHydration(page);
  await expect(page.getByLabel("Order number")).toHaveValue(number!);
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: orderLookup.submit }).click();
  await expect(page.getByRole("article", { name: `Order ${number}` })).toBeVisible();
});

test("the footer's social links and /contact's phone come from the shop's settings; a network left empty is not shown (item 15)", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  // Each width sets and clears a network of its own through the API (fields left out keep their
  // value), so the two runs never undo each other; both set the same phone.
  const network = testInfo.project.name === "mobile" ? { field: "tiktokUrl", label: "TikTok" } : { field: "instagramUrl", label: "Instagram" };
  const href = `https://www.example.com/savile-${testInfo.project.name}`;
  const phone = "+44 20 7946 0958";
  const put = (body: Record<string, string>) => page.request.put("/api/admin/settings", { data: body, headers: { origin: new URL(testInfo.project.use.baseURL!).origin } });
  expect((await put({ [network.field]: href, contactPhone: phone })).status()).toBe(200);
  try {
    await page.goto("/admin/settings");
    await waitForHydration(page);
    await expect(page.getByLabel(network.label, { exact: true })).toHaveValue(href);
    await expect(page.getByRole("group", { name: adminSettings.socialTitle })).toBeVisible();
    await screenshot(page, testInfo, "admin-settings-social-links");

    await page.context().clearCookies();
    await page.goto("/");
    const social = page.locator("footer").getByRole("navigation", { name: "Social" });
    await expect(social.getByRole("link", { name: network.label })).toHaveAttribute("href", href);
    await page.locator("footer").scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, "footer-social-links", { fullPage: false });

    await page.goto("/contact");
    await waitForHydration(page);
    await expect(page.getByTestId("shop-phone")).toHaveText(phone);
    // No contact e-mail is set here (nor SHOP_EMAIL): none is shown, never the admin's sign-in
    // address, to which the contact form's messages still go.
    await expect(page.getByTestId("shop-email")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, "contact-details");
  } finally {
    await signInAsAdmin(page);
    expect((await put({ [network.field]: "" })).status()).toBe(200);
  }
  await page.context().clearCookies();
  await page.goto("/");
  await expect(page.locator("footer").getByRole("link", { name: network.label, exact: true })).toHaveCount(0);
});
