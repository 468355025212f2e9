// Query plans and timings of the Stripe screen (issue 14) at the admin scale (100,000 orders,
// 300,000 lines, 40,000 customers) on a throwaway PostgreSQL: `npx tsx bench/admin-stripe-plans.ts`.
// Prints EXPLAIN ANALYZE of every query getPaymentsOverview sends for the first page, two searches
// and a deep page (the cards, the page, its count and its item counts), then times each; the
// figures are recorded in docs/admin-performance.md ("Stripe screen").
import { sql } from "drizzle-orm";
import { getPaymentsOverview } from "../src/server/admin/stripe/payments-overview.server.ts";
import { openDatabase } from "../src/server/db/client.server.ts";
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
    // As bench/orders.ts: the stats trigger off for the bulk load, the summaries rebuilt once.
    await db.execute(sql`alter table orders disable trigger orders_admin_stats`);
    await db.execute(sql`
      insert into orders (id, status, payment_status, subtotal_pence, shipping_pence, total_amount_pence, refunded_pence, customer, customer_email, shipping_address, stripe_session_id, payment_provider, paid_at, created_at)
      select 'o' || lpad(g::text, 7, '0') || md5(g::text),
             (array['pending','processing','shipped','delivered','cancelled'])[1 + g % 5],
             case when g % 25 = 0 then 'pending' when g % 25 = 1 then 'failed' when g % 50 = 2 then 'partially_refunded' else 'paid' end,
             10000 + g % 50000, 499, 10499 + g % 50000, case when g % 50 = 2 then 1000 else 0 end,
             jsonb_build_object('firstName', 'First' || (g % ${CUSTOMERS}), 'lastName', 'Last' || (g % 977), 'email', 'customer' || (g % ${CUSTOMERS}) || '@example.com', 'phone', ''),
             'customer' || (g % ${CUSTOMERS}) || '@example.com',
             jsonb_build_object('address', g || ' High Street', 'city', 'London', 'postalCode', 'W1 1AA', 'country', 'United Kingdom'),
             'cs_test_' || md5('s' || g::text), 'local', now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
      from generate_series(1, ${ORDERS}) g`);
    await db.execute(sql`
      insert into order_items (order_id, quantity, unit_price_pence, selected_size, selected_color, product_name, product_category, created_at)
      select o.id, 1 + l % 3, 4999, 'M', 'Navy', 'Product ' || l, 'suits', o.created_at
      from orders o cross join generate_series(1, 3) l`);
    await db.execute(sql`alter table orders enable trigger orders_admin_stats`);
    await db.execute(sql`select admin_rebuild_stats()`);
    await db.execute(sql`vacuum analyze`);
    console.log(`seeded ${ORDERS} orders in ${Date.now() - started} ms`);

    const views: [title: string, view: { search: string; page: number }][] = [
      ["first page", { search: "", page: 1 }],
      ["search by name", { search: "first1234 ", page: 1 }],
      ["search by e-mail", { search: "customer777@", page: 1 }],
      ["page 2000", { search: "", page: 2000 }],
    ];
    for (const [title, view] of views) await bench.explain(`getPaymentsOverview ${title}`, (db) => getPaymentsOverview(db, view));
    console.log("");
    for (const [title, view] of views) await bench.time(`getPaymentsOverview ${title}`, (db) => getPaymentsOverview(db, view));
  } finally {
    await bench.close();
    await handle.close();
    server.stop();
  }
}

await main();
