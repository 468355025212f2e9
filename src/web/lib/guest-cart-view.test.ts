import { describe, expect, it } from "vitest";
import type { CartLine, CartView } from "../../domain/cart.ts";
import { guestLineId, type GuestCartItem } from "../../domain/guest-cart.ts";
import { withHeldQuantities } from "./guest-cart-view.ts";

const line = (productId: string, quantity: number, available = true): CartLine => ({
  id: guestLineId(productId, "M", "Navy"),
  productId,
  name: productId,
  category: "suits",
  image: null,
  pictureNote: null,
  size: "M",
  colour: "Navy",
  quantity,
  unitPrice: 1000,
  lineTotal: 1000 * quantity,
  maxQuantity: available ? 10 : 0,
  available,
  notice: null,
});
const item = (productId: string, quantity: number): GuestCartItem => ({ product_id: productId, quantity, selected_size: "M", selected_color: "Navy", created_at: "" });
const priced: CartView = { lines: [line("a", 2), line("gone", 1, false)], summary: { itemCount: 2, subtotal: 2000, shipping: 0, total: 2000 } };

describe("withHeldQuantities", () => {
  it("shows each priced line at the quantity held now, keeping the last prices until the new answer", () => {
    const shown = withHeldQuantities(priced, [item("a", 3), item("gone", 1)]);
    expect(shown.lines.map((l) => [l.productId, l.quantity, l.lineTotal])).toEqual([
      ["a", 3, 2000],
      ["gone", 1, 1000],
    ]);
    expect(shown.summary).toBe(priced.summary);
  });

  it("leaves out a line no longer held, and keeps an unchanged line as it was", () => {
    const shown = withHeldQuantities(priced, [item("a", 2)]);
    expect(shown.lines).toEqual([priced.lines[0]]);
    expect(shown.lines[0]).toBe(priced.lines[0]);
  });

  it("counts a second press from the first: + then - from 2 is 2, not 1", () => {
    // What the stepper sends is the quantity shown, plus or minus one.
    let held = [item("a", 2), item("gone", 1)];
    const press = (step: number) => {
      const shown = withHeldQuantities(priced, held).lines.find((l) => l.productId === "a")!;
      held = held.map((i) => (i.product_id === "a" ? { ...i, quantity: shown.quantity + step } : i));
    };
    press(+1);
    press(-1);
    expect(held.find((i) => i.product_id === "a")?.quantity).toBe(2);
  });
});
