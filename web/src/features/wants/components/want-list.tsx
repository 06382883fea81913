import type { Want } from '@soleswap/contracts/wants';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { moveWant } from '../move-want';
import { useDeleteWant, useReorderWants } from '../api/wants';

/** The ranked wantlist: drag a row, or use its move up/down buttons, to change the order. */
export function WantList({ wants }: { wants: Want[] }) {
  const reorder = useReorderWants();
  const remove = useDeleteWant();
  const [dragging, setDragging] = useState<number | null>(null);
  const ids = wants.map((w) => w.id);
  const move = (from: number, to: number) => reorder.mutate(moveWant(ids, from, to));

  if (wants.length === 0) return <p className="text-muted">Your wantlist is empty. Search the catalogue to add a release.</p>;
  return (
    <ol className="flex flex-col gap-2" aria-label="Your wantlist">
      {wants.map((want, i) => (
        <li
          key={want.id}
          draggable
          onDragStart={() => setDragging(i)}
          onDragOver={(e) => e.preventDefault()}
          onDrop={() => {
            if (dragging !== null) move(dragging, i);
            setDragging(null);
          }}
        >
          <Card className="flex flex-wrap items-center gap-3 p-4">
            <span className="font-display text-xl font-extrabold" aria-label={`Rank ${want.rank}`}>
              {want.rank}
            </span>
            <div className="flex min-w-0 flex-1 flex-col">
              <strong>{want.release.name}</strong>
              <span className="text-sm text-muted">
                US {want.sizes.join(', ')} · condition {want.minCondition}+{want.maxValue ? ` · up to $${want.maxValue}` : ''}
              </span>
              <span className="text-sm">{want.matchingPairs === 1 ? '1 listed pair matches' : `${want.matchingPairs} listed pairs match`}</span>
            </div>
            <Button size="sm" variant="outline" aria-label={`Move ${want.release.name} up`} disabled={i === 0} onClick={() => move(i, i - 1)}>
              ↑
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-label={`Move ${want.release.name} down`}
              disabled={i === wants.length - 1}
              onClick={() => move(i, i + 1)}
            >
              ↓
            </Button>
            <Button size="sm" variant="ghost" aria-label={`Remove ${want.release.name}`} onClick={() => remove.mutate(want.id)}>
              Remove
            </Button>
          </Card>
        </li>
      ))}
    </ol>
  );
}
