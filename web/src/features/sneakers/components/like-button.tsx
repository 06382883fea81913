import { Heart } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn';

/** The card's heart: toggles on this screen only, nothing is saved (see docs/web-client.md#cards-and-small-behaviours). */
export function LikeButton({ name }: { name: string }) {
  const [isLiked, setIsLiked] = useState(false);
  return (
    <button
      type="button"
      aria-label={`Like ${name}`}
      aria-pressed={isLiked}
      onClick={() => setIsLiked((liked) => !liked)}
      className="rounded-full bg-background/70 p-2 backdrop-blur transition-colors hover:bg-background focus-visible:outline-2 focus-visible:outline-accent"
    >
      <Heart aria-hidden="true" className={cn('size-4', isLiked ? 'fill-accent text-accent' : 'text-foreground')} />
    </button>
  );
}
