// An admin's refund of a paid order (decision 035): how much may still go back, what a request
// must say, and the payment status it leaves. Pure; the server applies it under the order's lock.
import { adminRefunds } from "../messages/admin.ts";
import { formatGbp } from "../money.ts";
import { isNegativePounds, poundsToPence } from "../pounds-input.ts";
import type { Refusal } from "../refusal.ts";

export const REFUND_REASON_MAX_LENGTH = 500;

/** Payment states that still hold money the shop could give back. */
const REFUNDABLE_STATUSES = ["paid", "partially_refunded"] as const;

export type RefundableOrder = { paymentStatus: string; totalAmountPence: number; refundedPence: number };

export function isRefundable(order: RefundableOrder): boolean {
  return (REFUNDABLE_STATUSES as readonly string[]).includes(order.paymentStatus) && refundableRemainder(order) > 0;
}

/** What can still be given back: what was paid less what was refunded (or reserved) already. */
export function refundableRemainder(order: Pick<RefundableOrder, "totalAmountPence" | "refundedPence">): number {
  return Math.max(0, order.totalAmountPence - order.refundedPence);
}

/** The payment status once `refundedPence` of `totalAmountPence` has gone back. */
export function paymentStatusAfterRefund(totalAmountPence: number, refundedPence: number): "refunded" | "partially_refunded" {
  return refundedPence >= totalAmountPence ? "refunded" : "partially_refunded";
}

/** `refundedQuantity`: units earlier refunds (succeeded or still pending) covered, back in stock or not; `name`: the product's, as ordered. */
export type OrderLine = { id: string; name: string; quantity: number; restockedQuantity: number; refundedQuantity: number };
export type RestockLine = { itemId: string; quantity: number };

/** What a refund covered: units per line (whether or not they went back to stock) and shipping. */
export type RefundCovered = { lines: RestockLine[]; shipping: boolean };

/** What the admin asked for, before the order is looked at. `units` and `shipping` may be left out (the older contract). */
export type RefundInput = { amount: unknown; reason: unknown; restock: unknown; units?: unknown; shipping?: unknown };
/** `units`: null when not sent; then the restocked units are what the refund covers. */
export type RefundRequest = { amountPence: number; reason: string; restock: "all" | "none" | RestockLine[]; units: RestockLine[] | null; shipping: boolean };

/** The field of the refund form a refusal is about, so the form can mark it. */
export type RefundField = "amount" | "reason";

export type RefundInputCheck = { ok: true; request: RefundRequest } | { ok: false; message: string; field?: RefundField };

/**
 * A refund's amount as typed or sent: the one rule for the order page's dialog and the server, so
 * the dialog never offers to refund an amount the server then refuses ("1.005" is not £1.01).
 */
export function readRefundAmount(value: unknown): { ok: true; pence: number } | { ok: false; message: string } {
  const amount = typeof value === "number" || typeof value === "string" ? value : null;
  if (amount === null || String(amount).trim() === "" || isNegativePounds(amount)) return { ok: false, message: adminRefunds.amountInvalid };
  // A readable amount of more than 0 with a third decimal ("1.001") or in another notation ("1e3")
  // is refused for its format: "more than £0.00" would not say what is wrong with it.
  const pence = poundsToPence(amount, { wholePennies: true });
  if (pence === null) return { ok: false, message: adminRefunds.amountFormat };
  if (pence <= 0) return { ok: false, message: adminRefunds.amountInvalid };
  return { ok: true, pence };
}

/** A refund's reason, trimmed; shared by the dialog and the server like the amount. */
export function readRefundReason(value: unknown): { ok: true; reason: string } | { ok: false; message: string } {
  const reason = typeof value === "string" ? value.trim() : "";
  if (reason === "") return { ok: false, message: adminRefunds.reasonRequired };
  if (reason.length > REFUND_REASON_MAX_LENGTH) return { ok: false, message: adminRefunds.reasonTooLong(REFUND_REASON_MAX_LENGTH) };
  return { ok: true, reason };
}

