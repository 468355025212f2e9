// An admin's refund of a paid order (decision 035): how much may still go back, what a request
// must say, and the payment status it leaves. Pure; the server applies it under the order's lock.
import { adminRefunds } from "../messages/admin.ts";
import { formatGbp } from "../money.ts";
import { isNegativePounds, poundsToPence } from "../pounds-input.ts";

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

export type OrderLine = { id: string; quantity: number; restockedQuantity: number };
export type RestockLine = { itemId: string; quantity: number };

/** What the admin asked for, before the order is looked at. */
export type RefundInput = { amount: unknown; reason: unknown; restock: unknown };
export type RefundRequest = { amountPence: number; reason: string; restock: "all" | "none" | RestockLine[] };

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

/**
 * Reads `{ amount, reason, restock }`: amount in pounds as the form shows it ("12.50", 12.5),
 * a reason, and restock as true (every line not yet back in stock), false, or a list of
 * `{ itemId, quantity }`.
 */
export function readRefundInput(input: RefundInput): RefundInputCheck {
  const amount = readRefundAmount(input.amount);
  if (!amount.ok) return { ok: false, message: amount.message, field: "amount" };
  const amountPence = amount.pence;
  const reason = readRefundReason(input.reason);
  if (!reason.ok) return { ok: false, message: reason.message, field: "reason" };
  if (input.restock === undefined || input.restock === null || input.restock === false) return { ok: true, request: { amountPence, reason: reason.reason, restock: "none" } };
  if (input.restock === true) return { ok: true, request: { amountPence, reason: reason.reason, restock: "all" } };
  if (!Array.isArray(input.restock) || input.restock.length > 200) return { ok: false, message: adminRefunds.restockInvalid };
  const lines: RestockLine[] = [];
  for (const entry of input.restock as unknown[]) {
    const line = entry as { itemId?: unknown; quantity?: unknown } | null;
    const quantity = typeof line?.quantity === "string" && /^\d+$/.test(line.quantity.trim()) ? Number(line.quantity) : line?.quantity;
    if (!line || typeof line.itemId !== "string" || typeof quantity !== "number" || !Number.isSafeInteger(quantity) || quantity < 0) {
      return { ok: false, message: adminRefunds.restockInvalid };
    }
    if (quantity > 0) lines.push({ itemId: line.itemId, quantity });
  }
  return { ok: true, request: { amountPence, reason: reason.reason, restock: lines } };
}

/**
 * A refusal is `invalid` when the request itself is wrong for the order (restock lines it does not
 * have, more units than were bought: 400, like a negative quantity), `conflict` when the order's
 * state stands in the way (409).
 */
export type RefundPlan =
  | { ok: true; restock: RestockLine[]; paymentStatusAfter: "refunded" | "partially_refunded" }
  | { ok: false; reason: "invalid" | "conflict"; message: string; field?: RefundField };

/** Checks a request against the order as it is now (under its lock): amount and restock lines. */
export function planRefund(order: RefundableOrder, lines: OrderLine[], request: RefundRequest): RefundPlan {
  const conflict = (message: string, field?: RefundField): RefundPlan => ({ ok: false, reason: "conflict", message, ...(field ? { field } : {}) });
  // A paid £0.00 order (a 100% code, free shipping): nothing was ever taken, nor refunded.
  if (order.totalAmountPence === 0 && (REFUNDABLE_STATUSES as readonly string[]).includes(order.paymentStatus)) return conflict(adminRefunds.nothingPaid);
  if (!(REFUNDABLE_STATUSES as readonly string[]).includes(order.paymentStatus)) {
    return conflict(order.paymentStatus === "refunded" ? adminRefunds.nothingLeft : adminRefunds.notRefundable);
  }
  const remainder = refundableRemainder(order);
  if (remainder === 0) return conflict(adminRefunds.nothingLeft);
  if (request.amountPence > remainder) return conflict(adminRefunds.amountTooHigh(formatGbp(remainder)), "amount");
  let restock: RestockLine[];
  if (request.restock === "none") restock = [];
  else if (request.restock === "all") {
    restock = lines.filter((line) => line.quantity > line.restockedQuantity).map((line) => ({ itemId: line.id, quantity: line.quantity - line.restockedQuantity }));
  } else {
    const byId = new Map(lines.map((line) => [line.id, line]));
    const wanted = new Map<string, number>();
    for (const entry of request.restock) wanted.set(entry.itemId, (wanted.get(entry.itemId) ?? 0) + entry.quantity);
    restock = [];
    for (const [itemId, quantity] of wanted) {
      const line = byId.get(itemId);
      if (!line || quantity > line.quantity - line.restockedQuantity) return { ok: false, reason: "invalid", message: adminRefunds.restockInvalid };
      restock.push({ itemId, quantity });
    }
  }
  return { ok: true, restock, paymentStatusAfter: paymentStatusAfterRefund(order.totalAmountPence, order.refundedPence + request.amountPence) };
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
  /** Units a refund counted as come back (and put back in stock). */
  refundedUnits: number;
  /** Units a cancel put back in stock that no refund has counted yet: their money is still held. */
  cancelledUnits: number;
  /** Units not yet refunded, and their share of what was paid for the line. */
  leftUnits: number;
  leftPence: number;
};

