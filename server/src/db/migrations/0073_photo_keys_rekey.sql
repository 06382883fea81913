-- Issue #41: the photo index keys each stored descriptor on its eight 32-bit runs (hashed with the
-- run's position) instead of its first four 24-bit runs, which filled buckets of tens of thousands
-- of photos at 100,000 photos. Old keys would never match the new ones: they go, and every row
-- with features is re-keyed from its stored features by the recurring job
-- uploads.index-photo-features (keys_version below the code's KEYS_VERSION; no picture is read again).
ALTER TABLE "photo_prints" ADD COLUMN "keys_version" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
DELETE FROM "photo_print_keys";
