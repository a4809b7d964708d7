ALTER TABLE "users" ADD COLUMN "unusable_refunds_day" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unusable_refunds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "paid_work_paused_until" timestamp with time zone;