ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_error" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_payment_status_idx" ON "orders" USING btree ("payment_status","payment_checked_at");--> statement-breakpoint
UPDATE "orders" SET "refunded_at" = "updated_at" WHERE "payment_status" = 'refunded';
