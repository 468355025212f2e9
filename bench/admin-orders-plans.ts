// Query plans of the admin orders screen at the scale (100,000 orders, 300,000 lines,
// 40,000 customers) on a throwaway PostgreSQL: `npx tsx bench/admin-orders-plans.ts`. Prints
// EXPLAIN ANALYZE of the first page, a search, a status filter and one export batch, the figures
// recorded in docs/admin-performance.md.
import { sql } from "drizzle-orm";
import { parseOrderFilter } from "../src/domain/admin/order-filters.ts";
import { listAdminOrders } from "../src/server/admin/orders/orders-list.server.ts";
import { exportOrdersCsv } from "../src/server/admin/orders/orders-export.server.ts";
import { openDatabase } from "../src/server/db/client.server.ts";
import { startPostgres } from "../tests/helpers/postgres-server.ts";

const ORDERS = Number(process.env.ORDERS ?? 100_000);
const CUSTOMERS = Math.round(ORDERS * 0.4);

async function main() {
  const server = await startPostgres();
  if (!server) throw new Error("no PostgreSQL binaries found");
  const handle = openDatabase({ kind: "postgres", url: server.url });
  try {
    await handle.migrate();
    const { db } = handle;
    const started = Date.now();
    await db.execute(sql`
      insert into orders (id, status, payment_status, subtotal_pence, shipping_pence, total_amount_pence, customer, customer_email, shipping_address, stripe_session_id, payment_provider, paid_at, created_at)
      select 'o' || lpad(g::text, 7, '0') || md5(g::text),
             (array['pending','processing','shipped','delivered','cancelled'])[1 + g % 5],
             case when g % 5 = 0 then 'pending' else 'paid' end,
             10000 + g % 50000, 499, 10499 + g % 50000,
             jsonb_build_object('firstName', 'First' || (g % ${CUSTOMERS}), 'lastName', 'Last' || (g % 977), 'email', 'customer' || (g % ${CUSTOMERS}) || '@example.com', 'phone', ''),
             'customer' || (g % ${CUSTOMERS}) || '@example.com',
             jsonb_build_object('address', g || ' High Street', 'city', 'London', 'postalCode', 'W1 1AA', 'country', 'United Kingdom'),
             'cs_test_' || md5('s' || g::text), 'local', now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
      from generate_series(1, ${ORDERS}) g`);
    await db.execute(sql`
      insert into order_items (order_id, quantity, unit_price_pence, selected_size, selected_color, product_name, product_category, created_at)
      select o.id, 1 + l % 3, 4999, 'M', 'Navy', 'Product ' || l, 'suits', o.created_at
      from orders o cross join generate_series(1, 3) l`);
    await db.execute(sql`analyze`);
    console.log(`seeded ${ORDERS} orders in ${Date.now() - started} ms`);

    const plan = async (title: string, query: ReturnType<typeof sql>) => {
      const result = (await db.execute(sql`explain (analyze, buffers, costs off) ${query}`)) as unknown as { rows: { "QUERY PLAN": string }[] };
      console.log(`\n### ${title}\n${result.rows.map((row) => row["QUERY PLAN"]).join("\n")}`);
    };
    const list = (where: ReturnType<typeof sql>) =>
      sql`select * from orders where ${where} order by customer_email asc, created_at desc, id asc limit 20 offset 0`;
    await plan("first page", list(sql`true`));
    await plan("count, no filter", sql`select count(*) from orders`);
    await plan("search 'customer1234@'", list(sql`search_text like '%customer1234@%'`));
    await plan("count, search", sql`select count(*) from orders where search_text like '%customer1234@%'`);
    await plan("status filter 'shipped'", list(sql`status = 'shipped'`));
    await plan("count, status filter", sql`select count(*) from orders where status = 'shipped'`);
    await plan("export batch after a cursor", sql`select * from orders where (created_at, id) < (now() - interval '30000 minutes', 'z') order by created_at desc, id desc limit 500`);
    await plan("items of one page", sql`select * from order_items where order_id in (select id from orders order by customer_email, created_at desc, id limit 20)`);
    await plan("orders per customer on a page", sql`select customer_email, count(*) from orders where customer_email in ('customer1@example.com', 'customer2@example.com') group by customer_email`);

    const time = async (title: string, run: () => Promise<unknown>) => {
      const samples: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        await run();
        samples.push(performance.now() - t);
      }
      samples.sort((a, b) => a - b);
      console.log(`${title}: median ${samples[10]!.toFixed(1)} ms, max ${samples[19]!.toFixed(1)} ms`);
    };
    const filter = (query: string) => {
      const parsed = parseOrderFilter(new URLSearchParams(query));
      if (!parsed.ok) throw new Error(query);
      return parsed.filter;
    };
    console.log("");
    await time("listAdminOrders first page", () => listAdminOrders(db, filter("")));
    await time("listAdminOrders search", () => listAdminOrders(db, filter("search=customer1234@")));
    await time("listAdminOrders search by name", () => listAdminOrders(db, filter("search=first777")));
    await time("listAdminOrders status", () => listAdminOrders(db, filter("status=shipped")));
    await time("listAdminOrders page 2000", () => listAdminOrders(db, filter("page=2000")));
    const before = process.memoryUsage().rss;
    const t = performance.now();
    let bytes = 0;
    let peak = before;
    for await (const chunk of exportOrdersCsv(db, { search: "", status: null })) {
      bytes += chunk.length;
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    console.log(`export of all orders: ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - t) / 1000).toFixed(1)} s, RSS ${(before / 1e6).toFixed(0)} -> peak ${(peak / 1e6).toFixed(0)} MB`);
  } finally {
    await handle.close();
    server.stop();
  }
}

await main();
