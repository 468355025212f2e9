// Synthetic orders for the admin benchmark, written in bulk inside the database (generate_series,
// a few INSERT ... SELECT statements): 100,000 orders with 300,000 lines for 40,000 customers load
// in seconds. Deterministic: the same arguments give the same shop.
//
// Shape of the data, roughly as a shop a year and a bit old: orders evenly spread over 400 days
// (the newest now); every customer has at least one order, the rest fall on customers by a hash;
// 1 in 25 checkouts failed, 1 in 25 awaits payment, the rest are paid; paid orders older than a
// week are delivered, 2-7 days shipped, newer processing, 1 in 40 cancelled; 3 lines each; 1 in
// 10 customers has an account; some customers typed their e-mail with capitals.
import path from "node:path";
import { sql } from "drizzle-orm";
import { formatOrderNumber } from "../src/domain/order-number.ts";
import { openDatabase, type DatabaseTarget } from "../src/server/db/client.server.ts";

export type OrderFacts = {
  orders: number;
  lines: number;
  customers: number;
  /** The newest order: first on the dashboard. */
  newestOrderId: string;
  newestOrderNumber: string;
  /** Highest total spent: first on the Customers screen. */
  topCustomerEmail: string;
  /** A customer's full name and e-mail, for searches. */
  searchName: string;
  searchNameEmail: string;
  /** The Orders screen lists by customer e-mail, then newest (admin.md section 7): its first customer. */
  firstListedEmail: string;
  /** The first customer of the shipped filter. */
  firstShippedEmail: string;
};

type Rows<T> = { rows: T[] };

const FIRST_NAMES = ["Ama", "Kofi", "Yaw", "Efua", "Kwame", "Adjoa", "Kojo", "Akosua", "Oliver", "George", "Harry", "Jack", "Noah", "Leo", "Arthur", "Oscar", "Charlie", "Henry", "Theo", "Freddie", "Amelia", "Olivia", "Isla", "Ava", "Mia", "Ivy", "Lily", "Grace", "Emeka", "Tunde", "Chidi", "Ngozi", "Ravi", "Arjun", "Priya", "Sanjay", "Tomasz", "Piotr", "Liam", "Sean"];
const LAST_NAMES = ["Owusu", "Mensah", "Boateng", "Asante", "Ofori", "Appiah", "Darko", "Osei", "Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Robinson", "Wright", "Thompson", "Evans", "Walker", "White", "Roberts", "Green", "Hall", "Wood", "Jackson", "Clarke", "Okafor", "Adeyemi", "Patel", "Shah", "Khan", "Singh", "Nowak", "Kowalski", "Murphy", "Kelly", "Byrne", "Reid"];

// A literal text array in parentheses, so it can be subscripted ("(array[...]::text[])[n]").
const textArray = (values: string[]) => sql.raw(`(array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]::text[])`);

/**
 * Adds `orders` orders (3 lines each) for `customers` customers to the shop's database, which must
 * already hold its catalogue. The stats trigger is switched off for the load and the summaries are
 * rebuilt once at the end (the same function the migration backfills with), then everything is
 * vacuumed and analysed as autovacuum would have done in a live shop.
 */
