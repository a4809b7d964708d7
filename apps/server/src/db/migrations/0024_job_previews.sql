CREATE TABLE "job_previews" (
	"job_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"webp" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_previews_job_id_n_pk" PRIMARY KEY("job_id","n")
);
--> statement-breakpoint
ALTER TABLE "job_previews" ADD CONSTRAINT "job_previews_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A job's previews go in the statement that ends it, whoever ends it (its worker, a cancel, the
-- sweep, a lost worker): a partial picture is never kept past the job (docs/decisions/058).
CREATE FUNCTION lumigen_forget_job_previews() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM job_previews WHERE job_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_forget_previews AFTER UPDATE OF status ON jobs FOR EACH ROW
  WHEN (NEW.status IN ('succeeded', 'failed', 'canceled') AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION lumigen_forget_job_previews();
