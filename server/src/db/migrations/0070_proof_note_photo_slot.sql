-- Issue #41: a legit-check photo a stock image cannot give, the pair beside a handwritten note of the
-- member's username and the date: the slot 'proof_note'.
ALTER TABLE "sneaker_photos" DROP CONSTRAINT "sneaker_photos_slot_check";--> statement-breakpoint
ALTER TABLE "sneaker_photos" ADD CONSTRAINT "sneaker_photos_slot_check" CHECK ("sneaker_photos"."slot" in ('side', 'toe_box', 'heel', 'size_tag', 'insole', 'box_label', 'proof_note', 'extra'));
