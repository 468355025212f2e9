import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { rowsOf } from "../db/raw-rows.server.ts";

/** True only after a real round trip to the database (GET /api/health). */
export async function databaseIsHealthy(db: Database, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    const roundTrip = db.execute(sql`select 1 as ok`).then((result) => {
      return Number(rowsOf<{ ok: number }>(result)[0]?.ok) === 1;
    });
    return await Promise.race([roundTrip, timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
