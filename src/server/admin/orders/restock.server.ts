// Units of an order going back in stock, by a refund or a cancel: each line at most the units it
// has not had back yet (order_items.restocked_quantity), so two admins never put the same unit
// back twice; and the cancel's (order_items.cancel_restocked_quantity) taken out again when a
// cancelled order is reopened.
import { asc, eq, inArray } from "drizzle-orm";
import type { RestockLine } from "../../../domain/admin/refunds.ts";
import type { Transaction } from "../../db/client.server.ts";
import { orderItems, products } from "../../db/schema.ts";
import { returnProductStock, takeProductStock } from "../../catalog/product-stock.server.ts";

export type RestockedLine = { itemId: string; productId: string | null; quantity: number };

type LockedLine = RestockLine & { productId: string | null; name: string; ordered: number; restocked: number; byCancel: number };

/**
 * The lines' rows, locked, in the order their products are locked in: a payment takes stock in
 * product order too, so a restock and a payment of the same products never wait for each other
 * (a deadlock PostgreSQL would end by failing one of them).
 */
async function lockLines(tx: Transaction, lines: readonly RestockLine[]): Promise<LockedLine[]> {
  if (lines.length === 0) return [];
  const rows = await tx
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      name: orderItems.productName,
      ordered: orderItems.quantity,
      restocked: orderItems.restockedQuantity,
      byCancel: orderItems.cancelRestockedQuantity,
    })
    .from(orderItems)
    .where(inArray(orderItems.id, lines.map((line) => line.itemId)))
    .orderBy(asc(orderItems.id))
    .for("update");
  const byId = new Map(rows.map((row) => [row.id, row]));
  // One entry per line (a line named twice is asked for once, its quantities added), so each
  // line's counts are read once and written once.
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.itemId, (wanted.get(line.itemId) ?? 0) + line.quantity);
  return [...wanted]
    .flatMap(([itemId, quantity]) => {
      const row = byId.get(itemId);
      return row ? [{ itemId, quantity, productId: row.productId, name: row.name, ordered: row.ordered, restocked: row.restocked, byCancel: row.byCancel }] : [];
    })
    .sort((a, b) => ((a.productId ?? "~") < (b.productId ?? "~") ? -1 : (a.productId ?? "~") > (b.productId ?? "~") ? 1 : 0));
}

/**
 * Answers what went back, and the same named by product for the audit trail. A line gets back at
 * most the units it has not had back yet: when another refund or cancel put some back meanwhile,
 * only the rest go (never twice, and never none of what is left). `by`: a cancel's units are
 * counted as its own, for a reopen to take back; a refund's units the cancel had put back already
 * (the refund was at the provider while the order was cancelled) become the refund's, as returned
 * by the customer, so a reopen leaves them in stock.
 */
export async function restockOrderLines(tx: Transaction, lines: readonly RestockLine[], by: "refund" | "cancel") {
  const named: (RestockedLine & { name: string })[] = [];
  for (const line of await lockLines(tx, lines)) {
    const quantity = Math.max(0, Math.min(line.quantity, line.ordered - line.restocked));
    const claimed = by === "refund" ? Math.min(line.quantity - quantity, line.byCancel) : 0;
    if (quantity === 0 && claimed === 0) continue;
    await tx
      .update(orderItems)
      .set({ restockedQuantity: line.restocked + quantity, cancelRestockedQuantity: by === "cancel" ? line.byCancel + quantity : line.byCancel - claimed })
      .where(eq(orderItems.id, line.itemId));
    if (quantity === 0) continue;
    if (line.productId) await returnProductStock(tx, line.productId, quantity);
    named.push({ itemId: line.itemId, productId: line.productId, quantity, name: line.name });
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
 * Takes back out of stock the units a cancel put back for these lines (a reopened order promises
 * them again). Throws StockShortError, to roll the caller's transaction back, when a product has
 * fewer left than its line needs.
 */
export async function takeBackIntoOrder(tx: Transaction, lines: readonly RestockLine[]) {
  const named: (RestockedLine & { name: string })[] = [];
  for (const line of await lockLines(tx, lines)) {
    if (line.byCancel < line.quantity) continue;
    await tx
      .update(orderItems)
      .set({ restockedQuantity: line.restocked - line.quantity, cancelRestockedQuantity: line.byCancel - line.quantity })
      .where(eq(orderItems.id, line.itemId));
    if (line.productId && !(await takeProductStock(tx, line.productId, line.quantity))) {
      const [product] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, line.productId));
      throw new StockShortError(line.name, product?.stock ?? 0);
    }
    named.push({ itemId: line.itemId, productId: line.productId, quantity: line.quantity, name: line.name });
  }
  return named;
}
