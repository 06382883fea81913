-- Browse narrowed by size and sorted by value reads each size's own run in value order. Without
-- it, each size branch walked the whole value index and filtered on size and brand: at 1M
-- listings a rare brand-size pair (Converse in US 9) read 0.6-0.9 million entries, 2.3 s.
-- INCLUDE brand and user_id: a branch's brands and the members left out are checked on the entry.
CREATE INDEX IF NOT EXISTS "sneakers_size_value_idx" ON "sneakers" USING btree ("size_us","display_value","id") INCLUDE ("brand","user_id") WHERE "is_available_for_trade";
--> statement-breakpoint
-- Words naming releases with a brand filter read each named release's available listings of that
-- brand, in the list's order: one range each. Without them, a word naming releases of another
-- brand than the filter ("jordan" with Nike) walked every listing of those releases to find none
-- (136,000 rows, 290 ms at 1M).
CREATE INDEX IF NOT EXISTS "sneakers_release_brand_created_idx" ON "sneakers" USING btree ("catalog_release_id","brand","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "is_available_for_trade";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sneakers_release_brand_value_idx" ON "sneakers" USING btree ("catalog_release_id","brand","display_value","id") WHERE "is_available_for_trade";
--> statement-breakpoint
-- The value bands' probe asks, band by band, whether any listing's keys hold the band's keys; the
-- keys are a parameter of the probe, so PostgreSQL cannot estimate them and guessed 667 matches
-- per band: a sequential scan that stops at the first looked cheaper than the GIN index, and a
-- word rare in its brand ("black" with Jordan, by value) ran past the 5 s statement limit at 1M.
-- Priced as what it is (it computes a listing's trigram keys), the function is evaluated on the
-- GIN index's few rows instead: 60 ms for 32 bands.
ALTER FUNCTION "sneaker_value_search_keys"(text, numeric, text) COST 10000;
