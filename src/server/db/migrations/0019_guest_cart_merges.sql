-- Guest carts already moved into an account, by a fingerprint of their lines: the same guest cart
-- sent again (two tabs signing in at once, a merge whose answer was lost) is not added twice.
CREATE TABLE "guest_cart_merges" (
	"user_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_cart_merges_user_id_fingerprint_pk" PRIMARY KEY("user_id","fingerprint")
);
--> statement-breakpoint
ALTER TABLE "guest_cart_merges" ADD CONSTRAINT "guest_cart_merges_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;