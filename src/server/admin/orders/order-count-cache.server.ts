// The Orders screen's count badge without counting every order on every request (decision 024).
// Counting all 100,000 orders (or every shipped one) is an index-only scan of the whole index,
// 20-55 ms of the database's CPU per page view; at 20 connections on two cores it was the largest
// single cost of the screen. The unfiltered and status-only counts are kept for a few seconds per
// database handle; a search's count (a few trigram matches) is always exact.

/** How long a count may be shown again: well inside the spec's "fresh for 5 minutes" for admin data. */
export const ORDER_COUNT_TTL_MS = 5_000;

type Entry = { total: number; at: number } | { pending: Promise<number>; at: number };

const byDatabase = new WeakMap<object, Map<string, Entry>>();

/**
 * The count for `key` (the status, or "" for all orders): from the last `ORDER_COUNT_TTL_MS`, or
 * counted now. Requests arriving while a count runs share it instead of counting again.
 */
export async function cachedOrderCount(db: object, key: string, countNow: () => Promise<number>, now: () => number = Date.now): Promise<number> {
  let counts = byDatabase.get(db);
  if (!counts) {
    counts = new Map();
    byDatabase.set(db, counts);
  }
  const entry = counts.get(key);
  if (entry && now() - entry.at < ORDER_COUNT_TTL_MS) return "total" in entry ? entry.total : entry.pending;
  const started = now();
  const pending = countNow();
  counts.set(key, { pending, at: started });
  try {
    const total = await pending;
    if (counts.get(key)?.at === started) counts.set(key, { total, at: started });
    return total;
  } catch (error) {
    if (counts.get(key)?.at === started) counts.delete(key);
    throw error;
  }
}

/** After a change this process made (a status change), the next page counts again. */
export function forgetOrderCounts(db: object): void {
  byDatabase.delete(db);
}
