ALTER TABLE "customer_totals" ADD COLUMN "paying_customers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The customers who have paid (at least one order counted as paid), kept beside every customer:
-- the dashboard and the Customers screen count buyers, as their revenue and order figures do.
-- The functions are those of 0009 with that one sum added.
UPDATE "customer_totals" SET "paying_customers" = (SELECT count(*) FROM "customer_stats" WHERE "paid_orders" > 0) WHERE "id" = 1;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "admin_refresh_customer_stats"(target text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  before_row customer_stats%ROWTYPE;
  after_row customer_stats%ROWTYPE;
BEGIN
  IF NOT admin_is_customer_email(target) THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('customer_stats:' || target, 0));
  SELECT * INTO before_row FROM customer_stats WHERE email = target;
  DELETE FROM customer_stats WHERE email = target;
  INSERT INTO customer_stats (email, first_name, last_name, phone, orders_count, paid_orders, paid_total_pence, last_paid_at, last_order_at, search_text)
  SELECT target, latest.first_name, latest.last_name, latest.phone, totals.orders_count, totals.paid_orders,
         totals.paid_total_pence, totals.last_paid_at, totals.last_order_at,
         lower(concat_ws(' ', latest.first_name, latest.last_name, target, latest.phone)) || ' ' || regexp_replace(latest.phone, '[^0-9]', '', 'g')
  FROM (
    SELECT count(*)::int AS orders_count,
           (count(*) FILTER (WHERE payment_status IN ('paid', 'partially_refunded')))::int AS paid_orders,
           coalesce(sum(total_amount_pence - refunded_pence) FILTER (WHERE payment_status IN ('paid', 'partially_refunded')), 0)::bigint AS paid_total_pence,
           max(created_at) FILTER (WHERE payment_status IN ('paid', 'partially_refunded')) AS last_paid_at,
           max(created_at) AS last_order_at
    FROM orders WHERE customer_email = target
  ) totals
  CROSS JOIN LATERAL (
    SELECT coalesce(customer->>'firstName', customer->>'first_name', '') AS first_name,
           coalesce(customer->>'lastName', customer->>'last_name', '') AS last_name,
           coalesce(nullif(customer->>'phone', ''), shipping_address->>'phone', '') AS phone
    FROM orders WHERE customer_email = target
    ORDER BY created_at DESC, id DESC LIMIT 1
  ) latest
  WHERE totals.orders_count > 0
  RETURNING * INTO after_row;
  IF (before_row.email IS NULL) IS DISTINCT FROM (after_row.email IS NULL)
     OR before_row.paid_orders IS DISTINCT FROM after_row.paid_orders
     OR before_row.paid_total_pence IS DISTINCT FROM after_row.paid_total_pence THEN
    UPDATE customer_totals SET
      customers = customers + (after_row.email IS NOT NULL)::int - (before_row.email IS NOT NULL)::int,
      paying_customers = paying_customers + (coalesce(after_row.paid_orders, 0) > 0)::int - (coalesce(before_row.paid_orders, 0) > 0)::int,
      paid_orders = paid_orders + coalesce(after_row.paid_orders, 0) - coalesce(before_row.paid_orders, 0),
      paid_total_pence = paid_total_pence + coalesce(after_row.paid_total_pence, 0) - coalesce(before_row.paid_total_pence, 0)
    WHERE id = 1;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "admin_rebuild_stats"() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM order_daily_stats;
  INSERT INTO order_daily_stats (day, paid_orders, paid_revenue_pence)
  SELECT (created_at AT TIME ZONE 'Europe/London')::date, count(*), sum(total_amount_pence - refunded_pence)
  FROM orders WHERE payment_status IN ('paid', 'partially_refunded') GROUP BY 1;
  DELETE FROM customer_stats;
  INSERT INTO customer_stats (email, first_name, last_name, phone, orders_count, paid_orders, paid_total_pence, last_paid_at, last_order_at, search_text)
  SELECT email, first_name, last_name, phone, orders_count, paid_orders, paid_total_pence, last_paid_at, last_order_at,
         lower(concat_ws(' ', first_name, last_name, email, phone)) || ' ' || regexp_replace(phone, '[^0-9]', '', 'g')
  FROM (
    SELECT customer_email AS email,
           (array_agg(coalesce(customer->>'firstName', customer->>'first_name', '') ORDER BY created_at DESC, id DESC))[1] AS first_name,
           (array_agg(coalesce(customer->>'lastName', customer->>'last_name', '') ORDER BY created_at DESC, id DESC))[1] AS last_name,
           (array_agg(coalesce(nullif(customer->>'phone', ''), shipping_address->>'phone', '') ORDER BY created_at DESC, id DESC))[1] AS phone,
           count(*)::int AS orders_count,
           (count(*) FILTER (WHERE payment_status IN ('paid', 'partially_refunded')))::int AS paid_orders,
           coalesce(sum(total_amount_pence - refunded_pence) FILTER (WHERE payment_status IN ('paid', 'partially_refunded')), 0)::bigint AS paid_total_pence,
           max(created_at) FILTER (WHERE payment_status IN ('paid', 'partially_refunded')) AS last_paid_at,
           max(created_at) AS last_order_at
    FROM orders WHERE admin_is_customer_email(customer_email) GROUP BY customer_email
  ) per_customer;
  INSERT INTO customer_totals (id, customers, paying_customers, paid_orders, paid_total_pence)
  SELECT 1, count(*), count(*) FILTER (WHERE paid_orders > 0), coalesce(sum(paid_orders), 0), coalesce(sum(paid_total_pence), 0) FROM customer_stats
  ON CONFLICT (id) DO UPDATE SET customers = excluded.customers, paying_customers = excluded.paying_customers, paid_orders = excluded.paid_orders, paid_total_pence = excluded.paid_total_pence;
$$;
