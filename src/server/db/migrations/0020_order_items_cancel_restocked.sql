-- The units a cancel put back in stock, kept apart from those a refund put back: reopening the
-- order takes back exactly the cancel's, also when a refund completed while the cancel was being
-- made. Cancelled orders already there get theirs from what their refunds did not put back.
ALTER TABLE "order_items" ADD COLUMN "cancel_restocked_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "order_items" AS "item" SET "cancel_restocked_quantity" = greatest(0, "item"."restocked_quantity" - coalesce((
  SELECT sum(("line"->>'quantity')::integer)
  FROM "order_refunds" AS "refund", jsonb_array_elements("refund"."restocked") AS "line"
  WHERE "refund"."order_id" = "item"."order_id" AND "refund"."status" = 'succeeded' AND "line"->>'itemId' = "item"."id"
), 0))
FROM "orders" AS "order"
WHERE "order"."id" = "item"."order_id" AND "order"."status" = 'cancelled' AND "item"."restocked_quantity" > 0;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_cancel_restocked_within_restocked" CHECK ("order_items"."cancel_restocked_quantity" >= 0 and "order_items"."cancel_restocked_quantity" <= "order_items"."restocked_quantity");
