// Work in a transaction that has not committed yet (an admin's delete caught in the middle, a
// row another writer holds), on PostgreSQL: the test starts the work that races it, waits until
// PostgreSQL itself reports that work blocked by it, then lets the transaction commit.
import { eq, sql } from "drizzle-orm";
import { expect, vi } from "vitest";
import type { Database, DbOrTx } from "../../src/server/db/client.server.ts";
import { rowsOf } from "../../src/server/db/raw-rows.server.ts";
import { products } from "../../src/server/db/schema.ts";

export type HeldTransaction = { waitUntilBlocking: () => Promise<void>; commit: () => Promise<void> };

/** Runs `work` in a transaction and keeps it open, its locks held, until `commit`. */
export async function holdTransaction(db: Database, work: (tx: DbOrTx) => Promise<unknown>): Promise<HeldTransaction> {
  let done!: () => void;
  const worked = new Promise<void>((resolve) => (done = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let pid = 0;
  const holding = db.transaction(async (tx) => {
    await work(tx);
    pid = Number(rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))[0]!.pid);
    done();
    await released;
  });
  await worked;
  return {
    waitUntilBlocking: () =>
      vi.waitFor(
        async () => {
          const blocked = rowsOf(await db.execute(sql`select 1 from pg_stat_activity where datname = current_database() and ${pid} = any(pg_blocking_pids(pid))`));
          expect(blocked).toHaveLength(1);
        },
        { timeout: 10_000, interval: 20 },
      ),
    commit: async () => {
      release();
      await holding;
    },
  };
}

export function holdProductDelete(db: Database, productId: string): Promise<HeldTransaction> {
  return holdTransaction(db, (tx) => tx.delete(products).where(eq(products.id, productId)));
}
