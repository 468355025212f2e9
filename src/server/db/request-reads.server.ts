import { AsyncLocalStorage } from "node:async_hooks";
import type { DbOrTx } from "./client.server.ts";

// A storefront page reads the same settings rows from more than one loader (the root loader's
// display currency and shop name, the page's own markup and schema.org brand), and React Router
// runs those loaders side by side. Within one read-only request each such row is read once and
// every loader gets the answer. Nothing is kept between requests, so a change made by an admin
// on any process shows on the very next request.
type Reads = WeakMap<DbOrTx, Map<string, Promise<unknown>>>;
const scopeKey = Symbol.for("menswear-shop.request-read-scope");

// One store per process, not per copy of this module: the host and React Router's server build
// each bundle their own copy, and the scope the host opens must be the one the loaders read.
const readOnlyRequest = ((globalThis as { [scopeKey]?: AsyncLocalStorage<Reads> })[scopeKey] ??= new AsyncLocalStorage());

/**
 * Runs `handle` (one GET or HEAD request, which changes nothing) so that `sharedRead`s of the same
 * name on the same database handle inside it share one query. Requests that may write (actions)
 * must not use it, or they would read back a row as it was before their own change.
 */
export function withSharedReads<T>(handle: () => T): T {
  return readOnlyRequest.run(new WeakMap(), handle);
}

/**
 * `read()` once per request scope, database handle and name; outside a scope (actions, jobs,
 * transactions, which are handles of their own) it reads every time. Callers must not change
 * what they get: copy it first.
 */
export function sharedRead<T>(db: DbOrTx, name: string, read: () => Promise<T>): Promise<T> {
  const scope = readOnlyRequest.getStore();
  if (!scope) return read();
  let reads = scope.get(db);
  if (!reads) {
    reads = new Map();
    scope.set(db, reads);
  }
  let pending = reads.get(name) as Promise<T> | undefined;
  if (!pending) {
    const started = read();
    pending = started;
    reads.set(name, started);
    // A failed read is not shared: the next caller in this request tries again.
    started.catch(() => {
      if (reads.get(name) === started) reads.delete(name);
    });
  }
  return pending;
}
