-- The admin orders search finds an order by its delivery postcode, typed with or without its
-- space ("SW1A 1AA", "sw1a1aa"). PostgreSQL 15 cannot change a generated column's expression in
-- place: the column is rebuilt and its trigram index made again, as in 0013 and 0016.
ALTER TABLE "orders" drop column "search_text";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower(id || ' ' || coalesce(stripe_session_id, '') || ' ' || customer_email || ' ' || coalesce(customer->>'firstName', customer->>'first_name', '') || ' ' || coalesce(customer->>'lastName', customer->>'last_name', '') || ' ' || coalesce(customer->>'email', '') || ' ' || coalesce(shipping_address->>'postalCode', '') || ' ' || replace(coalesce(shipping_address->>'postalCode', ''), ' ', '')), E'\u2018\u2019\u02bc\u2032', '''''''''')) STORED;--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);
