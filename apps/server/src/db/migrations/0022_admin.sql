CREATE TABLE "admin_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"admin_id" uuid NOT NULL,
	"action" text NOT NULL,
	"target_user_id" uuid,
	"reason" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_actions_reason_present" CHECK (length(btrim("admin_actions"."reason")) > 0)
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "password_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "admin_actions_target_user_id_idx" ON "admin_actions" USING btree ("target_user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("users"."role" IN ('customer', 'admin'));--> statement-breakpoint
-- The audit log is append-only (docs/decisions/054): no statement may change or remove a row,
-- whoever runs it, short of dropping this trigger, which itself leaves a trace in the schema.
CREATE FUNCTION lumigen_admin_actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_actions is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER admin_actions_no_update_or_delete BEFORE UPDATE OR DELETE ON admin_actions FOR EACH ROW EXECUTE FUNCTION lumigen_admin_actions_append_only();
--> statement-breakpoint
CREATE TRIGGER admin_actions_no_truncate BEFORE TRUNCATE ON admin_actions FOR EACH STATEMENT EXECUTE FUNCTION lumigen_admin_actions_append_only();
