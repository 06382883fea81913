-- Issue #39: wrong second-factor codes lock an account's code step (counted per account, checked
-- before the code), and step-up judges a trade on the highest estimate each pair had in the last
-- 10 minutes (the estimates a pair had before each change).
CREATE TABLE "member_code_attempts" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"password_stamp" text
);--> statement-breakpoint
CREATE TABLE "sneaker_estimate_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"sneaker_id" integer NOT NULL REFERENCES "sneakers"("id") ON DELETE cascade,
	"estimated_value" numeric(10, 2) NOT NULL,
	"replaced_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "sneaker_estimate_changes_sneaker_idx" ON "sneaker_estimate_changes" ("sneaker_id","replaced_at");
