-- "Awaiting fulfilment" counts an order refunded in part: the rest of it is still to be sent.
DROP INDEX "orders_awaiting_fulfilment_idx";--> statement-breakpoint
CREATE INDEX "orders_awaiting_fulfilment_idx" ON "orders" USING btree ("created_at") WHERE "orders"."payment_status" in ('paid', 'partially_refunded') and "orders"."status" not in ('shipped', 'delivered', 'completed', 'cancelled');