// A returning shopper's checkout starts with the address of their last order, as a good shop's
// does: most people send to the same door each time. Only their own orders are read.
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { normaliseCountry } from "../../domain/country-spellings.ts";
import type { DbOrTx } from "../db/client.server.ts";
import { orders } from "../db/schema.ts";

export type SavedAddress = { address: string; city: string; state: string; postalCode: string; country: string; phone: string };

/** The shipping address of the account's most recent order, or null before its first. */
export async function lastShippingAddress(db: DbOrTx, userId: string): Promise<SavedAddress | null> {
  const [row] = await db
    .select({ shipping: orders.shippingAddress })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.shippingAddress)))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  const shipping = row?.shipping;
  if (!shipping) return null;
  // A country the checkout no longer lists is left for the shopper to choose again.
  const country = normaliseCountry(shipping.country);
  if (country === null) return null;
  return { address: shipping.address, city: shipping.city, state: shipping.region ?? "", postalCode: shipping.postalCode, country, phone: shipping.phone ?? "" };
}
