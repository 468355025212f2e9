import { describe, expect, it } from "vitest";
import { displaySummary } from "./display-summary.ts";
import { displayLineTotal, formatGbp, formatMinor, formatMoney } from "./money.ts";
import { orderTotals } from "./order-totals.ts";

// The pence totals the checkout page gives displaySummary for these lines.
const pence = (lines: readonly { unitPrice: number; quantity: number }[], discount: number, shipping: number) =>
  orderTotals(lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0), discount, shipping);

describe("displaySummary (the cart's and checkout's figures in the display currency)", () => {
  // The checkout of 1 x £26.60, 2 x £49.00 and 1 x £25.20 with a 12.5% code (£18.73 off £149.80).
  const lines = [
    { unitPrice: 2660, quantity: 1 },
    { unitPrice: 4900, quantity: 2 },
    { unitPrice: 2520, quantity: 1 },
  ];

  it("adds up in cedis: subtotal less discount plus shipping is the total shown", () => {
    const shown = displaySummary(lines, pence(lines, 1873, 0), "GHS", 12.5);
    expect(shown).toEqual({ subtotal: 187250, discount: 23413, shipping: 0, total: 163837 });
    expect([shown.subtotal, shown.discount, shown.total].map((minor) => formatMinor(minor, "GHS"))).toEqual(["₵1,872.50", "₵234.13", "₵1,638.37"]);
    // With Japan's express shipping (£19.50) the column still adds up to the pesewa.
    const japan = displaySummary(lines, pence(lines, 1873, 1950), "GHS", 12.5);
    expect(japan.total).toBe(japan.subtotal - japan.discount + japan.shipping);
    expect(formatMinor(japan.total, "GHS")).toBe("₵1,882.12");
  });

  it("makes each line its unit price as shown times the quantity, and the subtotal their sum", () => {
    // £27.99 is ₵349.88 (349.875 rounded up): two of them are shown as ₵699.76, not ₵699.75.
    expect(displayLineTotal(2799, 2, "GHS", 12.5)).toBe(69976);
    expect(formatMoney(2799, "GHS", 12.5)).toBe("₵349.88");
    const twoAndOne = [{ unitPrice: 2799, quantity: 2 }, { unitPrice: 2799, quantity: 1 }];
    const shown = displaySummary(twoAndOne, pence(twoAndOne, 0, 0), "GHS", 12.5);
    expect(shown.subtotal).toBe(69976 + 34988);
    expect(shown.total).toBe(shown.subtotal);
  });

  it("is the pence arithmetic itself in pounds", () => {
    expect(displaySummary(lines, pence(lines, 1873, 1950), "GBP", 12.5)).toEqual({ subtotal: 14980, discount: 1873, shipping: 1950, total: 15057 });
    expect(formatMinor(15057, "GBP")).toBe(formatGbp(15057));
  });

  it("takes the whole subtotal as shown for a discount of the whole goods, never less than nothing", () => {
    const odd = [{ unitPrice: 2799, quantity: 2 }];
    expect(displaySummary(odd, pence(odd, 5598, 0), "GHS", 12.5)).toMatchObject({ discount: 69976, total: 0 });
    expect(displaySummary(odd, pence(odd, 9999, 850), "GHS", 12.5)).toMatchObject({ discount: 69976, total: 10625 });
  });
});
