// Review 3, item 8 (small visual points), at 1280 px and 390 px: colour names under the colour
// thumbnails are read in full on a phone.
import { expect, test, type Page } from "@playwright/test";
import { productPageCopy } from "../../src/domain/messages/catalog.ts";
import { signInAsAdmin } from "./admin-helpers.ts";
import { waitForHydration } from "./helpers.ts";

test.use({ bypassCSP: true });

/** How far the text of `label` spills out of its own box, and out of `container`'s (0 when none). */
async function clipping(page: Page, label: string, container: string) {
  return page.locator(label).evaluate((element, containerSelector) => {
    const box = element.getBoundingClientRect();
    const outer = element.closest(containerSelector)!.getBoundingClientRect();
    return {
      overflow: element.scrollWidth - element.clientWidth,
      outside: Math.max(0, outer.left - box.left, box.right - outer.right, box.bottom - outer.bottom),
      ellipsis: getComputedStyle(element).textOverflow === "ellipsis",
      text: element.textContent,
    };
  }, container);
}

test("long colour names are read in full under the colour thumbnails and in the colour chips", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  const name = `Colour Name Monk ${testInfo.project.name} ${Date.now()}`;
  // "Dark Brown" was cut to "Dark Bro…" at 390 px; the second is longer still. The numbered
  // series of pictures gives each colour its own thumbnail (colourImages, by position).
  const colours = ["Dark Brown", "Oxblood Burgundy"];
  const created = await page.request.post("/api/admin/products", {
    data: {
      name,
      category: "shoes",
      price: "149.00",
      stock: 10,
      isActive: true,
      colours,
      sizes: ["9"],
      gallery: [1, 2, 3].map((n) => `/images/products/moorgate-double-monk-strap-${n}.svg`),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.context().clearCookies();

  await page.goto(`/product/${id}`);
  await waitForHydration(page);
  const main = page.getByRole("main");
  for (const colour of colours) {
    const thumbnail = main.getByRole("button", { name: productPageCopy.showColour(colour), exact: true });
    await expect(thumbnail).toBeVisible();
    await expect(thumbnail).toHaveText(colour);
    // The name under the picture: whole, inside its box and inside the thumbnail.
    const label = `button[aria-label="${productPageCopy.showColour(colour)}"] > span:last-child`;
    expect(await clipping(page, label, "button")).toEqual({ overflow: 0, outside: 0, ellipsis: false, text: colour });
    const chip = main.getByRole("radiogroup", { name: "Colour" }).getByRole("radio", { name: colour, exact: true });
    await expect(chip).toBeVisible();
    const chipBox = (await chip.boundingBox())!;
    expect(chipBox.x).toBeGreaterThanOrEqual(0);
    expect(chipBox.x + chipBox.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  }
  // The thumbnails keep their size and sit side by side (the desktop layout is unchanged).
  const boxes = await Promise.all(colours.map((colour) => main.getByRole("button", { name: productPageCopy.showColour(colour), exact: true }).boundingBox()));
  expect(boxes.map((box) => Math.round(box!.width))).toEqual([80, 80]);
  expect(Math.round(boxes[0]!.y)).toBe(Math.round(boxes[1]!.y));
  // The screen as the shopper sees it there (the whole page is three screens tall on a phone).
  await main.getByRole("button", { name: productPageCopy.showColour("Dark Brown"), exact: true }).evaluate((element) => element.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: testInfo.outputPath(`colour-names-${testInfo.project.name}.png`) });
});
