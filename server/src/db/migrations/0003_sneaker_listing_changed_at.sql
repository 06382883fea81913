ALTER TABLE "sneakers" ADD COLUMN "listing_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing listings count as unchanged since they were created, so open proposals stay acceptable.
UPDATE "sneakers" SET "listing_changed_at" = "created_at";
