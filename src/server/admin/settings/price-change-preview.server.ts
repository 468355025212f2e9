// The catalogue as a new markup or rate would reprice it (src/domain/admin/price-change.ts): the
// active products counted by base price, and two examples, the dearest and the cheapest of those
// the storefront lists (active, with a picture), priced by the storefront's own rule before and after.
import { and, asc, count, desc, eq, gt } from "drizzle-orm";
import { previewPriceChange, type ExampleProduct, type PriceChangePreview, type PriceRule } from "../../../domain/admin/price-change.ts";
import type { DbOrTx } from "../../db/client.server.ts";
import { products } from "../../db/schema.ts";

export async function previewOfPriceChange(db: DbOrTx, before: PriceRule, after: PriceRule): Promise<PriceChangePreview> {
  // Grouped by base price: one row per price point however large the catalogue.
  const groups = await db.select({ basePence: products.pricePence, products: count() }).from(products).where(eq(products.isActive, true)).groupBy(products.pricePence);
  const example = async (order: "dearest" | "cheapest"): Promise<ExampleProduct | undefined> => {
    const [row] = await db
      .select({ id: products.id, name: products.name, basePence: products.pricePence })
      .from(products)
      .where(and(eq(products.isActive, true), eq(products.hasValidImage, true), gt(products.pricePence, 0)))
      .orderBy(order === "dearest" ? desc(products.pricePence) : asc(products.pricePence), asc(products.name), asc(products.id))
      .limit(1);
    return row;
  };
  // One after the other: a transaction's queries share its one connection.
  const dearest = await example("dearest");
  const cheapest = await example("cheapest");
  const examples = [dearest, cheapest].filter((row, index, rows): row is ExampleProduct => row !== undefined && rows.findIndex((other) => other?.id === row.id) === index);
  return previewPriceChange(before, after, { groups, examples });
}
