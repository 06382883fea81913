import { Footprints } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn';

interface SneakerThumbProps {
  sneaker: { name: string; imageUrl: string | null; thumbnailUrl: string | null };
  className?: string;
  /** Empty when the sneaker's name is written right beside the picture. */
  alt?: string;
}

/** A sneaker's small picture, or a shoe icon when there is none or it fails to load. */
export function SneakerThumb({ sneaker, className, alt = '' }: SneakerThumbProps) {
  const [hasFailed, setHasFailed] = useState(false);
  const src = sneaker.thumbnailUrl ?? sneaker.imageUrl;
  const box = cn('shrink-0 overflow-hidden rounded-lg bg-surface-raised', className);
  if (!src || hasFailed) {
    return (
      <div className={cn(box, 'flex items-center justify-center text-muted')} aria-hidden="true">
        <Footprints className="size-1/2" />
      </div>
    );
  }
  return <img src={src} alt={alt} loading="lazy" onError={() => setHasFailed(true)} className={cn(box, 'object-cover')} />;
}
