// Query plans of storefront discovery (issue 16) at 10,000 products of the bench's catalogue on a
// throwaway PostgreSQL: `npx tsx bench/discovery-plans.ts` (PRODUCTS=... for another size). Runs
// each view once through discoverProducts / suggestProducts, prints EXPLAIN ANALYZE of every
// statement it sent, then times each view; the figures are in docs/search.md.
import { parseDiscoveryQuery } from "../src/domain/discovery.ts";
import { discoverProducts, suggestProducts } from "../src/server/catalog/discovery.server.ts";
import type { Database } from "../src/server/db/client.server.ts";
import { startPostgres } from "../tests/helpers/postgres-server.ts";
import { BIGGEST_CATEGORY, createCatalogueDatabase, type CatalogueFacts } from "./catalogue.ts";
import { discoveryViews, type DiscoveryView } from "./discovery-routes.ts";
import { planBench } from "./query-plans.ts";

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
  const bench = planBench(server.url);
  try {
    const started = Date.now();
    const facts: CatalogueFacts = await createCatalogueDatabase({ engine: "postgres", url: server.url }, PRODUCTS);
    console.log(`seeded ${PRODUCTS} products in ${Date.now() - started} ms`);
    const views = [...discoveryViews(facts), ...MISSPELT_VIEWS];
    for (const view of views) await bench.explain(`${view.name}: ${view.search}`, (db) => run(db, view));
    console.log("");
    for (const view of views) await bench.time(`${view.name} (${view.search})`, (db) => run(db, view), 40);
  } finally {
    await bench.close();
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
