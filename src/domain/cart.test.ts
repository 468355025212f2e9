import { describe, expect, it } from "vitest";
import {
  MAX_GUEST_LINES,
  MAX_LINE_QUANTITY,
  addToCartSchema,
  assessLine,
  buyNowProblem,
  cartSummary,
  checkSelection,
  guestCartRequestSchema,
  GUEST_LINE_QUANTITY_CEILING,
  guestLinesSchema,
  linePicture,
  linePictureNote,
  lineQuantitySchema,
  maxLineQuantity,
  mergeCheckoutLines,
  quantityLimitMessage,
  type CartLine,
  type CartProductState,
} from "./cart.ts";
import { parseGuestCart } from "./guest-cart.ts";
import { cart, cartErrors } from "./messages/cart.ts";
import { productPageCopy } from "./messages/catalog.ts";
import { chosenColourPicture } from "./product-selection.ts";

const ID = "0b8e2a4c-1f3d-4c5e-9a7b-6d8e9f0a1b2c";

describe("line limits", () => {
  it("allows at most 99 of one line", () => {
    expect(MAX_LINE_QUANTITY).toBe(99);
  });

  it("limits a line to the stock, at most 99, and to 0 when nothing is in stock", () => {
    expect(maxLineQuantity(3)).toBe(3);
    expect(maxLineQuantity(99)).toBe(99);
    expect(maxLineQuantity(250)).toBe(99);
    expect(maxLineQuantity(0)).toBe(0);
    expect(maxLineQuantity(-4)).toBe(0);
    expect(maxLineQuantity(2.7)).toBe(2);
    expect(maxLineQuantity(Number.NaN)).toBe(0);
  });

  it("names the stock when it limits the line, and the 99 rule otherwise", () => {
    expect(quantityLimitMessage(3, 0)).toBe("Only 3 left in stock");
    expect(quantityLimitMessage(3, 2)).toBe("Only 3 left in stock, and you already have 2 in your cart");
    expect(quantityLimitMessage(0, 0)).toBe("Sorry, this item is out of stock");
    expect(quantityLimitMessage(99, 0)).toBe("You can have at most 99 of one item in your cart");
    expect(quantityLimitMessage(99, 98)).toBe("You can have at most 99 of one item in your cart, and you already have 98");
  });
});

