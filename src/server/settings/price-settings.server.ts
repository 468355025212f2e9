import { eq } from "drizzle-orm";
import { DEFAULT_PRICE_SETTINGS, type PriceSettings } from "../../domain/money.ts";
import type { DbOrTx } from "../db/client.server.ts";
import { priceSettings } from "../db/schema.ts";

export type { PriceSettings };

export async function ensurePriceSettings(db: DbOrTx): Promise<void> {
  await db.insert(priceSettings).values({ id: 1 }).onConflictDoNothing();
}

export async function getPriceSettings(db: DbOrTx): Promise<PriceSettings> {
  const [row] = await db.select().from(priceSettings).where(eq(priceSettings.id, 1));
  if (!row) return { ...DEFAULT_PRICE_SETTINGS };
  return { markupPercent: Number(row.markupPercent), currency: row.displayCurrency, exchangeRate: Number(row.exchangeRate) };
}
