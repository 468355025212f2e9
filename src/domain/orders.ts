// An order as the storefront shows it to its buyer (/account/orders, /orders/lookup), and the
// rules of looking one up by its number (admin.md section 2 "Order number display"). Pure.
import { z } from "zod";
import { townLines } from "./address-format.ts";
import { FIELD_LIMITS } from "./field-limits.ts";
import { orderLookup } from "./messages/orders.ts";
import { validation } from "./messages/forms.ts";
import { withAsciiDomain } from "./email-addresses.ts";
import { personName, type PersonNameParts } from "./person-name.ts";
import { withoutControlCharacters } from "./text-rules.ts";

export type OrderSummaryItem = {
  id: string;
  productId: string | null;
  name: string;
  size: string | null;
  colour: string | null;
  quantity: number;
  unitPricePence: number;
};

/** Plain data, amounts in pence (always GBP: what was charged). */
export type OrderSummary = {
  /** As shown to people (formatOrderNumber): "#" and the last 8 characters uppercased, or "ORD-...". */
  number: string;
  placedAt: string;
  status: string;
  paymentStatus: string;
  items: OrderSummaryItem[];
  subtotalPence: number;
  discountPence: number;
  shippingPence: number;
  shippingMethod: "standard" | "express";
  totalPence: number;
  /** Where it goes, on one line (deliveryAddressLine), or null when the order has no address. */
  deliveryAddress: string | null;
  /** Who it goes to (recipientName), shown above the address; null when the address names nobody. */
  recipient: string | null;
  /** Given back so far (refunds the shop made); 0 when none. */
  refundedPence: number;
  /** How it was sent, once the shop marked it shipped (either may be missing). */
  carrier: string | null;
  trackingNumber: string | null;
};

/** Where an order's e-mails go: the customer's address as given at checkout, else the order's own. */
export function orderContactEmail(order: { customer?: { email?: string } | null; customerEmail: string }): string {
  return order.customer?.email || order.customerEmail;
}

/** "Ama Mensah": the name on a delivery address, or null when it has none. */
export function recipientName(address: PersonNameParts): string | null {
  return personName(address) || null;
}

/** The parts of a delivery address a shopper recognises; phone and name are left out. */
export type DeliveryAddressParts = { address?: string; city?: string; region?: string; postalCode?: string; country?: string };

/**
 * "1 Savile Row, London, W1S 3PR, United Kingdom", "5 Main St, Austin, TX 78701, United States":
 * how the order e-mail, the payment page, the confirmation page, the lookup and My orders name
 * where an order goes, its town, region and postcode as the destination's post writes them
 * (address-format.ts). Null for no address, or an empty one.
 */
export function deliveryAddressLine(address: DeliveryAddressParts | null | undefined): string | null {
  if (!address) return null;
  const line = [address.address, ...townLines(address, { capitals: false }), address.country]
    .map((part) => (typeof part === "string" ? part.trim() : ""))
    .filter((part) => part !== "")
    .join(", ");
  return line === "" ? null : line;
}

/** "#1a2b 3c4d", " 1A2B3C4D " and "1a2b3c4d" are all "1A2B3C4D": people copy numbers loosely. */
export function normaliseOrderNumber(typed: string): string {
  return typed.trim().replace(/^#/, "").replace(/\s+/g, "").toUpperCase();
}

export const orderLookupSchema = z.object({
  orderNumber: z
    .string({ error: orderLookup.numberRequired })
    .transform(normaliseOrderNumber)
    .pipe(z.string().min(1, { error: orderLookup.numberRequired }).max(100, { error: orderLookup.notFound }))
    .pipe(withoutControlCharacters("Order number")),
  email: z
    .string({ error: validation.emailRequired })
    .trim()
    .min(1, { error: validation.emailRequired })
    .max(FIELD_LIMITS.email, { error: validation.invalidEmail })
    .pipe(withoutControlCharacters("Email"))
    .transform(withAsciiDomain)
    .pipe(z.email({ error: validation.invalidEmail })),
});
export type OrderLookup = z.infer<typeof orderLookupSchema>;
