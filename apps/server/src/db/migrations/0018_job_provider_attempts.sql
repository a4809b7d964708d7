CREATE TABLE "job_provider_attempts" (
	"job_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"provider" text NOT NULL,
	"endpoint" text NOT NULL,
	"status" integer,
	"ms" integer NOT NULL,
	"outcome" text NOT NULL,
	"usage" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cost_usd" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_provider_attempts_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
ALTER TABLE "job_provider_attempts" ADD CONSTRAINT "job_provider_attempts_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;