describe("add-to-cart request", () => {
  it("reads a product, options and quantity, with quantity 1 by default (storefront.md section 5)", () => {
    expect(addToCartSchema.parse({ productId: ID, size: "M", colour: "Navy", quantity: 2 })).toEqual({
      productId: ID,
      size: "M",
      colour: "Navy",
      quantity: 2,
    });
    expect(addToCartSchema.parse({ productId: ID })).toEqual({ productId: ID, size: null, colour: null, quantity: 1 });
    expect(addToCartSchema.parse({ productId: ID.toUpperCase(), size: null, colour: null }).productId).toBe(ID);
  });

  it("refuses a quantity that is not a whole number from 1 to 99", () => {
    for (const quantity of [0, -1, 100, 1.5, "2", null, Number.NaN]) {
      const parsed = addToCartSchema.safeParse({ productId: ID, quantity });
      expect(parsed.success, String(quantity)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Quantity must be a whole number from 1 to 99");
    }
    expect(addToCartSchema.safeParse({ productId: ID, quantity: 99 }).success).toBe(true);
  });

  it("refuses a product id that is not an id, with 'Product not found'", () => {
    for (const productId of ["42", "", undefined, 42, `${ID}x`]) {
      const parsed = addToCartSchema.safeParse({ productId });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Product not found");
      expect(parsed.error?.issues[0]?.path).toEqual(["productId"]);
    }
  });

  it("refuses options that are not text or are absurdly long", () => {
    expect(addToCartSchema.safeParse({ productId: ID, size: 42 }).error?.issues[0]?.message).toBe(cartErrors.invalidSize);
    expect(addToCartSchema.safeParse({ productId: ID, colour: "x".repeat(101) }).error?.issues[0]?.message).toBe(
      cartErrors.invalidColour,
    );
  });

  it("refuses a body that is not an object", () => {
    expect(addToCartSchema.safeParse(null).success).toBe(false);
    expect(addToCartSchema.safeParse([ID]).success).toBe(false);
  });
});

describe("quantity update request", () => {
  it("takes a whole number from 1 to 99", () => {
    expect(lineQuantitySchema.parse({ quantity: 5 })).toEqual({ quantity: 5 });
    for (const quantity of [0, 100, 2.5, undefined, "3"]) {
      expect(lineQuantitySchema.safeParse({ quantity }).error?.issues[0]?.message).toBe(cartErrors.invalidQuantity(99));
    }
  });
});

describe("guest lines (storefront.md section 3 'Guest cart item')", () => {
  const stored = {
    product_id: ID,
    quantity: 2,
    selected_size: "M",
    selected_color: null,
    created_at: "2026-06-01T00:00:00.000Z",
  };

  it("reads the guest cart's own field names, and what parseGuestCart produces", () => {
    expect(guestLinesSchema.parse([stored])).toEqual([stored]);
    const fromStorage = parseGuestCart(JSON.stringify([stored, { ...stored, selected_size: null, created_at: 7 }]));
    expect(guestLinesSchema.parse(fromStorage)).toEqual(fromStorage);
  });

  it("treats missing options as none and tolerates a missing or odd created_at", () => {
    expect(guestLinesSchema.parse([{ product_id: "p1", quantity: 1 }])).toEqual([
      { product_id: "p1", quantity: 1, selected_size: null, selected_color: null },
    ]);
    expect(guestLinesSchema.parse([{ ...stored, created_at: 12 }])[0]!.created_at).toBeUndefined();
  });

  it("accepts any positive whole quantity up to the ceiling (merging caps it) but nothing else", () => {
    expect(guestLinesSchema.parse([{ ...stored, quantity: 500 }])[0]!.quantity).toBe(500);
    expect(guestLinesSchema.parse([{ ...stored, quantity: GUEST_LINE_QUANTITY_CEILING }])[0]!.quantity).toBe(GUEST_LINE_QUANTITY_CEILING);
    // Beyond it a line's total in pence would no longer be an exact number.
    for (const quantity of [0, -1, 1.5, "2", GUEST_LINE_QUANTITY_CEILING + 1, Number.MAX_SAFE_INTEGER]) {
      expect(guestLinesSchema.safeParse([{ ...stored, quantity }]).error?.issues[0]?.message).toBe(cartErrors.invalidLines);
    }
    expect(guestLinesSchema.safeParse([{ ...stored, product_id: "" }]).success).toBe(false);
  });

  it(`takes at most ${MAX_GUEST_LINES} lines`, () => {
    expect(MAX_GUEST_LINES).toBe(100);
    expect(guestLinesSchema.safeParse(Array.from({ length: 100 }, () => stored)).success).toBe(true);
    const tooMany = guestLinesSchema.safeParse(Array.from({ length: 101 }, () => stored));
    expect(tooMany.error?.issues[0]?.message).toBe("A cart can hold at most 100 different items");
  });

  it("wraps the lines as { lines }", () => {
    expect(guestCartRequestSchema.parse({ lines: [] })).toEqual({ lines: [] });
    expect(guestCartRequestSchema.safeParse({}).error?.issues[0]?.message).toBe(cartErrors.invalidLines);
    expect(guestCartRequestSchema.safeParse("lines").success).toBe(false);
  });
});

describe("size and colour (storefront.md section 5 'Add to cart')", () => {
  const suit = { sizes: ["38R", "40R", "42R"], colors: ["Navy", "Charcoal"] };

  it("accepts an offered size and colour", () => {
    expect(checkSelection(suit, "40R", "Charcoal")).toEqual({ ok: true, size: "40R", colour: "Charcoal" });
  });

  it("asks for a size when the product has any and none is chosen", () => {
    for (const size of [null, "", "  "]) {
      expect(checkSelection(suit, size, "Navy")).toEqual({ ok: false, field: "size", message: "Please select a size before adding to cart" });
    }
    expect(checkSelection(suit, null, null)).toEqual({ ok: false, field: "size", message: cart.selectSize });
  });

  it("asks for a colour when the product has more than one and none is chosen", () => {
    expect(checkSelection(suit, "40R", null)).toEqual({
      ok: false,
      field: "colour",
      message: "Please select a color before adding to cart",
    });
  });

  it("chooses the only colour automatically (storefront.md section 4)", () => {
    expect(checkSelection({ sizes: ["M"], colors: ["Ivory"] }, "M", null)).toEqual({ ok: true, size: "M", colour: "Ivory" });
    // Blank entries and repeats are not colours: this product has exactly one.
    expect(checkSelection({ sizes: [], colors: [" Ivory ", "", "ivory"] }, null, "")).toEqual({ ok: true, size: null, colour: "Ivory" });
  });

  it("needs no size or colour when the product has none", () => {
    expect(checkSelection({ sizes: [], colors: [] }, null, null)).toEqual({ ok: true, size: null, colour: null });
    expect(checkSelection({ sizes: ["", " "], colors: [] }, "", "  ")).toEqual({ ok: true, size: null, colour: null });
  });

  it("refuses a size or colour the product does not offer", () => {
    expect(checkSelection(suit, "52L", "Navy")).toEqual({ ok: false, field: "size", message: "That size is not available for this item" });
    expect(checkSelection(suit, "40R", "Purple")).toEqual({ ok: false, field: "colour", message: "That color is not available for this item" });
    expect(checkSelection({ sizes: [], colors: [] }, "M", null)).toMatchObject({ ok: false, field: "size" });
    expect(checkSelection({ sizes: [], colors: ["Ivory"] }, null, "Black")).toMatchObject({ ok: false, field: "colour" });
  });

  it("matches trimmed and case-insensitively, answering the product's own spelling", () => {
    expect(checkSelection(suit, " 40r ", "navy")).toEqual({ ok: true, size: "40R", colour: "Navy" });
  });
});

describe("Buy Now's refusals (storefront.md section 5 'Buy Now')", () => {
  const suit = { sizes: ["38R", "40R"], colors: ["Navy", "Charcoal"] };

  it("says 'Product not found' for a product that is gone", () => {
    expect(buyNowProblem(null, "40R", "Navy")).toBe("Product not found");
  });

  it("asks for the size first, then the colour, in the checkout variant of the words", () => {
    expect(buyNowProblem(suit, null, null)).toBe("Please select a size before proceeding to checkout");
    expect(buyNowProblem(suit, " ", "Navy")).toBe("Please select a size before proceeding to checkout");
    expect(buyNowProblem(suit, "40R", null)).toBe("Please select a color before proceeding to checkout");
  });

  it("has nothing to say of a full choice, an only colour or an option the product does not offer", () => {
    expect(buyNowProblem(suit, "40r", "navy")).toBeNull();
    expect(buyNowProblem({ sizes: ["M"], colors: ["Ivory"] }, "M", null)).toBeNull();
    expect(buyNowProblem(suit, "52L", "Navy")).toBeNull();
  });
});

describe("cart summary (storefront.md section 2 'Cart')", () => {
  it("adds up available lines; shipping is free", () => {
    const summary = cartSummary([
      { quantity: 2, lineTotal: 2 * 1400, available: true },
      { quantity: 1, lineTotal: 27993, available: true },
      { quantity: 5, lineTotal: 5 * 999, available: false },
    ]);
    expect(summary).toEqual({ itemCount: 3, subtotal: 30793, shipping: 0, total: 30793 });
  });

  it("is all zeros for an empty cart", () => {
    expect(cartSummary([])).toEqual({ itemCount: 0, subtotal: 0, shipping: 0, total: 0 });
  });
});

describe("whether a line can be bought", () => {
  const product = (overrides: Partial<CartProductState> = {}): CartProductState => ({
    isActive: true,
    inStock: true,
    stock: 5,
    sizes: ["S", "M"],
    colors: ["Navy"],
    ...overrides,
  });

  it("is available with the line limit when the product is active, in stock and offers the options", () => {
    expect(assessLine(product(), "m", "", 2)).toEqual({ available: true, size: "M", colour: "Navy", maxQuantity: 5, notice: null });
    expect(assessLine(product({ stock: 400 }), "M", null, 2).maxQuantity).toBe(99);
  });

  it("says so when the quantity is above what is in stock now", () => {
    expect(assessLine(product({ stock: 3 }), "M", "Navy", 4)).toMatchObject({ available: true, maxQuantity: 3, notice: "Only 3 left in stock" });
  });

  it("is unavailable when the product is gone or inactive", () => {
    const gone = { available: false, size: "M", colour: "Navy", maxQuantity: 0, notice: "This item is no longer available" };
    expect(assessLine(null, "M", "Navy", 1)).toEqual(gone);
    expect(assessLine(product({ isActive: false }), "M", "Navy", 1)).toEqual(gone);
  });

  it("is unavailable when out of stock, by flag or by count", () => {
    expect(assessLine(product({ inStock: false }), "M", "Navy", 1)).toMatchObject({ available: false, maxQuantity: 0, notice: cartErrors.outOfStock });
    expect(assessLine(product({ stock: 0 }), "M", "Navy", 1)).toMatchObject({ available: false, notice: cartErrors.outOfStock });
  });

  it("is unavailable when the product no longer offers the size or colour", () => {
    expect(assessLine(product(), "XL", "Navy", 1)).toEqual({ available: false, size: "XL", colour: "Navy", maxQuantity: 0, notice: cartErrors.invalidSize });
    expect(assessLine(product(), "", "", 1)).toEqual({ available: false, size: null, colour: null, maxQuantity: 0, notice: cartErrors.invalidSize });
    expect(assessLine(product({ colors: ["Navy", "Black"] }), "M", "Red", 1)).toMatchObject({ available: false, notice: cartErrors.invalidColour });
  });
});

describe("the lines of an order (issue 10, item 16)", () => {
  const line = (quantity: number, size: string | null = "M", over: Partial<CartLine> = {}): CartLine => ({
    id: `line-${size}`,
    productId: "p1",
    name: "Kaftan",
    category: "kaftans",
    image: null,
    pictureNote: null,
    size,
    colour: "Navy",
    quantity,
    unitPrice: 1_000,
    lineTotal: 1_000 * quantity,
    maxQuantity: 50,
    available: true,
    notice: null,
    ...over,
  });

  it("merges identical lines and refuses their sum above the stock (2 x 50 with 50 in stock)", () => {
    const merged = mergeCheckoutLines([line(50), line(50)], () => 50);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ quantity: 100, lineTotal: 100_000, notice: quantityLimitMessage(50, 0) });
  });

  it("keeps lines within the stock as they are, merged", () => {
    const merged = mergeCheckoutLines([line(20), line(30, "m")], () => 50);
    expect(merged).toEqual([expect.objectContaining({ quantity: 50, lineTotal: 50_000, notice: null })]);
  });

  it("checks one product's sizes together against its stock", () => {
    const merged = mergeCheckoutLines([line(30, "M"), line(30, "L")], () => 50);
    expect(merged).toHaveLength(2);
    expect(merged.every((each) => each.notice === cartErrors.stockLimit(50, 0))).toBe(true);
    expect(mergeCheckoutLines([line(30, "M"), line(20, "L")], () => 50).every((each) => each.notice === null)).toBe(true);
  });
});

