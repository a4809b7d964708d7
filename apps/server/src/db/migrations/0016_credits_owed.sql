ALTER TABLE "users" ADD COLUMN "credits_owed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_credits_owed_nonnegative" CHECK ("users"."credits_owed" >= 0);--> statement-breakpoint
-- Shortfalls recorded before this column existed are owed too.
UPDATE "users" SET "credits_owed" = "owed"."total" FROM (SELECT "user_id", sum("shortfall_credits")::int AS "total" FROM "payments" GROUP BY "user_id" HAVING sum("shortfall_credits") > 0) AS "owed" WHERE "users"."id" = "owed"."user_id";
