import { PHOTO_SLOT_GUIDE, SNEAKER_PHOTOS_MAX, type PhotoSlot, type SneakerPhoto, type SneakerPhotoInput } from '@soleswap/contracts/sneaker-photos';
import { useState } from 'react';
import { ImageUploadField } from './image-upload-field';

/** The slots the dialogs ask for besides the cover (the "Photo" field), in the order shown. */
const NAMED_SLOTS = ['side', 'toe_box', 'heel', 'size_tag', 'insole', 'box_label', 'proof_note'] as const satisfies readonly PhotoSlot[];

interface PhotoSlotsFieldProps {
  /** The listing's photos besides the cover, as the form holds them. */
  value: SneakerPhotoInput[];
  onChange: (photos: SneakerPhotoInput[]) => void;
  /** The stored photos of the sneaker being edited, for their thumbnails. */
  initialPhotos?: readonly SneakerPhoto[];
  onUploadingChange: (isUploading: boolean) => void;
}

/**
 * The legit-check photos of the add and edit dialogs (issue #28): one upload per part a reviewer
 * looks at, each with what to photograph, plus extras while the listing has room (8 photos with
 * the cover). Every photo is uploaded at once through POST /api/uploads, as the cover is.
 */
export function PhotoSlotsField({ value, onChange, initialPhotos = [], onUploadingChange }: PhotoSlotsFieldProps) {
  const [thumbnails, setThumbnails] = useState(() => new Map(initialPhotos.map((p) => [p.url, p.thumbnailUrl])));
  const [uploading, setUploading] = useState(0);
  const extras = value.filter((p) => p.slot === 'extra');
  // The cover counts too: one extra slot more only while the listing has room.
  const hasRoomForExtra = value.length + 1 < SNEAKER_PHOTOS_MAX;

  function ordered(photos: SneakerPhotoInput[]): SneakerPhotoInput[] {
    const named = NAMED_SLOTS.flatMap((slot) => photos.filter((p) => p.slot === slot));
    return [...named, ...photos.filter((p) => p.slot === 'extra')];
  }

  function remember(url: string | null, thumbnailUrl?: string) {
    if (url && thumbnailUrl) setThumbnails((map) => new Map(map).set(url, thumbnailUrl));
  }

  function onSlotChange(slot: (typeof NAMED_SLOTS)[number], url: string | null, thumbnailUrl?: string) {
    remember(url, thumbnailUrl);
    const rest = value.filter((p) => p.slot !== slot);
    onChange(ordered(url ? [...rest, { slot, url }] : rest));
  }

  function onExtraChange(previousUrl: string | null, url: string | null, thumbnailUrl?: string) {
    remember(url, thumbnailUrl);
    const rest = previousUrl === null ? value : value.filter((p) => !(p.slot === 'extra' && p.url === previousUrl));
    onChange(ordered(url ? [...rest, { slot: 'extra', url }] : rest));
  }

  function onSlotUploading(isUploading: boolean) {
    setUploading((count) => {
      const next = count + (isUploading ? 1 : -1);
      onUploadingChange(next > 0);
      return next;
    });
  }

  const previewOf = (url: string | undefined) => (url ? (thumbnails.get(url) ?? url) : null);

  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3">
      <legend className="px-1 text-sm font-semibold">Photos for the legit check</legend>
      <p className="text-xs text-muted">
        Verification and reviewers look at these: each photo is checked against other listings&apos; photos. Up to {SNEAKER_PHOTOS_MAX} with the
        cover.
      </p>
      {NAMED_SLOTS.map((slot) => {
        const url = value.find((p) => p.slot === slot)?.url;
        return (
          <ImageUploadField
            key={slot}
            label={`${PHOTO_SLOT_GUIDE[slot].label} photo`}
            hint={PHOTO_SLOT_GUIDE[slot].hint}
            initialPreviewUrl={previewOf(url)}
            onChange={(next, thumbnailUrl) => onSlotChange(slot, next, thumbnailUrl)}
            onUploadingChange={onSlotUploading}
          />
        );
      })}
      {extras.map((photo, i) => (
        <ImageUploadField
          key={`extra:${photo.url}`}
          label={`Extra photo ${i + 1}`}
          hint={PHOTO_SLOT_GUIDE.extra.hint}
          initialPreviewUrl={previewOf(photo.url)}
          onChange={(next, thumbnailUrl) => onExtraChange(photo.url, next, thumbnailUrl)}
          onUploadingChange={onSlotUploading}
        />
      ))}
      {hasRoomForExtra ? (
        <ImageUploadField
          key={`extra-new:${extras.length}`}
          label={`Extra photo ${extras.length + 1}`}
          hint={PHOTO_SLOT_GUIDE.extra.hint}
          initialPreviewUrl={null}
          onChange={(next, thumbnailUrl) => onExtraChange(null, next, thumbnailUrl)}
          onUploadingChange={onSlotUploading}
        />
      ) : null}
      {uploading > 0 ? <span className="sr-only">Uploading photos</span> : null}
    </fieldset>
  );
}
