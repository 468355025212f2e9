CREATE TABLE "admin_jobs" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer,
	"result" jsonb,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"singleton_key" text,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "admin_jobs_progress_not_negative" CHECK ("admin_jobs"."progress_done" >= 0 and ("admin_jobs"."progress_total" is null or "admin_jobs"."progress_total" >= 0))
);
--> statement-breakpoint
CREATE INDEX "admin_jobs_claim_idx" ON "admin_jobs" USING btree ("status","created_at") WHERE "admin_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "admin_jobs_kind_idx" ON "admin_jobs" USING btree ("kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "admin_jobs_singleton_idx" ON "admin_jobs" USING btree ("singleton_key") WHERE "admin_jobs"."status" in ('queued', 'running');