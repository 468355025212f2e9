-- The admin orders search also finds an order by its tracking number and by the names of the
-- products bought. Order lines live in their own table and a generated column can read only its
-- row, so orders.item_names keeps the lines' names, written by the database as lines are inserted
-- (order lines never change afterwards), once now for the orders already there. The search column
-- is rebuilt with both, and its trigram index made again, as in 0017.
ALTER TABLE "orders" ADD COLUMN "item_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "item_names" = "names"."text"
FROM (SELECT "order_id", string_agg("product_name", ' ' ORDER BY "created_at", "id") AS "text" FROM "order_items" GROUP BY "order_id") AS "names"
WHERE "orders"."id" = "names"."order_id";--> statement-breakpoint
ALTER TABLE "orders" drop column "search_text";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower(id || ' ' || coalesce(stripe_session_id, '') || ' ' || customer_email || ' ' || coalesce(customer->>'firstName', customer->>'first_name', '') || ' ' || coalesce(customer->>'lastName', customer->>'last_name', '') || ' ' || coalesce(customer->>'email', '') || ' ' || coalesce(shipping_address->>'postalCode', '') || ' ' || replace(coalesce(shipping_address->>'postalCode', ''), ' ', '') || ' ' || coalesce(tracking_number, '') || ' ' || item_names), E'\u2018\u2019\u02bc\u2032', '''''''''')) STORED;--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- One statement for the lines of a whole insert (a bulk import of orders writes each order once).
CREATE FUNCTION "orders_item_names_from_lines"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "orders" SET "item_names" = trim(both ' ' from "orders"."item_names" || ' ' || "names"."text")
  FROM (SELECT "order_id", string_agg("product_name", ' ' ORDER BY "created_at", "id") AS "text" FROM "new_lines" GROUP BY "order_id") AS "names"
  WHERE "orders"."id" = "names"."order_id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_item_names_from_lines" AFTER INSERT ON "order_items"
REFERENCING NEW TABLE AS "new_lines"
FOR EACH STATEMENT EXECUTE FUNCTION orders_item_names_from_lines();