/** A list of `{ itemId, quantity }` (quantities whole, 0 or more; 0 is left out), or null when it is not one. */
function readLines(value: unknown): RestockLine[] | null {
  if (!Array.isArray(value) || value.length > 200) return null;
  const lines: RestockLine[] = [];
  for (const entry of value as unknown[]) {
    const line = entry as { itemId?: unknown; quantity?: unknown } | null;
    const quantity = typeof line?.quantity === "string" && /^\d+$/.test(line.quantity.trim()) ? Number(line.quantity) : line?.quantity;
    if (!line || typeof line.itemId !== "string" || typeof quantity !== "number" || !Number.isSafeInteger(quantity) || quantity < 0) return null;
    if (quantity > 0) lines.push({ itemId: line.itemId, quantity });
  }
  return lines;
}

/**
 * Reads `{ amount, reason, restock, units?, shipping? }`: amount in pounds as the form shows it
 * ("12.50", 12.5), a reason, restock as true (every line not yet back in stock, or with `units`
 * the chosen units not yet back), false, or a list of `{ itemId, quantity }`; `units` the units
 * refunded per line as such a list, and `shipping` true when the refund covers shipping.
 */
export function readRefundInput(input: RefundInput): RefundInputCheck {
  const amount = readRefundAmount(input.amount);
  if (!amount.ok) return { ok: false, message: amount.message, field: "amount" };
  const amountPence = amount.pence;
  const reason = readRefundReason(input.reason);
  if (!reason.ok) return { ok: false, message: reason.message, field: "reason" };
  const units = input.units === undefined || input.units === null ? null : readLines(input.units);
  if (units === null && input.units !== undefined && input.units !== null) return { ok: false, message: adminRefunds.unitsInvalid };
  if (input.shipping !== undefined && input.shipping !== null && typeof input.shipping !== "boolean") return { ok: false, message: adminRefunds.shippingNotBoolean };
  const request = { amountPence, reason: reason.reason, units, shipping: input.shipping === true };
  if (input.restock === undefined || input.restock === null || input.restock === false) return { ok: true, request: { ...request, restock: "none" } };
  if (input.restock === true) return { ok: true, request: { ...request, restock: "all" } };
  const restock = readLines(input.restock);
  if (!restock) return { ok: false, message: adminRefunds.restockInvalid };
  return { ok: true, request: { ...request, restock } };
}

/**
 * A refusal is `invalid` when the request itself is wrong for the order (restock lines it does not
 * have, more units than were bought: 400, like a negative quantity), `conflict` when the order's
 * state stands in the way (409).
 */
export type RefundPlan =
  | { ok: true; restock: RestockLine[]; covered: RefundCovered; paymentStatusAfter: "refunded" | "partially_refunded" }
  | (Refusal<"invalid" | "conflict"> & { field?: RefundField });

/** The order as a refund plan reads it: its money, and whether an earlier refund covered its shipping. */
export type PlannedOrder = RefundableOrder & { shippingPence: number; shippingRefunded: boolean };

/** Adds up a list's quantities per line (a line named twice is asked for once). */
function perLine(lines: readonly RestockLine[]): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const entry of lines) wanted.set(entry.itemId, (wanted.get(entry.itemId) ?? 0) + entry.quantity);
  return wanted;
}

/**
 * Checks a request against the order as it is now (under its lock): amount, restock lines, and
 * what it covers. With `units`, the refund covers those (at most what each line has left to
 * refund) and restocks only among them; without (the older contract), it covers the units it
 * puts back, as far as the lines have units left to refund.
 */
