// Query plans and timings of the Stripe screen (issue 14) at the admin scale (100,000 orders,
// 300,000 lines, 40,000 customers) on a throwaway PostgreSQL: `npx tsx bench/admin-stripe-plans.ts`.
// The figures recorded in docs/admin-performance.md ("Stripe screen").
import { sql } from "drizzle-orm";
import { getPaymentsOverview } from "../src/server/admin/stripe/payments-overview.server.ts";
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

    const plan = async (title: string, query: ReturnType<typeof sql>) => {
      const result = (await db.execute(sql`explain (analyze, buffers, costs off) ${query}`)) as unknown as { rows: { "QUERY PLAN": string }[] };
      console.log(`\n### ${title}\n${result.rows.map((row) => row["QUERY PLAN"]).join("\n")}`);
    };
    await plan("cards: revenue and paid orders", sql`select sum(paid_revenue_pence), sum(paid_orders) from order_daily_stats`);
    await plan("cards: total orders", sql`select count(*) from orders`);
    await plan("cards: pending orders", sql`select count(*) from orders where payment_status = 'pending'`);
    await plan("page 1, newest first", sql`select id, customer, customer_email, total_amount_pence, payment_status, status, created_at from orders order by created_at desc, id desc limit 20`);
    await plan("page 2,000", sql`select id from orders order by created_at desc, id desc limit 20 offset 39980`);
    await plan("search 'first1234 '", sql`select id from orders where search_text like '%first1234 %' order by created_at desc, id desc limit 20`);
    await plan("count, search", sql`select count(*) from orders where search_text like '%first1234 %'`);
    await plan("items of one page", sql`select order_id, sum(quantity) from order_items where order_id in (select id from orders order by created_at desc, id desc limit 20) group by order_id`);

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
    console.log("");
    await time("getPaymentsOverview first page", () => getPaymentsOverview(db, { search: "", page: 1 }));
    await time("getPaymentsOverview search by name", () => getPaymentsOverview(db, { search: "first1234 ", page: 1 }));
    await time("getPaymentsOverview search by e-mail", () => getPaymentsOverview(db, { search: "customer777@", page: 1 }));
    await time("getPaymentsOverview page 2000", () => getPaymentsOverview(db, { search: "", page: 2000 }));
  } finally {
    await handle.close();
    server.stop();
  }
}

await main();
