-- Issue #39: an acceptance that loses owns nothing it can release. An acceptance that puts money on
-- a card (cash or a protection hold) first claims the trade for itself; a second acceptance of the
-- same trade meanwhile is refused (409) before it authorizes anything, so a failing one can never
-- release what the other relies on. The claim is the attempt's random id and when it was taken; it
-- is cleared when the attempt ends, and one left by a process that died lapses after 2 minutes.
ALTER TABLE "trades" ADD COLUMN "acceptance_claim" uuid;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "acceptance_claimed_at" timestamp with time zone;
--> statement-breakpoint
-- The trade deadline sweep finds claims left by a process that died (release-abandoned-acceptances.ts).
CREATE INDEX "trades_acceptance_claimed_at_idx" ON "trades" ("acceptance_claimed_at") WHERE "acceptance_claim" IS NOT NULL;
