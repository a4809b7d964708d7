-- Every committed change to a job is announced on the channel `lumigen_jobs` (the job's id as the
-- payload), so a process whose users watch the job hears of a change another process made at
-- once, instead of at its next look (docs/decisions/046). NOTIFY is delivered at commit, and only
-- then: a listener never reads a state that may still roll back.
CREATE FUNCTION lumigen_notify_job_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lumigen_jobs', NEW.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_notify_changed AFTER INSERT OR UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION lumigen_notify_job_changed();
