-- Value sorts with search words walk these indexes and check the words, the availability and the
-- members left out on the index entry itself (an index-only scan, no heap read per entry): the
-- same keys as before, now carrying those columns. Drizzle cannot declare INCLUDE, so the schema
-- keeps the key columns and this migration adds the rest (sneaker-search docs: docs/rules/sneakers.md).
DROP INDEX IF EXISTS "sneakers_display_value_idx";--> statement-breakpoint
CREATE INDEX "sneakers_display_value_idx" ON "sneakers" USING btree ("display_value","id") INCLUDE ("search_text","user_id","is_available_for_trade");--> statement-breakpoint
DROP INDEX IF EXISTS "sneakers_brand_value_idx";--> statement-breakpoint
CREATE INDEX "sneakers_brand_value_idx" ON "sneakers" USING btree ("brand","display_value","id") INCLUDE ("search_text","user_id","is_available_for_trade");
