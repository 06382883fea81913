-- Issue #45: a daily digest of want alerts. want_alert_digest: the member gets want alerts by e-mail
-- once a day, listed in one message, instead of one e-mail each at once. want_digest_sent_on: the
-- (UTC) day the last digest was sent, claimed before sending, so a member gets at most one a day.
ALTER TABLE "notification_preferences" ADD COLUMN "want_alert_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "want_digest_sent_on" date;
