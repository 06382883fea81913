-- Issue #31: sizes in any system. A listing keeps the size the member entered (a US men's size,
-- the add form's choice) and, beside it, that size as a number for matching (`size_us`, generated
-- from `size`, so every existing row is filled as the column is added and every write keeps it
-- true). A size filter written in US women's, UK, EU or cm is converted per brand to US men's
-- sizes and compared with it (docs/rules/sizes.md). The index serves the filtered browse list,
-- newest first, for the available pairs it shows.
ALTER TABLE "sneakers" ADD COLUMN "size_us" numeric(3, 1) GENERATED ALWAYS AS (
	CASE WHEN regexp_replace("size", '^[^0-9]*', '') ~ '^[0-9]{1,2}([.][0-9])?$' THEN regexp_replace("size", '^[^0-9]*', '')::numeric(3, 1) END
) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sneakers_size_created_idx" ON "sneakers" USING btree ("size_us","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "is_available_for_trade";
