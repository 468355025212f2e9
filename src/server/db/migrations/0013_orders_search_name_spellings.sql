-- The admin orders search reads a customer's name under both spellings the order card reads
-- (firstName and first_name). PostgreSQL 15 cannot change a generated column's expression in
-- place: the column is rebuilt, which drops its trigram index, so the index is made again.
ALTER TABLE "orders" drop column "search_text";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(id || ' ' || coalesce(stripe_session_id, '') || ' ' || customer_email || ' ' || coalesce(customer->>'firstName', customer->>'first_name', '') || ' ' || coalesce(customer->>'lastName', customer->>'last_name', '') || ' ' || coalesce(customer->>'email', ''))) STORED;--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);
