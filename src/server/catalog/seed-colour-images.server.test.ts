// Issue 15, item 17: every multi-colour product of the seed catalogue offers its colours in the
// gallery. Before, nine of the 65 showed no colour thumbnails (their name holds a colour, which
// every image file repeats) and choosing their second colour changed nothing.
import { describe, expect, it } from "vitest";
import { productPageCopy } from "../../domain/messages/catalog.ts";
import { chosenColourPicture, colourImages, colourVariantThumbnails, validColours } from "../../domain/product-selection.ts";
import { imagesOf } from "./product-fields.server.ts";
import { readSeedCatalogue } from "./seed-catalogue.server.ts";

const multiColour = readSeedCatalogue()
  .map((product) => ({ name: product.name, images: imagesOf(product), colours: validColours(product.availableColors ?? []) }))
  .filter((product) => product.colours.length > 1);

/** The nine that showed no thumbnails: a colour in the product's name, in every file name. */
const NAMED_WITH_A_COLOUR = [
  "Kensington Navy Two-Piece Suit",
  "Camden Denim Blue Cotton Suit",
  "Mayfair Grey Check Three-Piece Suit",
  "Regent Burgundy Repp Stripe Tie",
  "Chelsea Pink Check Tie",
  "Senator Two-Piece in Olive",
  "Black Denim Utility Shirt",
  "Ivory Linen Two-Piece Set",
  "White Embroidered Senator Set",
];

describe("colour pictures across the whole seed catalogue", () => {
  it("has the 65 multi-colour products the issue counted", () => {
    expect(multiColour).toHaveLength(65);
  });

  it.each(multiColour.map((product) => [product.name, product] as const))("%s: thumbnails for two colours or more, and every colour does something", (_name, product) => {
    const thumbnails = colourVariantThumbnails(product.images, product.colours);
    expect(thumbnails.length).toBeGreaterThanOrEqual(2);
    for (const thumbnail of thumbnails) expect(thumbnail.imageIndex).toBeLessThan(product.images.length);
    // Two colours never share a picture.
    expect(new Set(thumbnails.map((thumbnail) => thumbnail.imageIndex)).size).toBe(thumbnails.length);
    for (const colour of product.colours) {
      const picture = chosenColourPicture(product.images, product.colours, colour, 0);
      if (picture.kind === "own-image") expect(product.images[picture.imageIndex]).toBeTruthy();
      else {
        // No photo of its own: the page says so instead of passing another colour's off as it.
        expect(picture.kind).toBe("no-image");
        expect(productPageCopy.noPhotoOfColour(colour, picture.kind === "no-image" ? picture.pictured : null)).toContain(colour);
      }
    }
  });

  it("the nine products named with a colour show a thumbnail for each of their first two colours", () => {
    for (const name of NAMED_WITH_A_COLOUR) {
      const product = multiColour.find((candidate) => candidate.name === name);
      expect(product, name).toBeDefined();
      const known = colourImages(product!.images, product!.colours).map((entry) => entry.colour);
      expect(known, name).toEqual(expect.arrayContaining(product!.colours.slice(0, 2)));
    }
  });
});
