-- Written by hand (drizzle-kit does not generate functions): the Customers screen shows a
-- customer's last known name and phone, from their newest order that has one, rather than their
-- newest order's. Phone is optional at checkout, so a customer who gave it once and not on their
-- next order showed "No phone" and a search for the number found nobody; a guest's Buy Now whose
-- payment page learnt no name carries the placeholder "Guest" (GUEST_PLACEHOLDER_FIRST_NAME in
-- src/domain/guest-email.ts), which replaced the customer's real name. The name's two parts come
-- from the same order. The functions are those of 0022 with the two choices below.
--
-- A name is given when either part is not blank and it is not the Buy Now placeholder.
CREATE FUNCTION "admin_order_name_given"(first_name text, last_name text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT (btrim(first_name) <> '' OR btrim(last_name) <> '') AND (first_name, btrim(last_name)) IS DISTINCT FROM ('Guest', '')
$$;
--> statement-breakpoint
-- An order's phone: the customer's, or else the delivery's (checkout writes both); '' for none.
CREATE FUNCTION "admin_order_phone"(customer jsonb, shipping_address jsonb) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(nullif(btrim(customer->>'phone'), ''), nullif(btrim(shipping_address->>'phone'), ''), '')
$$;
--> statement-breakpoint
-- Each choice is an index range of this customer's orders (orders_admin_list_idx, customer_email
-- first), as the newest order was: the trigger's cost per order write is unchanged.
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
  SELECT target, first_name, last_name, phone, orders_count, paid_orders, paid_total_pence, last_paid_at, last_order_at,
         lower(concat_ws(' ', first_name, last_name, target, phone)) || ' ' || regexp_replace(phone, '[^0-9]', '', 'g')
  FROM (
    SELECT totals.*, coalesce(named.first_name, '') AS first_name, coalesce(named.last_name, '') AS last_name, coalesce(phoned.phone, '') AS phone
    FROM (
      SELECT count(*)::int AS orders_count,
             (count(*) FILTER (WHERE payment_status IN ('paid', 'partially_refunded')))::int AS paid_orders,
             coalesce(sum(total_amount_pence - refunded_pence) FILTER (WHERE payment_status IN ('paid', 'partially_refunded')), 0)::bigint AS paid_total_pence,
             max(created_at) FILTER (WHERE payment_status IN ('paid', 'partially_refunded')) AS last_paid_at,
             max(created_at) AS last_order_at
      FROM orders WHERE customer_email = target
    ) totals
    LEFT JOIN LATERAL (
      SELECT first_name, last_name
      FROM (
        SELECT coalesce(customer->>'firstName', customer->>'first_name', '') AS first_name,
               coalesce(customer->>'lastName', customer->>'last_name', '') AS last_name, created_at, id
        FROM orders WHERE customer_email = target
      ) names
      WHERE admin_order_name_given(first_name, last_name)
      ORDER BY created_at DESC, id DESC LIMIT 1
    ) named ON true
    LEFT JOIN LATERAL (
      SELECT admin_order_phone(customer, shipping_address) AS phone
      FROM orders WHERE customer_email = target AND admin_order_phone(customer, shipping_address) <> ''
      ORDER BY created_at DESC, id DESC LIMIT 1
    ) phoned ON true
  ) customer
  WHERE orders_count > 0
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
           coalesce((array_agg(first_name ORDER BY created_at DESC, id DESC) FILTER (WHERE admin_order_name_given(first_name, last_name)))[1], '') AS first_name,
           coalesce((array_agg(last_name ORDER BY created_at DESC, id DESC) FILTER (WHERE admin_order_name_given(first_name, last_name)))[1], '') AS last_name,
           coalesce((array_agg(phone ORDER BY created_at DESC, id DESC) FILTER (WHERE phone <> ''))[1], '') AS phone,
           count(*)::int AS orders_count,
           (count(*) FILTER (WHERE payment_status IN ('paid', 'partially_refunded')))::int AS paid_orders,
           coalesce(sum(total_amount_pence - refunded_pence) FILTER (WHERE payment_status IN ('paid', 'partially_refunded')), 0)::bigint AS paid_total_pence,
           max(created_at) FILTER (WHERE payment_status IN ('paid', 'partially_refunded')) AS last_paid_at,
           max(created_at) AS last_order_at
    FROM (
      SELECT customer_email, created_at, id, payment_status, total_amount_pence, refunded_pence,
             coalesce(customer->>'firstName', customer->>'first_name', '') AS first_name,
             coalesce(customer->>'lastName', customer->>'last_name', '') AS last_name,
             admin_order_phone(customer, shipping_address) AS phone
      FROM orders WHERE admin_is_customer_email(customer_email)
    ) customer_orders
    GROUP BY customer_email
  ) per_customer;
  INSERT INTO customer_totals (id, customers, paying_customers, paid_orders, paid_total_pence)
  SELECT 1, count(*), count(*) FILTER (WHERE paid_orders > 0), coalesce(sum(paid_orders), 0), coalesce(sum(paid_total_pence), 0) FROM customer_stats
  ON CONFLICT (id) DO UPDATE SET customers = excluded.customers, paying_customers = excluded.paying_customers, paid_orders = excluded.paid_orders, paid_total_pence = excluded.paid_total_pence;
$$;
--> statement-breakpoint
-- Every existing customer's row again, under the new choices (as 0004 filled them first).
SELECT admin_rebuild_stats();
