// The cart's and checkout's summary in the display currency (storefront.md section 9 "Pricing").
// Apart from money.ts so only the checkout page loads it.
import { convertFromGbp, displayLineTotal, type Currency } from "./money.ts";

export type DisplaySummary = { subtotal: number; discount: number; shipping: number; total: number };

/**
 * An order summary (cart, checkout) in the minor units of the display currency, built so that the
 * figures a shopper reads add up: each line is its unit price as shown times its quantity, the
 * subtotal their sum, the total the subtotal less the discount plus shipping. Converting every
 * figure on its own rounds each to the pesewa apart, and the column then missed by a pesewa
 * (subtotal ₵1,872.50 less ₵234.13 "totalling" ₵1,638.38). In pounds these are the pence sums
 * themselves; in cedis a figure may differ from converting its pound amount by a pesewa or two,
 * within the estimate the pages announce.
 */
export function displaySummary(
  lines: readonly { unitPrice: number; quantity: number }[],
  discountPence: number,
  shippingPence: number,
  currency: Currency,
  exchangeRate: number,
): DisplaySummary {
  let subtotal = 0;
  let poundSubtotal = 0;
  for (const line of lines) {
    subtotal += displayLineTotal(line.unitPrice, line.quantity, currency, exchangeRate);
    poundSubtotal += line.unitPrice * line.quantity;
  }
  // A discount of the whole goods (100%, or a fixed amount above them) takes the whole subtotal as shown.
  const discount = discountPence >= poundSubtotal ? subtotal : Math.min(convertFromGbp(discountPence, currency, exchangeRate), subtotal);
  const shipping = convertFromGbp(shippingPence, currency, exchangeRate);
  return { subtotal, discount, shipping, total: subtotal - discount + shipping };
}
