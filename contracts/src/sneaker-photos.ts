import { z } from 'zod';
import { isUploadUrl } from './uploads';

/**
 * The pictures a legit check needs (issue #28): the cover (the listing's `imageUrl`) and one photo
 * of each part a reviewer looks at, plus extras. `extra` may repeat; every other slot holds one.
 * The size tag, the box label and the handwritten note (issue #41) are photos no stock or catalogue
 * picture can give: they show the member's own pair, box and name.
 */
export const PHOTO_SLOTS = ['cover', 'side', 'toe_box', 'heel', 'size_tag', 'insole', 'box_label', 'proof_note', 'extra'] as const;
export type PhotoSlot = (typeof PHOTO_SLOTS)[number];

/** Photos one listing may hold, the cover included. */
export const SNEAKER_PHOTOS_MAX = 8;

/** The slot a reviewer reads the style code and size from. */
export const SIZE_TAG_SLOT = 'size_tag' satisfies PhotoSlot;

/** What each slot is called and what to photograph for it (the add and edit dialogs show both). */
export const PHOTO_SLOT_GUIDE: Record<PhotoSlot, { label: string; hint: string }> = {
  cover: { label: 'Cover', hint: 'The pair side by side, in daylight: the picture cards show.' },
  side: { label: 'Side', hint: 'The outer side of one shoe, whole, from heel to toe.' },
  toe_box: { label: 'Toe box', hint: 'From the front and a little above, so the toe shape and stitching show.' },
  heel: { label: 'Heel', hint: 'Straight at the heel: the tab, the logo and the stitching.' },
  size_tag: {
    label: 'Size tag',
    hint: "The label inside your pair's tongue or collar, sharp enough to read the style code and size. A stock picture never shows it.",
  },
  insole: { label: 'Insole', hint: 'Inside the shoe, the insole print and stitching.' },
  box_label: { label: 'Box label', hint: "The label on your box's end, with the style code, size and barcode." },
  proof_note: {
    label: 'Handwritten note',
    hint: "The pair beside a sheet with your username and today's date written by hand: the one photo only the holder of the pair can take.",
  },
  extra: { label: 'Extra', hint: 'Anything else worth seeing: the sole, flaws, accessories.' },
};

export const PHOTO_NOT_UPLOADED = 'Upload the photo here first';
const TOO_MANY_PHOTOS = `A listing holds at most ${SNEAKER_PHOTOS_MAX} photos`;

/** One photo as a client sends it: a slot and a URL the upload endpoint returned to this member. */
export const SneakerPhotoInputSchema = z.object({
  slot: z.enum(PHOTO_SLOTS, { error: `Choose a photo slot: ${PHOTO_SLOTS.join(', ')}` }),
  url: z.string().trim().refine(isUploadUrl, PHOTO_NOT_UPLOADED),
});
export type SneakerPhotoInput = z.output<typeof SneakerPhotoInputSchema>;

/**
 * A listing's photos, in the order shown: at most 8, one per slot except `extra`. The cover entry,
 * when present, is the listing's `imageUrl`. On an edit the list replaces every photo.
 */
export const sneakerPhotosSchema = z
  .array(SneakerPhotoInputSchema, { error: 'Photos must be a list of { slot, url }' })
  .max(SNEAKER_PHOTOS_MAX, TOO_MANY_PHOTOS)
  .superRefine((photos, ctx) => {
    const seen = new Set<PhotoSlot>();
    photos.forEach((photo, index) => {
      if (photo.slot !== 'extra' && seen.has(photo.slot)) {
        ctx.addIssue({ code: 'custom', path: [index, 'slot'], message: `Only one ${PHOTO_SLOT_GUIDE[photo.slot].label.toLowerCase()} photo` });
      }
      seen.add(photo.slot);
    });
  });

/** A stored photo as the API returns it. */
export interface SneakerPhoto {
  slot: PhotoSlot;
  /** `/uploads/...webp` */
  url: string;
  /** 400 px version. */
  thumbnailUrl: string;
}

/** The cover photo of a list, if it has one. */
export function coverOf(photos: readonly { slot: PhotoSlot; url: string }[]): string | undefined {
  return photos.find((p) => p.slot === 'cover')?.url;
}
