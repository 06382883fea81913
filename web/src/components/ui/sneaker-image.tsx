import { Footprints } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn';

/** Card pictures are drawn in a square box (the picture kept whole inside it); thumbnails are this size. */
const IMAGE_SIZE = 400;

interface SneakerImageProps {
  /** The image to show; null shows the placeholder straight away. */
  src: string | null | undefined;
  /** Describes the picture (the sneaker's name); the placeholder carries it too. */
  alt: string;
  className?: string;
  /** Above the fold (the first card of a list, the likely largest paint): load at once, first. */
  priority?: boolean;
}

/**
 * A sneaker picture, whole inside a square box, that falls back to a placeholder when there is no
 * image or it fails to load (a broken image shows the placeholder; see docs/web-client.md#cards-and-small-behaviours).
 */
export function SneakerImage({ src, alt, className, priority = false }: SneakerImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // Remember which URL failed, so a new image (after an edit) gets its own chance.
  if (!src || failedSrc === src) {
    return (
      <div
        role="img"
        aria-label={alt}
        data-testid="sneaker-image-placeholder"
        className={cn('flex aspect-square w-full items-center justify-center bg-surface-raised text-muted', className)}
      >
        <Footprints aria-hidden="true" className="size-10" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      // The intrinsic size reserves the square before the file arrives (CSS scales it to the card).
      width={IMAGE_SIZE}
      height={IMAGE_SIZE}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailedSrc(src)}
      // The whole picture inside the square, never cropped: a landscape photo of a shoe from the side
      // lost its toe and heel to object-cover. Catalogue artwork (a 4:3 drawing) sits on its light ground.
      className={cn('aspect-square w-full object-contain', src.includes('/artwork.svg') ? 'bg-[#f4f4f5]' : 'bg-surface-raised', className)}
    />
  );
}
