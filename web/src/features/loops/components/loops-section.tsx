import { Button } from '../../../components/ui/button';
import { useLoops } from '../api/loops';
import { LoopCard } from './loop-card';

/** The member's loop trades, shown beside their two-member trades, newest first, a page at a time. */
export function LoopsSection() {
  const list = useLoops();
  // A loop that moved between two page loads may come twice; it is shown once.
  const seen = new Set<number>();
  const loops = (list.data?.pages ?? []).flatMap((page) => page.loops).filter((l) => !seen.has(l.id) && seen.add(l.id));
  if (loops.length === 0) return null;
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 pb-10 sm:px-6" aria-labelledby="loops-section-heading">
      <h2 id="loops-section-heading" className="font-display text-2xl font-extrabold">
        Loops
      </h2>
      {loops.map((loop) => (
        <LoopCard key={loop.id} loop={loop} />
      ))}
      {list.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? 'Loading...' : 'Load more loops'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