export function planRefund(order: PlannedOrder, lines: OrderLine[], request: RefundRequest): RefundPlan {
  const conflict = (message: string, field?: RefundField): RefundPlan => ({ ok: false, reason: "conflict", message, ...(field ? { field } : {}) });
  // A paid £0.00 order (a 100% code, free shipping): nothing was ever taken, nor refunded.
  if (order.totalAmountPence === 0 && (REFUNDABLE_STATUSES as readonly string[]).includes(order.paymentStatus)) return conflict(adminRefunds.nothingPaid);
  if (!(REFUNDABLE_STATUSES as readonly string[]).includes(order.paymentStatus)) {
    return conflict(order.paymentStatus === "refunded" ? adminRefunds.nothingLeft : adminRefunds.notRefundable);
  }
  const remainder = refundableRemainder(order);
  if (remainder === 0) return conflict(adminRefunds.nothingLeft);
  if (request.amountPence > remainder) return conflict(adminRefunds.amountTooHigh(formatGbp(remainder)), "amount");
  const invalid = (message: string): RefundPlan => ({ ok: false, reason: "invalid", message });
  if (request.shipping && order.shippingPence <= 0) return invalid(adminRefunds.noShipping);
  if (request.shipping && order.shippingRefunded) return invalid(adminRefunds.shippingAlreadyRefunded);
  const byId = new Map(lines.map((line) => [line.id, line]));
  const units = request.units === null ? null : perLine(request.units);
  if (units) {
    for (const [itemId, quantity] of units) {
      const line = byId.get(itemId);
      if (!line) return invalid(adminRefunds.unitsInvalid);
      if (quantity > unitsLeftToRefund(line)) return invalid(adminRefunds.unitsTooMany(unitsLeftToRefund(line)));
    }
  }
  let restock: RestockLine[];
  if (request.restock === "none") restock = [];
  else if (request.restock === "all") {
    restock = lines
      .map((line) => ({ itemId: line.id, quantity: units ? unitsBackToStock(line, units.get(line.id) ?? 0) : line.quantity - line.restockedQuantity }))
      .filter((line) => line.quantity > 0);
  } else {
    restock = [];
    for (const [itemId, quantity] of perLine(request.restock)) {
      const line = byId.get(itemId);
      if (!line || quantity > line.quantity) return invalid(adminRefunds.restockInvalid);
      // Units the order has, already back on the shelf: a cancel or another refund (often from a
      // dialog opened after this one) put them back. The request was right when it was made.
      if (quantity > line.quantity - line.restockedQuantity) return conflict(adminRefunds.restockedMeanwhile(line.restockedQuantity, line.name, line.quantity - line.restockedQuantity));
      if (units && quantity > (units.get(itemId) ?? 0)) return invalid(adminRefunds.restockBeyondUnits);
      restock.push({ itemId, quantity });
    }
  }
  const coveredLines = units
    ? [...units].map(([itemId, quantity]) => ({ itemId, quantity }))
    : restock.map((entry) => ({ itemId: entry.itemId, quantity: Math.min(entry.quantity, unitsLeftToRefund(byId.get(entry.itemId)!)) }));
  const covered = { lines: coveredLines.filter((line) => line.quantity > 0), shipping: request.shipping };
  return { ok: true, restock, covered, paymentStatusAfter: paymentStatusAfterRefund(order.totalAmountPence, order.refundedPence + request.amountPence) };
}

/**
 * What the customer paid for each line once the order's discount is spread over the lines in
 * proportion to their totals (the way a percentage code works out, and the fair share of a fixed
 * one). Shares are whole pennies; the pennies left by rounding go to the lines with the largest
 * fractions, so the lines add up to subtotal less discount exactly. Shipping is not in any line.
 */
export function linesPaidAfterDiscount<T extends { id: string; lineTotalPence: number }>(lines: readonly T[], discountPence: number): Map<string, number> {
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotalPence, 0);
  const discount = Math.min(Math.max(0, discountPence), subtotal);
  if (discount === 0 || subtotal === 0) return new Map(lines.map((line) => [line.id, line.lineTotalPence]));
  const shares = lines.map((line) => {
    const exact = (discount * line.lineTotalPence) / subtotal;
    return { line, share: Math.floor(exact), fraction: exact - Math.floor(exact) };
  });
  let left = discount - shares.reduce((sum, entry) => sum + entry.share, 0);
  for (const entry of [...shares].sort((a, b) => b.fraction - a.fraction)) {
    if (left === 0) break;
    entry.share += 1;
    left -= 1;
  }
  return new Map(shares.map(({ line, share }) => [line.id, line.lineTotalPence - share]));
}

/** Where one line stands after earlier refunds (and a cancel), as the refund dialog lists it. */
export type LineRefundState = {
  /** Units earlier refunds covered, back in stock or not. */
  refundedUnits: number;
  /** Units a cancel put back in stock that no refund has counted yet: their money is still held. */
  cancelledUnits: number;
  /** Units not yet refunded, and their share of what was paid for the line. */
  leftUnits: number;
  leftPence: number;
};