export async function fillOrders(
  target: { engine: "pglite"; dataDir: string } | { engine: "postgres"; url: string },
  options: { orders: number; customers: number },
): Promise<OrderFacts> {
  const { orders: count, customers } = options;
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(customers) || customers < 1 || customers > count) {
    throw new Error(`need 1 <= customers <= orders, got ${customers} customers for ${count} orders`);
  }
  const where: DatabaseTarget =
    target.engine === "pglite" ? { kind: "pglite", dataDir: path.join(target.dataDir, "pglite") } : { kind: "postgres", url: target.url, poolSize: 1 };
  const database = openDatabase(where);
  const db = database.db;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local synchronous_commit = on`);
      await tx.execute(sql`alter table orders disable trigger orders_admin_stats`);
      await tx.execute(sql`
        create temp table bench_products on commit drop as
        select id, name, category, round(price_pence * 1.4)::int as unit_price, (row_number() over (order by created_at desc, id))::int as n
        from products where is_active`);
      const [{ products = 0 } = {}] = ((await tx.execute(sql`select count(*)::int as products from bench_products`)) as unknown as Rows<{ products: number }>).rows;
      if (products === 0) throw new Error("the catalogue has no active product to order");
      // One row per order with everything its columns are computed from.
      await tx.execute(sql`
        create temp table bench_orders on commit drop as
        select i, gen_random_uuid()::text as id, k,
               ${textArray(FIRST_NAMES)}[1 + k % ${FIRST_NAMES.length}] as first_name,
               ${textArray(LAST_NAMES)}[1 + (k / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] as last_name,
               '+44 7700 ' || lpad((k % 1000000)::text, 6, '0') as phone,
               now() - ((${count} - i)::float8 / ${count}) * interval '400 days' as created_at,
               ((${count} - i)::float8 / ${count}) * 400 as age_days,
               case when i % 25 = 0 then 'failed' when i % 25 = 1 then 'pending' else 'paid' end as payment_status
        from (
          select i, case when i <= ${customers} then i else 1 + ((i::bigint * 2654435761) % ${customers})::int end as k
          from generate_series(1, ${count}) as g(i)
        ) numbered`);
      await tx.execute(sql`
        create temp table bench_lines on commit drop as
        select o.i, o.id as order_id, o.created_at, p.id as product_id, p.name, p.category, p.unit_price, 1 + ((o.i + j) % 2) as quantity, j
        from bench_orders o
        cross join generate_series(1, 3) as j
        join bench_products p on p.n = 1 + ((o.i * 3 + j) % ${products})`);
      await tx.execute(sql`
        insert into orders (id, status, payment_status, subtotal_pence, shipping_pence, total_amount_pence, customer, customer_email,
                            shipping_address, stripe_session_id, payment_provider, paid_at, created_at, updated_at)
        select o.id,
               case when o.payment_status = 'failed' then 'cancelled'
                    when o.payment_status = 'pending' then 'pending'
                    when o.i % 40 = 2 then 'cancelled'
                    when o.age_days < 2 then 'processing'
                    when o.age_days < 7 then 'shipped'
                    else 'delivered' end,
               o.payment_status, s.subtotal, case when s.subtotal >= 10000 then 0 else 499 end,
               s.subtotal + case when s.subtotal >= 10000 then 0 else 499 end,
               jsonb_build_object('firstName', o.first_name, 'lastName', o.last_name, 'phone', o.phone,
                 'email', case when o.i % 7 = 0 then initcap(o.first_name) || '.' || o.last_name || '.' || o.k || '@Example.com'
                               else lower(o.first_name || '.' || o.last_name) || '.' || o.k || '@example.com' end),
               lower(o.first_name || '.' || o.last_name) || '.' || o.k || '@example.com',
               jsonb_build_object('firstName', o.first_name, 'lastName', o.last_name, 'address', (1 + o.k % 200) || ' High Street',
                 'city', 'London', 'postalCode', 'SW1A 1AA', 'country', 'United Kingdom', 'phone', o.phone),
               'cs_bench_' || o.i, 'local',
               case when o.payment_status = 'paid' then o.created_at + interval '1 minute' end,
               o.created_at, o.created_at
        from bench_orders o
        join (select i, sum(unit_price * quantity)::int as subtotal from bench_lines group by i) s on s.i = o.i`);
      await tx.execute(sql`
        insert into order_items (order_id, product_id, quantity, unit_price_pence, selected_size, selected_color, product_name, product_category, created_at)
        select order_id, product_id, quantity, unit_price, 'M', 'Navy', name, category, created_at from bench_lines`);
      // Every 10th customer made an account with the e-mail they order with.
      await tx.execute(sql`
        insert into "user" (id, name, email, email_verified)
        select 'bench-user-' || k, min(first_name) || ' ' || min(last_name), min(lower(first_name || '.' || last_name) || '.' || k || '@example.com'), true
        from bench_orders where k % 10 = 0 group by k
        on conflict do nothing`);
      await tx.execute(sql`alter table orders enable trigger orders_admin_stats`);
      await tx.execute(sql`select admin_rebuild_stats()`);
    });
    for (const table of ["orders", "order_items", "customer_stats", "order_daily_stats", '"user"']) {
      await db.execute(sql.raw(`vacuum analyze ${table}`));
    }
    const first = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows[0];
    const one = async <T>(query: ReturnType<typeof sql>) => {
      const row = await first<T>(query);
      if (!row) throw new Error("the bench shop has no orders");
      return row;
    };
    const newest = await one<{ id: string }>(sql`select id from orders order by created_at desc, id desc limit 1`);
    const top = await one<{ email: string }>(sql`select email from customer_stats order by paid_total_pence desc, email limit 1`);
    const middle = await one<{ email: string; name: string }>(
      sql`select email, first_name || ' ' || last_name as name from customer_stats order by email offset ${Math.floor(customers / 2)} limit 1`,
    );
    const listed = await one<{ email: string }>(sql`select customer_email as email from orders order by customer_email limit 1`);
    const shipped = await first<{ email: string }>(sql`select customer_email as email from orders where status = 'shipped' order by customer_email limit 1`);
    return {
      orders: count,
      lines: count * 3,
      customers,
      newestOrderId: newest.id,
      newestOrderNumber: formatOrderNumber(newest.id),
      topCustomerEmail: top.email,
      searchName: middle.name,
      searchNameEmail: middle.email,
      firstListedEmail: listed.email,
      firstShippedEmail: shipped?.email ?? "",
    };
  } finally {
    await database.close();
  }
}
