// Query plans of the admin orders screen at the scale (100,000 orders, 300,000 lines,
// 40,000 customers) on a throwaway PostgreSQL: `npx tsx bench/admin-orders-plans.ts`. Prints
// EXPLAIN ANALYZE of every query listAdminOrders sends for the first page, searches, a status
// filter and a deep page, and of the export's first two batches, then times them; the figures
// are recorded in docs/admin-performance.md.
import { sql } from "drizzle-orm";
import { parseOrderFilter } from "../src/domain/admin/order-filters.ts";
import { listAdminOrders } from "../src/server/admin/orders/orders-list.server.ts";
import { exportOrdersCsv } from "../src/server/admin/orders/orders-export.server.ts";
import { openDatabase, type Database } from "../src/server/db/client.server.ts";
import { startPostgres } from "../tests/helpers/postgres-server.ts";
import { planBench } from "./query-plans.ts";

const ORDERS = Number(process.env.ORDERS ?? 100_000);
const CUSTOMERS = Math.round(ORDERS * 0.4);

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

    const views: [title: string, query: string][] = [
      ["first page", ""],
      ["search", "search=customer1234@"],
      ["search by name", "search=first777"],
      ["status", "status=shipped"],
      ["page 2000", "page=2000"],
    ];
    const list = (query: string) => {
      const parsed = parseOrderFilter(new URLSearchParams(query));
      if (!parsed.ok) throw new Error(query);
      return (db: Database) => listAdminOrders(db, parsed.filter);
    };
    for (const [title, query] of views) await bench.explain(`listAdminOrders ${title} (${query})`, list(query));
    // The header, then two batches: the second is read after the first one's cursor.
    await bench.explain("exportOrdersCsv, its first two batches", async (db) => {
      let chunks = 0;
      for await (const _chunk of exportOrdersCsv(db, { search: "", status: null })) if (++chunks === 3) break;
    });
    console.log("");
    for (const [title, query] of views) await bench.time(`listAdminOrders ${title}`, list(query));
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
    await bench.close();
    await handle.close();
    server.stop();
  }
}

await main();
