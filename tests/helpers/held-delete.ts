// A product deleted by a transaction that has not committed yet (an admin's delete caught in the
// middle), on PostgreSQL: the test starts the work that races it, waits until PostgreSQL itself
// reports that work blocked by the delete, then lets the delete commit.
import { eq, sql } from "drizzle-orm";
import { expect, vi } from "vitest";
import type { Database } from "../../src/server/db/client.server.ts";
import { rowsOf } from "../../src/server/db/raw-rows.server.ts";
import { products } from "../../src/server/db/schema.ts";

export async function holdProductDelete(db: Database, productId: string): Promise<{ waitUntilBlocking: () => Promise<void>; commit: () => Promise<void> }> {
  let deleted!: () => void;
  const deleting = new Promise<void>((resolve) => (deleted = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let pid = 0;
  const removal = db.transaction(async (tx) => {
    await tx.delete(products).where(eq(products.id, productId));
    pid = Number(rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))[0]!.pid);
    deleted();
    await released;
  });
  await deleting;
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
      await removal;
    },
  };
}
