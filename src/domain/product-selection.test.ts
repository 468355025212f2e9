import { describe, expect, it } from "vitest";
import { cart } from "./messages/cart.ts";
import { buyNow } from "./messages/catalog.ts";
import {
  addToCartBlockedMessage,
  buyNowBlockedMessage,
  clampQuantity,
  chosenColourPicture,
  colourImages,
  colourVariantThumbnails,
  initialSelection,
  isSelectionComplete,
  maxQuantity,
  missingSelections,
  offeredChoices,
  requiresColour,
  requiresSize,
  selectionHint,
  validColours,
  type SelectableProduct,
} from "./product-selection.ts";

const product = (overrides: Partial<SelectableProduct> = {}): SelectableProduct => ({
  id: "p1",
  sizes: ["S", "M", "L"],
  colors: ["Navy", "Charcoal"],
  inStock: true,
  stock: 20,
  ...overrides,
});

describe("valid colours", () => {
  it("drops blanks and repeats, keeps the stored order and spelling", () => {
    expect(validColours([" Navy ", "", "navy", "Charcoal", "  "])).toEqual(["Navy", "Charcoal"]);
  });
});

describe("what must be chosen (storefront.md section 5)", () => {
  it("needs a size when the product has any sizes", () => {
    expect(requiresSize(product())).toBe(true);
    expect(requiresSize(product({ sizes: ["One Size"] }))).toBe(true);
    expect(requiresSize(product({ sizes: [] }))).toBe(false);
    expect(requiresSize(product({ sizes: ["", " "] }))).toBe(false);
  });

  it("needs a colour only when the product has more than one", () => {
    expect(requiresColour(product())).toBe(true);
    expect(requiresColour(product({ colors: ["Navy"] }))).toBe(false);
    expect(requiresColour(product({ colors: [] }))).toBe(false);
    // Two spellings of one colour are one colour.
    expect(requiresColour(product({ colors: ["Navy", "navy "] }))).toBe(false);
  });
});

describe("initial selection (storefront.md section 4)", () => {
  it("starts with quantity 1 and no size or colour", () => {
    expect(initialSelection(product())).toEqual({ productId: "p1", size: null, colour: null, quantity: 1 });
  });

  it("auto-selects the only colour", () => {
    expect(initialSelection(product({ colors: ["Navy"] })).colour).toBe("Navy");
    expect(initialSelection(product({ colors: [" Navy ", ""] })).colour).toBe("Navy");
  });

  it("auto-selects the only size, as the only colour (a deviation: One Size had to be pressed)", () => {
    expect(initialSelection(product({ sizes: ["One Size"], colors: ["Gold"] }))).toEqual({ productId: "p1", size: "One Size", colour: "Gold", quantity: 1 });
    expect(initialSelection(product({ sizes: ["M", "L"] })).size).toBeNull();
  });

  it("auto-selects nothing when there is no colour", () => {
    expect(initialSelection(product({ colors: [] })).colour).toBeNull();
  });

  it("starts with the colour the page was opened with (a colour filter's card)", () => {
    expect(initialSelection(product(), { colour: "Charcoal", size: null })).toEqual({ productId: "p1", size: null, colour: "Charcoal", quantity: 1 });
    expect(initialSelection(product({ sizes: ["M", "L"] }), { colour: null, size: "L" })).toMatchObject({ size: "L", colour: null });
  });
});

describe("offeredChoices: a colour and size asked for by name in the page's address", () => {
  const offered = (query: string, colors = ["Navy", "Charcoal"], sizes = ["38R", "40R"]) => offeredChoices({ colors, sizes }, new URLSearchParams(query));

  it("are the product's own spellings, matched trimmed and in any case", () => {
    expect(offered("colour=charcoal&size=40r")).toEqual({ colour: "Charcoal", size: "40R" });
    expect(offered("colour=%20NAVY%20", [" Navy ", "Charcoal"])).toEqual({ colour: "Navy", size: null });
  });

  it("are null for a choice the product does not have, or none", () => {
    expect(offered("colour=Pink&size=44L")).toEqual({ colour: null, size: null });
    expect(offered("colour=&size=")).toEqual({ colour: null, size: null });
    expect(offered("")).toEqual({ colour: null, size: null });
    expect(offered("colour=Navy&size=M", [], [])).toEqual({ colour: null, size: null });
  });
});

