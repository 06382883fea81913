-- Issue #33: GET /api/matches reads stored two-way matches instead of computing them per request.
-- member_matches holds one row per (member, partner) each way, as the engine ranks them
-- (server/src/modules/wants/refresh-member-matches.ts); match_refresh_queue names the members
-- whose matches must be computed again. Triggers queue a member whenever one of their pairs or
-- wants changes in any way, or their suspension does, in the same transaction as the change; the
-- wants module's job and listeners empty the queue (docs/rules/matches.md).
CREATE TABLE "member_matches" (
	"member_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"partner_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"give_pair_id" integer NOT NULL,
	"receive_pair_id" integer NOT NULL,
	"receive_rank" integer NOT NULL,
	"give_rank" integer NOT NULL,
	"value_balance" double precision NOT NULL,
	"score" double precision NOT NULL,
	CONSTRAINT "member_matches_pkey" PRIMARY KEY ("member_id", "partner_id")
);--> statement-breakpoint
CREATE INDEX "member_matches_page_idx" ON "member_matches" ("member_id", "score" DESC, "receive_pair_id");--> statement-breakpoint
CREATE INDEX "member_matches_partner_idx" ON "member_matches" ("partner_id");--> statement-breakpoint
CREATE TABLE "match_refresh_queue" (
	"member_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"version" bigint DEFAULT 1 NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "match_refresh_queue_queued_idx" ON "match_refresh_queue" ("queued_at");--> statement-breakpoint
-- Statement-level, so a bulk insert of pairs queues each owner once.
CREATE FUNCTION "queue_match_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO match_refresh_queue (member_id) SELECT DISTINCT user_id FROM new_rows WHERE user_id IS NOT NULL
      ON CONFLICT (member_id) DO UPDATE SET version = match_refresh_queue.version + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO match_refresh_queue (member_id)
      SELECT user_id FROM new_rows WHERE user_id IS NOT NULL UNION SELECT user_id FROM old_rows WHERE user_id IS NOT NULL
      ON CONFLICT (member_id) DO UPDATE SET version = match_refresh_queue.version + 1;
  ELSE
    INSERT INTO match_refresh_queue (member_id)
      SELECT DISTINCT o.user_id FROM old_rows o WHERE o.user_id IS NOT NULL AND EXISTS (SELECT 1 FROM users u WHERE u.id = o.user_id)
      ON CONFLICT (member_id) DO UPDATE SET version = match_refresh_queue.version + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sneakers_queue_match_refresh_insert" AFTER INSERT ON "sneakers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_match_refresh();--> statement-breakpoint
CREATE TRIGGER "sneakers_queue_match_refresh_update" AFTER UPDATE ON "sneakers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_match_refresh();--> statement-breakpoint
CREATE TRIGGER "sneakers_queue_match_refresh_delete" AFTER DELETE ON "sneakers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_match_refresh();--> statement-breakpoint
CREATE TRIGGER "wants_queue_match_refresh_insert" AFTER INSERT ON "wants" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_match_refresh();--> statement-breakpoint
CREATE TRIGGER "wants_queue_match_refresh_update" AFTER UPDATE ON "wants" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_match_refresh();--> statement-breakpoint
CREATE TRIGGER "wants_queue_match_refresh_delete" AFTER DELETE ON "wants" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_match_refresh();--> statement-breakpoint
CREATE FUNCTION "queue_match_refresh_of_member"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO match_refresh_queue (member_id) VALUES (NEW.id)
    ON CONFLICT (member_id) DO UPDATE SET version = match_refresh_queue.version + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_queue_match_refresh" AFTER UPDATE OF "suspended_at" ON "users" FOR EACH ROW
  WHEN (OLD.suspended_at IS DISTINCT FROM NEW.suspended_at) EXECUTE FUNCTION queue_match_refresh_of_member();--> statement-breakpoint
-- Backfill: every member who could be in a match (has a want and a pair) is computed by the job.
INSERT INTO "match_refresh_queue" ("member_id")
  SELECT DISTINCT w.user_id FROM wants w WHERE EXISTS (SELECT 1 FROM sneakers s WHERE s.user_id = w.user_id);