/**
 * A line's units already refunded and what is left of it. A refund is stored as an amount for
 * the whole order (order_refunds), and per line only as the units it put back in stock
 * (restocked_quantity less cancel_restocked_quantity): those are the units a line can say were
 * refunded. `paidPence` is what the line cost after the discount (linesPaidAfterDiscount).
 */
export function lineRefundState(line: { quantity: number; restockedQuantity: number; cancelRestockedQuantity: number }, paidPence: number): LineRefundState {
  const restocked = Math.min(line.quantity, Math.max(0, line.restockedQuantity));
  const cancelledUnits = Math.min(restocked, Math.max(0, line.cancelRestockedQuantity));
  const refundedUnits = restocked - cancelledUnits;
  const leftUnits = line.quantity - refundedUnits;
  const leftPence = line.quantity === 0 ? 0 : Math.round((paidPence * leftUnits) / line.quantity);
  return { refundedUnits, cancelledUnits, leftUnits, leftPence };
}

/** An order line as a refund counts it: its units, what it cost, and what is already back in stock. */
export type RefundableLine = { id: string; quantity: number; lineTotalPence: number; restockedQuantity: number; cancelRestockedQuantity: number };

/** The units of a line a refund can still count: those no earlier refund counted (lineRefundState). */
export function unitsLeftToRefund(line: Pick<RefundableLine, "quantity" | "restockedQuantity" | "cancelRestockedQuantity">): number {
  return lineRefundState(line, 0).leftUnits;
}

/**
 * Of `chosen` units refunded from a line, those that can go back to stock: units a cancel already
 * put back are refunded (their money was kept) but are on the shelf already.
 */
export function unitsBackToStock(line: Pick<RefundableLine, "quantity" | "restockedQuantity">, chosen: number): number {
  return Math.max(0, Math.min(Math.floor(chosen), line.quantity - line.restockedQuantity));
}

export type RefundSuggestionOrder = { lines: readonly RefundableLine[]; discountPence: number; shippingPence: number; totalAmountPence: number; refundedPence: number };

/**
 * The amount that refunds the chosen units (and shipping when ticked): each unit at what the
 * customer paid for it, the order's discount shared over the lines in proportion to their totals
 * (linesPaidAfterDiscount: a 15% code takes 15% off every unit; a £10 code takes off each line its
 * share). A line's units are priced so that refunding it one unit at a time, or all at once, gives
 * back the same, to the penny: what its remaining units are worth, before and after. Shipping is
 * what the customer paid for it (a discount never touches shipping). Never more than is still
 * refundable. With nothing left to choose (every unit counted, no shipping) the remainder is
 * suggested: there is nothing else it can be for.
 */
export function suggestedRefundPence(order: RefundSuggestionOrder, chosen: { units: Readonly<Record<string, number>>; shipping: boolean }): number {
  const remainder = refundableRemainder(order);
  const paid = linesPaidAfterDiscount(order.lines, order.discountPence);
  const open = order.lines.filter((line) => unitsLeftToRefund(line) > 0);
  if (open.length === 0 && order.shippingPence <= 0) return remainder;
  let pence = chosen.shipping ? Math.max(0, order.shippingPence) : 0;
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
