import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';

/**
 * The locker's More Filters button. No filter is behind it; rather than a
 * dead button it says plainly where size and condition filters live.
 */
export function MoreFilters() {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  return (
    <div
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape') setIsOpen(false);
      }}
      // Close when focus or a click moves anywhere outside the button and its panel.
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setIsOpen(false);
      }}
    >
      <Button variant="outline" aria-expanded={isOpen} aria-controls={panelId} onClick={() => setIsOpen((open) => !open)}>
        <SlidersHorizontal aria-hidden="true" />
        More Filters
      </Button>
      <div
        id={panelId}
        hidden={!isOpen}
        className="absolute right-0 z-20 mt-2 w-64 rounded-xl border border-border bg-surface p-4 text-sm shadow-2xl"
      >
        <p className="text-muted">Filters by size and condition are on Browse.</p>
        <Link href="/browse" className="mt-2 inline-block font-semibold text-accent hover:underline">
          Go to Browse
        </Link>
      </div>
    </div>
  );
}
