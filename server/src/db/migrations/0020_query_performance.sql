CREATE TABLE "ledger_checkpoints" (
	"up_to_id" bigint PRIMARY KEY NOT NULL,
	"after_id" bigint NOT NULL,
	"entries" integer NOT NULL,
	"last_hash" text NOT NULL,
	"digest" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_checkpoints_after_id_unique" UNIQUE("after_id")
);
--> statement-breakpoint
CREATE INDEX "ledger_checkpoints_audited_idx" ON "ledger_checkpoints" USING btree ("audited_at","up_to_id");--> statement-breakpoint
-- Any write to an entry the checkpoints cover forgets the checkpoint of its block and of every
-- later block, so the next verification re-hashes the chain from there.
CREATE FUNCTION "ledger_entries_forget_checkpoints"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM ledger_checkpoints;
  ELSIF TG_OP = 'INSERT' THEN
    DELETE FROM ledger_checkpoints WHERE up_to_id >= NEW.id;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM ledger_checkpoints WHERE up_to_id >= least(OLD.id, NEW.id);
  ELSE
    DELETE FROM ledger_checkpoints WHERE up_to_id >= OLD.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_forget_checkpoints" AFTER INSERT OR UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_entries_forget_checkpoints"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_truncate_forgets_checkpoints" AFTER TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_forget_checkpoints"();
--> statement-breakpoint
DROP INDEX IF EXISTS "sneakers_user_idx";--> statement-breakpoint
CREATE INDEX "sneakers_user_created_idx" ON "sneakers" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sneakers_release_idx" ON "sneakers" USING btree ("catalog_release_id");--> statement-breakpoint
CREATE INDEX "reports_status_id_idx" ON "reports" USING btree ("status","id");
--> statement-breakpoint
CREATE INDEX "sneakers_brand_value_idx" ON "sneakers" USING btree ("brand","display_value","id");
