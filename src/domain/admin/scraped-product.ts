// A scraped product as the admin saves it (admin.md section 7 "Save a scraped product"): the
// preview's fields, checked with the same rule on the server as in the card.
import { z } from "zod";
import { CATEGORIES, type CategoryValue } from "../categories.ts";
import { adminProductEditor, scraper } from "../messages/admin.ts";
import { validation } from "../messages/forms.ts";
import { requestErrors } from "../messages/requests.ts";
import { poundsToPence } from "../pounds-input.ts";
import { controlCharactersMessage, hasControlCharacters } from "../text-rules.ts";
import { PRODUCT_LIMITS } from "./product-input.ts";

export const SCRAPED_PRODUCT_LIMITS = {
  name: 200,
  description: 5000,
  url: 2048,
} as const;

/** Pounds as a number however large ("£1,000,000", 1e30), or NaN: for saying a price is over the limit. */
function poundsValue(value: number | string): number {
  return typeof value === "number" ? value : Number(value.trim().replace(/^£\s*/, "").replace(/,/g, ""));
}

const CATEGORY_VALUES = CATEGORIES.map((c) => c.value) as [CategoryValue, ...CategoryValue[]];

export const scrapedProductSchema = z.object(
  {
    name: z
      .string({ error: scraper.nameRequired })
      .transform((text) => text.replace(/\s+/g, " ").trim())
      .pipe(z.string().min(1, { error: scraper.nameRequired }).max(SCRAPED_PRODUCT_LIMITS.name, { error: validation.tooLong("Name", SCRAPED_PRODUCT_LIMITS.name) })),
    price: z
      .union([z.number(), z.string()], { error: scraper.priceRequired })
      .transform((value, ctx) => {
        // The product editor's limit and words: a price too large to count in pence is still "too high".
        const pounds = poundsValue(value);
        if (pounds * 100 > PRODUCT_LIMITS.maxPricePence) {
          ctx.addIssue({ code: "custom", message: adminProductEditor.priceTooHigh });
          return z.NEVER;
        }
        // Whole pennies, as the product editor takes them: 10.005 is a typing slip, not £10.01.
        const pence = poundsToPence(value, { wholePennies: true });
        if (pence === null || pence <= 0) {
          ctx.addIssue({ code: "custom", message: pence === null && !(pounds <= 0) ? adminProductEditor.priceInvalid : scraper.priceRequired });
          return z.NEVER;
        }
        return pence;
      }),
    // Anything but the address of a picture the scraper stored is no picture of ours.
    image: z
      .string({ error: scraper.imageNotCopiedByScraper })
      .trim()
      .max(SCRAPED_PRODUCT_LIMITS.url)
      .nullish()
      .transform((value) => value ?? ""),
    category: z.enum(CATEGORY_VALUES, { error: scraper.categoryRequired }),
    description: z
      .string({ error: validation.notText("Description") })
      .trim()
      .max(SCRAPED_PRODUCT_LIMITS.description, { error: validation.tooLong("Description", SCRAPED_PRODUCT_LIMITS.description) })
      .refine((text) => !hasControlCharacters(text, { multiLine: true }), { error: controlCharactersMessage("Description") })
      .nullish()
      .transform((value) => value ?? ""),
    url: z
      .string({ error: scraper.invalidUrl })
      .trim()
      .max(SCRAPED_PRODUCT_LIMITS.url, { error: scraper.invalidUrl })
      .refine((text) => {
        try {
          const url = new URL(text);
          return url.protocol === "http:" || url.protocol === "https:";
        } catch {
          return false;
        }
      }, { error: scraper.invalidUrl }),
  },
  { error: requestErrors.jsonObjectRequired },
);

/** admin.md section 5: a blank or whitespace-only URL is refused before anything is sent. */
export function isBlankUrl(value: unknown): boolean {
  return typeof value !== "string" || value.trim() === "";
}
