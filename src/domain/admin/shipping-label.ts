// What a shipping label and a packing slip show (issue 12 "Print Label"): the address block, the
// order number as text and barcode, the item count and the sender's address.
import { townLines } from "../address-format.ts";
import { isErasedEmail } from "../guest-email.ts";
import { adminFulfilment, adminOrders } from "../messages/admin.ts";
import { canEncodeCode128B } from "./code128.ts";
import { formatAdminDate } from "./dates.ts";
import { isFulfilmentDone, owesFulfilment } from "./fulfilment.ts";
import { labelScale, type LabelScale } from "./label-fit.ts";

export type LabelAddress = {
  firstName?: string;
  lastName?: string;
  address?: string;
  city?: string;
  region?: string;
  postalCode?: string;
  country?: string;
  phone?: string;
};

export type LabelOrder = {
  number: string;
  customer: { firstName?: string; lastName?: string; phone?: string; email?: string };
  shippingAddress: LabelAddress;
  items: PackedLine[];
  shippingMethod: string;
};

/** A line as the parcel sees it: `restockedQuantity` units of it went back on the shelf. */
type PackedLine = { quantity: number; restockedQuantity?: number };

/**
 * Units of a line that still go in the parcel: what a refund or a cancel put back in stock is on
 * sale again, so packing it would send a refunded item and leave the stock count short.
 */
export function unitsToPack(line: PackedLine): number {
  return Math.max(0, line.quantity - (line.restockedQuantity ?? 0));
}

/** Units the parcel holds. */
export function parcelItemCount(items: readonly PackedLine[]): number {
  return items.reduce((sum, item) => sum + unitsToPack(item), 0);
}

export type ShippingLabel = {
  number: string;
  /** The barcode's content: the order number, or null when set B cannot hold it. */
  barcode: string | null;
  shipTo: string[];
  /** "Tel. …" under the address: couriers abroad call the recipient; null when the order has none. */
  phone: string | null;
  itemCount: number;
  shippingMethod: string;
  from: string[];
  /** Across the top of a sheet that must not be sent, printed anyway. */
  stamp: string | null;
  /** One small line at the top of an order's sheet printed again after it was shipped. */
  reprint: string | null;
  /** Text sizes at which all of it fits one A6 sheet (smaller for a long address or sender block). */
  scale: LabelScale;
};

/** The most labels one print run makes (a page of the orders screen is 20 orders; 5 pages). */
export const MAX_LABELS_PER_PRINT = 100;

function present(value: string | undefined): value is string {
  return typeof value === "string" && value.trim() !== "";
}

/**
 * Recipient lines, as a carrier reads them: name, street, then the town, region and postcode in
 * the destination's order ("75008 PARIS" for France, "New York, NY 10118" for the US, town then
 * postcode for the UK; address-format.ts), country.
 */
export function addressLines(address: LabelAddress, customer: LabelOrder["customer"]): string[] {
  // Only the country is left of an erased customer's address: the sheet says why the rest is missing.
  const name = isErasedEmail(customer.email) ? adminOrders.erasedCustomer : [address.firstName || customer.firstName, address.lastName || customer.lastName].filter(present).join(" ");
  return [name, address.address, ...townLines(address), address.country?.toUpperCase()].filter(present).map((line) => line.trim());
}

/** The number a courier calls: the shipping address's, else the one given at checkout. */
export function recipientPhone(address: LabelAddress, customer: LabelOrder["customer"]): string | null {
  const phone = [address.phone, customer.phone].find(present);
  return phone ? phone.trim() : null;
}

export function shippingLabel(order: LabelOrder, senderAddress: string[], mark: SheetMark | null = null): ShippingLabel {
  const phone = recipientPhone(order.shippingAddress, order.customer);
  const text = {
    number: order.number,
    barcode: canEncodeCode128B(order.number) ? order.number : null,
    shipTo: addressLines(order.shippingAddress, order.customer),
    phone: phone ? adminFulfilment.labelPhone(phone) : null,
    itemCount: parcelItemCount(order.items),
    shippingMethod: order.shippingMethod,
    from: senderAddress,
    ...sheetMarkText(mark),
  };
  return { ...text, scale: labelScale(text) };
}

/**
 * Why a chosen order's parcel must not go out, or null when it may:
 * - "cancelled": printed by mistake, its label would send a parcel nobody paid for or wants;
 * - "refunded": paid and given back in full, nothing is owed either way;
 * - "unpaid": the payment has not come in (or failed), so the goods are not owed yet: a packer
 *   working from the printer tray cannot see the screen's warning, and would send them;
 * - "erased": the customer's details were erased, so the sheet has no name or street to send it to
 *   (a label of it would print only "Erased customer" and the country).
 */
export type DoNotShip = "cancelled" | "erased" | "refunded" | "unpaid";

export function doNotShip(order: { status: string; paymentStatus: string; customerEmail?: string | null }): DoNotShip | null {
  if (order.status === "cancelled") return "cancelled";
  if (isErasedEmail(order.customerEmail)) return "erased";
  if (order.paymentStatus === "refunded") return "refunded";
  return owesFulfilment(order.paymentStatus) ? null : "unpaid";
}

