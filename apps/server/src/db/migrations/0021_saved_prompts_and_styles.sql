CREATE TABLE "saved_prompts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"prompt" text NOT NULL,
	"size" text NOT NULL,
	"quality" text NOT NULL,
	"style" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("images"."prompt", '') || ' ' || "images"."kind")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_prompts" ADD CONSTRAINT "saved_prompts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_prompts_user_id_created_at_idx" ON "saved_prompts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "images_search_idx" ON "images" USING gin ("search");