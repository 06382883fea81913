-- Issue #45: quiet hours. A member's pushes (deadline reminders excepted) are held from the start
-- hour to the end hour (0-23, the end not included) in their IANA time zone, and sent when the
-- window ends. All three null: no quiet hours.
ALTER TABLE "push_preferences" ADD COLUMN "quiet_start_hour" smallint;--> statement-breakpoint
ALTER TABLE "push_preferences" ADD COLUMN "quiet_end_hour" smallint;--> statement-breakpoint
ALTER TABLE "push_preferences" ADD COLUMN "quiet_time_zone" text;
