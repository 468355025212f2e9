// What a shipping label and a packing slip show (issue 12 "Print Label"): the address block, the
// order number as text and barcode, the item count and the sender's address.
import { townLines } from "../address-format.ts";
import { canEncodeCode128B } from "./code128.ts";
import { owesFulfilment } from "./fulfilment.ts";
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
  customer: { firstName?: string; lastName?: string };
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
  itemCount: number;
  shippingMethod: string;
  from: string[];
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
  const name = [address.firstName || customer.firstName, address.lastName || customer.lastName].filter(present).join(" ");
  return [name, address.address, ...townLines(address), address.country?.toUpperCase()].filter(present).map((line) => line.trim());
}

export function shippingLabel(order: LabelOrder, senderAddress: string[]): ShippingLabel {
  const text = {
    number: order.number,
    barcode: canEncodeCode128B(order.number) ? order.number : null,
    shipTo: addressLines(order.shippingAddress, order.customer),
    itemCount: parcelItemCount(order.items),
    shippingMethod: order.shippingMethod,
    from: senderAddress,
  };
  return { ...text, scale: labelScale(text) };
}

/**
 * Why a chosen order's label must not go on a parcel, or null when it may:
 * - "cancelled": printed by mistake, its label would send a parcel nobody paid for or wants;
 * - "refunded": paid and given back in full, nothing is owed either way;
 * - "unpaid": the payment has not come in (or failed), so the goods are not owed yet.
 */
export type LabelWarning = "cancelled" | "refunded" | "unpaid";

export function labelWarning(order: { status: string; paymentStatus: string }): LabelWarning | null {
  if (order.status === "cancelled") return "cancelled";
  if (order.paymentStatus === "refunded") return "refunded";
  return owesFulfilment(order.paymentStatus) ? null : "unpaid";
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
