-- Issue #41: first upload wins. photo_prints, owned by the uploads module, holds each listing photo
-- (cover or legit-check photo) from the moment it was put on the listing, with who put it there;
-- rows outlive the listing, so a deleted listing's photos still count as originals. photo_print_keys
-- are the lookup keys of each photo's local features (filled as features are computed).
-- Backfilled from today's listings: a cover from its listing's creation, a legit-check photo from
-- its row's creation (the last edit of the listing's photos, a later time than the photo may have).
CREATE TABLE "photo_prints" (
	"id" serial PRIMARY KEY NOT NULL,
	"sneaker_id" integer NOT NULL,
	"owner_id" uuid NOT NULL,
	"image_url" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"fingerprint" text NOT NULL,
	"features" text
);--> statement-breakpoint
CREATE UNIQUE INDEX "photo_prints_listing_photo_idx" ON "photo_prints" ("sneaker_id","image_url");--> statement-breakpoint
CREATE INDEX "photo_prints_seen_idx" ON "photo_prints" ("seen_at");--> statement-breakpoint
CREATE TABLE "photo_print_keys" (
	"key" integer NOT NULL,
	"print_id" integer NOT NULL REFERENCES "photo_prints"("id") ON DELETE cascade,
	CONSTRAINT "photo_print_keys_key_print_id_pk" PRIMARY KEY("key","print_id")
);--> statement-breakpoint
INSERT INTO "photo_prints" ("sneaker_id", "owner_id", "image_url", "seen_at", "fingerprint")
SELECT "sneaker_id", "owner_id", "image_url", "seen_at", "fingerprint" FROM (
	SELECT "id" AS "sneaker_id", "user_id" AS "owner_id", "image_url", "created_at" AS "seen_at", "image_hash" AS "fingerprint"
	FROM "sneakers" WHERE "image_hash" IS NOT NULL AND "image_url" IS NOT NULL
	UNION ALL
	SELECT p."sneaker_id", s."user_id", p."url", p."created_at", p."image_hash"
	FROM "sneaker_photos" p JOIN "sneakers" s ON s."id" = p."sneaker_id" WHERE p."image_hash" IS NOT NULL
) photos
ORDER BY "seen_at"
ON CONFLICT DO NOTHING;
