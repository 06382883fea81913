-- Issue #45: e-mail per kind of notice. email_choices holds the kinds a member switched on or off
-- for e-mail ({"kind": true|false}); a kind left out keeps its default (NOTIFICATION_EMAIL_DEFAULT_OFF
-- in contracts). notifications.email_queued_at is set when a notice's e-mail was queued, so each
-- notice is e-mailed at most once whatever retries its announce job.
ALTER TABLE "notification_preferences" ADD COLUMN "email_choices" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_queued_at" timestamp with time zone;
