import { describe, expect, it } from "vitest";
import {
  GUEST_CART_KEY,
  addToGuestCart,
  cartBadgeText,
  guestCartCount,
  guestItemLineId,
  guestLineId,
  hasRoomForGuestLine,
  parseGuestCart,
  removeFromGuestCart,
  removePaidFromGuestCart,
  updateGuestCartQuantity,
  type GuestCartItem,
} from "./guest-cart.ts";

const now = new Date("2026-06-15T12:00:00.000Z");
const line = (overrides: Partial<GuestCartItem> = {}): GuestCartItem => ({
  product_id: "p1",
  quantity: 1,
  selected_size: "M",
  selected_color: "Navy",
  created_at: "2026-06-01T00:00:00.000Z",
  ...overrides,
});

describe("guest cart storage (storefront.md section 3)", () => {
  it("is kept under the key guestCart", () => {
    expect(GUEST_CART_KEY).toBe("guestCart");
  });
});

describe("guestLineId", () => {
  it("joins guest, product, size and colour", () => {
    expect(guestLineId("p1", "M", "Navy")).toBe("guest-p1-M-Navy");
  });

  it("uses no-size and no-color when they are missing or empty", () => {
    expect(guestLineId("p1", null, null)).toBe("guest-p1-no-size-no-color");
    expect(guestLineId("p1", "", "")).toBe("guest-p1-no-size-no-color");
    expect(guestLineId("p1", "L", null)).toBe("guest-p1-L-no-color");
    expect(guestLineId("p1", null, "Black")).toBe("guest-p1-no-size-Black");
  });

  it("tells apart lines that differ in size or colour", () => {
    const ids = new Set([
      guestLineId("p1", "M", "Navy"),
      guestLineId("p1", "L", "Navy"),
      guestLineId("p1", "M", "Black"),
      guestLineId("p2", "M", "Navy"),
    ]);
    expect(ids.size).toBe(4);
  });

  it("derives the id of a stored item", () => {
    expect(guestItemLineId(line())).toBe("guest-p1-M-Navy");
  });
});

describe("cartBadgeText (storefront.md section 2: 9+ above 9)", () => {
  it.each([
    [0, ""],
    [-1, ""],
    [1, "1"],
    [8, "8"],
    [9, "9"],
    [10, "9+"],
    [99, "9+"],
    [Number.NaN, ""],
  ])("%s items show %j", (count, text) => {
    expect(cartBadgeText(count)).toBe(text);
  });
});

describe("addToGuestCart (storefront.md section 4 Cart)", () => {
  it("adds a new line with the time it was added", () => {
    expect(addToGuestCart([], { product_id: "p1", quantity: 1, selected_size: "M", selected_color: "Navy" }, now)).toEqual([
      line({ created_at: now.toISOString() }),
    ]);
  });

  it("increases the quantity of an identical line", () => {
    const items = [line({ quantity: 2 })];
    const result = addToGuestCart(items, { product_id: "p1", quantity: 3, selected_size: "M", selected_color: "Navy" }, now);
    expect(result).toEqual([line({ quantity: 5 })]);
    expect(items[0]?.quantity).toBe(2); // input untouched
  });

  it("creates a new line when size or colour differs", () => {
    const items = [line()];
    expect(addToGuestCart(items, { product_id: "p1", quantity: 1, selected_size: "L", selected_color: "Navy" }, now)).toHaveLength(2);
    expect(addToGuestCart(items, { product_id: "p1", quantity: 1, selected_size: "M", selected_color: null }, now)).toHaveLength(2);
  });

  it("treats an empty size or colour as none", () => {
    const items = [line({ selected_size: null, selected_color: null })];
    const result = addToGuestCart(items, { product_id: "p1", quantity: 1, selected_size: "", selected_color: "" }, now);
    expect(result).toEqual([line({ selected_size: null, selected_color: null, quantity: 2 })]);
  });

  it("adds at least one item", () => {
    const result = addToGuestCart([], { product_id: "p1", quantity: 0, selected_size: null, selected_color: null }, now);
    expect(result[0]?.quantity).toBe(1);
    const nan = addToGuestCart([], { product_id: "p1", quantity: Number.NaN, selected_size: null, selected_color: null }, now);
    expect(nan[0]?.quantity).toBe(1);
  });
});