describe("missing selections, the hint and the messages", () => {
  const p = product();
  const base = initialSelection(p);

  it("reports both missing, then one, then none", () => {
    const both = missingSelections(p, base);
    expect(both).toEqual({ size: true, colour: true });
    expect(selectionHint(both)).toBe("Please select size and color to continue");
    expect(addToCartBlockedMessage(both)).toBe(cart.selectAllOptions);
    expect(buyNowBlockedMessage(both)).toBe(cart.selectAllOptions);
    expect(isSelectionComplete(both)).toBe(false);

    const sizeOnly = missingSelections(p, { ...base, colour: "Navy" });
    expect(sizeOnly).toEqual({ size: true, colour: false });
    expect(selectionHint(sizeOnly)).toBe("Please select size to continue");
    expect(addToCartBlockedMessage(sizeOnly)).toBe(cart.selectSize);
    expect(buyNowBlockedMessage(sizeOnly)).toBe(buyNow.selectSize);

    const colourOnly = missingSelections(p, { ...base, size: "M" });
    expect(colourOnly).toEqual({ size: false, colour: true });
    expect(selectionHint(colourOnly)).toBe("Please select color to continue");
    expect(addToCartBlockedMessage(colourOnly)).toBe(cart.selectColour);
    expect(buyNowBlockedMessage(colourOnly)).toBe(buyNow.selectColour);

    const none = missingSelections(p, { ...base, size: "M", colour: "Charcoal" });
    expect(none).toEqual({ size: false, colour: false });
    expect(isSelectionComplete(none)).toBe(true);
    expect(selectionHint(none)).toBeNull();
    expect(addToCartBlockedMessage(none)).toBeNull();
    expect(buyNowBlockedMessage(none)).toBeNull();
  });

  it("does not accept a size or colour the product does not offer", () => {
    expect(missingSelections(p, { ...base, size: "XXL", colour: "Pink" })).toEqual({ size: true, colour: true });
  });

  it("asks for nothing on a product without sizes and with one colour", () => {
    const simple = product({ sizes: [], colors: ["Silver"] });
    expect(missingSelections(simple, initialSelection(simple))).toEqual({ size: false, colour: false });
  });
});

describe("quantity bounds", () => {
  it("is at most the stock and at most 99, never below 1", () => {
    expect(maxQuantity(20)).toBe(20);
    expect(maxQuantity(500)).toBe(99);
    expect(maxQuantity(0)).toBe(1);
    expect(maxQuantity(Number.NaN)).toBe(1);
  });

  it("clamps a quantity into 1..max", () => {
    expect(clampQuantity(0, 20)).toBe(1);
    expect(clampQuantity(-3, 20)).toBe(1);
    expect(clampQuantity(5, 20)).toBe(5);
    expect(clampQuantity(21, 20)).toBe(20);
    expect(clampQuantity(150, 1000)).toBe(99);
    expect(clampQuantity(2.7, 20)).toBe(2);
    expect(clampQuantity(Number.NaN, 20)).toBe(1);
  });
});

describe("which image shows which colour", () => {
  const seed = (slug: string, count: number) =>
    Array.from({ length: count }, (_, i) => `/images/products/${slug}-${i + 1}.svg`);

  it("follows the seed layout: image 1 the first colour, image 2 a detail, image 3 the second colour", () => {
    const images = seed("cambridge-velvet-dinner-jacket", 3);
    expect(colourImages(images, ["Burgundy", "Black", "Emerald"])).toEqual([
      { colour: "Burgundy", imageIndex: 0 },
      { colour: "Black", imageIndex: 2 },
    ]);
    expect(colourImages(seed("lagos-kaftan", 4), ["White", "Navy", "Black"])).toEqual([
      { colour: "White", imageIndex: 0 },
      { colour: "Navy", imageIndex: 2 },
      { colour: "Black", imageIndex: 3 },
    ]);
  });

  it("prefers colour names in file names, longest name first", () => {
    const images = [
      "https://cdn.shopify.com/s/files/oxford-shirt-blue.jpg",
      "https://cdn.shopify.com/s/files/oxford-shirt-sky-blue.jpg?v=3",
      "https://cdn.shopify.com/s/files/oxford-shirt-detail.jpg",
    ];
    expect(colourImages(images, ["Blue", "Sky Blue", "Pink"])).toEqual([
      { colour: "Blue", imageIndex: 0 },
      { colour: "Sky Blue", imageIndex: 1 },
    ]);
  });

  it("reads run-together and encoded colour names", () => {
    expect(colourImages(["/img/a_NavyBlue.png", "/img/b_Light%20Grey.png"], ["Light Grey", "Navy Blue"])).toEqual([
      { colour: "Light Grey", imageIndex: 1 },
      { colour: "Navy Blue", imageIndex: 0 },
    ]);
  });

  it("does not read a colour inside another word", () => {
    // "tan" is not in "tangerine-stand"; the numbered rule does not apply to unnumbered names.
    expect(colourImages(["/x/tangerine-stand.jpg", "/x/detail.jpg"], ["Tan", "Black"])).toEqual([]);
  });

  it("claims nothing for photos without colour names or numbering", () => {
    const images = ["https://ae01.alicdn.com/kf/H8f2a.jpg", "https://ae01.alicdn.com/kf/Hc91b.jpg", "https://ae01.alicdn.com/kf/Hd00e.jpg"];
    expect(colourImages(images, ["Black", "White"])).toEqual([]);
  });

  it("claims nothing for a series that is out of order or mixes names", () => {
    expect(colourImages(["/p/suit-2.svg", "/p/suit-1.svg", "/p/suit-3.svg"], ["Navy", "Grey"])).toEqual([]);
    expect(colourImages(["/p/suit-1.svg", "/p/shirt-2.svg", "/p/suit-3.svg"], ["Navy", "Grey"])).toEqual([]);
  });

  it("is empty without images or colours", () => {
    expect(colourImages([], ["Navy", "Grey"])).toEqual([]);
    expect(colourImages(seed("x", 3), [])).toEqual([]);
  });
});

