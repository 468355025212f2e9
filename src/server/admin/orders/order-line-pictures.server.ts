// A picture per line on one order's page, so whoever packs it checks at a glance that the navy suit
// goes in the parcel and not the charcoal one (the spec's order read takes each line's "Product
// Image" too). The picture is the one the shopper's cart showed for the line (linePicture): its
// colour's own image when the product has one, else the product's first image.
import { eq } from "drizzle-orm";
import { linePicture } from "../../../domain/cart.ts";
import { imagesOf, productImageColumns } from "../../catalog/product-fields.server.ts";
import type { DbOrTx } from "../../db/client.server.ts";
import { orderItems, products } from "../../db/schema.ts";

/** The picture of each line of the order, by line id; a line whose product is deleted or has no valid image has none. */
export async function linePicturesOf(db: DbOrTx, orderId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ lineId: orderItems.id, colour: orderItems.selectedColor, colours: products.availableColors, ...productImageColumns })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId));
  const pictures = new Map<string, string>();
  for (const row of rows) {
    const picture = linePicture(imagesOf(row), row.colours, row.colour);
    if (picture) pictures.set(row.lineId, picture);
  }
  return pictures;
}
