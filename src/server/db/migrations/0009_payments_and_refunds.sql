CREATE TABLE "order_refunds" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"order_id" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"reason" text NOT NULL,
	"restocked" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"error" text,
	"idempotency_key" text NOT NULL,
	"admin_id" text NOT NULL,
	"admin_email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount_pence" > 0),
	CONSTRAINT "order_refunds_status_valid" CHECK ("order_refunds"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "local_payment_sessions" ADD COLUMN "refunded_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "restocked_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_idempotency_unique" ON "order_refunds" USING btree ("order_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_restocked_within_quantity" CHECK ("order_items"."restocked_quantity" >= 0 and "order_items"."restocked_quantity" <= "order_items"."quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within_total" CHECK ("orders"."refunded_pence" >= 0 and "orders"."refunded_pence" <= "orders"."total_amount_pence");
--> statement-breakpoint
-- Written by hand below this line. One refund model (decision 035): an automatic refund the
-- provider already confirmed gave the whole payment back.
UPDATE "orders" SET "refunded_pence" = "total_amount_pence" WHERE "payment_status" = 'refunded' AND "refunded_at" IS NOT NULL;
--> statement-breakpoint
UPDATE "local_payment_sessions" SET "refunded_pence" = "amount_pence" WHERE "payment_status" = 'refunded';
--> statement-breakpoint
-- The admin figures (migration 0004, decision 021) count what the shop kept: a partially refunded
-- order is still a paid order, worth its total less what was given back; a fully refunded one is
-- not counted. The functions are those of 0004 with that one change.
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
      paid_orders = paid_orders + coalesce(after_row.paid_orders, 0) - coalesce(before_row.paid_orders, 0),
      paid_total_pence = paid_total_pence + coalesce(after_row.paid_total_pence, 0) - coalesce(before_row.paid_total_pence, 0)
    WHERE id = 1;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "orders_admin_stats"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.payment_status IN ('paid', 'partially_refunded') THEN PERFORM admin_count_paid_order(NEW.created_at, NEW.total_amount_pence - NEW.refunded_pence, 1); END IF;
    PERFORM admin_refresh_customer_stats(NEW.customer_email);
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.payment_status IN ('paid', 'partially_refunded') THEN PERFORM admin_count_paid_order(OLD.created_at, OLD.total_amount_pence - OLD.refunded_pence, -1); END IF;
    PERFORM admin_refresh_customer_stats(OLD.customer_email);
  ELSE
    -- A fulfilment status change (the admin's everyday update) touches neither table. A refund
    -- counts from the moment its amount is reserved (and comes back if the provider refuses it).
    IF (OLD.payment_status, OLD.total_amount_pence, OLD.created_at, OLD.refunded_pence) IS DISTINCT FROM (NEW.payment_status, NEW.total_amount_pence, NEW.created_at, NEW.refunded_pence) THEN
      IF OLD.payment_status IN ('paid', 'partially_refunded') THEN PERFORM admin_count_paid_order(OLD.created_at, OLD.total_amount_pence - OLD.refunded_pence, -1); END IF;
      IF NEW.payment_status IN ('paid', 'partially_refunded') THEN PERFORM admin_count_paid_order(NEW.created_at, NEW.total_amount_pence - NEW.refunded_pence, 1); END IF;
    END IF;
    IF (OLD.customer_email, OLD.customer, OLD.shipping_address, OLD.payment_status, OLD.total_amount_pence, OLD.created_at, OLD.refunded_pence)
       IS DISTINCT FROM (NEW.customer_email, NEW.customer, NEW.shipping_address, NEW.payment_status, NEW.total_amount_pence, NEW.created_at, NEW.refunded_pence) THEN
      IF OLD.customer_email IS DISTINCT FROM NEW.customer_email THEN PERFORM admin_refresh_customer_stats(OLD.customer_email); END IF;
      PERFORM admin_refresh_customer_stats(NEW.customer_email);
    END IF;
  END IF;
  RETURN NULL;
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
  INSERT INTO customer_totals (id, customers, paid_orders, paid_total_pence)
  SELECT 1, count(*), coalesce(sum(paid_orders), 0), coalesce(sum(paid_total_pence), 0) FROM customer_stats
  ON CONFLICT (id) DO UPDATE SET customers = excluded.customers, paid_orders = excluded.paid_orders, paid_total_pence = excluded.paid_total_pence;
$$;
