-- Issue #45: alerts that find the pair. When a want's owner was last alerted of a listing that fits
-- it (a new one, or one whose price changed), so a want alerts at most once an hour: the alert job
-- sets it only where it is null or an hour old, in the statement that claims the alert.
ALTER TABLE "wants" ADD COLUMN "last_alerted_at" timestamp with time zone;
