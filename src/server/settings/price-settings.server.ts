import { AsyncLocalStorage } from "node:async_hooks";
import { eq } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { DEFAULT_PRICE_SETTINGS, type PriceSettings } from "../../domain/money.ts";
import type { DbOrTx } from "../db/client.server.ts";
import { priceSettings } from "../db/schema.ts";

export type { PriceSettings };

export async function ensurePriceSettings(db: DbOrTx): Promise<void> {
  await db.insert(priceSettings).values({ id: 1 }).onConflictDoNothing();
}

type ReadScope = AsyncLocalStorage<WeakMap<DbOrTx, Promise<PriceSettings>>>;
const scopeKey = Symbol.for("menswear-shop.price-settings-read-scope");

// A storefront page needs the price settings twice: the root loader (display currency, exchange
// rate) and the page's own loader (markup on every price), which React Router runs side by side.
// Within one read-only request both get the result of one query. Nothing is kept between
// requests, so a change made by an admin on any process shows on the very next request.
// One store per process, not per copy of this module: the host and React Router's server build
// each bundle their own copy, and the scope the host opens must be the one the loaders read.
const readOnlyRequest = ((globalThis as { [scopeKey]?: ReadScope })[scopeKey] ??= new AsyncLocalStorage());

/**
 * Runs `handle` (one GET or HEAD request, which changes nothing) so that every getPriceSettings
 * on the same database handle inside it shares one read. Requests that may write (actions) must
 * not use it, or they would read back the settings as they were before their own change.
 */
export function withOneReadOfPriceSettings<T>(handle: () => T): T {
  return readOnlyRequest.run(new WeakMap(), handle);
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

export function getPriceSettings(db: DbOrTx): Promise<PriceSettings> {
  const reads = readOnlyRequest.getStore();
  if (!reads) return readPriceSettings(db);
  let read = reads.get(db);
  if (!read) {
    read = readPriceSettings(db);
    reads.set(db, read);
    // A failed read is not shared: the next caller in this request tries again.
    read.catch(() => reads.delete(db));
  }
  // Each caller gets its own copy, so one cannot change what another sees.
  return read.then((settings) => ({ ...settings }));
}
