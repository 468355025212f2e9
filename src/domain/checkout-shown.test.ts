import { describe, expect, it } from "vitest";
import { changeSinceShown, linesFingerprint, type ShownLine } from "./checkout-shown.ts";

const suit: ShownLine = { productId: "5f0c8a8e-0000-4000-8000-000000000001", size: "40R", colour: "Navy", quantity: 1, unitPrice: 14_000 };
const tie: ShownLine = { productId: "5f0c8a8e-0000-4000-8000-000000000002", size: null, colour: "Burgundy", quantity: 2, unitPrice: 1_400 };

describe("linesFingerprint", () => {
  it("is sixteen hex digits, the same for the same lines in any order", () => {
    expect(linesFingerprint([suit, tie])).toMatch(/^[0-9a-f]{16}$/);
    expect(linesFingerprint([tie, suit])).toBe(linesFingerprint([suit, tie]));
  });

  it("counts the same product, size and colour in two lines as one line, as the server merges them, whatever the case of the options", () => {
    expect(linesFingerprint([{ ...suit, quantity: 1 }, { ...suit, size: "40r", quantity: 2 }])).toBe(linesFingerprint([{ ...suit, quantity: 3 }]));
  });

  it("changes with each of product, size, colour, quantity and unit price", () => {
    const shown = linesFingerprint([suit]);
    for (const other of [
      { ...suit, productId: tie.productId },
      { ...suit, size: "42R" },
      { ...suit, colour: "Charcoal" },
      { ...suit, quantity: 2 },
      { ...suit, unitPrice: 19_000 },
    ]) {
      expect(linesFingerprint([other])).not.toBe(shown);
    }
    expect(linesFingerprint([suit, tie])).not.toBe(shown);
  });

  it("keeps its first half, the cart's items, when only prices change", () => {
    const shown = linesFingerprint([suit, tie]);
    const repriced = linesFingerprint([{ ...suit, unitPrice: 19_000 }, tie]);
    expect(repriced.slice(0, 8)).toBe(shown.slice(0, 8));
    expect(repriced.slice(8)).not.toBe(shown.slice(8));
  });
});

describe("changeSinceShown", () => {
  const shown = { expectedTotalPence: 14_000, linesFingerprint: linesFingerprint([suit]) };

  it("finds nothing when the order priced now is what the page showed", () => {
    expect(changeSinceShown(shown, [suit], 14_000)).toBeNull();
  });

  it("names a price change (the markup raised: £140 shown, £190 now)", () => {
    expect(changeSinceShown(shown, [{ ...suit, unitPrice: 19_000 }], 19_000)).toBe("prices");
  });

  it("names a cart change (a line added in another tab), before any price change", () => {
    expect(changeSinceShown(shown, [suit, tie], 16_800)).toBe("cart");
    expect(changeSinceShown(shown, [{ ...suit, unitPrice: 19_000, quantity: 2 }], 38_000)).toBe("cart");
  });

  it("names a total that moved on the same lines (the shipping or a code's value), either way: a lower total is not what was shown either", () => {
    expect(changeSinceShown(shown, [suit], 14_950)).toBe("total");
    expect(changeSinceShown(shown, [suit], 12_600)).toBe("total");
  });

  it("compares only what the request sent: an older page sends neither and is priced as before", () => {
    expect(changeSinceShown({}, [{ ...suit, unitPrice: 19_000 }], 19_000)).toBeNull();
    expect(changeSinceShown({ expectedTotalPence: null, linesFingerprint: null }, [suit, tie], 16_800)).toBeNull();
    expect(changeSinceShown({ expectedTotalPence: 14_000 }, [{ ...suit, unitPrice: 19_000 }], 19_000)).toBe("total");
    expect(changeSinceShown({ linesFingerprint: shown.linesFingerprint }, [suit], 14_950)).toBeNull();
  });
});