/**
 * A line's units already refunded and what is left of it. Each refund records the units it
 * covered (order_refunds.covered), added up per line in order_items.refunded_quantity while the
 * refund is not refused; refunds from before that record count the units they put back in stock.
 * `paidPence` is what the line cost after the discount (linesPaidAfterDiscount).
 */
export function lineRefundState(line: { quantity: number; refundedQuantity: number; cancelRestockedQuantity: number }, paidPence: number): LineRefundState {
  const refundedUnits = Math.min(line.quantity, Math.max(0, line.refundedQuantity));
  const cancelledUnits = Math.min(line.quantity - refundedUnits, Math.max(0, line.cancelRestockedQuantity));
  const leftUnits = line.quantity - refundedUnits;
  const leftPence = line.quantity === 0 ? 0 : Math.round((paidPence * leftUnits) / line.quantity);
  return { refundedUnits, cancelledUnits, leftUnits, leftPence };
}

/** An order line as a refund counts it: its units, what it cost, what earlier refunds covered and what is already back in stock. */
export type RefundableLine = { id: string; quantity: number; lineTotalPence: number; restockedQuantity: number; cancelRestockedQuantity: number; refundedQuantity: number };

/** The units of a line a refund can still count: those no earlier refund counted (lineRefundState). */
export function unitsLeftToRefund(line: Pick<RefundableLine, "quantity" | "refundedQuantity"> & { cancelRestockedQuantity?: number }): number {
  return lineRefundState({ ...line, cancelRestockedQuantity: line.cancelRestockedQuantity ?? 0 }, 0).leftUnits;
}

/**
 * Of `chosen` units refunded from a line, those that can go back to stock: units a cancel already
 * put back are refunded (their money was kept) but are on the shelf already.
 */
export function unitsBackToStock(line: Pick<RefundableLine, "quantity" | "restockedQuantity">, chosen: number): number {
  return Math.max(0, Math.min(Math.floor(chosen), line.quantity - line.restockedQuantity));
}

/** `shippingRefunded`: an earlier refund (not refused) covered shipping; it is not offered again. */
export type RefundSuggestionOrder = { lines: readonly RefundableLine[]; discountPence: number; shippingPence: number; shippingRefunded: boolean; totalAmountPence: number; refundedPence: number };

/** Shipping a refund can still cover: charged, and no earlier refund covered it. */
export function shippingLeftToRefund(order: Pick<RefundSuggestionOrder, "shippingPence" | "shippingRefunded">): number {
  return order.shippingRefunded ? 0 : Math.max(0, order.shippingPence);
}

/**
 * The amount that refunds the chosen units (and shipping when ticked): each unit at what the
 * customer paid for it, the order's discount shared over the lines in proportion to their totals
 * (linesPaidAfterDiscount: a 15% code takes 15% off every unit; a £10 code takes off each line its
 * share). A line's units are priced so that refunding it one unit at a time, or all at once, gives
 * back the same, to the penny: what its remaining units are worth, before and after. Shipping is
 * what the customer paid for it (a discount never touches shipping), unless an earlier refund
 * covered it. Never more than is still refundable. With nothing left to choose (every unit
 * counted, no shipping left) the remainder is suggested: there is nothing else it can be for.
 */
export function suggestedRefundPence(order: RefundSuggestionOrder, chosen: { units: Readonly<Record<string, number>>; shipping: boolean }): number {
  const remainder = refundableRemainder(order);
  const paid = linesPaidAfterDiscount(order.lines, order.discountPence);
  const open = order.lines.filter((line) => unitsLeftToRefund(line) > 0);
  const shipping = shippingLeftToRefund(order);
  if (open.length === 0 && shipping === 0) return remainder;
  let pence = chosen.shipping ? shipping : 0;
  for (const line of open) {
    const linePaid = paid.get(line.id) ?? line.lineTotalPence;
    const before = lineRefundState(line, linePaid);
    const units = Math.max(0, Math.min(before.leftUnits, Math.floor(chosen.units[line.id] ?? 0)));
    if (units === 0) continue;
    const after = line.quantity === 0 ? 0 : Math.round((linePaid * (before.leftUnits - units)) / line.quantity);
    pence += before.leftPence - after;
  }
  return Math.min(pence, remainder);
}
