// POST /api/shipping/quote: the spec's Shipping result for both methods (storefront.md sections
// 3 and 9), for products named by id so the weights come from the catalogue's names.
import { inArray } from "drizzle-orm";
import { z } from "zod";
import { MAX_GUEST_LINES, MAX_LINE_QUANTITY } from "../../domain/cart.ts";
import { normaliseCountry } from "../../domain/countries.ts";
import { FIELD_LIMITS } from "../../domain/field-limits.ts";
import { cartErrors } from "../../domain/messages/cart.ts";
import { checkout as checkoutMessages, shippingQuoteErrors } from "../../domain/messages/checkout.ts";
import { validation } from "../../domain/messages/forms.ts";
import { firstIssueMessage, parseRequest } from "../../domain/schemas.ts";
import { quoteAllShipping, type ShippingQuotes } from "../../domain/shipping.ts";
import type { DbOrTx } from "../db/client.server.ts";
import { products } from "../db/schema.ts";

const quoteItemSchema = z.object(
  {
    productId: z.guid({ error: shippingQuoteErrors.productIdRequired }),
    // The cart's own limit: no line of an order holds more.
    quantity: z.int({ error: cartErrors.invalidQuantity(MAX_LINE_QUANTITY) }).min(1).max(MAX_LINE_QUANTITY),
  },
  { error: shippingQuoteErrors.itemsInvalid },
);

const quoteRequestSchema = z.object(
  {
    country: z
      .string({ error: checkoutMessages.countryRequired })
      .trim()
      .min(1, { error: checkoutMessages.countryRequired })
      .max(FIELD_LIMITS.country, { error: validation.tooLong("Country", FIELD_LIMITS.country) })
      .refine((country) => normaliseCountry(country) !== null, { error: (issue) => checkoutMessages.countryNotInList(String(issue.input)) }),
    items: z
      .array(quoteItemSchema, { error: shippingQuoteErrors.itemsInvalid })
      .min(1, { error: shippingQuoteErrors.itemsRequired })
      .max(MAX_GUEST_LINES, { error: cartErrors.tooManyLines(MAX_GUEST_LINES) }),
  },
  { error: shippingQuoteErrors.requestUnreadable },
);

export async function quoteShippingForProducts(db: DbOrTx, input: unknown): Promise<{ ok: true; quotes: ShippingQuotes } | { ok: false; message: string }> {
  const parsed = parseRequest(quoteRequestSchema, input, shippingQuoteErrors.requestUnreadable);
  if (!parsed.success) return { ok: false, message: firstIssueMessage(parsed.error) };
  const ids = [...new Set(parsed.data.items.map((item) => item.productId.toLowerCase()))];
  const rows = await db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, ids));
  const names = new Map(rows.map((row) => [row.id, row.name]));
  const missing = ids.find((id) => !names.has(id));
  if (missing) return { ok: false, message: shippingQuoteErrors.unknownProduct(missing) };
  const items = parsed.data.items.map((item) => ({ name: names.get(item.productId.toLowerCase())!, quantity: item.quantity }));
  return { ok: true, quotes: quoteAllShipping({ country: parsed.data.country, items }) };
}
