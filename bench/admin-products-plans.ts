// Query plans of the admin Products page at 10,000 products (and 100,000 order lines pointing at
// them) on a throwaway PostgreSQL: `npx tsx bench/admin-products-plans.ts`. Prints EXPLAIN ANALYZE
// of every query listAdminProducts sends for the first page, a category, a name search, both, and
// the last page (the page, its count and the "appears in orders" check), then times each; the
// figures are in docs/admin-performance.md.
import { sql } from "drizzle-orm";
import { parseProductFilter } from "../src/domain/admin/product-filters.ts";
import { CATEGORIES } from "../src/domain/categories.ts";
import { listAdminProducts } from "../src/server/admin/products/admin-products.server.ts";
import { openDatabase, type Database } from "../src/server/db/client.server.ts";
import { startPostgres } from "../tests/helpers/postgres-server.ts";
import { planBench } from "./query-plans.ts";

const PRODUCTS = Number(process.env.PRODUCTS ?? 10_000);

async function main() {
  const server = await startPostgres();
  if (!server) throw new Error("no PostgreSQL binaries found");
  const handle = openDatabase({ kind: "postgres", url: server.url });
  const bench = planBench(server.url);
  try {
    await handle.migrate();
    const { db } = handle;
    const started = Date.now();
    await db.execute(sql`
      insert into products (name, price_pence, category, image, has_valid_image, stock, created_at)
      select (array['Navy','Charcoal','Ivory','Olive','Burgundy'])[1 + g % 5] || ' ' || (array['Wool','Linen','Silk','Cotton'])[1 + g % 4] || ' Item ' || g,
             1000 + g % 40000,
             (array[${sql.raw(CATEGORIES.map((c) => `'${c.value}'`).join(","))}])[1 + g % ${sql.raw(String(CATEGORIES.length))}],
             '/images/products/item-' || g || '.svg', true, g % 60,
             now() - (g || ' minutes')::interval
      from generate_series(1, ${PRODUCTS}) g`);
    await db.execute(sql`
      insert into orders (id, subtotal_pence, total_amount_pence, customer, customer_email, created_at)
      select 'o' || g, 1000, 1000, jsonb_build_object('firstName', 'A', 'lastName', 'B', 'email', 'c' || g || '@example.com'), 'c' || g || '@example.com', now()
      from generate_series(1, 10000) g`);
    await db.execute(sql`
      insert into order_items (order_id, product_id, quantity, unit_price_pence, product_name, product_category)
      select 'o' || (1 + (l * 7919 + p.n) % 10000), p.id, 1, 1000, p.name, p.category
      from (select id, name, category, row_number() over () as n from products) p cross join generate_series(1, 10) l`);
    await db.execute(sql`analyze`);
    console.log(`seeded ${PRODUCTS} products in ${Date.now() - started} ms`);

    const views: [title: string, query: string][] = [
      ["first page", ""],
      ["category", "category=shoes"],
      ["search", "search=linen item 12"],
      ["category + search", "category=shirts&search=olive"],
      ["last page", "page=417"],
    ];
    const list = (query: string) => {
      const parsed = parseProductFilter(new URLSearchParams(query));
      if (!parsed.ok) throw new Error(query);
      return (db: Database) => listAdminProducts(db, parsed.filter);
    };
    for (const [title, query] of views) await bench.explain(`listAdminProducts ${title} (${query})`, list(query));
    console.log("");
    for (const [title, query] of views) await bench.time(`listAdminProducts ${title}`, list(query));
  } finally {
    await bench.close();
    await handle.close();
    server.stop();
  }
}

await main();
