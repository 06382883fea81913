ALTER TABLE "analytics_events" ADD COLUMN "is_bot" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_stats" ADD COLUMN "page_counts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_stats" ADD COLUMN "device_counts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_stats" ADD COLUMN "browser_counts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_stats" ADD COLUMN "rolled_up_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "analytics_events_human_time_idx" ON "analytics_events" USING btree ("timestamp","session_id") WHERE "analytics_events"."is_bot" = false;--> statement-breakpoint
CREATE INDEX "analytics_events_session_time_idx" ON "analytics_events" USING btree ("session_id","timestamp");--> statement-breakpoint
CREATE INDEX "early_signups_date_idx" ON "early_signups" USING btree ("signup_date","id");--> statement-breakpoint
CREATE INDEX "early_signups_name_trgm_idx" ON "early_signups" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "early_signups_email_trgm_idx" ON "early_signups" USING gin ("email" gin_trgm_ops);