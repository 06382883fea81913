-- A search that names catalogue releases lists their listings by catalog_release_id (issue #31):
-- one ordered read per release, newest first or by value, each stopping after a page, instead of
-- every listing of the release fetched and sorted (docs/performance/search-relevance.md).
CREATE INDEX IF NOT EXISTS "sneakers_release_created_idx" ON "sneakers" USING btree ("catalog_release_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sneakers_release_value_idx" ON "sneakers" USING btree ("catalog_release_id","display_value","id");
