-- When a checkout ended without payment, for the order's timeline. Orders that failed before this
-- column existed take their last change, which for them was the failure.
ALTER TABLE "orders" ADD COLUMN "payment_failed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "payment_failed_at" = "updated_at" WHERE "payment_status" = 'failed';
