// Query plans of storefront discovery (issue 16) at 10,000 products of the bench's catalogue on a
// throwaway PostgreSQL: `npx tsx bench/discovery-plans.ts` (PRODUCTS=... for another size). Runs
// each view once through discoverProducts / suggestProducts, prints EXPLAIN ANALYZE of every
// statement it sent, then times each view; the figures are in docs/search.md.
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { parseDiscoveryQuery } from "../src/domain/discovery.ts";
import { discoverProducts, suggestProducts } from "../src/server/catalog/discovery.server.ts";
import type { Database } from "../src/server/db/client.server.ts";
import { schema } from "../src/server/db/schema.ts";
import { startPostgres } from "../tests/helpers/postgres-server.ts";
import { BIGGEST_CATEGORY, createCatalogueDatabase, type CatalogueFacts } from "./catalogue.ts";
import { discoveryViews, type DiscoveryView } from "./discovery-routes.ts";

const PRODUCTS = Number(process.env.PRODUCTS ?? 10_000);

// Misspellings read against the catalogue (docs/search.md): a word no product contains is probed
// first, then searched as the category or colour it means. Plans only, no load target.
const MISSPELT_VIEWS: DiscoveryView[] = [
  { name: "search, misspelt word", kind: "search", search: "q=wite+shirt", mustContain: "" },
  { name: "suggestions, misspelt word", kind: "suggestions", search: "q=navy+sut", mustContain: "" },
];

async function main() {
  const server = await startPostgres();
  if (!server) throw new Error("no PostgreSQL binaries found");
  const pool = new pg.Pool({ connectionString: server.url, max: 4 });
  try {
    const started = Date.now();
    const facts: CatalogueFacts = await createCatalogueDatabase({ engine: "postgres", url: server.url }, PRODUCTS);
    console.log(`seeded ${PRODUCTS} products in ${Date.now() - started} ms`);
    let captured: { sql: string; params: unknown[] }[] = [];
    const logged = drizzle(pool, { schema, logger: { logQuery: (query, params) => captured.push({ sql: query, params }) } }) as unknown as Database;
    const quiet = drizzle(pool, { schema }) as unknown as Database;

    for (const view of [...discoveryViews(facts), ...MISSPELT_VIEWS]) {
      captured = [];
      await run(logged, view);
      for (const statement of captured.filter((s) => !/price_settings/.test(s.sql))) {
        const result = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers, costs off) ${statement.sql}`, statement.params);
        console.log(`\n### ${view.name}: ${view.search}\n${statement.sql.slice(0, 160).replace(/\s+/g, " ")}...\n${result.rows.map((r) => r["QUERY PLAN"]).join("\n")}`);
      }
    }
    console.log("");
    for (const view of [...discoveryViews(facts), ...MISSPELT_VIEWS]) {
      const samples: number[] = [];
      for (let i = 0; i < 40; i++) {
        const t = performance.now();
        await run(quiet, view);
        samples.push(performance.now() - t);
      }
      samples.sort((a, b) => a - b);
      console.log(`${view.name} (${view.search}): median ${samples[20]!.toFixed(1)} ms, p95 ${samples[38]!.toFixed(1)} ms`);
    }
  } finally {
    await pool.end();
    server.stop();
  }
}

async function run(db: Database, view: ReturnType<typeof discoveryViews>[number]): Promise<void> {
  if (view.kind === "suggestions") {
    await suggestProducts(db, new URLSearchParams(view.search).get("q") ?? "");
    return;
  }
  const parsed = parseDiscoveryQuery(new URLSearchParams(view.search));
  if (!parsed.ok) throw new Error(parsed.message);
  await discoverProducts(db, { category: view.kind === "category" ? BIGGEST_CATEGORY : null, query: parsed.query, pageSize: 12 });
}

await main();
