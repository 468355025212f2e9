import { eq } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { DEFAULT_PRICE_SETTINGS, type PriceSettings } from "../../domain/money.ts";
import type { DbOrTx } from "../db/client.server.ts";
import { sharedRead } from "../db/request-reads.server.ts";
import { priceSettings } from "../db/schema.ts";

export type { PriceSettings };

export async function ensurePriceSettings(db: DbOrTx): Promise<void> {
  await db.insert(priceSettings).values({ id: 1 }).onConflictDoNothing();
}

const buildRead = (db: DbOrTx, name: string) => db.select().from(priceSettings).where(eq(priceSettings.id, 1)).prepare(name);
const preparedReads = new WeakMap<DbOrTx, ReturnType<typeof buildRead>>();

/** Prepared once per database handle (a named statement on PostgreSQL); per call in a transaction. */
function readStatement(db: DbOrTx) {
  if (db instanceof PgTransaction) return buildRead(db, "");
  let read = preparedReads.get(db);
  if (!read) {
    read = buildRead(db, "price_settings_read");
    preparedReads.set(db, read);
  }
  return read;
}

async function readPriceSettings(db: DbOrTx): Promise<PriceSettings> {
  const [row] = await readStatement(db).execute();
  if (!row) return { ...DEFAULT_PRICE_SETTINGS };
  return { markupPercent: Number(row.markupPercent), currency: row.displayCurrency, exchangeRate: Number(row.exchangeRate) };
}

/** The price settings; one query per read-only request however many loaders ask (withSharedReads). */
export async function getPriceSettings(db: DbOrTx): Promise<PriceSettings> {
  // Each caller gets its own copy, so one cannot change what another sees.
  return { ...(await sharedRead(db, "price-settings", () => readPriceSettings(db))) };
}
