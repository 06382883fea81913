-- Issue #39: dispute evidence photos were public files under /uploads/, served to anyone with the
-- URL and cached for a year. They become private images (DATA_DIR/private-images, served only to
-- the trade's parties and admins). Rows keep the photo's name (`<hash>.webp`) instead of its public
-- URL; the files are moved at start-up (trades/move-dispute-photos.ts) from the list below, which
-- also says whether the same picture is shown publicly elsewhere (a listing's photo, a chat image,
-- an inspection photo, an avatar), in which case its public copy stays.
CREATE TABLE "dispute_photo_moves" (
	"url" text PRIMARY KEY NOT NULL,
	"keep_public" boolean NOT NULL
);--> statement-breakpoint
INSERT INTO "dispute_photo_moves" ("url", "keep_public")
SELECT e.url,
	EXISTS (SELECT 1 FROM "sneakers" s WHERE s."image_url" = e.url OR s."thumbnail_url" = e.thumb)
	OR EXISTS (SELECT 1 FROM "sneaker_photos" p WHERE p."url" = e.url OR p."thumbnail_url" = e.thumb)
	OR EXISTS (SELECT 1 FROM "messages" m WHERE m."image_url" IN (e.url, e.thumb))
	OR EXISTS (SELECT 1 FROM "users" u WHERE u."profile_image_url" IN (e.url, e.thumb))
	OR EXISTS (SELECT 1 FROM "inspections" i WHERE i."photo_urls" @> jsonb_build_array(e.url) OR i."photo_urls" @> jsonb_build_array(e.thumb))
FROM (
	SELECT DISTINCT n.url, regexp_replace(n.url, '\.webp$', '-400.webp') AS thumb
	FROM "trade_dispute_evidence" d, unnest(d."image_urls") AS n(url)
	WHERE n.url LIKE '/uploads/%'
) e;--> statement-breakpoint
ALTER TABLE "trade_dispute_evidence" RENAME COLUMN "image_urls" TO "photo_names";--> statement-breakpoint
UPDATE "trade_dispute_evidence" d
SET "photo_names" = ARRAY(
	SELECT regexp_replace(n.name, '^/uploads/[0-9a-f]{2}/', '') FROM unnest(d."photo_names") WITH ORDINALITY AS n(name, position) ORDER BY n.position
)
WHERE EXISTS (SELECT 1 FROM unnest(d."photo_names") AS n(name) WHERE n.name LIKE '/uploads/%');
