-- Issue #28: a flagged pair needs an explicit acknowledgement to be proposed, countered or accepted;
-- each one is kept on the trade (who acknowledged which pairs, when).
ALTER TABLE "trades" ADD COLUMN "flagged_acknowledgements" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- The operator's review of a flagged pair (confirmed: hidden from trading; cleared: no longer flagged),
-- with its note and time; a review answers the verification that ran before it. The owner may appeal once.
ALTER TABLE "sneakers" ADD COLUMN "verification_review" text;--> statement-breakpoint
ALTER TABLE "sneakers" ADD COLUMN "verification_review_note" text;--> statement-breakpoint
ALTER TABLE "sneakers" ADD COLUMN "verification_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sneakers" ADD COLUMN "verification_appealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sneakers" ADD CONSTRAINT "sneakers_verification_review_check" CHECK ("sneakers"."verification_review" in ('confirmed', 'cleared'));
