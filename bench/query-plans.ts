// What the plan benches share (bench/*-plans.ts). A plan is of a statement the shop itself sends:
// one of its functions runs once with drizzle's query log on, and each query it sent is run again
// under EXPLAIN ANALYZE, so no plan describes a copy of a query that the shop has since changed.
// Then the function is timed as the shop calls it.
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Database } from "../src/server/db/client.server.ts";
import { schema } from "../src/server/db/schema.ts";

export type PlanBench = {
  /** Prints the plan of every query `view` sends, after running it once. */
  explain(title: string, view: (db: Database) => Promise<unknown>): Promise<void>;
  /** Prints the median, 95th percentile and slowest of `samples` runs of `view`. */
  time(title: string, view: (db: Database) => Promise<unknown>, samples?: number): Promise<void>;
  close(): Promise<void>;
};

// The one-row price settings many views read: its plan says nothing.
const LEFT_OUT = /\bprice_settings\b/;

export function planBench(url: string): PlanBench {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  let sent: { sql: string; params: unknown[] }[] = [];
  const logged = drizzle(pool, { schema, logger: { logQuery: (query, params) => sent.push({ sql: query, params }) } }) as unknown as Database;
  const quiet = drizzle(pool, { schema }) as unknown as Database;
  return {
    async explain(title, view) {
      sent = [];
      await view(logged);
      // Only queries: a transaction's begin and commit have no plan.
      for (const statement of sent.filter((s) => /^\s*(select|with)\b/i.test(s.sql) && !LEFT_OUT.test(s.sql))) {
        const result = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers, costs off) ${statement.sql}`, statement.params);
        console.log(`\n### ${title}\n${statement.sql.slice(0, 160).replace(/\s+/g, " ")}...\n${result.rows.map((row) => row["QUERY PLAN"]).join("\n")}`);
      }
    },
    async time(title, view, samples = 20) {
      const took: number[] = [];
      for (let i = 0; i < samples; i++) {
        const started = performance.now();
        await view(quiet);
        took.push(performance.now() - started);
      }
      took.sort((a, b) => a - b);
      const at = (share: number) => took[Math.min(samples - 1, Math.ceil(samples * share) - 1)]!.toFixed(1);
      console.log(`${title}: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
    },
    close: () => pool.end(),
  };
}
