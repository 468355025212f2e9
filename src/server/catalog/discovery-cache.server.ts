// A small, short-lived memo of the discovery work that depends on the whole matched set (a
// category's or a search's filter counts, a search's ranked page of ids, the suggestions), so a
// popular view is computed once every few seconds instead of on every request (decision 040).
// The product rows a shopper sees (prices, stock) are still read on every request where the view
// allows it; what a kept entry can show stale is bounded by its lifetime and by `clear()`, which
// the app calls after every catalogue change made through this process and every price-settings
// change. Concurrent requests for the same key share one computation.

export type DiscoveryCache = {
  /** The kept value of `key`, or `compute()` kept for the cache's lifetime (a failure is not kept). */
  remember<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /** Forgets everything: the next request of any view computes afresh. */
  clear(): void;
  /** How many entries are kept (for tests). */
  size(): number;
};

/** How long an entry is kept: long enough to absorb a burst on one view, short enough to be unseen. */
export const DISCOVERY_CACHE_MS = 2_000;
/** At most this many entries (keys are a few hundred bytes; counts a few KB): well under 5 MB. */
export const DISCOVERY_CACHE_ENTRIES = 500;

type Entry = { expires: number; value: Promise<unknown> };

export function createDiscoveryCache(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}): DiscoveryCache {
  const ttlMs = options.ttlMs ?? DISCOVERY_CACHE_MS;
  const maxEntries = options.maxEntries ?? DISCOVERY_CACHE_ENTRIES;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  return {
    remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0 || maxEntries <= 0) return compute();
      const at = now();
      const kept = entries.get(key);
      if (kept && kept.expires > at) return kept.value as Promise<T>;
      if (kept) entries.delete(key);
      const value = compute();
      const entry: Entry = { expires: at + ttlMs, value };
      entries.set(key, entry);
      // Map keeps insertion order: the first key is the oldest entry.
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
    size() {
      return entries.size;
    },
  };
}
