// Issue 15, the items finished last: colour pictures for every multi-colour product (item 17),
// Buy Now's payment page and where Buy Now ships (item 11), the shop's contact details and
// social links from its settings and the order e-mail's lookup link (item 15). Item 2 (the cart
// kept until payment) is walked in checkout.spec.ts.
import { expect, test } from "@playwright/test";
import { productPageCopy } from "../../src/domain/messages/catalog.ts";
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
