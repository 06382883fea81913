-- Searches by date or relevance walk these indexes newest first and check the words, the
-- availability and the members left out on the index entry itself (an index-only scan, no table
-- page per entry), as value searches do since 0022: the same keys as before, now carrying those
-- columns. Drizzle cannot declare INCLUDE, so the schema keeps the key columns and this migration
-- adds the rest (docs/performance/search-by-value.md).
DROP INDEX IF EXISTS "sneakers_created_idx";--> statement-breakpoint
CREATE INDEX "sneakers_created_idx" ON "sneakers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("search_text","user_id","is_available_for_trade");--> statement-breakpoint
DROP INDEX IF EXISTS "sneakers_brand_created_idx";--> statement-breakpoint
CREATE INDEX "sneakers_brand_created_idx" ON "sneakers" USING btree ("brand","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("search_text","user_id","is_available_for_trade");