describe("updateGuestCartQuantity", () => {
  const items = [line(), line({ product_id: "p2" })];
  const id = "guest-p1-M-Navy";

  it("sets the quantity of one line", () => {
    expect(updateGuestCartQuantity(items, id, 4)).toEqual([line({ quantity: 4 }), line({ product_id: "p2" })]);
    expect(updateGuestCartQuantity(items, id, 1)).toEqual(items);
  });

  it("removes the line at 0 or less (storefront.md section 4)", () => {
    expect(updateGuestCartQuantity(items, id, 0)).toEqual([line({ product_id: "p2" })]);
    expect(updateGuestCartQuantity(items, id, -1)).toEqual([line({ product_id: "p2" })]);
    expect(updateGuestCartQuantity(items, id, 0.5)).toEqual([line({ product_id: "p2" })]);
  });

  it("changes nothing for a quantity that is not a number", () => {
    expect(updateGuestCartQuantity(items, id, Number.NaN)).toEqual(items);
  });
});

describe("removeFromGuestCart and guestCartCount", () => {
  it("removes only the given line", () => {
    const items = [line(), line({ selected_size: "L" })];
    expect(removeFromGuestCart(items, "guest-p1-L-Navy")).toEqual([line()]);
    expect(removeFromGuestCart(items, "guest-unknown")).toEqual(items);
  });

  it("counts items, not lines", () => {
    expect(guestCartCount([])).toBe(0);
    expect(guestCartCount([line({ quantity: 2 }), line({ product_id: "p2", quantity: 3 })])).toBe(5);
  });
});

describe("parseGuestCart", () => {
  it("reads what was stored", () => {
    const items = [line(), line({ product_id: "p2", selected_size: null, selected_color: null })];
    expect(parseGuestCart(JSON.stringify(items))).toEqual(items);
  });

  it("gives an empty cart for nothing or junk", () => {
    expect(parseGuestCart(null)).toEqual([]);
    expect(parseGuestCart(undefined)).toEqual([]);
    expect(parseGuestCart("")).toEqual([]);
    expect(parseGuestCart("{not json")).toEqual([]);
    expect(parseGuestCart('{"product_id":"p1"}')).toEqual([]);
  });

  it("drops lines that are not valid and repairs optional fields", () => {
    const stored = JSON.stringify([
      line(),
      { product_id: "", quantity: 1 },
      { product_id: "p3", quantity: 0 },
      { product_id: "p4", quantity: 1.5 },
      { product_id: "p5", quantity: "2" },
      { product_id: "p6", quantity: 2, selected_size: 42 },
    ]);
    expect(parseGuestCart(stored)).toEqual([
      line(),
      { product_id: "p6", quantity: 2, selected_size: null, selected_color: null, created_at: "" },
    ]);
  });
});

describe("a paid checkout leaves the guest cart (issue 15, item 2)", () => {
  const line = (product_id: string, quantity: number, selected_size: string | null = "M", selected_color: string | null = "Navy") => ({
    product_id,
    quantity,
    selected_size,
    selected_color,
    created_at: "2026-01-01T00:00:00.000Z",
  });

  it("takes the paid quantities out, line by line, and drops lines left at nothing", () => {
    const cart = [line("a", 2), line("b", 1, null, null), line("c", 1)];
    expect(removePaidFromGuestCart(cart, [line("a", 2), line("b", 1, null, null)])).toEqual([line("c", 1)]);
  });

  it("keeps what was added after checkout and never leaves a paid item behind", () => {
    // Raised from 1 to 3 after checkout: 2 stay. Lowered from 2 to 1: the line goes.
    const cart = [line("a", 3), line("b", 1), line("a", 1, "L")];
    expect(removePaidFromGuestCart(cart, [line("a", 1), line("b", 2)])).toEqual([line("a", 2), line("a", 1, "L")]);
  });

  it("changes nothing when the paid lines are already gone (the other tab's payment)", () => {
    const cart = [line("z", 1)];
    expect(removePaidFromGuestCart(cart, [line("a", 1)])).toEqual(cart);
    expect(removePaidFromGuestCart([], [line("a", 1)])).toEqual([]);
  });

  it("reads an empty size or colour as none, like the line id", () => {
    expect(removePaidFromGuestCart([line("a", 1, null, null)], [line("a", 1, "", "")])).toEqual([]);
  });
});

describe("hasRoomForGuestLine (a cart of at most 100 different lines)", () => {
  const full = Array.from({ length: 100 }, (_, index) => line({ selected_size: `S${index}` }));
  it("takes a new line below 100, and more of a line it has at 100, but no 101st line", () => {
    expect(hasRoomForGuestLine(full.slice(1), guestLineId("p1", "new", "Navy"))).toBe(true);
    expect(hasRoomForGuestLine(full, guestItemLineId(full[42]!))).toBe(true);
    expect(hasRoomForGuestLine(full, guestLineId("p1", "new", "Navy"))).toBe(false);
  });
});
