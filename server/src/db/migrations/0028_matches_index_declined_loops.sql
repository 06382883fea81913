-- A member's matches read, for each of their wants and sizes, the first few tradable pairs of that
-- release in that size (issue #26): the size as the matching engine compares it ("US 10", "10.0"
-- and "10" are one size), so the read is an index range that stops after its budget instead of
-- every pair of a popular release (tens of thousands at a million listings, on the request thread).
-- The expression is the one findPartnerRows (server/src/modules/wants/wants.repository.ts) writes.
CREATE INDEX "sneakers_tradable_release_size_idx" ON "sneakers" USING btree ("catalog_release_id",(case when regexp_replace("size", '^[^0-9]*', '') ~ '^[0-9]+([.][0-9]*)?$' then trim_scale(regexp_replace("size", '^[^0-9]*', '')::numeric)::text else regexp_replace("size", '^[^0-9]*', '') end),"id") WHERE "sneakers"."is_available_for_trade" and "sneakers"."catalog_release_id" is not null;--> statement-breakpoint
-- What each proposed loop is, pairs and wants as the clearing read them: a declined loop is not
-- proposed again by the next clearing unless one of them changed (issue #26).
ALTER TABLE "loops" ADD COLUMN "fingerprint" text;--> statement-breakpoint
CREATE INDEX "loops_declined_fingerprint_idx" ON "loops" USING btree ("fingerprint") WHERE "loops"."status" = 'declined';