/**
 * What a printed sheet says of itself above its content: "do not ship" (a sheet of an order that
 * must not be sent, printed anyway: whoever packs from the printer tray must not mistake it for a
 * parcel to send), or "reprint" (the order left already: a label printed again is legitimate, for
 * a torn one, but must not send the parcel twice).
 */
export type SheetMark = { kind: "do-not-ship"; reason: DoNotShip } | { kind: "reprint"; shippedAt: string | null };

export function sheetMark(order: { status: string; paymentStatus: string; shippedAt: string | null; customerEmail?: string | null }): SheetMark | null {
  const reason = doNotShip(order);
  if (reason) return { kind: "do-not-ship", reason };
  return isFulfilmentDone(order.status) ? { kind: "reprint", shippedAt: order.shippedAt } : null;
}

const DO_NOT_SHIP_STAMPS: Record<DoNotShip, string> = {
  cancelled: adminFulfilment.stampCancelled,
  refunded: adminFulfilment.stampRefunded,
  unpaid: adminFulfilment.stampUnpaid,
  erased: adminFulfilment.stampErased,
};

/** The mark's words as the sheet prints them: the stamp in large type, the reprint line in small. */
export function sheetMarkText(mark: SheetMark | null): { stamp: string | null; reprint: string | null } {
  if (mark?.kind === "do-not-ship") return { stamp: DO_NOT_SHIP_STAMPS[mark.reason], reprint: null };
  if (mark?.kind === "reprint") {
    const date = mark.shippedAt ? formatAdminDate(mark.shippedAt) : "";
    return { stamp: null, reprint: date ? adminFulfilment.reprintShippedOn(date) : adminFulfilment.reprintShipped };
  }
  return { stamp: null, reprint: null };
}

type PrintableOrder = { number: string; status: string; paymentStatus: string; shippedAt: string | null; customerEmail?: string | null };

/**
 * The sheets a print of the chosen orders makes, in the order chosen, each with its mark. Orders
 * that must not be sent are left out (and named, to say so on screen) unless the owner asked to
 * print them anyway; then their sheets carry the stamp.
 */
export function printRun<T extends PrintableOrder>(orders: readonly T[], anyway: boolean): { sheets: { order: T; mark: SheetMark | null }[]; leftOut: T[] } {
  const marked = orders.map((order) => ({ order, mark: sheetMark(order) }));
  const held = (mark: SheetMark | null) => mark?.kind === "do-not-ship";
  if (anyway) return { sheets: marked, leftOut: [] };
  return { sheets: marked.filter((sheet) => !held(sheet.mark)), leftOut: marked.filter((sheet) => held(sheet.mark)).map((sheet) => sheet.order) };
}

/** The reasons in the order the print page names them. */
const DO_NOT_SHIP_REASONS: readonly DoNotShip[] = ["cancelled", "erased", "refunded", "unpaid"];

/**
 * What printing these ticked orders' labels will do, for the Orders list to say before the owner
 * presses Print: how many sheets come out, and how many are left out for each reason (the print
 * page then names them and offers to print them anyway).
 */
export function printPreview(orders: readonly { status: string; paymentStatus: string; customerEmail?: string | null }[]): { printing: number; leftOut: { reason: DoNotShip; count: number }[] } {
  const reasons = orders.map(doNotShip);
  const leftOut = DO_NOT_SHIP_REASONS.map((reason) => ({ reason, count: reasons.filter((held) => held === reason).length })).filter(({ count }) => count > 0);
  return { printing: reasons.filter((held) => held === null).length, leftOut };
}

/** `?anyway=1`: the owner asked for the sheets of orders that must not be sent too. */
export function readPrintAnyway(params: URLSearchParams): boolean {
  return params.get("anyway") === "1";
}

/** The print page for these orders: labels or slips, with or without those that must not be sent, and its Back. */
export function printPageHref({ doc, ids, back, anyway }: { doc: "label" | "slip"; ids: readonly string[]; back: string; anyway: boolean }): string {
  const params = new URLSearchParams({ doc });
  for (const id of ids) params.append("ids", id);
  if (anyway) params.set("anyway", "1");
  params.set("back", back);
  return `/admin/orders/print?${params.toString()}`;
}

/** `?ids=a&ids=b` or `?ids=a,b`: distinct (in any case, as ids are kept in lower case), at most MAX_LABELS_PER_PRINT, in the order given. */
export function readLabelIds(params: URLSearchParams): string[] {
  const ids = params
    .getAll("ids")
    .flatMap((value) => value.split(","))
    .map((id) => id.trim().toLowerCase())
    .filter((id) => id !== "" && id.length <= 100);
  return [...new Set(ids)].slice(0, MAX_LABELS_PER_PRINT);
}

/**
 * Where the print page's Back goes: the order or the view of the Orders list it was opened from
 * (`back`), never anywhere else; the list by default.
 */
export function printBackTarget(value: string | null): { to: string; toOrder: boolean } {
  const order = value !== null && /^\/admin\/orders\/[^/?#]+$/.test(value) && value !== "/admin/orders/print";
  const list = value !== null && /^\/admin\/orders(\?[^#]*)?$/.test(value);
  return order || list ? { to: value, toOrder: order } : { to: "/admin/orders", toOrder: false };
}
