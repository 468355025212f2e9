// The cart's and checkout's summary in the display currency (storefront.md section 9 "Pricing").
// Apart from money.ts so only the checkout page loads it.
import { convertFromGbp, displayLineTotal, type Currency } from "./money.ts";
import { orderTotals, type OrderTotals } from "./order-totals.ts";

/**
 * An order's totals (`pence`, from orderTotals over the same lines) in the minor units of the
 * display currency, built so that the figures a shopper reads add up: each line is its unit price
 * as shown times its quantity, the subtotal their sum, the total the subtotal less the discount
 * plus shipping. Converting every figure on its own rounds each to the pesewa apart, and the
 * column then missed by a pesewa (subtotal ₵1,872.50 less ₵234.13 "totalling" ₵1,638.38). In
 * pounds these are the pence totals themselves; in cedis a figure may differ from converting its
 * pound amount by a pesewa or two, within the estimate the pages announce.
 */
export function displaySummary(
  lines: readonly { unitPrice: number; quantity: number }[],
  pence: OrderTotals,
  currency: Currency,
  exchangeRate: number,
): OrderTotals {
  const subtotal = lines.reduce((sum, line) => sum + displayLineTotal(line.unitPrice, line.quantity, currency, exchangeRate), 0);
  // A discount of the whole goods (100%, or a fixed amount above them) takes the whole subtotal as shown.
  const discount = pence.discount >= pence.subtotal ? subtotal : convertFromGbp(pence.discount, currency, exchangeRate);
  return orderTotals(subtotal, discount, convertFromGbp(pence.shipping, currency, exchangeRate));
}
