-- Issue #28: a listing's legit-check photos besides the cover (side, toe box, heel, size tag, insole,
-- box label, extras), one per slot except extra, each through the upload pipeline with its fingerprint.
CREATE TABLE "sneaker_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"sneaker_id" integer NOT NULL,
	"slot" text NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"thumbnail_url" text NOT NULL,
	"image_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sneaker_photos_slot_check" CHECK ("sneaker_photos"."slot" in ('side', 'toe_box', 'heel', 'size_tag', 'insole', 'box_label', 'extra'))
);--> statement-breakpoint
ALTER TABLE "sneaker_photos" ADD CONSTRAINT "sneaker_photos_sneaker_id_sneakers_id_fk" FOREIGN KEY ("sneaker_id") REFERENCES "public"."sneakers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sneaker_photos_sneaker_idx" ON "sneaker_photos" USING btree ("sneaker_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "sneaker_photos_one_per_slot_idx" ON "sneaker_photos" USING btree ("sneaker_id","slot") WHERE "sneaker_photos"."slot" <> 'extra';
