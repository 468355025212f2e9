// How the admin order screens name people and things that may be missing (admin.md section 2:
// "Unknown Customer" / "Unknown", "No email", "Unknown Product"; section 3: customer may carry
// first_name / last_name variants; "line total with 2 decimals").
import { adminOrders } from "../messages/admin.ts";
import { discountLabel } from "../messages/discount-label.ts";
import { formatGbp } from "../money.ts";
import { emailForDisplay } from "../email-display.ts";
import { knownEmail } from "../guest-email.ts";
import { personName } from "../person-name.ts";
import { isErasedEmail } from "./personal-data.ts";

export type LooseCustomer = {
  firstName?: unknown;
  lastName?: unknown;
  first_name?: unknown;
  last_name?: unknown;
  email?: unknown;
  phone?: unknown;
} | null | undefined;

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

const erased = (customer: LooseCustomer) => isErasedEmail(text(customer?.email));

/** A group of orders is headed by the customer's name, else their e-mail, else "Unknown Customer". */
export function customerGroupTitle(customer: LooseCustomer): string {
  if (erased(customer)) return adminOrders.erasedCustomer;
  return personName(customer) || emailForDisplay(knownEmail(text(customer?.email))) || adminOrders.unknownCustomer;
}

/** The customer line of an order card. */
export function customerCardName(customer: LooseCustomer): string {
  if (erased(customer)) return adminOrders.erasedCustomer;
  return personName(customer) || adminOrders.unknown;
}

export function customerEmailText(customer: LooseCustomer): string {
  if (erased(customer)) return adminOrders.erasedEmail;
  // An unpaid guest Buy Now holds the placeholder until its payment page is filled in: no e-mail yet.
  return emailForDisplay(knownEmail(text(customer?.email))) || adminOrders.noEmail;
}

export function productNameText(name: string | null | undefined): string {
  return text(name) || adminOrders.unknownProduct;
}

/** A line named as the refund dialog and the timeline name it: "Poplin Shirt (16)", so two sizes of one shirt differ. */
export function orderLineLabel(item: { productName: string; size: string | null }): string {
  return `${item.productName}${item.size ? ` (${item.size})` : ""}`;
}

export function lineTotalPence(quantity: number, unitPricePence: number): number {
  return quantity * unitPricePence;
}

/**
 * What lies between an order's lines and its total, for a card that shows both: its discount
 * (with the code) and shipping, each only when there is one; null when the lines add up to the total.
 */
export function orderAdjustmentsText(order: { discountPence: number; discountCode: string | null; shippingPence: number }): string | null {
  const parts = [
    order.discountPence > 0 ? `${discountLabel(order.discountCode)} -${formatGbp(order.discountPence)}` : null,
    order.shippingPence > 0 ? `Shipping ${formatGbp(order.shippingPence)}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : null;
}

/**
 * Orders listed by customer e-mail (admin.md section 7), gathered into one group per e-mail in
 * the order they come. `totals` are the customer's order counts under the current filter, which
 * may reach beyond this page.
 */
export function groupByCustomerEmail<T extends { customerEmail: string }>(orders: readonly T[]): { email: string; orders: T[] }[] {
  const groups: { email: string; orders: T[] }[] = [];
  for (const order of orders) {
    const last = groups.at(-1);
    if (last && last.email === order.customerEmail) last.orders.push(order);
    else groups.push({ email: order.customerEmail, orders: [order] });
  }
  return groups;
}
