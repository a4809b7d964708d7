CREATE TABLE "action_prices" (
	"action" text PRIMARY KEY NOT NULL,
	"credits" integer NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" uuid,
	CONSTRAINT "action_prices_credits_range" CHECK ("action_prices"."credits" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "action_prices" ADD CONSTRAINT "action_prices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every committed change to a price is announced on `lumigen_prices`, so each process (web and
-- worker alike) reads the prices again at once (docs/decisions/056). Once per statement: a seed
-- of many rows is one notification.
CREATE FUNCTION lumigen_notify_prices_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lumigen_prices', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER action_prices_notify_changed AFTER INSERT OR UPDATE OR DELETE ON action_prices FOR EACH STATEMENT EXECUTE FUNCTION lumigen_notify_prices_changed();
