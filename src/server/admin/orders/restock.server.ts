// Units of an order going back in stock, by a refund or a cancel: each line at most the units it
// has not had back yet (order_items.restocked_quantity), so two admins never put the same unit
// back twice; and taken out again when a cancelled order is reopened.
import { and, eq, sql } from "drizzle-orm";
import type { RestockLine } from "../../../domain/refunds.ts";
import type { Transaction } from "../../db/client.server.ts";
import { orderItems, products } from "../../db/schema.ts";
import { returnProductStock, takeProductStock } from "../../catalog/product-stock.server.ts";

export type RestockedLine = { itemId: string; productId: string | null; quantity: number };

/** Answers what went back, and the same named by product for the audit trail. */
export async function restockOrderLines(tx: Transaction, lines: readonly RestockLine[]) {
  const named: (RestockedLine & { name: string })[] = [];
  for (const line of [...lines].sort((a, b) => (a.itemId < b.itemId ? -1 : 1))) {
    const [item] = await tx
      .update(orderItems)
      .set({ restockedQuantity: sql`${orderItems.restockedQuantity} + ${line.quantity}` })
      .where(and(eq(orderItems.id, line.itemId), sql`${orderItems.restockedQuantity} + ${line.quantity} <= ${orderItems.quantity}`))
      .returning({ productId: orderItems.productId, name: orderItems.productName });
    // Another refund or cancel put these units back meanwhile: never twice.
    if (!item) continue;
    if (item.productId) await returnProductStock(tx, item.productId, line.quantity);
    named.push({ itemId: line.itemId, productId: item.productId, quantity: line.quantity, name: item.name });
  }
  return { restocked: named.map(({ name: _name, ...line }) => line), named };
}

/** The product a reopened order's line cannot have back: fewer units left than it needs. */
export class StockShortError extends Error {
  constructor(
    readonly productName: string,
    readonly available: number,
  ) {
    super(`not enough stock of ${productName}`);
  }
}

/**
 * Takes back out of stock the units that went back for these lines (a reopened order promises
 * them again). Throws StockShortError, to roll the caller's transaction back, when a product has
 * fewer left than its line needs.
 */
export async function takeBackIntoOrder(tx: Transaction, lines: readonly RestockLine[]) {
  const named: (RestockedLine & { name: string })[] = [];
  for (const line of [...lines].sort((a, b) => (a.itemId < b.itemId ? -1 : 1))) {
    const [item] = await tx
      .update(orderItems)
      .set({ restockedQuantity: sql`${orderItems.restockedQuantity} - ${line.quantity}` })
      .where(and(eq(orderItems.id, line.itemId), sql`${orderItems.restockedQuantity} >= ${line.quantity}`))
      .returning({ productId: orderItems.productId, name: orderItems.productName });
    if (!item) continue;
    if (item.productId && !(await takeProductStock(tx, item.productId, line.quantity))) {
      const [product] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, item.productId));
      throw new StockShortError(item.name, product?.stock ?? 0);
    }
    named.push({ itemId: line.itemId, productId: item.productId, quantity: line.quantity, name: item.name });
  }
  return named;
}
