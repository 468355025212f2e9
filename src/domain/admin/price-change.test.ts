import { describe, expect, it } from "vitest";
import { priceWithMarkup } from "../markup.ts";
import { convertFromGbp, DEFAULT_PRICE_SETTINGS } from "../money.ts";
import { adminSettings as texts } from "../messages/admin-settings.ts";
import { describePriceChange, largePriceChange, previewPriceChange, repricesShop, shopperPrice, type PriceRule } from "./price-change.ts";

const TODAY: PriceRule = { markupPercent: DEFAULT_PRICE_SETTINGS.markupPercent, exchangeRate: DEFAULT_PRICE_SETTINGS.exchangeRate };
const SUIT = { id: "suit", name: "Kensington Navy Two-Piece Suit", basePence: 19_900 };
const TIE = { id: "tie", name: "Silk Knitted Tie", basePence: 1_250 };

describe("shopperPrice", () => {
  it("is the storefront's price: the markup on the base price, and that price at the rate in cedis", () => {
    expect(shopperPrice(SUIT.basePence, TODAY)).toEqual({ gbp: 27_860, ghs: 348_250 });
    for (const base of [1, 999, 12_345, 19_900]) {
      const gbp = priceWithMarkup(base, 37.5);
      expect(shopperPrice(base, { markupPercent: 37.5, exchangeRate: 15.0625 })).toEqual({ gbp, ghs: convertFromGbp(gbp, "GHS", 15.0625) });
    }
  });
});

describe("repricesShop", () => {
  it("is the markup or the rate changing, nothing else", () => {
    expect(repricesShop(TODAY, { ...TODAY })).toBe(false);
    expect(repricesShop(TODAY, { ...TODAY, markupPercent: 400 })).toBe(true);
    expect(repricesShop(TODAY, { ...TODAY, exchangeRate: 13 })).toBe(true);
  });
});

describe("largePriceChange", () => {
  it("flags prices in pounds more than doubling or falling below half", () => {
    // 40% to 400%: every price x 500/140.
    expect(largePriceChange(TODAY, { ...TODAY, markupPercent: 400 })).toEqual({ direction: "up", currency: "GBP" });
    // x 2 exactly is a doubling, not more than one.
    expect(largePriceChange({ ...TODAY, markupPercent: 0 }, { ...TODAY, markupPercent: 100 })).toBeNull();
    expect(largePriceChange({ ...TODAY, markupPercent: 0 }, { ...TODAY, markupPercent: 100.01 })).toEqual({ direction: "up", currency: "GBP" });
    expect(largePriceChange({ ...TODAY, markupPercent: 250 }, { ...TODAY, markupPercent: 40 })).toEqual({ direction: "down", currency: "GBP" });
    expect(largePriceChange(TODAY, { ...TODAY, markupPercent: 4 })).toBeNull();
  });

  it("flags prices in cedis alone when only the rate moves that far", () => {
    expect(largePriceChange(TODAY, { ...TODAY, exchangeRate: 125 })).toEqual({ direction: "up", currency: "GHS" });
    expect(largePriceChange(TODAY, { ...TODAY, exchangeRate: 1.25 })).toEqual({ direction: "down", currency: "GHS" });
    expect(largePriceChange(TODAY, { ...TODAY, exchangeRate: 15 })).toBeNull();
    // A new markup and a rate that cancel out in cedis still more than double the prices in pounds.
    expect(largePriceChange(TODAY, { markupPercent: 400, exchangeRate: 3.5 })).toEqual({ direction: "up", currency: "GBP" });
  });
});

