ALTER TABLE "orders" ADD COLUMN "checkout_cart" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "replaced_by" text;--> statement-breakpoint
CREATE INDEX "orders_open_checkout_cart_idx" ON "orders" USING btree ("checkout_cart") WHERE "orders"."checkout_cart" is not null and "orders"."payment_status" = 'pending';