// POST /api/shipping/quote: the spec's Shipping result for both methods (storefront.md sections
// 3 and 9), for products named by id so the weights come from the catalogue's names.
import { inArray } from "drizzle-orm";
import { z } from "zod";
import { normaliseCountry } from "../../domain/countries.ts";
import { checkout as checkoutMessages } from "../../domain/messages/checkout.ts";
import { firstIssueMessage } from "../../domain/schemas.ts";
import { quoteAllShipping, type ShippingQuotes } from "../../domain/shipping.ts";
import type { DbOrTx } from "../db/client.server.ts";
import { products } from "../db/schema.ts";

const quoteRequestSchema = z.object({
  country: z
    .string({ error: "Country is required" })
    .trim()
    .min(1, { error: "Country is required" })
    .max(100)
    .refine((country) => normaliseCountry(country) !== null, { error: (issue) => checkoutMessages.countryNotInList(String(issue.input)) }),
  items: z
    .array(z.object({ productId: z.guid({ error: "Each item needs a productId" }), quantity: z.int().min(1).max(99) }), { error: "items must be a list" })
    .min(1, { error: "Add at least one item" })
    .max(100),
});

export async function quoteShippingForProducts(db: DbOrTx, input: unknown): Promise<{ ok: true; quotes: ShippingQuotes } | { ok: false; message: string }> {
  const parsed = quoteRequestSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: firstIssueMessage(parsed.error) };
  const ids = [...new Set(parsed.data.items.map((item) => item.productId.toLowerCase()))];
  const rows = await db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, ids));
  const names = new Map(rows.map((row) => [row.id, row.name]));
  const missing = ids.find((id) => !names.has(id));
  if (missing) return { ok: false, message: `Unknown product: ${missing}` };
  const items = parsed.data.items.map((item) => ({ name: names.get(item.productId.toLowerCase())!, quantity: item.quantity }));
  return { ok: true, quotes: quoteAllShipping({ country: parsed.data.country, items }) };
}
