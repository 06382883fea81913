-- Issue #40: a tracking number is on one parcel that has not arrived at a time, on any route (a
-- trade side, a loop leg, the centre's forward or return parcel). parcel_claims, owned by the
-- parcels module, holds each shipped leg's number under its route's key; at a claim, the route
-- says whether an earlier leg with the same number is still open. Backfilled with the legs that may
-- still be on their way (their route has the last word, so a leg counted here that has ended is
-- forgotten at the next claim of its number). Numbers written before they were checked are
-- normalised as the checker does (capitals, no spaces or dashes).
CREATE TABLE "parcel_claims" (
	"route" text NOT NULL,
	"leg" text NOT NULL,
	"tracking_number" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "parcel_claims_route_leg_pk" PRIMARY KEY("route","leg"),
	CONSTRAINT "parcel_claims_route_check" CHECK ("parcel_claims"."route" in ('trade', 'loop', 'centre'))
);--> statement-breakpoint
CREATE INDEX "parcel_claims_number_idx" ON "parcel_claims" ("tracking_number");--> statement-breakpoint
INSERT INTO "parcel_claims" ("route", "leg", "tracking_number", "claimed_at")
SELECT 'trade', "id" || ':proposer', upper(regexp_replace("proposer_tracking_number", '[\s-]+', '', 'g')), coalesce("proposer_shipped_at", now())
FROM "trades"
WHERE "status" in ('accepted', 'disputed') AND "receiver_received_at" IS NULL AND nullif(btrim("proposer_tracking_number"), '') IS NOT NULL
UNION ALL
SELECT 'trade', "id" || ':receiver', upper(regexp_replace("receiver_tracking_number", '[\s-]+', '', 'g')), coalesce("receiver_shipped_at", now())
FROM "trades"
WHERE "status" in ('accepted', 'disputed') AND "proposer_received_at" IS NULL AND nullif(btrim("receiver_tracking_number"), '') IS NOT NULL
UNION ALL
SELECT 'loop', l."id"::text, upper(regexp_replace(l."tracking_number", '[\s-]+', '', 'g')), coalesce(l."shipped_at", now())
FROM "loop_legs" l JOIN "loops" o ON o."id" = l."loop_id"
WHERE o."status" in ('active', 'disputed') AND l."received_at" IS NULL AND nullif(btrim(l."tracking_number"), '') IS NOT NULL
UNION ALL
SELECT 'centre', "id"::text, upper(regexp_replace("forward_tracking_number", '[\s-]+', '', 'g')), "forwarded_at"
FROM "inspections"
WHERE "forwarded_at" IS NOT NULL AND nullif(btrim("forward_tracking_number"), '') IS NOT NULL
ON CONFLICT DO NOTHING;
