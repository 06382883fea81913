import { PHOTO_SLOT_GUIDE, SIZE_TAG_SLOT, type SneakerPhoto } from '@soleswap/contracts/sneaker-photos';
import type { Sneaker } from '@soleswap/contracts/sneakers';
import { useState } from 'react';
import { SneakerImage } from '../../../components/ui/sneaker-image';
import { cn } from '../../../lib/cn';

/** What a photo is called on the page; the size tag says what a reviewer reads from it. */
export function photoCaption(photo: SneakerPhoto): string {
  if (photo.slot === SIZE_TAG_SLOT) return 'Size tag: the reviewer reads the style code and size here';
  return PHOTO_SLOT_GUIDE[photo.slot].label;
}

/**
 * The sneaker page's pictures: the one chosen, large, and every photo of the listing below it
 * with what it shows (cover, side, toe box, heel, size tag, insole, box label, extras).
 */
export function SneakerGallery({ sneaker }: { sneaker: Sneaker }) {
  const photos =
    sneaker.photos ??
    (sneaker.imageUrl ? [{ slot: 'cover' as const, url: sneaker.imageUrl, thumbnailUrl: sneaker.thumbnailUrl ?? sneaker.imageUrl }] : []);
  const [chosenUrl, setChosenUrl] = useState<string | null>(null);
  const chosen = photos.find((p) => p.url === chosenUrl) ?? photos[0];

  return (
    <div className="flex flex-col gap-3">
      <figure className="overflow-hidden rounded-xl border border-border">
        <SneakerImage
          src={chosen?.url ?? sneaker.imageUrl}
          alt={!chosen || chosen.slot === 'cover' ? sneaker.name : `${sneaker.name}: ${photoCaption(chosen)}`}
        />
        {chosen && photos.length > 1 ? <figcaption className="px-3 py-2 text-xs text-muted">{photoCaption(chosen)}</figcaption> : null}
      </figure>
      {photos.length > 1 ? (
        <ul aria-label="Photos" className="grid grid-cols-4 gap-2">
          {photos.map((photo) => (
            <li key={`${photo.slot}:${photo.url}`}>
              <button
                type="button"
                onClick={() => setChosenUrl(photo.url)}
                aria-pressed={photo.url === chosen?.url}
                className={cn(
                  'flex w-full flex-col gap-1 rounded-lg border p-1 text-left text-xs focus-visible:outline-2 focus-visible:outline-accent',
                  photo.url === chosen?.url ? 'border-accent' : 'border-border',
                )}
              >
                <SneakerImage src={photo.thumbnailUrl} alt={`${PHOTO_SLOT_GUIDE[photo.slot].label} photo of ${sneaker.name}`} />
                <span className={cn(photo.slot === SIZE_TAG_SLOT ? 'font-semibold text-foreground' : 'text-muted')}>
                  {photo.slot === SIZE_TAG_SLOT ? 'Size tag (style code and size)' : PHOTO_SLOT_GUIDE[photo.slot].label}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
