-- Issue #39: an e-mail change's undo link works for its 7 days whatever changes come after it (a
-- second change no longer voids the owner's link). Each link is a row: used once, and using one
-- voids the account's links issued after it.
CREATE TABLE "email_undo_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "local_accounts"("id") ON DELETE cascade,
	"restore_email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "email_undo_links_account_idx" ON "email_undo_links" ("account_id","id");
