-- Issue #30: disputes accept evidence from both sides: a note and/or photos (re-encoded uploads),
-- shown to the two parties and to the admin beside the trade's chat.
CREATE TABLE "trade_dispute_evidence" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL REFERENCES "trades"("id"),
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"note" text,
	"image_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "trade_dispute_evidence_trade_idx" ON "trade_dispute_evidence" ("trade_id","id");
