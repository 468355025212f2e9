-- The admin searches keep typographic apostrophes as the plain one, as a search is typed
-- (straightApostrophes): "O’Neill" typed on a phone is found by "o'neill", and the other way
-- round. PostgreSQL 15 cannot change a generated column's expression in place: the orders column
-- is rebuilt and its trigram index made again, as in 0013.
ALTER TABLE "orders" drop column "search_text";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower(id || ' ' || coalesce(stripe_session_id, '') || ' ' || customer_email || ' ' || coalesce(customer->>'firstName', customer->>'first_name', '') || ' ' || coalesce(customer->>'lastName', customer->>'last_name', '') || ' ' || coalesce(customer->>'email', '')), E'\u2018\u2019\u02bc\u2032', '''''''''')) STORED;--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The customers' search text is written by the functions of 0009; it is straightened as it is
-- stored, whichever of them writes it, and once now for the rows already there.
CREATE FUNCTION "customer_stats_straight_apostrophes"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := translate(NEW.search_text, E'\u2018\u2019\u02bc\u2032', '''''''''');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "customer_stats_straight_apostrophes" BEFORE INSERT OR UPDATE OF "search_text" ON "customer_stats"
FOR EACH ROW EXECUTE FUNCTION customer_stats_straight_apostrophes();
--> statement-breakpoint
UPDATE "customer_stats" SET "search_text" = "search_text" WHERE "search_text" ~ E'[\u2018\u2019\u02bc\u2032]';
