ALTER TABLE "order_items" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "covered" jsonb DEFAULT '{"lines":[],"shipping":false}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_refunded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Refunds made before each recorded what it covered counted, per line, only the units they put
-- back in stock: those units stay counted as refunded.
UPDATE "order_items" SET "refunded_quantity" = "restocked_quantity" - "cancel_restocked_quantity";--> statement-breakpoint
-- A refund still at the provider puts its units back once it succeeds: they count from now, as
-- what it covers, and are given back if it is refused.
UPDATE "order_refunds" SET "covered" = jsonb_build_object('lines', "restock_requested", 'shipping', false) WHERE "status" = 'pending';--> statement-breakpoint
UPDATE "order_items" SET "refunded_quantity" = least("order_items"."quantity", "order_items"."refunded_quantity" + "pending"."units")
FROM (
  SELECT "line"->>'itemId' AS "item_id", sum(("line"->>'quantity')::int) AS "units"
  FROM "order_refunds", jsonb_array_elements("order_refunds"."restock_requested") AS "line"
  WHERE "order_refunds"."status" = 'pending'
  GROUP BY 1
) AS "pending"
WHERE "order_items"."id" = "pending"."item_id";--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_refunded_within_quantity" CHECK ("order_items"."refunded_quantity" >= 0 and "order_items"."refunded_quantity" <= "order_items"."quantity");