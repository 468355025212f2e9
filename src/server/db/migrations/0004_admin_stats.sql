CREATE TABLE "customer_stats" (
	"email" text PRIMARY KEY NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"orders_count" integer NOT NULL,
	"paid_orders" integer NOT NULL,
	"paid_total_pence" bigint NOT NULL,
	"last_paid_at" timestamp with time zone,
	"last_order_at" timestamp with time zone NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_totals" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL,
	"paid_orders" bigint DEFAULT 0 NOT NULL,
	"paid_total_pence" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_totals_single_row" CHECK ("customer_totals"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "order_daily_stats" (
	"day" date PRIMARY KEY NOT NULL,
	"paid_orders" integer DEFAULT 0 NOT NULL,
	"paid_revenue_pence" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "customer_stats_spent_idx" ON "customer_stats" USING btree ("paid_total_pence" DESC NULLS FIRST,"email");--> statement-breakpoint
CREATE INDEX "orders_awaiting_fulfilment_idx" ON "orders" USING btree ("created_at") WHERE "orders"."payment_status" = 'paid' and "orders"."status" not in ('shipped', 'delivered', 'completed', 'cancelled');
--> statement-breakpoint
-- Written by hand below this line (drizzle-kit does not generate functions or triggers): the
-- trigger that keeps customer_stats, customer_totals and order_daily_stats in step with orders, in the same
-- transaction as every insert, update and delete of an order, whoever writes it (decision 021).
-- A customer e-mail is valid as src/domain/admin/customers.ts's isCustomerEmail says: something
-- before and after one "@", no spaces, and not the Buy Now placeholder the payment page replaces.
CREATE FUNCTION "admin_is_customer_email"(email text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT email IS NOT NULL AND email <> 'guest@buy-now.invalid' AND email ~ '^[^@[:space:]]+@[^@[:space:]]+$'
$$;
--> statement-breakpoint
-- Recomputes one customer's row from their orders. The advisory lock serialises writers of the
-- same customer, so the second of two concurrent payments reads the first one's committed order
-- (each statement of a plpgsql function takes a new snapshot under READ COMMITTED).
CREATE FUNCTION "admin_refresh_customer_stats"(target text) RETURNS void
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
           (count(*) FILTER (WHERE payment_status = 'paid'))::int AS paid_orders,
           coalesce(sum(total_amount_pence) FILTER (WHERE payment_status = 'paid'), 0)::bigint AS paid_total_pence,
           max(created_at) FILTER (WHERE payment_status = 'paid') AS last_paid_at,
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
  -- The shop-wide sums change only for a new or vanished customer or a payment: a repeat
  -- customer's new unpaid order leaves the single totals row (and its lock) alone.
  IF (before_row.email IS NULL) IS DISTINCT FROM (after_row.email IS NULL)
     OR before_row.paid_orders IS DISTINCT FROM after_row.paid_orders
     OR before_row.paid_total_pence IS DISTINCT FROM after_row.paid_total_pence THEN
    UPDATE customer_totals SET
      customers = customers + (after_row.email IS NOT NULL)::int - (before_row.email IS NOT NULL)::int,
      paid_orders = paid_orders + coalesce(after_row.paid_orders, 0) - coalesce(before_row.paid_orders, 0),
      paid_total_pence = paid_total_pence + coalesce(after_row.paid_total_pence, 0) - coalesce(before_row.paid_total_pence, 0)
    WHERE id = 1;
  END IF;
END
$$;
--> statement-breakpoint
-- Adds (or with sign -1 takes away) one paid order to its day. Additions commute, so concurrent
-- payments need no lock beyond the row's own.
CREATE FUNCTION "admin_count_paid_order"(placed timestamptz, total integer, sign integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO order_daily_stats (day, paid_orders, paid_revenue_pence)
  VALUES ((placed AT TIME ZONE 'Europe/London')::date, sign, sign * total::bigint)
  ON CONFLICT (day) DO UPDATE SET
    paid_orders = order_daily_stats.paid_orders + excluded.paid_orders,
    paid_revenue_pence = order_daily_stats.paid_revenue_pence + excluded.paid_revenue_pence
$$;
--> statement-breakpoint
CREATE FUNCTION "orders_admin_stats"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.payment_status = 'paid' THEN PERFORM admin_count_paid_order(NEW.created_at, NEW.total_amount_pence, 1); END IF;
    PERFORM admin_refresh_customer_stats(NEW.customer_email);
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.payment_status = 'paid' THEN PERFORM admin_count_paid_order(OLD.created_at, OLD.total_amount_pence, -1); END IF;
    PERFORM admin_refresh_customer_stats(OLD.customer_email);
  ELSE
    -- A fulfilment status change (the admin's everyday update) touches neither table.
    IF (OLD.payment_status, OLD.total_amount_pence, OLD.created_at) IS DISTINCT FROM (NEW.payment_status, NEW.total_amount_pence, NEW.created_at) THEN
      IF OLD.payment_status = 'paid' THEN PERFORM admin_count_paid_order(OLD.created_at, OLD.total_amount_pence, -1); END IF;
      IF NEW.payment_status = 'paid' THEN PERFORM admin_count_paid_order(NEW.created_at, NEW.total_amount_pence, 1); END IF;
    END IF;
    IF (OLD.customer_email, OLD.customer, OLD.shipping_address, OLD.payment_status, OLD.total_amount_pence, OLD.created_at)
       IS DISTINCT FROM (NEW.customer_email, NEW.customer, NEW.shipping_address, NEW.payment_status, NEW.total_amount_pence, NEW.created_at) THEN
      IF OLD.customer_email IS DISTINCT FROM NEW.customer_email THEN PERFORM admin_refresh_customer_stats(OLD.customer_email); END IF;
      PERFORM admin_refresh_customer_stats(NEW.customer_email);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_admin_stats" AFTER INSERT OR UPDATE OR DELETE ON "orders"
FOR EACH ROW EXECUTE FUNCTION orders_admin_stats();
--> statement-breakpoint
-- Rebuilds the three tables from orders: the backfill of a shop that already has orders, and what the
-- benchmark calls after a bulk load made with the trigger switched off.
CREATE FUNCTION "admin_rebuild_stats"() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM order_daily_stats;
  INSERT INTO order_daily_stats (day, paid_orders, paid_revenue_pence)
  SELECT (created_at AT TIME ZONE 'Europe/London')::date, count(*), sum(total_amount_pence)
  FROM orders WHERE payment_status = 'paid' GROUP BY 1;
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
           (count(*) FILTER (WHERE payment_status = 'paid'))::int AS paid_orders,
           coalesce(sum(total_amount_pence) FILTER (WHERE payment_status = 'paid'), 0)::bigint AS paid_total_pence,
           max(created_at) FILTER (WHERE payment_status = 'paid') AS last_paid_at,
           max(created_at) AS last_order_at
    FROM orders WHERE admin_is_customer_email(customer_email) GROUP BY customer_email
  ) per_customer;
  INSERT INTO customer_totals (id, customers, paid_orders, paid_total_pence)
  SELECT 1, count(*), coalesce(sum(paid_orders), 0), coalesce(sum(paid_total_pence), 0) FROM customer_stats
  ON CONFLICT (id) DO UPDATE SET customers = excluded.customers, paid_orders = excluded.paid_orders, paid_total_pence = excluded.paid_total_pence;
$$;
--> statement-breakpoint
SELECT admin_rebuild_stats();