describe("previewPriceChange", () => {
  const catalogue = { groups: [{ basePence: SUIT.basePence, products: 3 }, { basePence: TIE.basePence, products: 2 }, { basePence: 0, products: 1 }], examples: [SUIT, TIE] };

  it("counts the active products whose price changes and prices the examples before and after", () => {
    const preview = previewPriceChange(TODAY, { ...TODAY, markupPercent: 400 }, catalogue);
    expect(preview).toEqual({
      markupPercent: { before: 40, after: 400 },
      exchangeRate: null,
      activeProducts: 6,
      // The free product costs nothing at any markup.
      changedProducts: 5,
      examples: [
        { id: "suit", name: SUIT.name, before: { gbp: 27_860, ghs: 348_250 }, after: { gbp: 99_500, ghs: 1_243_750 } },
        { id: "tie", name: TIE.name, before: { gbp: 1_750, ghs: 21_875 }, after: { gbp: 6_250, ghs: 78_125 } },
      ],
      large: { direction: "up", currency: "GBP" },
    });
  });

  it("counts a product whose price rounds to the same penny as unchanged", () => {
    // 1p at 40% and at 40.01% are both 1p.
    const preview = previewPriceChange(TODAY, { ...TODAY, markupPercent: 40.01 }, { groups: [{ basePence: 1, products: 4 }, { basePence: SUIT.basePence, products: 1 }], examples: [] });
    expect(preview).toMatchObject({ activeProducts: 5, changedProducts: 1, large: null });
  });

  it("a new rate changes the prices in cedis", () => {
    const preview = previewPriceChange(TODAY, { ...TODAY, exchangeRate: 16 }, catalogue);
    expect(preview).toMatchObject({ markupPercent: null, exchangeRate: { before: 12.5, after: 16 }, changedProducts: 5, large: null });
    expect(preview.examples[0]).toEqual({ id: "suit", name: SUIT.name, before: { gbp: 27_860, ghs: 348_250 }, after: { gbp: 27_860, ghs: 445_760 } });
  });
});

describe("describePriceChange", () => {
  const catalogue = { groups: [{ basePence: SUIT.basePence, products: 102 }, { basePence: TIE.basePence, products: 1 }], examples: [SUIT, TIE] };

  it("says the new markup, how many products it reprices, the examples in pounds and the warning", () => {
    expect(describePriceChange(previewPriceChange(TODAY, { ...TODAY, markupPercent: 400 }, catalogue))).toEqual({
      changes: ["Markup: 40% → 400%"],
      affected: "Prices change for all 103 active products, on every page of the shop, in shoppers' carts and at checkout.",
      examples: ["Kensington Navy Two-Piece Suit: £278.60 → £995.00", "Silk Knitted Tie: £17.50 → £62.50"],
      warning: "A large change: prices in pounds more than double. Check the figures for a typo before you confirm.",
    });
  });

  it("a new rate alone is said in cedis, and the pounds are said to stay", () => {
    expect(describePriceChange(previewPriceChange(TODAY, { ...TODAY, exchangeRate: 1.25 }, catalogue))).toEqual({
      changes: ["GBP to GHS rate: 12.5 → 1.25"],
      affected: "Prices in cedis (GHS) change for all 103 active products. Prices in pounds, and what Stripe charges, stay as they are.",
      examples: ["Kensington Navy Two-Piece Suit: ₵3,482.50 → ₵348.25", "Silk Knitted Tie: ₵218.75 → ₵21.88"],
      warning: texts.largePriceChange("down", "GHS"),
    });
  });

  it("both at once: both changes, and each example in pounds and in cedis", () => {
    const said = describePriceChange(previewPriceChange(TODAY, { markupPercent: 50, exchangeRate: 13 }, catalogue));
    expect(said.changes).toEqual(["Markup: 40% → 50%", "GBP to GHS rate: 12.5 → 13"]);
    expect(said.examples[0]).toBe("Kensington Navy Two-Piece Suit: £278.60 → £298.50 (₵3,482.50 → ₵3,880.50)");
    expect(said.warning).toBeNull();
  });

  it("says how many of the active products change when some do not, and when the shop has none", () => {
    const some = previewPriceChange(TODAY, { ...TODAY, markupPercent: 40.01 }, { groups: [{ basePence: 1, products: 4 }, { basePence: SUIT.basePence, products: 1 }], examples: [] });
    expect(describePriceChange(some).affected).toBe("Prices change for 1 of the 5 active products, on every page of the shop, in shoppers' carts and at checkout.");
    expect(describePriceChange(previewPriceChange(TODAY, { ...TODAY, markupPercent: 45 }, { groups: [], examples: [] })).affected).toBe(texts.pricesAffected(0, 0, false));
  });
});
