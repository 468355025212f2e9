ALTER TABLE "orders" ADD COLUMN "from_account_cart" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "social_links" jsonb;