describe("a colour every image names is the product's name, not a variant (issue 15, item 17)", () => {
  const kensington = ["/images/products/kensington-navy-two-piece-suit-1.svg", "/images/products/kensington-navy-two-piece-suit-2.svg", "/images/products/kensington-navy-two-piece-suit-3.svg"];

  it("falls back to the seed layout, so the second colour gets image 3", () => {
    expect(colourImages(kensington, ["Navy", "Charcoal"])).toEqual([
      { colour: "Navy", imageIndex: 0 },
      { colour: "Charcoal", imageIndex: 2 },
    ]);
    expect(colourVariantThumbnails(kensington, ["Navy", "Charcoal"])).toHaveLength(2);
  });

  it("still reads a colour that only some file names give", () => {
    const images = ["/x/navy-suit-grey.jpg", "/x/navy-suit-detail.jpg", "/x/navy-suit-black.jpg"];
    expect(colourImages(images, ["Navy", "Grey", "Black"])).toEqual([
      { colour: "Grey", imageIndex: 0 },
      { colour: "Black", imageIndex: 2 },
    ]);
  });

  it("a single image naming the colour still shows it", () => {
    expect(colourImages(["/x/shirt-navy.jpg"], ["Navy", "White"])).toEqual([{ colour: "Navy", imageIndex: 0 }]);
  });
});

describe("what the gallery says about the chosen colour (issue 15, item 17)", () => {
  const images = ["/p/watch-1.svg", "/p/watch-2.svg", "/p/watch-3.svg"];
  const colours = ["Silver", "Gold", "Black"];

  it("a colour with its own image is shown by it", () => {
    expect(chosenColourPicture(images, colours, "Gold", 0)).toEqual({ kind: "own-image", imageIndex: 2 });
  });

  it("a colour without one says so and names the colour pictured", () => {
    expect(chosenColourPicture(images, colours, "Black", 2)).toEqual({ kind: "no-image", colour: "Black", pictured: "Gold" });
    // On the close-up detail nothing is claimed about the colour pictured.
    expect(chosenColourPicture(images, colours, "Black", 1)).toEqual({ kind: "no-image", colour: "Black", pictured: null });
  });

  it("says nothing with no colour chosen, an unknown colour or no images at all", () => {
    expect(chosenColourPicture(images, colours, null, 0)).toEqual({ kind: "none" });
    expect(chosenColourPicture(images, colours, "Purple", 0)).toEqual({ kind: "none" });
    expect(chosenColourPicture([], colours, "Black", 0)).toEqual({ kind: "none" });
  });
});

describe("colour-variant thumbnails (storefront.md section 2)", () => {
  it("appear when more than one colour is valid and at least two have images", () => {
    expect(colourVariantThumbnails(seed3(), ["Navy", "Charcoal"])).toEqual([
      { colour: "Navy", imageIndex: 0 },
      { colour: "Charcoal", imageIndex: 2 },
    ]);
  });

  it("do not appear for a single colour", () => {
    expect(colourVariantThumbnails(seed3(), ["Navy"])).toEqual([]);
    expect(colourVariantThumbnails(seed3(), ["Navy", " navy"])).toEqual([]);
  });

  it("do not appear when only one colour has an image", () => {
    expect(colourVariantThumbnails(["/p/suit-1.svg", "/p/suit-2.svg"], ["Navy", "Charcoal"])).toEqual([]);
  });

  function seed3() {
    return ["/p/suit-1.svg", "/p/suit-2.svg", "/p/suit-3.svg"];
  }
});
