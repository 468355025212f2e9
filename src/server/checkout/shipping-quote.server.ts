// POST /api/shipping/quote: the spec's Shipping result for both methods (storefront.md sections
// 3 and 9), for products named by id so the weights come from the catalogue's names.
import { inArray } from "drizzle-orm";
import { z } from "zod";
import { MAX_GUEST_LINES, MAX_LINE_QUANTITY } from "../../domain/cart.ts";
import { normaliseCountry } from "../../domain/country-spellings.ts";
import { FIELD_LIMITS } from "../../domain/field-limits.ts";
import { cartErrors } from "../../domain/messages/cart.ts";
import { checkout as checkoutMessages, shippingQuoteErrors } from "../../domain/messages/checkout.ts";
import { validation } from "../../domain/messages/forms.ts";
import { isRowId } from "../../domain/row-ids.ts";
import { firstIssueMessage, parseRequest } from "../../domain/schemas.ts";
import { quoteAllShipping, type ShippingQuotes } from "../../domain/shipping.ts";
import { hasControlCharacters, withoutControlCharacters } from "../../domain/text-rules.ts";
import type { DbOrTx } from "../db/client.server.ts";
import { products } from "../db/schema.ts";

/** Longer than any id the shop makes (a UUID is 36 characters), short enough to quote back. */
const PRODUCT_ID_MAX = 100;

const quoteItemSchema = z.object(
  {
    // Any id is looked up: one that is no product's (a UUID or not) is 'Unknown product: <id>'.
    // Text the answer could not quote back (control characters, a page of it) is no id at all.
    productId: z
      .string({ error: shippingQuoteErrors.productIdRequired })
      .trim()
      .min(1, { error: shippingQuoteErrors.productIdRequired })
      .max(PRODUCT_ID_MAX, { error: shippingQuoteErrors.productIdRequired })
      .refine((id) => !hasControlCharacters(id), { error: shippingQuoteErrors.productIdRequired }),
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
      // The country's name is read leniently ("japan", "U.K."): a NUL or other control character
      // would pass as part of the spelling, so it is refused first, as the checkout's address does.
      .pipe(withoutControlCharacters("Country"))
      .transform((country, context) => {
        const name = normaliseCountry(country);
        if (name === null) context.addIssue({ code: "custom", message: checkoutMessages.countryNotInList(country) });
        return name ?? country;
      }),
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
  const rowIds = ids.filter(isRowId);
  const rows = rowIds.length === 0 ? [] : await db.select({ id: products.id, name: products.name, category: products.category }).from(products).where(inArray(products.id, rowIds));
  const found = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.find((id) => !found.has(id));
  if (missing) return { ok: false, message: shippingQuoteErrors.unknownProduct(missing) };
  const items = parsed.data.items.map((item) => {
    const { name, category } = found.get(item.productId.toLowerCase())!;
    return { name, category, quantity: item.quantity };
  });
  return { ok: true, quotes: quoteAllShipping({ country: parsed.data.country, items }) };
}