describe("a line's picture: its colour's, as on the product page", () => {
  const shirt = ["/p/oxford-shirt-white.jpg", "/p/oxford-shirt-navy.jpg", "/p/oxford-shirt-detail.jpg"];
  const shirtColours = ["White", "Navy", "Sky Blue"];

  it("is the picture of the line's colour when the product has one for it", () => {
    expect(linePicture(shirt, shirtColours, "Navy")).toBe("/p/oxford-shirt-navy.jpg");
    expect(linePicture(shirt, shirtColours, "White")).toBe("/p/oxford-shirt-white.jpg");
  });

  it("matches the colour as the cart does: trimmed and in any case", () => {
    expect(linePicture(shirt, shirtColours, "navy")).toBe("/p/oxford-shirt-navy.jpg");
    expect(linePicture(shirt, [" navy ", "White"], " NAVY ")).toBe("/p/oxford-shirt-navy.jpg");
  });

  it("falls back to the first picture for a colour without its own, no colour, or one the product does not offer", () => {
    expect(linePicture(shirt, shirtColours, "Sky Blue")).toBe(shirt[0]);
    expect(linePicture(shirt, shirtColours, null)).toBe(shirt[0]);
    expect(linePicture(shirt, shirtColours, "")).toBe(shirt[0]);
    expect(linePicture(shirt, shirtColours, "Pink")).toBe(shirt[0]);
    expect(linePicture(shirt, [], "Navy")).toBe(shirt[0]);
    // Photos that say nothing about colour: nothing is claimed, the first picture shows.
    expect(linePicture(["https://ae01.alicdn.com/kf/H8f2a.jpg", "https://ae01.alicdn.com/kf/Hc91b.jpg"], ["Black", "White"], "White")).toBe(
      "https://ae01.alicdn.com/kf/H8f2a.jpg",
    );
  });

  it("is null for a product without pictures", () => {
    expect(linePicture([], shirtColours, "Navy")).toBeNull();
    expect(linePicture([], [], null)).toBeNull();
  });

  it("follows the seed catalogue's numbered layout: the second colour is image 3", () => {
    const kensington = [1, 2, 3].map((n) => `/images/products/kensington-navy-two-piece-suit-${n}.svg`);
    expect(linePicture(kensington, ["Navy", "Charcoal"], "charcoal")).toBe(kensington[2]);
    expect(linePicture(kensington, ["Navy", "Charcoal"], "Navy")).toBe(kensington[0]);
  });

  it("shows what the product page shows when that colour is chosen", () => {
    const watch = ["/p/watch-1.svg", "/p/watch-2.svg", "/p/watch-3.svg"];
    const watchColours = ["Silver", "Gold", "Black"];
    for (const colour of watchColours) {
      const onPage = chosenColourPicture(watch, watchColours, colour, 0);
      expect(linePicture(watch, watchColours, colour.toLowerCase())).toBe(watch[onPage.kind === "own-image" ? onPage.imageIndex : 0]);
    }
  });
});

describe("a line's picture note: what the picture does not show", () => {
  const watch = ["/p/watch-1.svg", "/p/watch-2.svg", "/p/watch-3.svg"];
  const watchColours = ["Silver", "Gold", "Black", "Navy"];

  it("names the colour without a photo and the colour the picture shows, as the product page does", () => {
    expect(linePictureNote(watch, watchColours, "navy")).toBe(productPageCopy.noPhotoOfColour("Navy", "Silver"));
    expect(linePictureNote(watch, watchColours, "Navy")).toBe("No photo of Navy yet: the picture shows Silver.");
  });

  it("says nothing when the picture is the colour's own, or there is no colour or no picture", () => {
    expect(linePictureNote(watch, watchColours, "Gold")).toBeNull();
    expect(linePictureNote(watch, watchColours, "Silver")).toBeNull();
    expect(linePictureNote(watch, watchColours, null)).toBeNull();
    expect(linePictureNote(watch, watchColours, "Pink")).toBeNull();
    expect(linePictureNote([], watchColours, "Navy")).toBeNull();
  });
});
