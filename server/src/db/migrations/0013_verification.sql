CREATE TABLE "verification_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"sneaker_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"job_id" bigint,
	"status" text DEFAULT 'queued' NOT NULL,
	"result" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "price_snapshots" ADD COLUMN "captured_on" date DEFAULT (now() at time zone 'utc')::date NOT NULL;--> statement-breakpoint
-- Snapshots taken before this column existed keep the day they were really taken.
UPDATE "price_snapshots" SET "captured_on" = ("captured_at" at time zone 'utc')::date;--> statement-breakpoint
ALTER TABLE "sneakers" ADD COLUMN "style_code" text;--> statement-breakpoint
ALTER TABLE "sneakers" ADD COLUMN "verification_checks" jsonb;--> statement-breakpoint
ALTER TABLE "verification_runs" ADD CONSTRAINT "verification_runs_sneaker_id_sneakers_id_fk" FOREIGN KEY ("sneaker_id") REFERENCES "public"."sneakers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_runs" ADD CONSTRAINT "verification_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_runs_sneaker_idx" ON "verification_runs" USING btree ("sneaker_id");--> statement-breakpoint
CREATE INDEX "verification_runs_user_idx" ON "verification_runs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "price_snapshots_daily_sneaker_key" ON "price_snapshots" USING btree ("sneaker_id","captured_on") WHERE source = 'daily' and sneaker_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "price_snapshots_daily_release_key" ON "price_snapshots" USING btree ("catalog_release_id","captured_on") WHERE source = 'daily' and catalog_release_id is not null;