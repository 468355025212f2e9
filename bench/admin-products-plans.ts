// Query plans of the admin Products page at 10,000 products (and 100,000 order lines pointing at
// them) on a throwaway PostgreSQL: `npx tsx bench/admin-products-plans.ts`. Prints EXPLAIN ANALYZE
// of the first page, a category, a name search, a deep page and the "appears in orders" check,
// then times listAdminProducts; the figures are in docs/admin-performance.md.
import { sql } from "drizzle-orm";
import { parseProductFilter } from "../src/domain/admin/product-filters.ts";
import { CATEGORIES } from "../src/domain/categories.ts";
import { listAdminProducts } from "../src/server/admin/products/admin-products.server.ts";
import { openDatabase } from "../src/server/db/client.server.ts";
import { startPostgres } from "../tests/helpers/postgres-server.ts";

const PRODUCTS = Number(process.env.PRODUCTS ?? 10_000);

async function main() {
  const server = await startPostgres();
  if (!server) throw new Error("no PostgreSQL binaries found");
  const handle = openDatabase({ kind: "postgres", url: server.url });
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

    const plan = async (title: string, query: ReturnType<typeof sql>) => {
      const result = (await db.execute(sql`explain (analyze, buffers, costs off) ${query}`)) as unknown as { rows: { "QUERY PLAN": string }[] };
      console.log(`\n### ${title}\n${result.rows.map((row) => row["QUERY PLAN"]).join("\n")}`);
    };
    const page = (where: ReturnType<typeof sql>, offset = 0) =>
      sql`select id, name from products where ${where} order by created_at desc nulls last, id limit 24 offset ${offset}`;
    await plan("first page", page(sql`true`));
    await plan("category 'shoes'", page(sql`category = 'shoes'`));
    await plan("count, category", sql`select count(*) from products where category = 'shoes'`);
    await plan("search 'linen item 12'", page(sql`lower(name) like '%linen item 12%'`));
    await plan("count, search 'linen item 12'", sql`select count(*) from products where lower(name) like '%linen item 12%'`);
    await plan("last page (offset 9,984)", page(sql`true`, 9984));
    await plan("orders of a page's products", sql`select product_id, count(distinct order_id) from order_items where product_id in (select id from products order by created_at desc nulls last, id limit 24) group by product_id`);

    const time = async (title: string, query: string) => {
      const parsed = parseProductFilter(new URLSearchParams(query));
      if (!parsed.ok) throw new Error(query);
      const samples: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        await listAdminProducts(db, parsed.filter);
        samples.push(performance.now() - t);
      }
      samples.sort((a, b) => a - b);
      console.log(`${title}: median ${samples[10]!.toFixed(1)} ms, max ${samples[19]!.toFixed(1)} ms`);
    };
    console.log("");
    await time("listAdminProducts first page", "");
    await time("listAdminProducts category", "category=shoes");
    await time("listAdminProducts search", "search=linen item 12");
    await time("listAdminProducts category + search", "category=shirts&search=olive");
    await time("listAdminProducts last page", "page=417");
  } finally {
    await handle.close();
    server.stop();
  }
}

await main();
