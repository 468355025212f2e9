// A product's stock moving for an order: taken when its payment arrives or a cancelled order is
// reopened, given back when a payment is refused, a refund or a cancel returns units. One place,
// so in_stock always follows the count the same way.
import { and, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server.ts";
import { products } from "../db/schema.ts";

/** Takes `quantity` units when that many are left (in_stock false at 0); false, taking nothing, when not. */
export async function takeProductStock(tx: DbOrTx, productId: string, quantity: number): Promise<boolean> {
  const [taken] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}`, inStock: sql`${products.stock} - ${quantity} > 0`, updatedAt: new Date() })
    .where(and(eq(products.id, productId), gte(products.stock, quantity)))
    .returning({ id: products.id });
  return taken !== undefined;
}

/** Puts `quantity` units back (the product is in stock again). */
export async function returnProductStock(tx: DbOrTx, productId: string, quantity: number): Promise<void> {
  await tx.update(products).set({ stock: sql`${products.stock} + ${quantity}`, inStock: true, updatedAt: new Date() }).where(eq(products.id, productId));
}
